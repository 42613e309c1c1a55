import Cells
import Island
import Outline
import Page
import Terminal

@testable import Reader

// libFuzzer: the pager driven by raw terminal bytes over a document of the
// input's own. Input: a byte of columns, a byte of rows, a byte choosing
// Markdown, HTML or the source as it is, two bytes of document length,
// the document, then the bytes a terminal would send (0xFE and two bytes:
// a resize), decoded as the pager decodes them. Every row of every frame
// must fit the terminal, no control character may come from the document,
// and a resize keeps the top line's byte.

final class FuzzTerminal: TerminalDevice {
  var size: (columns: Int, rows: Int)
  var written = ""
  init(columns: Int, rows: Int) { size = (columns, rows) }
  func write(_ text: String) { written += text }
  func input(waiting milliseconds: Int32) -> [UInt8] { [] }
  var hasInput: Bool { false }
  var isGone: Bool { false }
}

/// Text without its CSI sequences, as a terminal lays it out.
func visible(_ text: String) -> String {
  var result = ""
  var inEscape = false
  for scalar in text.unicodeScalars {
    if inEscape {
      if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      continue
    }
    if scalar == "\u{1B}" {
      inEscape = true
      continue
    }
    result.unicodeScalars.append(scalar)
  }
  return result
}

/// `text` cut at each `separator`, byte by byte: a String's own split
/// compares characters, and a combining mark after `K` would hide an
/// `ESC [ 2 K` inside one.
func pieces(_ text: String, _ separator: String) -> [String] {
  let bytes = Array(text.utf8)
  let cut = Array(separator.utf8)
  var parts: [String] = []
  var start = 0
  var index = 0
  while index + cut.count <= bytes.count {
    if bytes[index..<index + cut.count].elementsEqual(cut) {
      parts.append(String(decoding: bytes[start..<index], as: UTF8.self))
      index += cut.count
      start = index
    } else {
      index += 1
    }
  }
  parts.append(String(decoding: bytes[start...], as: UTF8.self))
  return parts
}

/// Checks each row of the frames in `written` (each row starts by
/// clearing its line).
func check(_ written: String, columns: Int) {
  for frame in pieces(written, "\u{1B}[?2026h").dropFirst() {
    for part in pieces(frame, "\u{1B}[2K").dropFirst() {
      let row = visible(part)
      precondition(Cells.width(of: row) <= columns, "a row wider than the terminal: \(row)")
      precondition(
        !row.unicodeScalars.contains { $0.value < 0x20 || (0x80...0x9F).contains($0.value) })
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 5 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let terminal = FuzzTerminal(columns: Int(bytes[0]) % 200 + 1, rows: Int(bytes[1]) % 60 + 1)
  let format: PageFormat = [.markdown, .html, .plain][Int(bytes[2]) % 3]
  let length = min((Int(bytes[3]) << 8 | Int(bytes[4])) % 8192, bytes.count - 5)
  let text = Array(bytes[5..<5 + length])
  var options = OutlineOptions()
  options.format = format == .html ? .html : .markdown
  let document = try? Outliner.outline(text, path: nil, options: options)
  let page = Page(
    size: text.count, format: format, width: 80,
    cuts: Page.cuts(of: text.span, format: format, every: 256),
    definitions: format == .markdown ? LinkDefinitions(of: text.span) : LinkDefinitions()
  ) { Array(text[$0]) }
  var session = ReadSession(
    terminal: terminal, page: page, look: ReadSession.Look(), motion: false,
    document: document, outlined: { nil }, startByte: length / 2)
  var decoder = KeyDecoder()
  var position = 5 + length
  session.draw()
  check(terminal.written, columns: terminal.size.columns)
  while position < bytes.count {
    terminal.written = ""
    var inputs: [TerminalInput] = []
    if bytes[position] == 0xFE && position + 2 < bytes.count {
      let before = session.state.topByte
      terminal.size = (Int(bytes[position + 1]) % 200 + 1, Int(bytes[position + 2]) % 60 + 1)
      session.resized()
      if let line = page.line(at: session.state.top) {
        precondition(line.bytes.lowerBound <= before)
      }
      position += 3
    } else {
      let length = Int(bytes[position]) % 7 + 1
      inputs = decoder.feed(Array(bytes[position..<min(position + length, bytes.count)]))
      position += length
    }
    for input in inputs {
      if session.handle(input) != nil { return 0 }
    }
    session.draw()
    check(terminal.written, columns: terminal.size.columns)
  }
  return 0
}
