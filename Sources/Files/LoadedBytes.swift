#if canImport(Glibc)
  import Glibc
#endif

/// A document's bytes as loaded: a regular file mapped read-only into
/// memory, or a buffer read from a pipe, a device or standard input.
///
/// A mapping is never copied, and `release` drops the pages of a stretch
/// the outline is done with (they come back from the page cache if read
/// again), so a 50 MB document is never resident all at once. A file cut
/// short while it is mapped would end the program with SIGBUS; the handler
/// `MappedFiles` installs turns that into a one-line error naming it.
public final class LoadedBytes: Sendable {
  // The address as a number, so the class is plainly Sendable: the bytes
  // never change once loaded, and live as long as it does.
  private let address: UInt
  /// How many bytes there are.
  public let count: Int
  private let isMapped: Bool
  /// The `MappedFiles` entry of a mapping.
  private let mappedEntry: Int?
  /// The file as it was when read; nil for what is no regular file.
  public let stamp: ReadStamp?

  /// The bytes, valid while this object lives.
  var storage: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: UnsafePointer(bitPattern: address), count: count)
  }

  /// A copy of `bytes`.
  public init(copying bytes: [UInt8]) {
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = UnsafeMutableBufferPointer(start: storage, count: bytes.count).initialize(from: bytes)
    address = UInt(bitPattern: storage)
    count = bytes.count
    isMapped = false
    mappedEntry = nil
    stamp = nil
  }

  /// Takes over `storage`, allocated, holding `count` bytes read from a
  /// file stamped `stamp`.
  init(owning storage: UnsafeMutablePointer<UInt8>, count: Int, stamp: ReadStamp?) {
    address = UInt(bitPattern: storage)
    self.count = count
    isMapped = false
    mappedEntry = nil
    self.stamp = stamp
  }

  /// Maps the first `count` bytes of the open file, stamped `stamp`; nil
  /// when the system will not.
  init?(mapping descriptor: Int32, count: Int, name: String, stamp: ReadStamp) {
    guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0),
      address != MAP_FAILED
    else { return nil }
    madvise(address, count, MADV_SEQUENTIAL)
    let start = address.assumingMemoryBound(to: UInt8.self)
    self.address = UInt(bitPattern: start)
    self.count = count
    isMapped = true
    mappedEntry = MappedFiles.register(start: start, count: count, name: name)
    self.stamp = stamp
  }

  deinit {
    guard let base = storage.baseAddress else { return }
    if isMapped {
      if let mappedEntry { MappedFiles.forget(mappedEntry) }
      munmap(UnsafeMutableRawPointer(mutating: base), storage.count)
    } else {
      UnsafeMutablePointer(mutating: base).deallocate()
    }
  }

  /// Drops the mapped pages that lie wholly inside `range`; nothing for a
  /// buffer (whose pages `madvise` would zero).
  public func release(_ range: Range<Int>) {
    guard isMapped, let base = storage.baseAddress else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let address = Int(bitPattern: base)
    let first = (address + range.lowerBound + page - 1) / page * page
    let last = (address + range.upperBound) / page * page
    guard last > first else { return }
    madvise(UnsafeMutableRawPointer(bitPattern: first), last - first, MADV_DONTNEED)
  }
}

extension LoadedBytes: DocumentBytes {
  /// Calls `body` with the bytes, valid while it runs.
  public func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    try withExtendedLifetime(self) { try body(storage.span) }
  }

  /// A copy of the bytes.
  public func copied() -> [UInt8] {
    withExtendedLifetime(self) { Array(storage) }
  }
}
