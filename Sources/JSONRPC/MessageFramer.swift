/// The base protocol's framing: each message is headers (`Content-Length:
/// N`, maybe `Content-Type`), a blank line, then N bytes of JSON. Bytes go
/// in as they arrive, in any pieces; whole message bodies come out.
public struct MessageFramer: Sendable {
  private var buffer: [UInt8] = []
  /// Where the unread bytes start in `buffer`.
  private var start = 0

  /// The largest body read: an editor sends a document whole at most, and
  /// a length past this is a broken or hostile stream, not a request to
  /// allocate it.
  public static let maxBody = 1 << 30
  /// The most header bytes before the blank line.
  static let maxHeader = 8192

  /// A framer with nothing read yet.
  public init() {}

  /// Adds bytes read from the stream.
  public mutating func append(_ bytes: some Sequence<UInt8>) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next whole body, or nil until more bytes come; an error when the
  /// headers are not the protocol's, after which the stream cannot be read.
  public mutating func next() throws(FramingError) -> [UInt8]? {
    guard let end = headerEnd() else {
      guard buffer.count - start <= Self.maxHeader else {
        throw FramingError(problem: "no blank line after \(Self.maxHeader) bytes of headers")
      }
      return nil
    }
    var length: Int? = nil
    let header = String(decoding: buffer[start..<end], as: UTF8.self)
    for line in header.split(separator: "\r\n") where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else {
        throw FramingError(problem: "a header without ':'")
      }
      let name = line[..<colon].lowercased()
      var value = line[line.index(after: colon)...]
      while value.first == " " || value.first == "\t" { value.removeFirst() }
      while value.last == " " || value.last == "\t" { value.removeLast() }
      if name == "content-length" {
        guard let number = Int(value), number >= 0 else {
          throw FramingError(problem: "Content-Length '\(value)' is not a length")
        }
        guard number <= Self.maxBody else {
          throw FramingError(
            problem: "Content-Length \(number) is over the limit of \(Self.maxBody) bytes")
        }
        length = number
      }
    }
    guard let length else { throw FramingError(problem: "a message without Content-Length") }
    let bodyStart = end + 4
    guard buffer.count - bodyStart >= length else { return nil }
    let body = Array(buffer[bodyStart..<(bodyStart + length)])
    start = bodyStart + length
    return body
  }

  /// The offset of the `\r\n\r\n` that ends the headers.
  private func headerEnd() -> Int? {
    var index = start
    while index + 3 < buffer.count {
      if buffer[index] == 0x0D && buffer[index + 1] == 0x0A && buffer[index + 2] == 0x0D
        && buffer[index + 3] == 0x0A
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// `body` framed for the stream.
  public static func frame(_ body: String) -> [UInt8] {
    Array("Content-Length: \(body.utf8.count)\r\n\r\n".utf8) + Array(body.utf8)
  }
}
