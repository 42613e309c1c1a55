#if canImport(Glibc)
  import Glibc
#endif

/// What a file was when isle read it: its device and inode, its size and
/// when it was last modified. A file rewritten (`toc --write`, `check
/// --fix`) is replaced only while it is still that file, so an edit made
/// meanwhile is never lost (see `AtomicFile`).
public struct ReadStamp: Equatable, Sendable {
  let device: UInt64
  let inode: UInt64
  /// The file's size in bytes.
  public let size: Int
  /// When it was last modified, in seconds since 1970.
  public let seconds: Int
  /// The nanoseconds past `seconds`.
  public let nanoseconds: Int

  /// The stamp of the file at `path` now (links followed); nil when there
  /// is none.
  public init?(path: String) {
    var info = stat()
    guard stat(PathBytes.system(path), &info) == 0 else { return nil }
    self.init(info)
  }

  /// The stamp of the file `info` describes.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int(info.st_size)
    seconds = Int(info.st_mtim.tv_sec)
    nanoseconds = Int(info.st_mtim.tv_nsec)
  }
}
