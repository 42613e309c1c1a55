#if canImport(Glibc)
  import Glibc
#endif

/// What a path names, links followed.
public enum FileKind: Sendable, Equatable {
  case regular
  case directory
  /// A FIFO, a socket or a device: nothing a walk should open.
  case special
  /// A symbolic link whose target does not exist.
  case brokenLink
  /// Nothing, or nothing that may be looked at (the reason is `errno`).
  case missing
}

/// A file's device and inode, which tell a directory reached twice.
public struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
}

/// What the walker asks of the file system.
public protocol FileSystemProbe {
  func kind(_ path: String) -> FileKind
  func identity(_ path: String) -> FileIdentity?
  func entries(_ directory: String) -> [String]?
}

extension FileSystemProbe {
  /// Whether `path` is a directory, links followed.
  func isDirectory(_ path: String) -> Bool { kind(path) == .directory }
}

extension SystemFiles: FileSystemProbe {
  public func kind(_ path: String) -> FileKind {
    var info = stat()
    guard stat(resolved(path), &info) == 0 else {
      let code = errno
      var link = stat()
      if lstat(resolved(path), &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
        return .brokenLink
      }
      errno = code
      return .missing
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFDIR: return .directory
    default: return .special
    }
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
