#if canImport(Glibc)
  import Glibc
#endif

/// A file's device and inode, which tell a directory reached twice.
public struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
}
