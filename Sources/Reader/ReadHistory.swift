import Island
import Links
import Outline
import Page
import Progress

/// A place the reader was: the document on the page (its page, outline
/// and file; its chapter in a book, nil for a document a link opened),
/// and the top line's byte.
struct Visit {
  var page: Page
  var document: Document?
  var path: String?
  var chapter: Int?
  var visiting: Bool
  var byte: Int
}

/// The way back, as a browser has it: following a link, a chapter left
/// (`]`, `[`, Space, the contents), the contents, a search or a mark push
/// the place left; `B` (or Backspace) goes back, `F` forward again, across
/// documents. The island says where back leads.
extension ReaderState {
  /// How many places back keeps.
  static let historyDepth = 200

  /// Where the reader is now.
  var here: Visit {
    Visit(
      page: page, document: document, path: path, chapter: visiting ? nil : book?.current,
      visiting: visiting, byte: topByte)
  }

  /// Keeps `visit` as where back goes; forward is forgotten, as a
  /// browser forgets it on a new page.
  mutating func push(_ visit: Visit) {
    back.append(visit)
    if back.count > Self.historyDepth { back.removeFirst() }
    ahead = []
  }

  /// The keys of links, the way back and the first unread section, before
  /// the others: nil when the key is not one of them.
  mutating func browsing(_ event: PickerEvent) -> ReaderOutcome? {
    let offer = offered
    offered = nil
    if let chosen, pending == nil, count.isEmpty, !onScreen(chosen.parts[0].spot) {
      self.chosen = nil
    }
    guard pending == nil, count.isEmpty else { return nil }
    message = nil
    switch event {
    case .character("l"): chooseLink(forward: true)
    case .character("L"): chooseLink(forward: false)
    case .enter:
      guard let chosen else { return nil }
      offered = offer
      return follow(chosen)
    case .escape where chosen != nil: chosen = nil
    case .character("B"), .backspace: goBack()
    case .character("F"): goForward()
    case .character("U"): return firstUnread()
    default: return nil
    }
    return .going
  }

  /// `B`: back to where the last push left.
  mutating func goBack() {
    guard let visit = back.popLast() else {
      message = "nothing to go back to"
      return
    }
    ahead.append(here)
    show(visit)
  }

  /// `F`: forward again, to where `B` came back from.
  mutating func goForward() {
    guard let visit = ahead.popLast() else {
      message = "nothing to go forward to"
      return
    }
    back.append(here)
    show(visit)
  }

  /// Puts `visit`'s place on the page.
  mutating func show(_ visit: Visit) {
    if visit.page === page {
      go(toByte: visit.byte)
      chosen = nil
    } else {
      present(visit)
    }
  }

  /// Another document on the page (a chapter, or one a link opened) at
  /// `visit`'s byte. Marks were of the document left, and go with it.
  mutating func present(_ visit: Visit) {
    if var book, let chapter = visit.chapter {
      book.current = chapter
      self.book = book
    }
    page = visit.page
    document = visit.document
    path = visit.path
    visiting = visit.visiting
    failure = nil
    page.resize(to: Self.measure(columns: columns, given: givenMeasure))
    lowestTop = nil
    shift = 0
    marks = [:]
    jumpedFrom = nil
    jumpedFromChapter = nil
    chosen = nil
    top = page.spot(atByte: min(max(visit.byte, 0), page.size))
  }

  /// Puts `document` (a link followed out of the book, or out of the
  /// document the reader was opened on) on the page, from the heading
  /// `fragment` names (its top, said, when none has it).
  public mutating func visit(page: Page, document: Document, path: String, fragment: String?) {
    var byte = 0
    if let fragment, !fragment.isEmpty {
      if let found = DocumentAnchors.offset(of: fragment, in: document) {
        byte = found
      } else {
        message = "no heading '#\(fragment)' in \(path): its top"
      }
    }
    let left = here
    present(
      Visit(
        page: page, document: document, path: path, chapter: nil, visiting: true, byte: byte))
    push(left)
  }

  /// Where back leads, as the island says it: the section at that place,
  /// else its chapter's or document's title; nil when there is no way back.
  public var backTitle: String? {
    guard let visit = back.last else { return nil }
    if let document = visit.document,
      let index = CurrentSection.index(in: document.sections, atOffset: visit.byte),
      document.sections[index].offset <= visit.byte
    {
      return document.sections[index].title
    }
    if let chapter = visit.chapter, let book, book.chapters.indices.contains(chapter) {
      return book.chapters[chapter].title
    }
    return visit.document?.title ?? visit.path.map { String($0.split(separator: "/").last ?? "") }
      ?? "the top"
  }
}
