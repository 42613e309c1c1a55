#if canImport(Glibc)
  import Glibc
#endif

/// Where a document's bytes come from: a file, or standard input.
public enum InputSource: Equatable, Sendable {
  case file(String)
  case standardInput

  /// The path shown in output and errors; nil for standard input.
  var path: String? {
    if case .file(let path) = self { return path }
    return nil
  }

  /// The name used in error messages.
  var displayName: String { path ?? "<stdin>" }
}

/// A file that could not be read, and why.
struct ReadFailure: Error, Equatable {
  let name: String
  let reason: String

  var message: String { "\(name): \(reason)" }
}

/// Reads whole documents into memory with plain system calls, and looks
/// into directories for them.
public protocol DocumentReading: FileSystemProbe, Sendable {
  /// The bytes of `source`, or a `ReadFailure` naming it.
  func read(_ source: InputSource, limit: Int) throws -> [UInt8]
  /// `path` as the system should open it.
  func resolvedPath(_ path: String) -> String
}

/// Reads from the file system and the process's standard input.
public struct SystemReader: DocumentReading {
  /// The directory relative paths are read from; nil for the process's own.
  let directory: String?

  /// A reader of real files, relative paths taken from `directory` (the
  /// current directory when nil). Errors name each path as it was given.
  public init(directory: String? = nil) {
    self.directory = directory
  }

  /// The bytes of `source`, at most `limit` of them: a larger document is
  /// a `ReadFailure` that names the limit, found from the file's size
  /// before a byte is read, or as the bytes arrive from a pipe, a FIFO or
  /// a device that never ends (`/dev/zero`).
  public func read(_ source: InputSource, limit: Int = .max) throws -> [UInt8] {
    switch source {
    case .standardInput:
      return try readAll(descriptor: 0, name: source.displayName, sizeHint: 0, limit: limit)
    case .file(let path):
      let descriptor = open(resolved(path), O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw ReadFailure(name: path, reason: Self.reason(errno)) }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        throw ReadFailure(name: path, reason: Self.reason(errno))
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        throw ReadFailure(name: path, reason: "is a directory")
      }
      let isRegular = info.st_mode & S_IFMT == S_IFREG
      if isRegular && Int(info.st_size) > limit {
        throw ReadFailure(name: path, reason: Self.tooLarge(Int(info.st_size), limit: limit))
      }
      return try readAll(
        descriptor: descriptor, name: path, sizeHint: isRegular ? Int(info.st_size) : 0,
        limit: limit)
    }
  }

  /// `path` as the system should open it: relative paths from `directory`.
  public func resolvedPath(_ path: String) -> String { resolved(path) }

  func resolved(_ path: String) -> String {
    directory.map { path.hasPrefix("/") ? path : $0 + "/" + path } ?? path
  }

  /// Reads to the end of `descriptor` into one buffer, sized by the file's
  /// size when known and doubled when it is not.
  private func readAll(descriptor: Int32, name: String, sizeHint: Int, limit: Int) throws -> [UInt8]
  {
    var capacity = max(min(sizeHint, limit) + 1, 1 << 16)
    var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { storage.deallocate() }
    var count = 0
    while true {
      if count == capacity {
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity *= 2
      }
      let result = Glibc.read(descriptor, storage + count, capacity - count)
      if result < 0 {
        if errno == EINTR { continue }
        throw ReadFailure(name: name, reason: Self.reason(errno))
      }
      if result == 0 { return Array(UnsafeBufferPointer(start: storage, count: count)) }
      count += result
      if count > limit {
        throw ReadFailure(name: name, reason: Self.tooLarge(nil, limit: limit))
      }
    }
  }

  /// Why a document too large is not read, and how to read it anyway.
  static func tooLarge(_ size: Int?, limit: Int) -> String {
    let what = size.map { "is \($0) bytes," } ?? "goes on"
    return "\(what) past the limit of \(limit) bytes (raise it with --max-size)"
  }

  /// The system's words for an errno, in the form `ls` and `cat` use.
  static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "No such file or directory"
    case EACCES: return "Permission denied"
    case EISDIR: return "is a directory"
    default: return String(cString: strerror(code))
    }
  }
}
