#if canImport(Glibc)
  import Glibc
#endif

/// A file's device and inode, which tell a directory reached twice.
public struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  /// The identity of the file at `inode` on `device`.
  public init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }
}
