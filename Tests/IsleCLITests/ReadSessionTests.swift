import Cells
import Foundation
import Island
import Outline
import Page
import Progress
import TestSupport
import Testing

@testable import IsleCLI

/// The pager's session driven by keys on a scripted terminal: what the
/// reader sees after them.
@Suite struct ReadSessionTests {
  /// A session on `text` in a terminal `columns` × `rows`, at `startByte`.
  static func session(
    _ text: String, columns: Int = 80, rows: Int = 24, startByte: Int = 0,
    format: PageFormat = .markdown, options: ReadOptions = ReadOptions()
  ) throws -> (ReadSession, ScriptedTerminal, Document) {
    let bytes = Array(text.utf8)
    var outlineOptions = OutlineOptions()
    outlineOptions.levels = 1...6
    let document = try Outliner.outline(bytes, path: nil, options: outlineOptions)
    let page = Page(
      size: bytes.count, format: format, width: 80,
      cuts: Page.cuts(of: bytes.span, format: format, every: 2 << 10)
    ) { Array(bytes[$0]) }
    let terminal = ScriptedTerminal(columns: columns, rows: rows)
    var options = options
    options.reduceMotion = true
    let session = ReadSession(
      terminal: terminal, page: page,
      display: Display(copy: Wording(), theme: .plain, width: 80, showsTop: true),
      options: options, document: document, outlined: { nil }, startByte: startByte)
    return (session, terminal, document)
  }

  static func fixture(_ name: String) throws -> String {
    try String(contentsOf: Harness.fixtures.appendingPathComponent(name), encoding: .utf8)
  }

  /// The contents opened from the page say as much read as the island:
  /// at the end, all of it, though the last section's heading is not at
  /// the end.
  @Test func theContentsSayHowMuchIsReadAsTheIslandDoes() throws {
    var (session, terminal, document) = try Self.session(
      try Self.fixture("beekeeping.md"), rows: 12)
    _ = session.handle(.key(.character("G")))
    let reading = session.place(in: document)
    var arrival = Place.locate(.line(document.sections.last!.line), in: document)
    arrival.currentIndex = document.sections.count - 1
    try #require(Wording.percent(reading.fraction) != Wording.percent(arrival.fraction))
    _ = session.handle(.key(.character("t")))
    terminal.written = ""
    session.draw()
    let bar = terminal.lastFrame()[12] ?? ""
    #expect(bar.contains("\(Wording.percent(reading.fraction))% read"), "\(bar)")
  }
}
