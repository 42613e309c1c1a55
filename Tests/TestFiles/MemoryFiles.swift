import Files
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A file tree in memory, for tests of what isle looks for on disk: paths
/// are made absolute from `directory` and `..` is taken lexically. It
/// counts the folders listed, so a test can see what was cached.
public final class MemoryFiles: FileAccess, Sendable {
  private let files: [String: String]
  private let folders: Set<String>
  private let directory: String
  private let listings = Mutex(0)

  /// A tree holding `files` (absolute path to text) and every folder above
  /// them, relative paths read from `directory`.
  public init(_ files: [String: String], directory: String = "/") {
    self.directory = directory
    var absoluteFiles: [String: String] = [:]
    for (path, text) in files { absoluteFiles[Self.absolute(path, from: directory)] = text }
    self.files = absoluteFiles
    var folders: Set<String> = ["/"]
    for path in absoluteFiles.keys {
      var parts = path.split(separator: "/").dropLast()
      while !parts.isEmpty {
        folders.insert("/" + parts.joined(separator: "/"))
        parts = parts.dropLast()
      }
    }
    self.folders = folders
  }

  /// How many times a folder was listed.
  public var listed: Int { listings.withLock { $0 } }

  /// `path` absolute, without `.` and `..`.
  public func absolute(_ path: String) -> String { Self.absolute(path, from: directory) }

  public static func absolute(_ path: String, from directory: String) -> String {
    var parts: [Substring] = []
    let full = path.hasPrefix("/") ? path : directory + "/" + path
    for part in full.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == ".." {
        _ = parts.popLast()
      } else {
        parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  public func kind(_ path: String) -> FileKind {
    let path = absolute(path)
    if folders.contains(path) { return .directory }
    return files[path] == nil ? .missing : .regular
  }

  public func identity(_ path: String) -> FileIdentity? {
    let path = absolute(path)
    guard folders.contains(path) || files[path] != nil else { return nil }
    return FileIdentity(device: 1, inode: UInt64(truncatingIfNeeded: path.hashValue))
  }

  public func entries(_ directory: String) -> [String]? {
    let folder = absolute(directory)
    guard folders.contains(folder) else { return nil }
    listings.withLock { $0 += 1 }
    let prefix = folder == "/" ? "/" : folder + "/"
    let names = (Array(files.keys) + Array(folders)).filter {
      $0.hasPrefix(prefix) && $0 != folder && !$0.dropFirst(prefix.count).contains("/")
    }
    return names.map { String($0.dropFirst(prefix.count)) }
  }

  public func bytes(_ source: InputSource, limit: Int) throws -> [UInt8] {
    guard case .file(let path) = source, let text = files[absolute(path)] else {
      throw LoadError(name: source.displayName, code: ENOENT)
    }
    return Array(text.utf8.prefix(limit))
  }

  public func resolvedPath(_ path: String) -> String { absolute(path) }
}
