import Cells
import Foundation
import Island
import Outline
import Page
import TestSupport
import Testing

@testable import Reader
@testable import Terminal

/// A terminal that keeps what is written and says the size it is given.
final class ScriptedTerminal: TerminalDevice {
  var size: (columns: Int, rows: Int)
  var written = ""
  init(columns: Int, rows: Int) { size = (columns, rows) }
  func write(_ text: String) { written += text }
  func input(waiting milliseconds: Int32) -> [UInt8] { [] }
  var hasInput: Bool { false }
  var isGone: Bool { false }

  /// The rows of the last frame written, as the terminal shows their text.
  func lastFrame() -> [Int: String] {
    let frame = written.components(separatedBy: "\u{1B}[?2026h").last ?? ""
    var rows: [Int: String] = [:]
    for part in frame.components(separatedBy: "\u{1B}[").dropFirst() {
      // "R;1H" starts a row; anything else is a style inside one.
      guard let h = part.firstIndex(of: "H"),
        let row = Int(part[..<h].split(separator: ";").first ?? ""),
        part[..<h].hasSuffix(";1")
      else {
        if let last = rows.keys.max() { rows[last]! += "\u{1B}[" + part }
        continue
      }
      rows[row] = String(part[part.index(after: h)...])
    }
    return rows.mapValues { visibleText($0).replacingOccurrences(of: "[2K", with: "") }
  }
}

/// The pager driven by random keys, mouse reports and resizes: every frame
/// fits the terminal, nothing a terminal would obey comes from the
/// document, the top stays inside it, and a resize keeps the top byte.
@Suite struct ReaderPropertyTests {
  static func document() throws -> [UInt8] {
    var text = ""
    for name in ["beekeeping.md", "gfm-extras.md", "control-characters.md", "cjk.md", "emoji.md"] {
      text += try String(contentsOf: Fixtures.folder.appendingPathComponent(name), encoding: .utf8)
      text += "\n\n"
    }
    return Array(text.utf8)
  }

  @Test(arguments: 0..<8)
  func randomSessionsKeepTheirPromises(_ seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9)
    let bytes = try Self.document()
    var options = OutlineOptions()
    options.levels = 1...6
    let document = try Outliner.outline(bytes, path: nil, options: options)
    let page = try Page(
      bytes: bytes,
      options: PageOptions(drawing: seed % 3 == 2 ? .plain : .markdown, pieceSize: 2 << 10))
    let terminal = ScriptedTerminal(
      columns: Int(random.next() % 120) + 1, rows: Int(random.next() % 40) + 1)
    var session = ReadSession(
      terminal: terminal, page: page, look: ReadSession.Look(), motion: false,
      document: seed % 4 == 3 ? nil : document, outlined: { nil },
      startByte: Int(random.next() % UInt64(bytes.count)))
    let keys: [Key] =
      Array("jkfbdugG]}[{/?nNt%h=x 5am'v").map { .character($0) } + [
        .up, .down, .pageUp, .pageDown, .home, .end, .enter, .space, .escape, .backspace, .tab,
        .left, .right,
      ]
    for step in 0..<100 {
      let choice = random.next() % 20
      if choice == 0 {
        let before = session.state.topByte
        terminal.size = (Int(random.next() % 120) + 1, Int(random.next() % 40) + 1)
        session.resized()
        let line = try #require(page.line(at: session.state.top))
        #expect(
          line.bytes.lowerBound <= before
            && (before < line.bytes.upperBound || line.bytes.isEmpty
              || before == line.bytes.lowerBound || session.state.top == page.last),
          "seed \(seed) step \(step): the top byte \(before) left the top line \(line.bytes)")
      } else if choice == 1 {
        let row = Int(random.next() % UInt64(terminal.size.rows)) + 1
        let column = Int(random.next() % UInt64(terminal.size.columns)) + 1
        let button = [0, 64, 65][Int(random.next() % 3)]
        _ = session.handle(.mouse(button: button, column: column, row: row, pressed: false))
      } else {
        let key = keys[Int(random.next() % UInt64(keys.count))]
        if key == .character("q") { continue }
        _ = session.handle(.key(key))
      }
      terminal.written = ""
      session.draw()
      for (row, text) in terminal.lastFrame() {
        #expect(row >= 1 && row <= terminal.size.rows, "seed \(seed): row \(row) drawn")
        #expect(
          Cells.width(of: text) <= terminal.size.columns,
          "seed \(seed) step \(step): row \(row) is \(Cells.width(of: text)) cells in \(terminal.size.columns): \(text)"
        )
        #expect(
          !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
          "seed \(seed): a control character reaches the terminal on row \(row)")
      }
      #expect((0...bytes.count).contains(session.state.topByte))
    }
  }
}

/// Inputs the reader's fuzz target found, kept as tests.
@Suite struct ReaderRegressionTests {
  /// A long count typed (`777…`) in a window of a few columns: the bottom
  /// row shows it cut to fit.
  @Test func aLongCountInANarrowWindowFits() throws {
    let bytes = Array("<h1>x77777777777".utf8)
    var options = OutlineOptions()
    options.format = .html
    let document = try Outliner.outline(bytes, path: nil, options: options)
    let page = try Page(bytes: bytes, options: PageOptions(drawing: .html))
    let terminal = ScriptedTerminal(columns: 4, rows: 3)
    var session = ReadSession(
      terminal: terminal, page: page, look: ReadSession.Look(), motion: false,
      document: document, outlined: { nil }, startByte: bytes.count / 2)
    for key in Array(repeating: Key.character("7"), count: 30) + [.character("<")] {
      _ = session.handle(.key(key))
      terminal.written = ""
      session.draw()
      for (row, text) in terminal.lastFrame() {
        #expect(Cells.width(of: text) <= 4, "row \(row): '\(text)'")
      }
    }
  }

  /// A one-column window, over a line that starts with a combining mark:
  /// every row fits. (The fuzz target's check split the frame by
  /// characters, and a mark after the `K` of `ESC [ 2 K` hid a row's start:
  /// its check now splits bytes.)
  @Test func aOneColumnWindowFits() throws {
    let bytes: [UInt8] = [
      0x0A, 0x2D, 0x20, 0x23, 0x20, 0x4F, 0x6E, 0x65, 0x0A, 0x23, 0x20, 0x54, 0x77, 0x6F, 0x0A,
      0x0A, 0x7C, 0x20, 0x61, 0x20, 0x7C, 0x20, 0x62, 0x20, 0x7C, 0x6E, 0x65, 0x0A, 0x04, 0x00,
      0x00, 0x00, 0x0A, 0x77, 0x6F, 0x72, 0x64, 0x0A, 0x2D, 0x0A, 0x7C, 0x20, 0x61, 0x20, 0x7C,
      0x20, 0x62, 0x20, 0x7C, 0x6E, 0x65, 0x0A, 0x04, 0x00, 0x44, 0x00, 0x00, 0x00, 0x6F, 0x72,
      0x64, 0x0A, 0xCC, 0xAF, 0x2D,
    ]
    let document = try Outliner.outline(bytes, path: nil)
    let page = try Page(bytes: bytes, options: PageOptions(drawing: .markdown))
    let terminal = ScriptedTerminal(columns: 1, rows: 59)
    let session = ReadSession(
      terminal: terminal, page: page, look: ReadSession.Look(),
      document: document, outlined: { nil }, startByte: bytes.count / 2)
    session.draw()
    for (row, text) in terminal.lastFrame() {
      #expect(Cells.width(of: text) <= 1, "row \(row): '\(text)'")
    }

  }
}
