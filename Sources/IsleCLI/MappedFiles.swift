import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The files mapped now, so that the SIGBUS of a file cut short while it
/// is mapped becomes a one-line error naming it. Entries are plain memory
/// that the crash handler reads without a lock; they change under one.
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
  private static let changing = Mutex(())

  static func remember(start: UnsafePointer<UInt8>, count: Int, name: String) {
    CrashSignals.install()
    let text = "isle: error: \(name): changed while it was read (it is shorter now)\n"
    changing.withLock { _ in
      for index in 0..<capacity where entries[index].message == nil {
        entries[index] = Entry(
          start: UInt(bitPattern: start), end: UInt(bitPattern: start) + UInt(count),
          message: strdup(text), length: text.utf8.count)
        return
      }
    }
  }

  static func forget(start: UnsafePointer<UInt8>) {
    changing.withLock { _ in
      for index in 0..<capacity where entries[index].start == UInt(bitPattern: start) {
        let message = entries[index].message
        entries[index] = Entry()
        free(message)
      }
    }
  }

  /// For the crash handler: when `address` lies in a mapped file, writes
  /// the error naming it and ends with status 2. Async-signal-safe.
  static func endIfMapped(_ address: UInt) {
    for index in 0..<capacity {
      let entry = entries[index]
      if entry.start <= address && address < entry.end, let message = entry.message {
        _ = write(2, message, entry.length)
        _exit(2)
      }
    }
  }
}
