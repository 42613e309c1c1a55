/// The stdio transport's framing as the Model Context Protocol has it: one
/// message a line. Bytes go in as they arrive, in any pieces; whole lines
/// come out. Each byte is looked at once, so a line of any length is read
/// in time linear in it; and a line longer than `maxLine` is not kept: its
/// bytes are dropped as they come, up to its end, and it comes out as
/// `.tooLong` (the server answers that with an error and reads on).
public struct LineFramer: Sendable {
  /// What comes out: a line (without its `\n`), or the length of one past
  /// the limit.
  public enum Line: Sendable, Equatable {
    case line([UInt8])
    case tooLong(Int)
  }

  /// The longest line kept: 16 MiB. A tool call is a few hundred bytes;
  /// a longer line is a broken or hostile client, not a request to hold it.
  public static let maxLine = 1 << 24

  /// The longest line this framer keeps.
  public let limit: Int
  private var buffer: [UInt8] = []
  /// Where the unread bytes start in `buffer`.
  private var start = 0
  /// Where the search for the next `\n` goes on: the bytes before it hold
  /// none.
  private var scanned = 0
  /// The bytes dropped so far of a line past the limit; nil when none is.
  private var dropped: Int? = nil

  /// A framer keeping lines of at most `limit` bytes.
  public init(limit: Int = maxLine) {
    self.limit = limit
  }

  /// Adds bytes read from the stream.
  public mutating func append(_ bytes: some Collection<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      scanned -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next whole line, or nil until more bytes come.
  public mutating func next() -> Line? {
    if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
      let count = newline - start
      let line = Array(buffer[start..<newline])
      start = newline + 1
      scanned = start
      if let before = dropped {
        dropped = nil
        return .tooLong(before + count)
      }
      return count > limit ? .tooLong(count) : .line(line)
    }
    scanned = buffer.count
    if dropped != nil || buffer.count - start > limit {
      dropped = (dropped ?? 0) + buffer.count - start
      buffer = []
      start = 0
      scanned = 0
    }
    return nil
  }

  /// What is left at the end of the stream: a last line without its `\n`,
  /// if any.
  public mutating func finish() -> Line? {
    defer {
      buffer = []
      start = 0
      scanned = 0
      dropped = nil
    }
    if let before = dropped { return .tooLong(before + buffer.count - start) }
    guard start < buffer.count else { return nil }
    let count = buffer.count - start
    return count > limit ? .tooLong(count) : .line(Array(buffer[start...]))
  }
}
