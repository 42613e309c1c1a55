import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The files mapped now, so that the SIGBUS of a file cut short while it
/// is mapped becomes a one-line error naming it (the crash handlers the
/// program installs first thing, Terminal's `CrashSignals`, ask here). Entries are plain memory
/// that the crash handler reads without a lock; a thread claims a free
/// entry with an atomic flag before writing it and lets it go after
/// clearing it, so threads never write the same entry at once.
public enum MappedFiles {
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
  /// One flag an entry: true while a mapping holds it.
  private final class Claim: Sendable {
    let taken = Atomic<Bool>(false)
  }
  private static let claims = (0..<capacity).map { _ in Claim() }

  /// Records a mapping; the entry it took, for `forget` (nil when all are
  /// taken: that file's SIGBUS is then an ordinary crash).
  static func register(start: UnsafePointer<UInt8>, count: Int, name: String) -> Int? {
    let text = "isle: error: \(name): changed while it was read (it is shorter now)\n"
    for index in 0..<capacity
    where claims[index].taken.compareExchange(
      expected: false, desired: true, ordering: .acquiring
    ).exchanged {
      entries[index] = Entry(
        start: UInt(bitPattern: start), end: UInt(bitPattern: start) + UInt(count),
        message: strdup(text), length: text.utf8.count)
      return index
    }
    return nil
  }

  /// Lets entry `index` go, once its mapping is gone.
  static func forget(_ index: Int) {
    let message = entries[index].message
    entries[index] = Entry()
    free(message)
    claims[index].taken.store(false, ordering: .releasing)
  }

  /// For the crash handler: when `address` lies in a mapped file, writes
  /// the error naming it and ends with status 2. Async-signal-safe.
  public static func endIfMapped(_ address: UInt) {
    for index in 0..<capacity {
      let entry = entries[index]
      if entry.start <= address && address < entry.end, let message = entry.message {
        _ = write(2, message, entry.length)
        _exit(2)
      }
    }
  }
}
