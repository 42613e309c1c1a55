import Links
import Outline

/// What the server asks of the machine it runs on: files, folders, the
/// options a document is outlined with, and the contents list `toc
/// --write` would write. The command line answers from the disk and its
/// own settings (`--slug`, `auto` per folder); tests answer from memory.
public protocol WorkspaceHost: Sendable {
  /// The bytes of the file at `path`; nil when it cannot be read.
  func load(_ path: String) -> [UInt8]?
  /// What is at `path`.
  func kind(of path: String) -> TargetKind
  /// The documents under `folder` (`.md`, `.markdown`, `.html`, `.htm`),
  /// walked as `isle check` walks a folder.
  func documents(under folder: String) -> [String]
  /// How the document at `path` is outlined: its slug flavour and reading
  /// rate (the server asks for every heading level and the links).
  func outlineOptions(forDocumentAt path: String) -> OutlineOptions
  /// Where `/path` links from the document at `path` start: its
  /// repository's root; nil when it is in none (the workspace folder
  /// holding it is taken, as `isle check` takes the folder it runs in).
  func repositoryRoot(of path: String) -> String?
  /// The document `bytes` (at `path`) with its contents list as `isle toc
  /// --write` would write it; nil when it has no list, the list is
  /// current, or its markers do not pair.
  func updatedToc(of bytes: [UInt8], path: String) -> [UInt8]?
  /// The chapters of the book `folder` is, in the book's order, when it
  /// is one (a folder holding `book.toml` or `mkdocs.yml`); empty when it
  /// is not. `workspace/symbol` lists them first, in this order.
  func bookOrder(of folder: String) -> [String]
  /// The names of the files (not folders) in `folder` itself, links
  /// followed: what a path is completed with besides the documents.
  func fileNames(in folder: String) -> [String]
  /// The names of the folders in `folder` itself that a walk of it
  /// enters (hidden and ignored ones left out): what a path is completed
  /// with a folder at a time.
  func folderNames(in folder: String) -> [String]
  /// The size and modification time of the file at `path`; nil when it
  /// has none (its symbols are then never taken from the cache).
  func stamp(of path: String) -> FileStamp?
  /// The index kept by an earlier run under `name` in isle's cache
  /// folder; nil when there is none.
  func keptIndex(named name: String) -> [UInt8]?
  /// Keeps `bytes` as the index `name`, replacing the old one all at
  /// once (a crash leaves the one or the other). Failing to is no error:
  /// the next start indexes from the documents.
  func keepIndex(_ bytes: [UInt8], named name: String)
}

extension WorkspaceHost {
  /// No books: symbols in path order.
  public func bookOrder(of folder: String) -> [String] { [] }

  /// No files but the documents.
  public func fileNames(in folder: String) -> [String] { [] }

  /// No folders but those holding documents.
  public func folderNames(in folder: String) -> [String] { [] }
  /// No stamps: nothing is taken from a cache.
  public func stamp(of path: String) -> FileStamp? { nil }

  /// No cache.
  public func keptIndex(named name: String) -> [UInt8]? { nil }

  /// No cache: nothing is kept.
  public func keepIndex(_ bytes: [UInt8], named name: String) {}
}
