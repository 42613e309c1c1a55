import Island
import Outline

/// A book as the pager reads it: its chapters that have a file, each with
/// its outline, the one being read, and the rows of the book's contents
/// with where each goes. The pager holds one chapter's page at a time;
/// `]` past a chapter's last section and `[` before its first ask the
/// session for the next or the previous one (`ReaderOutcome.chapter`).
public struct ReaderBook: Sendable {
  /// A chapter with a file.
  public struct Chapter: Sendable {
    /// Its title, as the book's contents give it.
    public var title: String
    /// Its file, as the reader named the book's folder.
    public var path: String
    /// Its outline.
    public var document: Document

    /// A chapter from its parts.
    public init(title: String, path: String, document: Document) {
      self.title = title
      self.path = path
      self.document = document
    }
  }

  /// A row of the book's contents and where picking it goes: the chapter
  /// (an index into `chapters`) and a byte of it. A part, a separator or
  /// a draft goes to the chapter after it; nil when there is none.
  public struct Row: Sendable {
    public var row: BookContents.Row
    public var chapter: Int?
    public var byte: Int

    /// A row from its parts.
    public init(row: BookContents.Row, chapter: Int?, byte: Int) {
      self.row = row
      self.chapter = chapter
      self.byte = byte
    }
  }

  /// The chapters that have a file, in the book's order.
  public var chapters: [Chapter]
  /// The book's contents, as `isle toc BOOK` shows them.
  public var rows: [Row]
  /// The chapter being read.
  public var current: Int

  /// A book open at chapter `current`.
  public init(chapters: [Chapter], rows: [Row], current: Int) {
    self.chapters = chapters
    self.rows = rows
    self.current = min(max(current, 0), max(chapters.count - 1, 0))
  }

  /// The outlines of the chapters, in order.
  public var documents: [Document] { chapters.map(\.document) }

  /// The rows of the contents read, by `read` (the keys of the sections
  /// read by chapter file): a heading's when its section is, a chapter's
  /// when every section of it is.
  func readRows(_ read: [String: Set<String>]) -> Set<Int> {
    var keys: [Int: [String]] = [:]
    var rowsRead = Set<Int>()
    for (index, row) in rows.enumerated() {
      guard let chapter = row.chapter, row.row.kind == .chapter || row.row.kind == .heading,
        let done = read[chapters[chapter].path], !done.isEmpty
      else { continue }
      let document = chapters[chapter].document
      if keys[chapter] == nil { keys[chapter] = SectionKey.all(in: document) }
      let all = keys[chapter] ?? []
      if row.row.kind == .chapter {
        if !all.isEmpty && all.allSatisfy(done.contains) { rowsRead.insert(index) }
      } else if let section = document.sections.firstIndex(where: { $0.offset == row.byte }),
        done.contains(all[section])
      {
        rowsRead.insert(index)
      }
    }
    return rowsRead
  }

  /// The row of the contents for `byte` of the current chapter: its
  /// section's row, else the chapter's own.
  func row(atByte byte: Int) -> Int {
    let rows = rows.indices.filter { self.rows[$0].chapter == current }
    let chapterRow = rows.first { self.rows[$0].row.kind == .chapter } ?? 0
    let headings = rows.filter { self.rows[$0].row.kind == .heading && self.rows[$0].byte <= byte }
    return headings.last ?? chapterRow
  }
}
