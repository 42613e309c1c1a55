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
  /// The bytes of `source` to outline: possibly the file mapped rather
  /// than copied.
  func load(_ source: InputSource, limit: Int) throws -> LoadedBytes
  /// `path` as the system should open it.
  func resolvedPath(_ path: String) -> String
}

extension DocumentReading {
  public func load(_ source: InputSource, limit: Int) throws -> LoadedBytes {
    LoadedBytes(copying: try read(source, limit: limit))
  }
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
    let loaded = try load(source, limit: limit, mapping: false)
    return withExtendedLifetime(loaded) { Array(loaded.buffer) }
  }

  /// The bytes of `source` as `read` gives them, a regular file mapped
  /// into memory rather than copied (see `LoadedBytes`).
  public func load(_ source: InputSource, limit: Int = .max) throws -> LoadedBytes {
    try load(source, limit: limit, mapping: true)
  }

  private func load(_ source: InputSource, limit: Int, mapping: Bool) throws -> LoadedBytes {
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
      if mapping && isRegular && info.st_size > 0,
        let mapped = LoadedBytes(mapping: descriptor, count: Int(info.st_size), name: path)
      {
        return mapped
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
  private func readAll(descriptor: Int32, name: String, sizeHint: Int, limit: Int) throws
    -> LoadedBytes
  {
    var capacity = max(min(sizeHint, limit) + 1, 1 << 16)
    var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    var kept = false
    defer { if !kept { storage.deallocate() } }
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
      if result == 0 {
        kept = true
        return LoadedBytes(owning: storage, count: count)
      }
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

/// A document's bytes as loaded: a regular file mapped read-only into
/// memory, or a buffer read from a pipe, a device or standard input.
///
/// A mapping is never copied, and `release` drops the pages of a stretch
/// the outline is done with (they come back from the page cache if read
/// again), so a 50 MB document is never resident all at once. A file cut
/// short while it is mapped would end the program with SIGBUS; the handler
/// `MappedFiles` installs turns that into a one-line error naming it.
public final class LoadedBytes: @unchecked Sendable {
  public let buffer: UnsafeBufferPointer<UInt8>
  private let isMapped: Bool

  /// A copy of `bytes`.
  public init(copying bytes: [UInt8]) {
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = UnsafeMutableBufferPointer(start: storage, count: bytes.count).initialize(from: bytes)
    buffer = UnsafeBufferPointer(start: storage, count: bytes.count)
    isMapped = false
  }

  /// Takes over `storage`, allocated, holding `count` bytes.
  init(owning storage: UnsafeMutablePointer<UInt8>, count: Int) {
    buffer = UnsafeBufferPointer(start: storage, count: count)
    isMapped = false
  }

  /// Maps the first `count` bytes of the open file; nil when the system
  /// will not.
  init?(mapping descriptor: Int32, count: Int, name: String) {
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    madvise(address, count, MADV_SEQUENTIAL)
    let start = address.assumingMemoryBound(to: UInt8.self)
    buffer = UnsafeBufferPointer(start: start, count: count)
    isMapped = true
    MappedFiles.remember(start: start, count: count, name: name)
  }

  deinit {
    guard let base = buffer.baseAddress else { return }
    if isMapped {
      MappedFiles.forget(start: base)
      munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
    } else {
      UnsafeMutablePointer(mutating: base).deallocate()
    }
  }

  /// Drops the mapped pages that lie wholly inside `range`; nothing for a
  /// buffer (whose pages `madvise` would zero).
  public func release(_ range: Range<Int>) {
    guard isMapped, let base = buffer.baseAddress else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let address = Int(bitPattern: base)
    let first = (address + range.lowerBound + page - 1) / page * page
    let last = (address + range.upperBound) / page * page
    guard last > first else { return }
    madvise(UnsafeMutableRawPointer(bitPattern: first), last - first, MADV_DONTNEED)
  }
}

/// The files mapped now, for the SIGBUS handler: plain memory, since a
/// signal handler may not take a lock or allocate.
enum MappedFiles {
  struct Entry {
    var start: UInt = 0
    var end: UInt = 0
    var message: UnsafeMutablePointer<CChar>? = nil
    var length = 0
  }
  static let capacity = 256
  nonisolated(unsafe) static let entries: UnsafeMutablePointer<Entry> = {
    let entries = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
    entries.initialize(repeating: Entry(), count: capacity)
    return entries
  }()
  nonisolated(unsafe) static var mutex = pthread_mutex_t()
  static let installed: Void = {
    pthread_mutex_init(&mutex, nil)
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { _, info, _ in
      let address = UInt(bitPattern: info?.pointee._sifields._sigfault.si_addr)
      for index in 0..<MappedFiles.capacity {
        let entry = MappedFiles.entries[index]
        if entry.start <= address && address < entry.end, let message = entry.message {
          _ = write(2, message, entry.length)
          _exit(2)
        }
      }
      signal(SIGBUS, SIG_DFL)
      raise(SIGBUS)
    }
    action.sa_flags = SA_SIGINFO
    sigaction(SIGBUS, &action, nil)
  }()

  static func remember(start: UnsafePointer<UInt8>, count: Int, name: String) {
    _ = installed
    let text = "isle: error: \(name): changed while it was read (it is shorter now)\n"
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    for index in 0..<capacity where entries[index].message == nil {
      entries[index] = Entry(
        start: UInt(bitPattern: start), end: UInt(bitPattern: start) + UInt(count),
        message: strdup(text), length: text.utf8.count)
      return
    }
  }

  static func forget(start: UnsafePointer<UInt8>) {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    for index in 0..<capacity where entries[index].start == UInt(bitPattern: start) {
      let message = entries[index].message
      entries[index] = Entry()
      free(message)
    }
  }
}
