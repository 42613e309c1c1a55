#if canImport(Glibc)
  import Glibc
#endif

/// Replaces a file's content all at once: the new bytes are written to a
/// file beside it (`.NAME.isle-PID-XXXXXX`), flushed to disk and renamed
/// over it, so a crash leaves the old file or the new one, never half of
/// one. The file's permissions (and, where allowed, its owner) are kept; a
/// file a symlink leads to is replaced, not the link.
///
/// Two files are not renamed over:
/// - one changed since it was read (another size, modification time or
///   inode, or other bytes): nothing is written, and the error says so,
///   so an edit made meanwhile is never lost;
/// - one with other names (hard links), which a rename would leave with
///   the old text: it is written in place, as vim and Emacs write such a
///   file, once the new bytes have been written whole beside it (so a full
///   disk or a size limit stops the write before the file is touched).
///
/// Files a write that never ended left in the folder are removed first
/// (see `StaleTemporaries`).
public struct AtomicFile: Sendable {
  /// For tests: fail after writing the new file and before the rename, as
  /// a crash there would.
  public var failBeforeRename = false

  /// A writer that replaces files whole.
  public init(failBeforeRename: Bool = false) {
    self.failBeforeRename = failBeforeRename
  }

  /// Why a file was not replaced, in words.
  public struct WriteError: Error {
    public let reason: String
    /// What became of the file, after the reason.
    let outcome: String

    init(reason: String, outcome: String = "the file is unchanged") {
      self.reason = reason
      self.outcome = outcome
    }

    /// The reason and what became of the file, for an error line.
    public var message: String { reason + "; " + outcome }
  }

  /// Replaces `path` (opened as `resolvedPath`) with `bytes`; with `read`,
  /// the bytes it was made from, only while the file is still as read.
  public func replace(
    _ resolvedPath: String, with bytes: [UInt8], unlessChangedFrom read: LoadedBytes? = nil
  ) throws(WriteError) {
    guard let real = PathBytes.real(resolvedPath) else {
      throw WriteError(reason: SystemFiles.reason(errno))
    }
    var info = stat()
    guard stat(PathBytes.system(real), &info) == 0 else {
      throw WriteError(reason: SystemFiles.reason(errno))
    }
    guard info.st_mode & 0o222 != 0 else { throw WriteError(reason: "is read-only") }
    let slash = real.lastIndex(of: "/")!
    let directory = String(real[..<slash])
    StaleTemporaries.sweep(directory)
    let temporary = try writeBeside(
      directory: directory, name: String(real[real.index(after: slash)...]), bytes: bytes,
      info: info)
    var kept = false
    defer { if !kept { _ = PathBytes.withSystemPath(temporary) { unlink($0) } } }
    if failBeforeRename { throw WriteError(reason: "stopped before the rename (test)") }
    if let read, !Self.isUnchanged(real, since: read) {
      throw WriteError(
        reason: "changed since isle read it (another program wrote it meanwhile)",
        outcome: "isle wrote nothing, and the change stays (run isle again)")
    }
    if info.st_nlink > 1 {
      do {
        try Self.writeInPlace(real, bytes: bytes)
      } catch {
        kept = true
        throw WriteError(
          reason: "cannot write it in place (it has other names): \(error.reason)",
          outcome: "it may be half written; its new text is whole in \(temporary)")
      }
      return
    }
    guard
      PathBytes.withSystemPath(temporary, { from in rename(from, PathBytes.system(real)) })
        == 0
    else {
      throw WriteError(reason: "cannot replace: " + SystemFiles.reason(errno))
    }
    kept = true
    let directoryDescriptor = PathBytes.withSystemPath(directory) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
  }

  /// Writes `bytes` to `path` (as `resolvedPath`): a file there is
  /// replaced whole, as `replace` does; else a new one is made (with the
  /// permissions the umask leaves), written and flushed, and removed
  /// again if the write fails.
  public func write(_ resolvedPath: String, with bytes: [UInt8]) throws(WriteError) {
    var info = stat()
    let exists = PathBytes.withSystemPath(resolvedPath) { stat($0, &info) } == 0
    if exists { return try replace(resolvedPath, with: bytes) }
    let descriptor = PathBytes.withSystemPath(resolvedPath) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else {
      throw WriteError(reason: SystemFiles.reason(errno), outcome: "nothing is written")
    }
    defer { close(descriptor) }
    do throws(WriteError) {
      try Self.write(bytes, to: descriptor)
      guard fsync(descriptor) == 0 else {
        throw WriteError(reason: "cannot write: " + SystemFiles.reason(errno))
      }
    } catch {
      _ = PathBytes.withSystemPath(resolvedPath) { unlink($0) }
      throw WriteError(reason: error.reason, outcome: "nothing is written")
    }
  }

  /// Removes the file at `path` (as `resolvedPath`); false when it could
  /// not be.
  public func remove(_ resolvedPath: String) -> Bool {
    PathBytes.withSystemPath(resolvedPath) { unlink($0) } == 0
  }

  /// Writes `bytes` to a new file beside `name` in `directory`, with the
  /// permissions and owner `info` gives, flushed to disk: its path. The
  /// writer holds a lock on it meanwhile (see `StaleTemporaries`).
  private func writeBeside(directory: String, name: String, bytes: [UInt8], info: stat)
    throws(WriteError) -> String
  {
    var template = StaleTemporaries.template(directory: directory, name: name)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw WriteError(reason: "cannot write beside it: " + SystemFiles.reason(errno))
    }
    let temporary = template.withUnsafeBufferPointer { PathBytes.name(cString: $0.baseAddress!) }
    defer { close(descriptor) }
    flock(descriptor, LOCK_EX)
    do throws(WriteError) {
      try Self.write(bytes, to: descriptor)
      fchmod(descriptor, info.st_mode & 0o7777)
      _ = fchown(descriptor, info.st_uid, info.st_gid)
      guard fsync(descriptor) == 0 else {
        throw WriteError(reason: "cannot write: " + SystemFiles.reason(errno))
      }
    } catch {
      _ = PathBytes.withSystemPath(temporary) { unlink($0) }
      throw error
    }
    return temporary
  }

  /// Writes `bytes` whole at the descriptor's offset.
  private static func write(_ bytes: [UInt8], to descriptor: Int32) throws(WriteError) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written)
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw WriteError(reason: "cannot write: " + SystemFiles.reason(errno))
      }
      written += result
    }
  }

  /// Overwrites the file at `path` with `bytes`, cut to their length and
  /// flushed to disk, keeping its inode and so its other names.
  private static func writeInPlace(_ path: String, bytes: [UInt8]) throws(WriteError) {
    let descriptor = PathBytes.withSystemPath(path) { open($0, O_WRONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { throw WriteError(reason: SystemFiles.reason(errno)) }
    defer { close(descriptor) }
    try write(bytes, to: descriptor)
    guard ftruncate(descriptor, off_t(bytes.count)) == 0, fsync(descriptor) == 0 else {
      throw WriteError(reason: SystemFiles.reason(errno))
    }
  }

  /// True when the file at `path` is still the one `read` was read from:
  /// the same inode, size and modification time, and the same bytes.
  static func isUnchanged(_ path: String, since read: LoadedBytes) -> Bool {
    guard let stamp = read.stamp else { return true }
    let descriptor = PathBytes.withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, ReadStamp(info) == stamp else { return false }
    return withExtendedLifetime(read) {
      let old = read.storage
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      var offset = 0
      while true {
        let count = buffer.withUnsafeMutableBytes {
          Glibc.read(descriptor, $0.baseAddress!, $0.count)
        }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return count == 0 && offset == old.count }
        guard offset + count <= old.count,
          buffer.prefix(count).elementsEqual(old[offset..<offset + count])
        else { return false }
        offset += count
      }
    }
  }
}
