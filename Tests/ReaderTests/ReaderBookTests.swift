import Cells
import Foundation
import Island
import Outline
import Page
import TestSupport
import Testing

@testable import Reader
@testable import Terminal

/// A book in the pager: `]` and `[` go on into the next and back into the
/// previous chapter, random keys keep the chapter and its outline together,
/// and the contents are the book's.
@Suite struct ReaderBookTests {
  /// Chapters made of fixtures (one with no heading at all), with their
  /// pages laid out from the same bytes, and a session on the first.
  static func book(columns: Int = 80, rows: Int = 24) throws -> (
    ReadSession, ScriptedTerminal, [[UInt8]]
  ) {
    let names = ["recipe.md", "no-headings.md", "beekeeping.md", "cjk.md"]
    var options = OutlineOptions()
    options.levels = 1...6
    var chapters: [ReaderBook.Chapter] = []
    var rowsOfContents: [ReaderBook.Row] = []
    var texts: [[UInt8]] = []
    for (index, name) in names.enumerated() {
      let bytes = Array(try Data(contentsOf: Fixtures.folder.appendingPathComponent(name)))
      let document = try Outliner.outline(bytes, path: nil, options: options)
      texts.append(bytes)
      chapters.append(ReaderBook.Chapter(title: name, path: name, document: document))
      rowsOfContents.append(
        ReaderBook.Row(row: .init(kind: .chapter, title: name, depth: 0), chapter: index, byte: 0))
      for section in document.sections {
        rowsOfContents.append(
          ReaderBook.Row(
            row: .init(kind: .heading, title: section.title, depth: 1), chapter: index,
            byte: section.offset))
      }
    }
    func page(_ index: Int) -> Page {
      try! Page(bytes: texts[index], options: PageOptions(drawing: .markdown, pieceSize: 2 << 10))
    }
    let terminal = ScriptedTerminal(columns: columns, rows: rows)
    var session = ReadSession(
      terminal: terminal, page: page(0), look: ReadSession.Look(), motion: false,
      document: chapters[0].document, outlined: { nil }, startByte: 0)
    session.state.book = ReaderBook(chapters: chapters, rows: rowsOfContents, current: 0)
    session.opener = { .success(page($0)) }
    return (session, terminal, texts)
  }

  /// The section the island names: its chapter and index there.
  static func named(_ session: ReadSession) -> (chapter: Int, section: Int?) {
    let state = session.state
    return (state.book!.current, state.place(in: state.document!).currentIndex)
  }

  @Test func bracketsReadOnIntoTheNextChapterAndBack() throws {
    var (session, _, _) = try Self.book(rows: 8)
    let chapters = session.state.book!.chapters
    var forward: [Int] = [0]
    for _ in 0..<200 {
      _ = session.handle(.key(.character("]")))
      let (chapter, section) = Self.named(session)
      if chapter != forward.last! {
        forward.append(chapter)
        // A new chapter opens at its top.
        #expect(session.state.topByte == 0, "chapter \(chapter) opens at its top")
      }
      #expect(session.state.document?.sections == chapters[chapter].document.sections)
      if chapter == chapters.count - 1, section == chapters[chapter].document.sections.count - 1 {
        break
      }
    }
    #expect(forward == Array(chapters.indices), "] went through every chapter in order")
    _ = session.handle(.key(.character("]")))
    #expect(session.state.message == "the end of the book")
    var backward: [Int] = [forward.last!]
    for _ in 0..<200 {
      let before = Self.named(session).chapter
      _ = session.handle(.key(.character("[")))
      let (chapter, section) = Self.named(session)
      if chapter != before {
        backward.append(chapter)
        // Back into the previous chapter's last section (none in a chapter
        // without headings: its top).
        let sections = chapters[chapter].document.sections
        #expect(section == (sections.isEmpty ? nil : sections.count - 1))
        #expect(session.state.topByte == (sections.last?.offset ?? 0))
      }
      if chapter == 0 && session.state.message == "the start of the book" { break }
    }
    #expect(backward == Array(chapters.indices.reversed()), "[ came back through them")
  }

  /// The contents are the book's, opened on the row of the section being
  /// read; picking a row of another chapter reads that chapter there.
  @Test func theContentsAreTheBooksAndGoToAnyChapter() throws {
    var (session, terminal, _) = try Self.book(rows: 30)
    let book = session.state.book!
    _ = session.handle(.key(.character("t")))
    guard case .contents(let picker) = session.state.mode else {
      Issue.record("the contents did not open")
      return
    }
    #expect(book.rows[picker.selected!].chapter == 0, "opened on the first chapter")
    terminal.written = ""
    session.draw()
    let shown = visibleText(terminal.written)
    #expect(shown.contains("recipe.md") && shown.contains("beekeeping.md"), "\(shown)")
    for character in "beekeeping" { _ = session.handle(.key(.character(character))) }
    _ = session.handle(.key(.enter))
    let target = book.rows.firstIndex { $0.row.title == "beekeeping.md" }!
    #expect(session.state.book?.current == book.rows[target].chapter)
    #expect(session.state.topByte == 0)
    _ = session.handle(.key(.character("]")))
    _ = session.handle(.key(.character("t")))
    guard case .contents(let reopened) = session.state.mode else {
      Issue.record("the contents did not open again")
      return
    }
    let row = book.rows[reopened.selected!]
    #expect(row.chapter == 2 && row.row.kind == .heading, "on the section read")
  }

  /// Random keys: the outline is always the chapter's, every frame fits,
  /// and the top stays inside the chapter's page.
  @Test(arguments: 0..<6)
  func randomKeysKeepTheChapterAndItsOutlineTogether(_ seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9 &+ 7)
    let columns = Int(random.next() % 100) + 3
    let rows = Int(random.next() % 30) + 2
    var (session, terminal, texts) = try Self.book(columns: columns, rows: rows)
    let keys: [Key] =
      Array("jkfbgG]][[}{t5ma'x").map { .character($0) } + [.down, .up, .enter, .escape, .tab]
    for step in 0..<150 {
      let key = keys[Int(random.next() % UInt64(keys.count))]
      _ = session.handle(.key(key))
      let book = try #require(session.state.book)
      #expect(book.chapters.indices.contains(book.current))
      #expect(
        session.state.document?.sections == book.chapters[book.current].document.sections,
        "seed \(seed) step \(step)")
      #expect((0...texts[book.current].count).contains(session.state.topByte))
      terminal.written = ""
      session.draw()
      for (_, text) in terminal.lastFrame() {
        #expect(Cells.width(of: text) <= columns, "seed \(seed) step \(step): \(text)")
      }
    }
  }

  /// `{` before a chapter's first section goes back to the previous
  /// chapter's last section at its top level, as `}` goes on to the next
  /// one's top; `[` to its very last section.
  @Test func braceBackIntoThePreviousChapterIsAtItsTopLevel() throws {
    for (key, expected) in [("{", 0), ("[", 5)] {
      var (session, _, _) = try Self.book(rows: 8)
      let chapters = session.state.book!.chapters
      session.state.open(chapter: 3, page: try session.opener(3).get(), byte: 0)
      _ = session.handle(.key(.character(Character(key))))
      let (chapter, section) = Self.named(session)
      #expect(chapter == 2, "\(key) went back into chapter 2")
      let sections = chapters[2].document.sections
      #expect(section == expected, "\(key): \(section.map { sections[$0].title } ?? "none")")
      #expect(sections[expected].level == (key == "{" ? sections.map(\.level).min() : 2))
    }
  }

  /// `''` after a step into another chapter goes back to where it started,
  /// in the chapter left, and `''` again returns.
  @Test func backQuoteGoesBackAcrossAChapter() throws {
    var (session, _, _) = try Self.book(rows: 8)
    var left = (chapter: 0, byte: 0)
    for _ in 0..<50 where session.state.book!.current == 0 {
      left = (0, session.state.topByte)
      _ = session.handle(.key(.character("]")))
    }
    let arrived = (chapter: session.state.book!.current, byte: session.state.topByte)
    #expect(arrived.chapter == 1)
    _ = session.handle(.key(.character("'")))
    _ = session.handle(.key(.character("'")))
    #expect(session.state.message == nil, "\(session.state.message ?? "")")
    #expect(session.state.book!.current == left.chapter)
    #expect(session.state.topByte == left.byte)
    _ = session.handle(.key(.character("'")))
    _ = session.handle(.key(.character("'")))
    #expect(session.state.book!.current == arrived.chapter)
    #expect(session.state.topByte == arrived.byte)
  }

  /// A chapter whose file is missing: its row says so when picked, and
  /// the page stays where it was.
  @Test func aMissingChapterIsNotOpenedWhenPicked() throws {
    var (session, _, _) = try Self.book(rows: 8)
    let row = ReaderBook.Row(
      row: .init(kind: .missing, title: "Gone", depth: 0), chapter: 1, byte: 0)
    #expect(session.state.pick(row) == .going)
    #expect(session.state.book!.current == 0)
    #expect(session.state.message?.contains("no file to read for 'Gone'") == true)
  }
}
