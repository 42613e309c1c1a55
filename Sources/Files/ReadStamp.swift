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
  let size: Int
  let seconds: Int
  let nanoseconds: Int

  /// The stamp of the file `info` describes.
  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int(info.st_size)
    seconds = Int(info.st_mtim.tv_sec)
    nanoseconds = Int(info.st_mtim.tv_nsec)
  }
}
