import Cells
import Island
import Outline
import Page
import Progress

#if canImport(Glibc)
  import Glibc
#endif

/// One run of the pager on the terminal: the page on the alternate screen,
/// the island on the bottom row, keys and the mouse in, frames out.
struct ReadSession {
  /// What the reader is doing.
  enum Mode {
    case reading
    /// Typing a search (`/` forward, `?` backward).
    case searching(String, forward: Bool)
    /// The contents open over the page.
    case contents(PickerState)
    case help
  }

  /// How a session ends.
  enum Ending: Equatable {
    case quit
    case interrupted
    case gone
    /// SIGTERM, SIGHUP or SIGINT from outside (see `TerminalRescue`).
    case signalled(Int32)
    /// `v`: the editor is to open the document at this line.
    case edit(line: Int)
  }

  let terminal: any TerminalDevice
  let page: Page
  let display: Display
  let options: ReadOptions
  /// The outline once the background has it; asked each turn until then.
  var document: Document?
  let outlined: () -> Result<Document, any Error>?
  /// Why there is no outline, when making it failed.
  var failure: String? = nil
  var top: Spot
  var columns = 80
  var rows = 24
  var mode = Mode.reading
  var query: String? = nil
  var forward = true
  var message: String? = nil
  /// Digits typed before a key (`42g`).
  var count = ""
  var decoder = KeyDecoder()
  var motion: Bool
  /// The top line as far down as it scrolls, for this width.
  var lowestTop: Spot? = nil
  /// How many cells code and tables wider than the page are scrolled
  /// sideways (← →).
  var shift = 0
  /// Keys read while a search ran, for the loop to take next.
  var typedAhead: [UInt8] = []
  /// The top byte marked with each letter (`m` letter).
  var marks: [Character: Int] = [:]
  /// Where the last jump started, for `''`.
  var jumpedFrom: Int? = nil
  /// `m` or `'` typed, waiting for its letter.
  var pending: Character? = nil
  /// False for standard input, which `v` cannot open in an editor.
  var editable = false

  init(
    terminal: any TerminalDevice, page: Page, display: Display, options: ReadOptions,
    document: Document?, outlined: @escaping () -> Result<Document, any Error>?, startByte: Int
  ) {
    self.terminal = terminal
    self.page = page
    self.display = display
    self.options = options
    self.document = document
    self.outlined = outlined
    motion = !options.reduceMotion
    (columns, rows) = terminal.size
    page.resize(to: Self.measure(columns: columns, options: options))
    top = page.spot(atByte: startByte)
  }

  /// The text's width in a window `columns` wide: `--width`, else a
  /// readable measure, never wider than the window less a cell each side.
  static func measure(columns: Int, options: ReadOptions) -> Int {
    max(min(options.measure ?? ReadOptions.readableMeasure, columns - 2), 1)
  }

  var textRows: Int { max(rows - 1, 1) }

  /// The byte the top line starts at.
  var topByte: Int { page.line(at: top)?.bytes.lowerBound ?? 0 }

  /// Runs until the reader leaves; `begin` is called once the first frame
  /// is out (the outline starts then, so the first screen has the cores).
  mutating func run(begin: () -> Void) -> Ending {
    terminal.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1006h")
    TerminalRescue.setFarewell(TerminalRescue.plainScreen + "\u{1B}[?1049l")
    draw()
    begin()
    while true {
      if TerminalRescue.stopping != 0 { return .signalled(TerminalRescue.stopping) }
      if TerminalRescue.resized != 0 {
        TerminalRescue.resized = 0
        resize()
      }
      if document == nil && failure == nil, let result = outlined() {
        switch result {
        case .success(let outline): document = outline
        case .failure(let error): failure = (error as? any IsleError)?.message ?? "\(error)"
        }
        draw()
      }
      var bytes =
        typedAhead.isEmpty ? terminal.read(waiting: decoder.isWaiting ? 30 : 100) : typedAhead
      typedAhead = []
      if TerminalRescue.stopping != 0 { return .signalled(TerminalRescue.stopping) }
      if terminal.isGone { return .gone }
      var inputs = bytes.isEmpty ? decoder.flush() : decoder.feed(bytes)
      while terminal.hasInput {
        bytes = terminal.read(waiting: 0)
        inputs += decoder.feed(bytes)
      }
      guard !inputs.isEmpty else { continue }
      for input in inputs {
        if let ending = handle(input) { return ending }
        if TerminalRescue.stopping != 0 { return .signalled(TerminalRescue.stopping) }
      }
      draw()
    }
  }

  /// The window changed size: the page is laid out again for the new
  /// width, and the byte at the top stays at the top.
  mutating func resize() {
    let byte = topByte
    (columns, rows) = terminal.size
    page.resize(to: Self.measure(columns: columns, options: options))
    lowestTop = nil
    top = page.spot(atByte: byte)
    shift = min(shift, overflow())
    if case .contents(var state) = mode {
      _ = state.handle(.resize(columns: columns, rows: rows))
      mode = .contents(state)
    }
    draw()
  }

  /// Applies one input; an ending when the session is over.
  mutating func handle(_ input: TerminalInput) -> Ending? {
    switch input {
    case .cursor: return nil
    case .mouse(let button, let column, let row, let pressed):
      return mouse(button: button, column: column, row: row, pressed: pressed)
    case .key(let event):
      if event == .interrupt { return .interrupted }
      switch mode {
      case .reading: return read(event)
      case .help:
        mode = .reading
        return nil
      case .searching(let typed, let forward):
        typing(event, typed: typed, forward: forward)
        return nil
      case .contents(let state):
        return contents(event, state: state)
      }
    }
  }

  /// A key while typing a search.
  mutating func typing(_ event: PickerEvent, typed: String, forward: Bool) {
    switch event {
    case .escape: mode = .reading
    case .backspace:
      mode = typed.isEmpty ? .reading : .searching(String(typed.dropLast()), forward: forward)
    case .enter:
      mode = .reading
      if !typed.isEmpty { query = typed }
      self.forward = forward
      jump { $0.search(forward: forward, isNew: true) }
    case .character(let character): mode = .searching(typed + String(character), forward: forward)
    case .space: mode = .searching(typed + " ", forward: forward)
    default: break
    }
  }

  /// A key while the contents are open.
  mutating func contents(_ event: PickerEvent, state: PickerState) -> Ending? {
    var state = state
    if event == .tab {
      mode = .reading
      return nil
    }
    let before = state
    switch state.handle(event) {
    case .picked(let index):
      mode = .reading
      if let document { jump { $0.go(toByte: document.sections[index].offset) } }
    case .cancelled: mode = .reading
    case .interrupted: return .interrupted
    case .going:
      mode = state.isOpen ? .contents(state) : .reading
      if motion, state.isOpen, let document {
        let view = contentsView(document)
        for frame in view.transition(from: before, to: state) where !terminal.hasInput {
          draw(panel: Array(frame.dropLast()))
          usleep(16_000)
        }
      }
    }
    return nil
  }

  /// A mouse report: the wheel scrolls, a click on the island opens the
  /// contents, a click on a link to a section goes there.
  mutating func mouse(button: Int, column: Int, row: Int, pressed: Bool) -> Ending? {
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
      return event.flatMap { contents($0, state: state) }
    }
    if button == 64 { scroll(-3) }
    if button == 65 { scroll(3) }
    guard button == 0, !pressed else { return nil }
    mode = .reading
    if row >= rows {
      openContents()
    } else if let line = page.line(at: page.moved(top, by: row - 1)),
      let link = Self.link(in: sideways.look(at: line, lit: []).line, atColumn: column - margin),
      link.hasPrefix("#"),
      let document
    {
      let id = String(link.dropFirst())
      if let section = document.sections.first(where: { $0.id == id }) {
        jump { $0.go(toByte: section.offset) }
      }
    }
    return nil
  }

  /// The link under 1-based `column` of `line`, if any.
  static func link(in line: PageLine, atColumn column: Int) -> String? {
    var used = 0
    for run in line.runs {
      used += run.text.reduce(0) { $0 + Cells.width(of: $1) }
      if column <= used { return run.link }
    }
    return nil
  }

  /// How lines that scroll sideways are seen.
  var sideways: SidewaysView { SidewaysView(shift: shift, width: page.width, glyphs: page.glyphs) }

  /// Cells left of the text.
  var margin: Int { columns < 3 ? 0 : max((columns - page.width) / 2, 1) }
}
