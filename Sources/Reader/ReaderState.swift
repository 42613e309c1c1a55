import Cells
import Island
import Outline
import Page
import Progress
import Terminal

/// The pager's state, as a value: the page and where it is scrolled, what
/// the reader is doing (reading, typing a search, the contents open, the
/// keys shown), the search, the marks, a count being typed. Inputs change
/// it (`handle`) and nothing else does: it draws nothing and reads no
/// terminal, so tests drive it with random inputs as they drive
/// `PickerState`. `ReadSession` puts it on a terminal.
///
/// The page is laid out lazily, as it is scrolled to, and again for a new
/// width on a resize: the state keeps it rather than copies of its lines.
public struct ReaderState {
  /// What the reader is doing.
  public enum Mode {
    case reading
    /// Typing a search (`/` forward, `?` backward).
    case searching(String, forward: Bool)
    /// The contents open over the page.
    case contents(PickerState)
    case help
  }

  /// The document laid out (the chapter being read, in a book).
  public internal(set) var page: Page
  /// The outline once it is known (the pager draws before it is).
  public var document: Document?
  /// Why there is no outline, when making it failed.
  public var failure: String? = nil
  /// The top line.
  public var top: Spot
  /// The window's size.
  public private(set) var columns: Int
  public private(set) var rows: Int
  /// `--width`: the text's measure, when given.
  let givenMeasure: Int?
  /// What the reader is doing.
  public var mode = Mode.reading
  var query: String? = nil
  var forward = true
  /// The bottom row's message, until the next key.
  public var message: String? = nil
  /// Digits typed before a key (`42g`).
  var count = ""
  /// The top line as far down as it scrolls, for this width.
  var lowestTop: Spot? = nil
  /// How many cells code and tables wider than the page are scrolled
  /// sideways (← →).
  public var shift = 0
  /// The top byte marked with each letter (`m` letter).
  var marks: [Character: Int] = [:]
  /// Where the last jump started, for `''`.
  var jumpedFrom: Int? = nil
  /// In a book, the chapter and byte the last jump left, when it went to
  /// another chapter (`''` goes back there); nil once a jump in this one.
  var jumpedFromChapter: (chapter: Int, byte: Int)? = nil
  /// `m` or `'` typed, waiting for its letter.
  var pending: Character? = nil
  /// False for standard input, which `v` cannot open in an editor.
  public var editable = false
  /// The book, when a book is read: its chapters, the one on the page.
  public var book: ReaderBook? = nil
  /// The chapter and byte a step past the chapter's ends asked for.
  var chapterAsked: (chapter: Int, byte: Int)? = nil
  /// The link the highlight is on (`l`, `L`, a click): Return follows it.
  var chosen: ChosenLink? = nil
  /// A link offered to the browser: Return on it again opens it there.
  var offered: String? = nil
  /// The file of the document on the page, its links relative to it; nil
  /// for standard input.
  public var path: String? = nil
  /// Where links from the root (`/x.md`) start: the book's folder.
  public var root: String? = nil
  /// True while a document a link opened is on the page: not the one the
  /// reader was opened on, nor a chapter of the book.
  public internal(set) var visiting = false
  /// Where back (`B`) and forward (`F`) go, the latest last.
  var back: [Visit] = []
  var ahead: [Visit] = []
  /// `$BROWSER`, when set: a link to the web is offered to it.
  public var browser: String? = nil
  /// The keys (`SectionKey`) of the sections read, by document file.
  public var read: [String: Set<String>] = [:]
  /// True when the page was scrolled since the sections read were noted.
  var scrolled = false

  /// The measure when `--width` is not given: a readable line, centred in
  /// a wider window.
  public static let readableMeasure = 100

  /// The reader at `startByte` of `page` in a window `columns` × `rows`;
  /// `measure` is `--width`.
  public init(
    page: Page, document: Document?, columns: Int, rows: Int, measure: Int?, startByte: Int
  ) {
    self.page = page
    self.document = document
    self.columns = columns
    self.rows = rows
    self.givenMeasure = measure
    page.resize(to: Self.measure(columns: columns, given: measure))
    top = page.spot(atByte: startByte)
  }

  /// The text's width in a window `columns` wide: `--width`, else a
  /// readable measure, never wider than the window less a cell each side.
  public static func measure(columns: Int, given measure: Int?) -> Int {
    max(min(measure ?? readableMeasure, columns - 2), 1)
  }

  /// The rows the page has: all but the bottom one.
  public var textRows: Int { max(rows - 1, 1) }

  /// The byte the top line starts at.
  public var topByte: Int { page.line(at: top)?.bytes.lowerBound ?? 0 }

  /// How lines that scroll sideways are seen.
  var sideways: SidewaysView { SidewaysView(shift: shift, width: page.width, glyphs: page.glyphs) }

  /// Cells left of the text.
  var margin: Int { columns < 3 ? 0 : max((columns - page.width) / 2, 1) }

  /// The window changed size: the page is laid out again for the new
  /// width, and the byte at the top stays at the top.
  public mutating func resize(columns: Int, rows: Int) {
    let byte = topByte
    (self.columns, self.rows) = (columns, rows)
    page.resize(to: Self.measure(columns: columns, given: givenMeasure))
    lowestTop = nil
    top = page.spot(atByte: byte)
    chosen = nil
    shift = min(shift, overflow())
    if case .contents(var state) = mode {
      _ = state.handle(.resize(columns: columns, rows: rows))
      mode = .contents(state)
    }
  }

  /// Applies one input.
  public mutating func handle(_ input: TerminalInput) -> ReaderOutcome {
    switch input {
    case .cursor: return .going
    case .mouse(let button, let column, let row, let pressed):
      return mouse(button: button, column: column, row: row, pressed: pressed)
    case .key(let key):
      let event = PickerEvent(key)
      if event == .interrupt { return .interrupted }
      switch mode {
      case .reading: return read(event)
      case .help:
        mode = .reading
        return .going
      case .searching(let typed, let forward):
        return typing(event, typed: typed, forward: forward)
      case .contents(let state):
        return contents(event, state: state)
      }
    }
  }

  /// A key while typing a search.
  mutating func typing(_ event: PickerEvent, typed: String, forward: Bool) -> ReaderOutcome {
    switch event {
    case .escape: mode = .reading
    case .backspace:
      mode = typed.isEmpty ? .reading : .searching(String(typed.dropLast()), forward: forward)
    case .enter:
      mode = .reading
      if !typed.isEmpty { query = typed }
      self.forward = forward
      return searching(forward: forward, isNew: true)
    case .character(let character): mode = .searching(typed + String(character), forward: forward)
    case .space: mode = .searching(typed + " ", forward: forward)
    default: break
    }
    return .going
  }

  /// A key while the contents are open.
  mutating func contents(_ event: PickerEvent, state: PickerState) -> ReaderOutcome {
    var state = state
    if event == .tab {
      mode = .reading
      return .going
    }
    let before = state
    switch state.handle(event) {
    case .picked(let index):
      mode = .reading
      if let book, !visiting { return pick(book.rows[index]) }
      if let document { jump(pushing: true) { $0.go(toByte: document.sections[index].offset) } }
    case .cancelled: mode = .reading
    case .interrupted: return .interrupted
    case .going:
      mode = state.isOpen ? .contents(state) : .reading
      if state.isOpen, document != nil, book == nil || visiting {
        return .moved(from: before, to: state)
      }
    }
    return .going
  }

  /// A mouse report: the wheel scrolls, a click on the island opens the
  /// contents, a click on a link follows it as Return does.
  mutating func mouse(button: Int, column: Int, row: Int, pressed: Bool) -> ReaderOutcome {
    if case .contents(let state) = mode {
      let panelTop = rows - state.panelRows
      var event: PickerEvent? = nil
      if button == 64 { event = .wheelUp }
      if button == 65 { event = .wheelDown }
      if button == 0 && !pressed {
        let line = row - panelTop
        if line >= 0 && line < state.panelRows {
          let index = line - (state.panelRows - state.visibleRows.count)
          if index >= 0 { event = .click(row: index) }
        } else if line < 0 {
          mode = .reading
        }
      }
      return event.map { contents($0, state: state) } ?? .going
    }
    if button == 64 { scroll(-3) }
    if button == 65 { scroll(3) }
    guard button == 0, !pressed else { return .going }
    mode = .reading
    if row >= rows {
      openContents()
    } else if let clicked = chooseLink(atRow: row - 1, column: column - margin) {
      return follow(clicked)
    }
    return .going
  }
}

/// What an input made of the reader, beyond the state it changed.
public enum ReaderOutcome: Equatable {
  /// Reading on.
  case going
  /// `q`: the reader leaves.
  case quit
  /// Ctrl-C.
  case interrupted
  /// `v`: the editor is to open the document at this line.
  case edit(line: Int)
  /// A search to run (`/`, `?`, `n`, `N`): the bottom row says so first,
  /// then `search(forward:isNew:stop:)` runs it.
  case search(forward: Bool, isNew: Bool)
  /// The open contents moved: frames between the two are worth drawing.
  case moved(from: PickerState, to: PickerState)
  /// A book's chapter (an index into `ReaderBook.chapters`) is to be laid
  /// out and read from this byte (`ReaderState.open`).
  case chapter(Int, byte: Int)
  /// A document beside this one (a link followed) is to be read from the
  /// heading `fragment` names (`ReaderState.visit`).
  case document(String, fragment: String?)
  /// `$BROWSER` is to open this link.
  case browse(String)
}
