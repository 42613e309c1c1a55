import Island
import Outline
import Page
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// One run of the pager on the terminal: the page on the alternate screen,
/// the island on the bottom row, keys and the mouse in, frames out. The
/// reader's state is a `ReaderState`; the session runs it under the
/// terminal's one event loop (`TerminalLoop`) and draws it.
public struct ReadSession: TerminalProgram {
  /// How a session ends.
  public enum Ending: Equatable {
    case quit
    case interrupted
    case gone
    /// SIGTERM, SIGHUP or SIGINT from outside (see `TerminalRescue`).
    case signalled(Int32)
    /// `v`: the editor is to open the document at this line.
    case edit(line: Int)
  }

  /// How the island and the contents are drawn.
  public struct Look: Sendable {
    /// The island's words.
    public var copy: Wording
    /// Its glyphs and colours.
    public var theme: Theme
    /// False for `--no-top`.
    public var showsTop: Bool

    /// A look from its parts.
    public init(copy: Wording = Wording(), theme: Theme = .plain, showsTop: Bool = true) {
      self.copy = copy
      self.theme = theme
      self.showsTop = showsTop
    }
  }

  /// Making the outline failed: why, in one line.
  public struct OutliningError: Error {
    /// The line that says why.
    public let message: String

    /// The failure `message` says.
    public init(message: String) {
      self.message = message
    }
  }

  /// The terminal the pager is drawn on.
  public let terminal: any TerminalDevice
  /// The keys the terminal sent, as the loop decodes them.
  public var keys = TerminalKeys()
  /// The reader's state.
  public var state: ReaderState
  let look: Look
  /// False for `--reduce-motion`: the contents move without frames between.
  let motion: Bool
  /// `ISLE_READ_TRACE`: a file each frame appends its top line, rows and
  /// top byte to, for scripts and tests that check the island.
  let traceFile: String?
  /// `ISLE_TEST_BUSY`, a test hook: milliseconds the pager spends doing
  /// nothing, whatever signal comes, before laying the page out for a new
  /// size and before each piece a search looks through, so that the
  /// tests of a signal or a key that comes while it is busy find it busy
  /// in any build. 0, as everywhere but those tests.
  public var busy = 0
  /// The outline once the background has it; asked each turn until then.
  let outlined: () -> Result<Document, OutliningError>?
  /// A book's chapter laid out, for `]` past a chapter's end (an index
  /// into `ReaderBook.chapters`); why not, when it cannot be read.
  public var opener: (Int) -> Result<Page, OutliningError> = { _ in
    .failure(OutliningError(message: "no book"))
  }
  /// A document a link names, laid out and outlined; why not, when it
  /// cannot be read.
  public var documentOpener: (String) -> Result<(Page, Document), OutliningError> = { _ in
    .failure(OutliningError(message: "no document"))
  }
  /// The sections read kept for a document's file, for one a link opens.
  public var readMarks: (String) -> Set<String> = { _ in [] }

  /// A session on `terminal` showing `page` from `startByte`; `measure` is
  /// `--width`. `document` is the outline when it is known already.
  public init(
    terminal: any TerminalDevice, page: Page, look: Look, measure: Int? = nil,
    motion: Bool = true, trace: String? = nil, document: Document?,
    outlined: @escaping () -> Result<Document, OutliningError>?, startByte: Int
  ) {
    self.terminal = terminal
    self.look = look
    self.motion = motion
    self.traceFile = trace
    self.outlined = outlined
    let size = terminal.size
    state = ReaderState(
      page: page, document: document, columns: size.columns, rows: size.rows, measure: measure,
      startByte: startByte)
  }

  /// Runs until the reader leaves; `begin` is called once the first frame
  /// is out (the outline starts then, so the first screen has the cores).
  public mutating func run(begin: () -> Void) -> Ending {
    terminal.write(Escape.alternateScreen + Escape.hideCursor + Escape.mouseOn)
    TerminalRescue.setFarewell(TerminalRescue.plainScreen + Escape.mainScreen)
    state.noteRead()
    draw()
    begin()
    return TerminalLoop.run(&self)
  }

  /// The window changed size: the page is laid out again and drawn.
  public mutating func resized() {
    Self.dawdle(busy)
    let size = terminal.size
    state.resize(columns: size.columns, rows: size.rows)
    draw()
  }

  /// Continued after a stop, the main screen back meanwhile: the pager's
  /// screen again, drawn at the window's size now.
  public mutating func continued() {
    terminal.write(Escape.alternateScreen + Escape.hideCursor + Escape.mouseOn)
    resized()
  }

  /// Takes the outline once the background has made it.
  public mutating func idle() {
    guard state.document == nil && state.failure == nil, let result = outlined() else { return }
    switch result {
    case .success(let outline):
      state.document = outline
      state.noteRead()
    case .failure(let failure): state.failure = failure.message
    }
    draw()
  }

  /// Applies one input; an ending when the session is over.
  public mutating func handle(_ input: TerminalInput) -> Ending? {
    switch state.handle(input) {
    case .going: return nil
    case .quit: return .quit
    case .interrupted: return .interrupted
    case .edit(let line): return .edit(line: line)
    case .chapter(let index, let byte):
      switch opener(index) {
      case .success(let page): state.open(chapter: index, page: page, byte: byte)
      case .failure(let failure): state.message = failure.message
      }
      return nil
    case .document(let path, let fragment):
      switch documentOpener(path) {
      case .success(let (page, document)):
        if state.read[path] == nil { state.read[path] = readMarks(path) }
        state.visit(page: page, document: document, path: path, fragment: fragment)
      case .failure(let failure): state.message = failure.message
      }
      return nil
    case .browse(let target):
      if let browser = state.browser, !ReadBrowser.open(target, with: browser) {
        state.message = "could not run '\(browser)' (BROWSER)"
      }
      return nil
    case .search(let forward, let isNew):
      draw()
      search(forward: forward, isNew: isNew)
      return nil
    case .moved(let before, let after):
      guard motion, let document = state.document else { return nil }
      let view = contentsView(document)
      for frame in view.transition(from: before, to: after) where !terminal.hasInput {
        draw(panel: Array(frame.dropLast()))
        usleep(16_000)
      }
      return nil
    }
  }

  /// Runs a search asked for. Ctrl-C (or a signal) stops a long one, as
  /// in less; other keys typed meanwhile wait their turn.
  mutating func search(forward: Bool, isNew: Bool) {
    let terminal = self.terminal
    var typed: [UInt8] = []
    var stopped = false
    let busy = self.busy
    let stop = {
      Self.dawdle(busy)
      if stopped || TerminalRescue.stopping != 0 { return true }
      guard terminal.hasInput else { return false }
      let bytes = terminal.input(waiting: 0)
      stopped = bytes.contains(0x03)
      if !stopped { typed += bytes }
      return stopped
    }
    if state.search(forward: forward, isNew: isNew, stop: stop), state.book != nil,
      !state.visiting
    {
      searchBook(forward: forward, stop: stop)
    }
    keys.typedAhead += typed
  }

  /// Spends `milliseconds` doing nothing, a signal's handler run or not
  /// (`busy`).
  private static func dawdle(_ milliseconds: Int) {
    guard milliseconds > 0 else { return }
    var asked = timespec(tv_sec: milliseconds / 1000, tv_nsec: milliseconds % 1000 * 1_000_000)
    var left = timespec()
    while nanosleep(&asked, &left) != 0 && errno == EINTR { asked = left }
  }

  /// The inputs of a turn are taken: the frame they made.
  public mutating func settle() {
    state.noteRead()
    draw()
  }

  /// A terminal gone, or a signal: the session ends so.
  public func ending(_ end: TerminalEnd) -> Ending {
    switch end {
    case .gone: return .gone
    case .signalled(let signal): return .signalled(signal)
    }
  }
}
