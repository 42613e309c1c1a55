#if canImport(Glibc)
  import Glibc
#endif

/// Replaces a file's content all at once: the new bytes are written to a
/// file beside it, flushed to disk and renamed over it, so a crash leaves
/// the old file or the new one, never half of one. The file's permissions
/// (and, where allowed, its owner) are kept; a symlink's target is
/// replaced, not the link.
public struct AtomicFile: Sendable {
  /// For tests: fail after writing the new file and before the rename, as
  /// a crash there would.
  public var failBeforeRename = false

  /// A writer that replaces files whole.
  public init(failBeforeRename: Bool = false) {
    self.failBeforeRename = failBeforeRename
  }

  /// Why a file was not replaced, in words.
  public struct Failure: Error {
    public let reason: String
  }

  /// Replaces `path` (opened as `resolvedPath`) with `bytes`.
  public func replace(_ resolvedPath: String, with bytes: [UInt8]) throws(Failure) {
    guard let real = realpath(resolvedPath, nil) else {
      throw Failure(reason: SystemFiles.reason(errno))
    }
    let target = String(cString: real)
    free(real)
    var info = stat()
    guard stat(target, &info) == 0 else { throw Failure(reason: SystemFiles.reason(errno)) }
    guard info.st_mode & 0o222 != 0 else { throw Failure(reason: "is read-only") }
    let slash = target.lastIndex(of: "/")!
    let directory = String(target[..<slash])
    let name = String(target[target.index(after: slash)...])

    var template = Array((directory + "/." + name + ".isle-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw Failure(reason: "cannot write beside it: " + SystemFiles.reason(errno))
    }
    let temporary = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var renamed = false
    defer {
      if !renamed { unlink(temporary) }
    }
    do {
      defer { close(descriptor) }
      var written = 0
      while written < bytes.count {
        let result = bytes.withUnsafeBytes {
          write(descriptor, $0.baseAddress! + written, bytes.count - written)
        }
        if result < 0 {
          if errno == EINTR { continue }
          throw Failure(reason: "cannot write: " + SystemFiles.reason(errno))
        }
        written += result
      }
      fchmod(descriptor, info.st_mode & 0o7777)
      _ = fchown(descriptor, info.st_uid, info.st_gid)
      guard fsync(descriptor) == 0 else {
        throw Failure(reason: "cannot write: " + SystemFiles.reason(errno))
      }
    }
    if failBeforeRename { throw Failure(reason: "stopped before the rename (test)") }
    guard rename(temporary, target) == 0 else {
      throw Failure(reason: "cannot replace: " + SystemFiles.reason(errno))
    }
    renamed = true
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }
}
