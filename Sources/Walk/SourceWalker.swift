import Files

#if canImport(Glibc)
  import Glibc
#endif

/// Turns file and directory operands into the documents to read, in
/// argument order. Directories are walked for `.md`, `.markdown`, `.html`
/// and `.htm` files, each directory's entries sorted by name; hidden names
/// (starting with `.`) are skipped unless asked for; a directory reached
/// twice (a symlink loop) is walked once. A file named outright is read
/// whatever it is (a FIFO named on the command line is read as a pipe).
///
/// A walk reads only what can be read, as ripgrep does: regular files and
/// links to them. FIFOs, sockets and devices found in a folder are skipped
/// (opening a FIFO would wait for a writer for ever); a broken link is a
/// warning naming it, and the rest goes on, as is a link out of the folders
/// files are kept to (`ConfinedFiles`, `isle mcp`'s roots).
///
/// It skips what git would, as ripgrep does (`IgnoreChain`): what the
/// `.gitignore` files, `.git/info/exclude` and the global excludes ignore
/// inside a git repository, what `.ignore` files ignore anywhere, and the
/// `.git` folder itself; `ignoring` false (`--no-ignore`) reads them all.
/// A folder named outright is walked even when it is ignored.
public struct SourceWalker {
  /// True for `--hidden`: names starting with `.` are walked too.
  public var includeHidden = false
  /// False for `--no-ignore`: what git ignores is read too.
  public var ignoring = true
  /// The environment, where git's global excludes are found.
  public var environment: [String: String] = [:]
  /// The files walked.
  public var fileSystem: FileAccess

  /// A walk of `fileSystem`: hidden names skipped unless `includeHidden`,
  /// ignored ones unless `ignoring` is false; `environment` finds git's
  /// global excludes.
  public init(
    includeHidden: Bool = false, ignoring: Bool = true, environment: [String: String] = [:],
    fileSystem: FileAccess
  ) {
    self.includeHidden = includeHidden
    self.ignoring = ignoring
    self.environment = environment
    self.fileSystem = fileSystem
  }

  /// The extensions of the documents a walk reads.
  public static let extensions: Set<String> = ["md", "markdown", "html", "htm"]

  /// What a walk found and ran into.
  public struct Walked: Sendable {
    /// The documents, in argument order.
    public var sources: [InputSource]
    /// Folders that could not be read: errors.
    public var failures: [String] = []
    /// Links that lead nowhere: warnings.
    public var warnings: [String] = []
    /// Folders given that held no document.
    public var empty: [String] = []
    /// The indices of the sources found in folders, not named: a binary
    /// file among them is skipped, where one named is an error.
    public var found: Set<Int> = []

    /// What a walk gives for `sources`, named rather than found.
    public init(sources: [InputSource]) {
      self.sources = sources
    }
  }

  /// The documents for `operands`.
  public func expand(_ operands: [String]) -> Walked {
    var walked = Walked(sources: [])
    for operand in operands {
      if operand == "-" {
        walked.sources.append(.standardInput)
      } else if fileSystem.isDirectory(operand) {
        var visited = Set<FileIdentity>()
        let before = walked.sources.count
        let absolute = Self.canonical(fileSystem.resolvedPath(operand))
        let chain =
          ignoring
          ? GitRepository.chain(
            at: absolute, environment: environment, load: text, isDirectory: fileSystem.isDirectory)
          : IgnoreChain()
        walk(operand, absolute: absolute, chain: chain, into: &walked, visited: &visited)
        if walked.sources.count == before { walked.empty.append(operand) }
      } else {
        walked.sources.append(.file(operand))
      }
    }
    return walked
  }

  private func walk(
    _ directory: String, absolute: String, chain: IgnoreChain, into walked: inout Walked,
    visited: inout Set<FileIdentity>
  ) {
    let chain = ignoring ? chain.entering(absolute, load: text) : chain
    guard let identity = fileSystem.identity(directory), visited.insert(identity).inserted else {
      return
    }
    guard let entries = entries(of: directory, absolute: absolute, chain: chain) else {
      walked.failures.append("\(directory): \(SystemFiles.reason(errno))")
      return
    }
    for (name, path, inside, kind) in entries {
      switch kind {
      case .directory:
        walk(path, absolute: inside, chain: chain, into: &walked, visited: &visited)
      case .regular where Self.isDocument(name):
        walked.found.insert(walked.sources.count)
        walked.sources.append(.file(path))
      case .brokenLink where Self.isDocument(name):
        walked.warnings.append("\(path): a broken symbolic link, skipped")
      case .outside:
        walked.warnings.append("\(path): \(ConfinedFiles.outsideReason), skipped")
      default:
        continue
      }
    }
  }

  /// The names in `directory` a walk reads or enters, sorted, with their
  /// paths (as given, and `absolute`'s) and kinds: hidden names, `.git`
  /// and what `chain` ignores left out; nil when it cannot be read.
  private func entries(of directory: String, absolute: String, chain: IgnoreChain) -> [(
    name: String, path: String, inside: String, kind: FileKind
  )]? {
    guard let names = fileSystem.entries(directory) else { return nil }
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    var kept: [(name: String, path: String, inside: String, kind: FileKind)] = []
    for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      if name == "." || name == ".." { continue }
      if name.hasPrefix(".") && !includeHidden { continue }
      if name == ".git" && ignoring { continue }
      let path = base + name
      let kind = fileSystem.kind(path)
      let inside = absolute == "/" ? "/" + name : absolute + "/" + name
      if ignoring && chain.ignores(inside, name: name, isDirectory: kind == .directory) { continue }
      kept.append((name, path, inside, kind))
    }
    return kept
  }

  /// The text of the file at `path`, or nil when it cannot be read.
  private func text(_ path: String) -> String? {
    guard let bytes = try? fileSystem.bytes(.file(path), limit: 1 << 20) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The paths of the documents in `folder` and below, as `isle check`
  /// walks it (the language server's workspace).
  public func documents(under folder: String) -> [String] {
    expand([folder]).sources.compactMap(\.path)
  }

  /// The names in `folder` itself that a walk of it would read or enter:
  /// its files (regular ones and links to them, of any extension) and its
  /// folders, each sorted, hidden and ignored names left out as `expand`
  /// leaves them out; nothing when it cannot be read.
  public func names(in folder: String) -> (files: [String], folders: [String]) {
    let absolute = Self.canonical(fileSystem.resolvedPath(folder))
    let chain =
      ignoring
      ? GitRepository.chain(
        at: absolute, environment: environment, load: text, isDirectory: fileSystem.isDirectory
      ).entering(absolute, load: text)
      : IgnoreChain()
    var found: (files: [String], folders: [String]) = ([], [])
    for entry in entries(of: folder, absolute: absolute, chain: chain) ?? [] {
      if entry.kind == .directory { found.folders.append(entry.name) }
      if entry.kind == .regular { found.files.append(entry.name) }
    }
    return found
  }

  /// `path` made absolute and without links, as far as the system can.
  public static func canonical(_ path: String) -> String {
    PathBytes.real(path) ?? path
  }

  /// True for a name with one of the document extensions.
  public static func isDocument(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: ".") else { return false }
    return extensions.contains(name[name.index(after: dot)...].lowercased())
  }
}
