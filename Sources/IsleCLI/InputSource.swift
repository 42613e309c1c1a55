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

/// Reads whole documents into memory with plain system calls.
public protocol DocumentReading: Sendable {
  /// The bytes of `source`, or a `ReadFailure` naming it.
  func read(_ source: InputSource) throws -> [UInt8]
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

  public func read(_ source: InputSource) throws -> [UInt8] {
    switch source {
    case .standardInput:
      return try readAll(descriptor: 0, name: source.displayName, sizeHint: 0)
    case .file(let path):
      let resolved = directory.map { path.hasPrefix("/") ? path : $0 + "/" + path } ?? path
      let descriptor = open(resolved, O_RDONLY | O_CLOEXEC)
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
      return try readAll(
        descriptor: descriptor, name: path, sizeHint: isRegular ? Int(info.st_size) : 0)
    }
  }

  private func readAll(descriptor: Int32, name: String, sizeHint: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sizeHint + 1)
    let chunk = 1 << 16
    while true {
      let before = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: chunk))
      let result = bytes.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress! + before, chunk)
      }
      if result < 0 {
        bytes.removeLast(chunk)
        if errno == EINTR { continue }
        throw ReadFailure(name: name, reason: Self.reason(errno))
      }
      bytes.removeLast(chunk - result)
      if result == 0 { return bytes }
    }
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
