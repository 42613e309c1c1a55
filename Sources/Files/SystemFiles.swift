#if canImport(Glibc)
  import Glibc
#endif

/// Reads from the file system and the process's standard input.
public struct SystemFiles: FileAccess {
  /// The directory relative paths are read from; nil for the process's own.
  let directory: String?

  /// A reader of real files, relative paths taken from `directory` (the
  /// current directory when nil). Errors name each path as it was given.
  public init(directory: String? = nil) {
    self.directory = directory
  }

  /// The bytes of `source`, at most `limit` of them: a larger document is
  /// a `LoadError` that names the limit, found from the file's size
  /// before a byte is read, or as the bytes arrive from a pipe, a FIFO or
  /// a device that never ends (`/dev/zero`).
  public func bytes(_ source: InputSource, limit: Int = .max) throws -> [UInt8] {
    let loaded = try load(source, limit: limit, mapping: false)
    return withExtendedLifetime(loaded) { Array(loaded.storage) }
  }

  /// The bytes of `source` as `read` gives them, a regular file mapped
  /// into memory rather than copied (see `LoadedBytes`).
  public func load(_ source: InputSource, limit: Int = .max) throws -> LoadedBytes {
    try load(source, limit: limit, mapping: true)
  }

  private func load(_ source: InputSource, limit: Int, mapping: Bool) throws -> LoadedBytes {
    switch source {
    case .standardInput:
      return try loadAll(
        descriptor: 0, name: source.displayName, sizeHint: 0, limit: limit, stamp: nil)
    case .file(let path):
      let descriptor = PathBytes.withSystemPath(resolved(path)) { open($0, O_RDONLY | O_CLOEXEC) }
      guard descriptor >= 0 else { throw LoadError(name: path, code: errno) }
      defer { close(descriptor) }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        throw LoadError(name: path, code: errno)
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        throw LoadError(name: path, reason: "is a directory")
      }
      let isRegular = info.st_mode & S_IFMT == S_IFREG
      if isRegular && Int(info.st_size) > limit {
        throw LoadError(name: path, reason: Self.tooLarge(Int(info.st_size), limit: limit))
      }
      if mapping && isRegular && Int(info.st_size) >= Self.smallestMapped,
        let mapped = LoadedBytes(
          mapping: descriptor, count: Int(info.st_size), name: path, stamp: ReadStamp(info))
      {
        return mapped
      }
      return try loadAll(
        descriptor: descriptor, name: path, sizeHint: isRegular ? Int(info.st_size) : 0,
        limit: limit, stamp: isRegular ? ReadStamp(info) : nil)
    }
  }

  /// Files smaller than this are read, not mapped: unmapping a file costs
  /// every other thread of the process a TLB flush, more than the copy of
  /// a small file (a folder of many documents read on several threads).
  static let smallestMapped = 1 << 20

  /// `path` as the system should open it: relative paths from `directory`.
  public func resolvedPath(_ path: String) -> String { resolved(path) }

  func resolved(_ path: String) -> String {
    directory.map { path.hasPrefix("/") ? path : $0 + "/" + path } ?? path
  }

  /// Reads to the end of `descriptor` into one buffer, sized by the file's
  /// size when known and doubled when it is not.
  private func loadAll(
    descriptor: Int32, name: String, sizeHint: Int, limit: Int, stamp: ReadStamp?
  ) throws -> LoadedBytes {
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
        throw LoadError(name: name, code: errno)
      }
      if result == 0 {
        kept = true
        return LoadedBytes(owning: storage, count: count, stamp: stamp)
      }
      count += result
      if count > limit {
        throw LoadError(name: name, reason: Self.tooLarge(nil, limit: limit))
      }
    }
  }

  /// Why a document too large is not read, and how to read it anyway.
  public static func tooLarge(_ size: Int?, limit: Int) -> String {
    let what = size.map { "is \($0) bytes," } ?? "goes on"
    return "\(what) past the limit of \(limit) bytes (raise it with --max-size)"
  }

  /// The system's words for an errno, in the form `ls` and `cat` use.
  public static func reason(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "No such file or directory"
    case EACCES: return "Permission denied"
    case EISDIR: return "is a directory"
    default: return String(cString: strerror(code))
    }
  }
}

extension SystemFiles: FileSystemProbe {
  public func kind(_ path: String) -> FileKind {
    let system = PathBytes.system(resolved(path))
    var info = stat()
    guard stat(system, &info) == 0 else {
      let code = errno
      var link = stat()
      if lstat(system, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
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
    guard stat(PathBytes.system(resolved(path)), &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  public func entries(_ directory: String) -> [String]? {
    guard let handle = opendir(PathBytes.system(resolved(directory))) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    // The name is read where it lies, up to its NUL: a record is only as
    // long as its name, so copying the whole 256-byte field would read past
    // its end (AddressSanitizer saw it); its bytes are kept as they are,
    // UTF-8 or not (see `PathBytes`).
    let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    while let entry = readdir(handle) {
      let field = UnsafeRawPointer(entry).advanced(by: nameOffset)
      names.append(PathBytes.name(cString: field.assumingMemoryBound(to: CChar.self)))
    }
    return names
  }
}
