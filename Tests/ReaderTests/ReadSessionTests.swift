import Cells
import Foundation
import Island
import Outline
import Page
import Progress
import TestSupport
import Testing

@testable import Reader
@testable import Terminal

/// The pager's session driven by keys on a scripted terminal: what the
/// reader sees after them.
@Suite struct ReadSessionTests {
  /// A session on `text` in a terminal `columns` × `rows`, at `startByte`.
  static func session(
    _ text: String, columns: Int = 80, rows: Int = 24, startByte: Int = 0,
    format: PageFormat = .markdown
  ) throws -> (ReadSession, ScriptedTerminal, Document) {
    let bytes = Array(text.utf8)
    var outlineOptions = OutlineOptions()
    outlineOptions.levels = 1...6
    let document = try Outliner.outline(bytes, path: nil, options: outlineOptions)
    let page = try Page(bytes: bytes, options: PageOptions(drawing: format, pieceSize: 2 << 10))
    let terminal = ScriptedTerminal(columns: columns, rows: rows)
    let session = ReadSession(
      terminal: terminal, page: page, look: ReadSession.Look(), motion: false,
      document: document, outlined: { nil }, startByte: startByte)
    return (session, terminal, document)
  }

  static func fixture(_ name: String) throws -> String {
    try String(contentsOf: Fixtures.folder.appendingPathComponent(name), encoding: .utf8)
  }

  /// The contents opened from the page say as much read as the island:
  /// at the end, all of it, though the last section's heading is not at
  /// the end.
  @Test func theContentsSayHowMuchIsReadAsTheIslandDoes() throws {
    var (session, terminal, document) = try Self.session(
      try Self.fixture("beekeeping.md"), rows: 12)
    _ = session.handle(.key(.character("G")))
    let reading = session.state.place(in: document)
    var arrival = Place.locate(.line(document.sections.last!.line), in: document)
    arrival.currentIndex = document.sections.count - 1
    try #require(Wording.percent(reading.fraction) != Wording.percent(arrival.fraction))
    _ = session.handle(.key(.character("t")))
    terminal.written = ""
    session.draw()
    let bar = terminal.lastFrame()[12] ?? ""
    #expect(bar.contains("\(Wording.percent(reading.fraction))% read"), "\(bar)")
  }

  /// `/` finds words the wrap put on two lines, lights both parts, and
  /// `n` goes on to the next match.
  @Test func aSearchFindsAndLightsAMatchAcrossABreak() throws {
    let words = (1...30).map { "word\($0)" }.joined(separator: " ")
    var (session, terminal, _) = try Self.session(
      "# Top\n\n" + words + "\n\nlater " + words + "\n", columns: 30, rows: 10)
    // The last word of a line and the first of the next.
    var spot = session.state.page.first
    while session.state.page.line(at: spot)?.continues == nil {
      spot = session.state.page.moved(spot, by: 1)
    }
    let before = try #require(session.state.page.line(at: spot)?.text.split(separator: " ").last)
    let after = try #require(
      session.state.page.line(at: session.state.page.moved(spot, by: 1))?.text.split(separator: " ")
        .first)
    let query = before + " " + after
    for key in ["/"] + query.map(String.init) {
      _ = session.handle(.key(key == " " ? .space : .character(Character(key))))
    }
    _ = session.handle(.key(.enter))
    terminal.written = ""
    session.draw()
    let frame = terminal.lastFrame()
    let top = try #require(session.state.page.line(at: session.state.top))
    #expect(top.text.hasSuffix(before), "the match's first line is at the top: \(top.text)")
    #expect(terminal.written.contains("\u{1B}[7m\(before)\u{1B}[0m"))
    #expect(terminal.written.contains("\u{1B}[7m\(after)\u{1B}[0m"))
    #expect(frame[2]?.hasPrefix(" \(after)") == true, "\(frame)")
    let first = session.state.top
    _ = session.handle(.key(.character("n")))
    let next = try #require(session.state.page.line(at: session.state.top))
    #expect(
      session.state.top > first && next.text.split(separator: " ").contains(before), "\(next.text)")
  }

  /// Code and a table wider than the page are not cut: → scrolls them
  /// sideways to their ends (prose stays), ← scrolls back.
  @Test func wideCodeAndTablesScrollSideways() throws {
    let long = (1...12).map { "step\($0)" }.joined(separator: "; ")
    let table =
      "| one | two | three |\n| --- | --- | --- |\n"
      + "| a cell of some width | another of about as much | and the last cell |\n"
    let text = "# Top\n\nSome prose to read.\n\n```sh\n" + long + "\n```\n\n" + table
    var (session, terminal, _) = try Self.session(text, columns: 40, rows: 20)
    func screen() -> String {
      terminal.written = ""
      session.draw()
      return terminal.lastFrame().sorted { $0.key < $1.key }.map(\.value).joined(separator: "\n")
    }
    let first = screen()
    #expect(first.contains("→") && !first.contains("step12") && !first.contains("last cell"))
    for _ in 0..<10 { _ = session.handle(.key(.right)) }
    let right = screen()
    #expect(right.contains("step12"), "the code's end comes into view: \(right)")
    #expect(right.contains("the last cell"), "the table's too: \(right)")
    #expect(right.contains(" Some prose to read."), "prose stays where it is")
    #expect(right.contains("←"))
    for line in terminal.lastFrame().values {
      #expect(Cells.width(of: line) <= 40, "\(line)")
    }
    for _ in 0..<10 { _ = session.handle(.key(.left)) }
    #expect(screen() == first)
    // A window wide enough for all of it takes the scroll back.
    for _ in 0..<10 { _ = session.handle(.key(.right)) }
    terminal.size = (160, 20)
    session.resized()
    #expect(session.state.shift == 0 && !screen().contains("←"))
    terminal.size = (40, 20)
    session.resized()
    // A match out of view sideways is scrolled into view.
    for character in "/step11" { _ = session.handle(.key(.character(character))) }
    _ = session.handle(.key(.enter))
    #expect(screen().contains("step11"), "\(screen())")
  }

  /// `v` on standard input, which no editor can open, says so and the
  /// page stays.
  @Test func theEditorCannotOpenStandardInput() throws {
    var (session, terminal, _) = try Self.session(try Self.fixture("recipe.md"), rows: 10)
    #expect(session.handle(.key(.character("v"))) == nil)
    terminal.written = ""
    session.draw()
    #expect(terminal.lastFrame()[10] == " standard input cannot be opened in an editor")
    session.state.editable = true
    #expect(session.handle(.key(.character("v"))) == .edit(line: 1))
  }

  /// A search longer than the bottom row shows its end, where the typing
  /// is, not its start.
  @Test func aLongSearchShowsItsEnd() throws {
    var (session, terminal, _) = try Self.session(try Self.fixture("recipe.md"), columns: 20)
    for character in "/a search wider than the row ends here" {
      _ = session.handle(.key(character == " " ? .space : .character(character)))
    }
    terminal.written = ""
    session.draw()
    let row = try #require(terminal.lastFrame()[24])
    #expect(row.hasSuffix("ends here") && row.contains("/…"), "\(row)")
    #expect(Cells.width(of: row) <= 20)
  }
}
