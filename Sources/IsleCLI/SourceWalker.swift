#if canImport(Glibc)
  import Glibc
#endif

/// Turns file and directory operands into the documents to read, in
/// argument order. Directories are walked for `.md`, `.markdown`, `.html`
/// and `.htm` files, each directory's entries sorted by name; hidden names
/// (starting with `.`) are skipped unless asked for; a directory reached
/// twice (a symlink loop) is walked once. A file named outright is read
/// whatever its name.
struct SourceWalker {
  var includeHidden = false
  var fileSystem: FileSystemProbe

  static let extensions: Set<String> = ["md", "markdown", "html", "htm"]

  /// The documents for `operands`, and a message for each directory that
  /// could not be read.
  func expand(_ operands: [String]) -> (sources: [InputSource], failures: [String]) {
    var sources: [InputSource] = []
    var failures: [String] = []
    for operand in operands {
      if operand == "-" {
        sources.append(.standardInput)
      } else if fileSystem.isDirectory(operand) {
        var visited = Set<FileIdentity>()
        walk(operand, into: &sources, failures: &failures, visited: &visited)
      } else {
        sources.append(.file(operand))
      }
    }
    return (sources, failures)
  }

  private func walk(
    _ directory: String, into sources: inout [InputSource], failures: inout [String],
    visited: inout Set<FileIdentity>
  ) {
    guard let identity = fileSystem.identity(directory), visited.insert(identity).inserted else {
      return
    }
    guard let names = fileSystem.entries(directory) else {
      failures.append("\(directory): \(SystemReader.reason(errno))")
      return
    }
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      if name == "." || name == ".." { continue }
      if name.hasPrefix(".") && !includeHidden { continue }
      let path = base + name
      if fileSystem.isDirectory(path) {
        walk(path, into: &sources, failures: &failures, visited: &visited)
      } else if let dot = name.lastIndex(of: "."),
        Self.extensions.contains(name[name.index(after: dot)...].lowercased())
      {
        sources.append(.file(path))
      }
    }
  }
}

/// A file's device and inode, which tell a directory reached twice.
public struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
}

/// What the walker asks of the file system.
public protocol FileSystemProbe {
  func isDirectory(_ path: String) -> Bool
  func identity(_ path: String) -> FileIdentity?
  func entries(_ directory: String) -> [String]?
}

extension SystemReader: FileSystemProbe {
  /// Whether `path` is a directory, symlinks followed.
  public func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(resolved(path), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  public func identity(_ path: String) -> FileIdentity? {
    var info = stat()
    guard stat(resolved(path), &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  public func entries(_ directory: String) -> [String]? {
    guard let handle = opendir(resolved(directory)) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      names.append(name)
    }
    return names
  }
}
