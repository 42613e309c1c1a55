/// How messages are cut out of a stream: the Language Server Protocol's
/// headers with a `Content-Length` (`MessageFramer`), or one message a
/// line as the Model Context Protocol's stdio transport has it
/// (`LineFramer`, lines of at most 16 MiB).
public enum Framing: Sendable {
  case contentLength
  case lines

  /// `body` framed for the stream.
  public func frame(_ body: [UInt8]) -> [UInt8] {
    switch self {
    case .contentLength: return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    case .lines: return body + [0x0A]
    }
  }
}

/// What the reading thread cuts from the stream: a message's body; one
/// that could not be read, answered with an error in its turn while the
/// stream is read on (a line past the limit); or the end of what can be
/// read (headers that are not the protocol's).
enum Frame {
  case body([UInt8])
  case refused(ResponseError)
  case broken(FramingError)
}

/// A stream read in either framing: bytes in, in any pieces; frames out.
struct FrameReader {
  private var headed = MessageFramer()
  private var lined = LineFramer()
  let framing: Framing
  /// True once the stream cannot be read further.
  private var broken = false

  init(_ framing: Framing) {
    self.framing = framing
  }

  mutating func append(_ bytes: [UInt8]) {
    switch framing {
    case .contentLength: headed.append(bytes)
    case .lines: lined.append(bytes)
    }
  }

  /// The next frame, or nil until more bytes come.
  mutating func next() -> Frame? {
    guard !broken else { return nil }
    switch framing {
    case .contentLength:
      do throws(FramingError) {
        return try headed.next().map(Frame.body)
      } catch {
        broken = true
        return .broken(error)
      }
    case .lines:
      while let line = lined.next() {
        if let frame = Self.frame(line) { return frame }
      }
      return nil
    }
  }

  /// What is left at the end of the stream: a last line without its
  /// `\n`.
  mutating func finish() -> Frame? {
    guard framing == .lines, let line = lined.finish() else { return nil }
    return Self.frame(line)
  }

  /// A line as a frame: its trailing white space (a `\r` before the `\n`)
  /// dropped, and nothing for a blank line.
  private static func frame(_ line: LineFramer.Line) -> Frame? {
    switch line {
    case .line(var body):
      while let last = body.last, last == 0x0D || last == 0x20 || last == 0x09 {
        body.removeLast()
      }
      return body.isEmpty ? nil : .body(body)
    case .tooLong(let count):
      return .refused(
        .invalidRequest(
          "a message of \(count) bytes, past the limit of \(LineFramer.maxLine) bytes a "
            + "line may hold: it was not read"))
    }
  }
}
