import Files

#if canImport(Glibc)
  import Glibc
#endif

/// The lines of a stream (standard input) read a batch at a time, so that
/// a pipe of millions of records is never held whole: each batch is
/// answered and written before the next is read.
public struct LineReader {
  /// One line, without its line ending, and its number from 1.
  public struct Line: Sendable {
    public var number: Int
    public var bytes: [UInt8]
  }

  private let descriptor: Int32
  private let name: String
  /// Bytes read and not yet handed out, from `start`.
  private var buffer: [UInt8] = []
  private var start = 0
  private var ended = false
  private var number = 0

  /// The bytes read at once.
  static let chunk = 1 << 20

  /// Lines from `descriptor`, `name` in errors (`<stdin>`).
  public init(descriptor: Int32, name: String = "<stdin>") {
    self.descriptor = descriptor
    self.name = name
  }

  /// The next lines, up to `count` of them or past `bytes` bytes (at least
  /// one); blank lines are counted but not given. Nil at the end; an
  /// error reading is a `LoadError` naming the stream.
  public mutating func batch(count: Int, bytes: Int) throws -> [Line]? {
    var lines: [Line] = []
    var size = 0
    while lines.count < count && size < bytes {
      guard let line = try next() else { break }
      size += line.bytes.count
      if !line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { lines.append(line) }
    }
    return lines.isEmpty && ended && start == buffer.count ? nil : lines
  }

  /// The next line, blank or not; nil at the end.
  private mutating func next() throws -> Line? {
    while true {
      let end = buffer.withUnsafeBufferPointer { all -> Int? in
        guard start < all.count,
          let found = memchr(all.baseAddress! + start, 0x0A, all.count - start)
        else { return nil }
        return all.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      if let end {
        return take(upTo: end, skipping: 1)
      }
      if ended {
        return start < buffer.count ? take(upTo: buffer.count, skipping: 0) : nil
      }
      try fill()
    }
  }

  /// The line from `start` to `end` (a carriage return before it left
  /// out), `skipping` the line feed after it.
  private mutating func take(upTo end: Int, skipping: Int) -> Line {
    var last = end
    if last > start, buffer[last - 1] == 0x0D { last -= 1 }
    number += 1
    let line = Line(number: number, bytes: Array(buffer[start..<last]))
    start = end + skipping
    return line
  }

  /// Reads another chunk after what is left.
  private mutating func fill() throws {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    let old = buffer.count
    buffer.reserveCapacity(old + Self.chunk)
    buffer.append(contentsOf: repeatElement(0, count: Self.chunk))
    var got = 0
    repeat {
      got = buffer.withUnsafeMutableBufferPointer { all in
        read(descriptor, all.baseAddress! + old, Self.chunk)
      }
    } while got < 0 && errno == EINTR
    guard got >= 0 else {
      let code = errno
      buffer.removeSubrange(old...)
      throw LoadError(name: name, code: code)
    }
    buffer.removeSubrange((old + got)...)
    if got == 0 { ended = true }
  }
}
