import Book
import Files
import LanguageServer
import Links
import Options
import Outline
import Walk
import Workspace

#if canImport(Glibc)
  import Glibc
#endif

/// The language server's workspace on the disk: files read as every
/// command reads them, folders walked as `isle check` walks them, each
/// document's slug flavour from `--slug` or its folder (`auto`), and the
/// contents list `isle toc --write` (with no options) would write; the
/// index of the workspace's symbols kept in isle's cache folder.
struct DiskWorkspace: WorkspaceHost {
  let files: FileAccess
  /// The command line's outline options; the flavour is decided per
  /// document when `detector` is there.
  let options: OutlineOptions
  let detector: SlugFlavorDetector?
  let maxSize: Int
  /// The environment, for the config file `toc --write` reads.
  let environment: [String: String]

  /// Where the language server keeps its index between runs:
  /// `$XDG_CACHE_HOME/isle` (an absolute path, as the XDG spec wants),
  /// else `~/.cache/isle`; nil with neither.
  var cacheFolder: String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/isle" }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.cache/isle"
  }

  func load(_ path: String) -> [UInt8]? {
    guard files.kind(path) == .regular else { return nil }
    return try? files.bytes(.file(path), limit: maxSize)
  }

  /// What is at `path`; what lies outside the folders served is missing.
  func kind(of path: String) -> TargetKind {
    let kind = TargetKind(files.kind(path))
    return kind == .outside ? .missing : kind
  }

  func documents(under folder: String) -> [String] {
    SourceWalker(fileSystem: files).documents(under: folder)
  }

  /// The files a walk of `folder` would see, of any extension.
  func fileNames(in folder: String) -> [String] {
    SourceWalker(fileSystem: files).names(in: folder).files
  }

  /// The folders a walk of `folder` would enter.
  func folderNames(in folder: String) -> [String] {
    SourceWalker(fileSystem: files).names(in: folder).folders
  }

  /// The chapters of the book the folder is (`book.toml`, `mkdocs.yml`),
  /// as `toc BOOK` orders them; none when it is no book or its table of
  /// contents cannot be read.
  func bookOrder(of folder: String) -> [String] {
    let reading = BookFiles(files: files)
    guard Book.isNamed(folder, in: reading), let book = try? Book.open(folder, in: reading)
    else { return [] }
    return book.chapters.compactMap { $0.path.map { BookPath.join(book.folder, $0) } }
  }

  func outlineOptions(forDocumentAt path: String) -> OutlineOptions {
    var options = self.options
    if let detector { options.slugFlavor = detector.flavor(forDocumentAt: path) }
    return options
  }

  /// The nearest folder above the document holding `.git`.
  func repositoryRoot(of path: String) -> String? {
    GitRepository.top(of: LinkPath.folder(of: path), files: files)
  }

  func updatedToc(of bytes: [UInt8], path: String) -> [UInt8]? {
    let raw = RawArguments()
    guard
      let settings = try? Settings.decide(
        raw, operands: [], command: .toc, formats: [.markdown], environment: environment,
        terminal: .pipe, inputIsTerminal: false, files: files)
    else { return nil }
    // Nothing is printed or written: the outcome is the bytes.
    let quiet = CLI(
      environment: environment, stdout: StringSink(), stderr: StringSink(), files: files)
    let command = TocWriteCommand(
      settings: settings, raw: raw, check: true, diff: false, cli: quiet)
    var loader = settings.loader(files)
    loader.options.format = .markdown
    guard
      case .changed(_, let updated)? = try? command.outcome(
        .file(path), path: path, loader: loader, given: bytes)
    else { return nil }
    return updated
  }

  func stamp(of path: String) -> FileStamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileStamp(
      size: Int(info.st_size),
      modified: Int(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(info.st_mtim.tv_nsec))
  }

  func keptIndex(named name: String) -> [UInt8]? {
    guard let folder = cacheFolder else { return nil }
    return try? files.bytes(.file(folder + "/" + name), limit: .max)
  }

  /// Written beside the old one under a name of its own and renamed over
  /// it: a reader sees the old index or the new, never half of one.
  func keepIndex(_ bytes: [UInt8], named name: String) {
    guard let folder = cacheFolder else { return }
    var built = ""
    for part in folder.split(separator: "/") {
      built += "/" + part
      mkdir(built, 0o700)
    }
    var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, bytes.count - written)
      }
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { break }
      written += result
    }
    close(descriptor)
    if written != bytes.count || rename(temporary, folder + "/" + name) != 0 { unlink(temporary) }
  }
}
