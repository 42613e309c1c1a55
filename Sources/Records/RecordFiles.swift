import Files
import Links

#if canImport(Glibc)
  import Glibc
#endif

/// The records of one `--records` input as a file tree, for `check`: each
/// record a file at its path (tidied: `./a/../b.md` is `b.md`), each folder
/// above one a folder, so links among the records resolve as among files.
/// Any other path is looked for on `disk` under `root` (`--root`) when
/// given, and is missing when not.
public final class RecordFiles: FileAccess {
  private let texts: [String: [UInt8]]
  private let folders: Set<String>
  private let disk: FileAccess?
  private let root: String

  /// The tree of `records` (the first of a path given twice), over `disk`
  /// from `root` when given.
  public init(_ records: [DocumentRecord], disk: FileAccess?, root: String = ".") {
    var texts: [String: [UInt8]] = [:]
    var folders: Set<String> = []
    for record in records {
      let path = LinkPath.tidied(record.path)
      if texts[path] == nil { texts[path] = record.text }
      var folder = Substring(path)
      while let slash = folder.lastIndex(of: "/") {
        folder = folder[..<slash]
        folders.insert(folder.isEmpty ? "/" : String(folder))
      }
    }
    folders.insert(".")
    self.texts = texts
    self.folders = folders
    self.disk = disk
    self.root = root
  }

  /// Where `path` is on the disk: under the root unless it is absolute.
  private func onDisk(_ path: String) -> String {
    path.hasPrefix("/") || root == "." ? path : root + "/" + path
  }

  public func kind(_ path: String) -> FileKind {
    let path = LinkPath.tidied(path)
    if texts[path] != nil { return .regular }
    if folders.contains(path) { return .directory }
    return disk?.kind(onDisk(path)) ?? .missing
  }

  public func identity(_ path: String) -> FileIdentity? {
    let path = LinkPath.tidied(path)
    guard texts[path] == nil && !folders.contains(path) else { return nil }
    return disk?.identity(onDisk(path))
  }

  public func entries(_ directory: String) -> [String]? {
    let path = LinkPath.tidied(directory)
    guard folders.contains(path) else { return disk?.entries(onDisk(path)) }
    let prefix = path == "." ? "" : path == "/" ? "/" : path + "/"
    let names = (Array(texts.keys) + Array(folders)).compactMap { name -> String? in
      guard name.hasPrefix(prefix), name != path, name != "." else { return nil }
      let rest = name.dropFirst(prefix.count)
      return rest.contains("/") ? nil : String(rest)
    }
    return names
  }

  public func bytes(_ source: InputSource, limit: Int) throws -> [UInt8] {
    guard case .file(let given) = source else { throw LoadError(name: "<stdin>", code: EBADF) }
    if let text = texts[LinkPath.tidied(given)] {
      guard text.count <= limit else {
        throw LoadError(name: given, reason: SystemFiles.tooLarge(text.count, limit: limit))
      }
      return text
    }
    guard let disk else { throw LoadError(name: given, code: ENOENT) }
    return try disk.bytes(.file(onDisk(LinkPath.tidied(given))), limit: limit)
  }

  public func resolvedPath(_ path: String) -> String {
    let tidied = LinkPath.tidied(path)
    if texts[tidied] != nil || folders.contains(tidied) { return tidied }
    return disk?.resolvedPath(onDisk(tidied)) ?? tidied
  }
}
