import Island
import Options
import Outline
import Progress
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// `isle pick`: the interactive island, drawn inline below the prompt on
/// the terminal device, like `fzf --height`.
struct PickCommand: RunnableCommand {
  let settings: Settings
  let print: SectionPrint
  let closed: Bool
  let reduceMotion: Bool
  let cli: CLI

  func run() throws -> ExitStatus {
    guard let source = settings.sources.first else { return .failure }
    // A chapter of an mdBook as built, as `where` and `jump` read it.
    let document = try settings.loader(cli.files).loadAsBuilt(source).document
    guard !document.sections.isEmpty else {
      // Said in one line when someone is there to read it: pick's output
      // is usually taken by `$(...)`, its errors are not.
      if cli.terminal.isTerminal || isatty(2) == 1 {
        cli.report("isle: " + TocCommand.nothing(source, levels: settings.outline.levels))
      }
      return .nothingFound
    }
    let start =
      try settings.position.place(in: document, name: source.displayName)?.currentIndex ?? 0

    let terminal: RawTerminal
    do {
      terminal = try RawTerminal()
    } catch {
      throw TerminalError(name: source.displayName, reason: error.reason)
    }
    var session = Session(
      terminal: terminal, document: document, display: settings.display, start: start,
      closed: closed,
      reduceMotion: reduceMotion)
    let outcome = withExtendedLifetime(terminal) {
      defer { terminal.restore() }
      return session.run()
    }
    if terminal.isGone {
      throw TerminalError(name: source.displayName, reason: "the terminal went away")
    }
    switch outcome {
    case .picked(let index):
      try cli.stdout.write(
        JumpCommand.describe(
          document.sections[index], in: document, print: print, settings: settings) + "\n")
      return .success
    case .interrupted:
      return .interrupted
    default:
      return .nothingFound
    }
  }

  /// One run of the picker on the terminal, under the terminal's one
  /// event loop.
  struct Session: TerminalProgram {
    let terminal: any TerminalDevice
    let document: Document
    let display: Display
    var state: PickerState
    /// The state as last drawn, for the frames between it and the next.
    var drawn: PickerState
    var view: PickerView
    var motion: Bool
    var keys = TerminalKeys()
    /// The screen row (1-based) of the region's top line, once known.
    var top: Int? = nil
    /// Lines reserved below the prompt.
    var reserved = 0
    var dragStart: Int? = nil
    var dragSteps = 0

    init(
      terminal: RawTerminal, document: Document, display: Display, start: Int, closed: Bool,
      reduceMotion: Bool
    ) {
      self.terminal = terminal
      self.document = document
      self.display = display
      let size = terminal.size
      state = PickerState(
        sections: document.sections, start: start, closed: closed,
        panelRows: PickerState.panelRows(terminalRows: size.rows, sections: document.sections.count)
      )
      drawn = state
      view = Self.view(document, display, columns: size.columns)
      motion = !reduceMotion
    }

    static func view(_ document: Document, _ display: Display, columns: Int) -> PickerView {
      PickerView(document: document, copy: display.copy, theme: display.theme, columns: columns)
    }

    mutating func run() -> PickerOutcome {
      terminal.write(Escape.hideCursor + Escape.mouseAndDragsOn)
      reserve()
      draw(view.frame(state))
      return TerminalLoop.run(&self)
    }

    /// The window changed size: the region is made again at the new size.
    mutating func resized() {
      let size = terminal.size
      clear()
      view = Self.view(document, display, columns: size.columns)
      _ = state.handle(.resize(columns: size.columns, rows: size.rows))
      reserve()
      draw(view.frame(state))
      drawn = state
    }

    /// Continued after a stop, the region cleared when it stopped: the
    /// region is made again below the prompt the shell left, and drawn.
    mutating func continued() {
      terminal.write(Escape.hideCursor + Escape.mouseAndDragsOn)
      top = nil
      reserve()
      draw(view.frame(state))
      drawn = state
    }

    /// One input; the outcome once it ends the picker (the region cleared).
    mutating func handle(_ input: TerminalInput) -> PickerOutcome? {
      guard let event = event(for: input) else { return nil }
      let outcome = state.handle(event)
      guard outcome != .going else { return nil }
      clear()
      return outcome
    }

    /// The frames from the state last drawn to this one (unless motion is
    /// reduced or more keys are waiting), then this one.
    mutating func settle() {
      if motion && !terminal.hasInput {
        for frame in view.transition(from: drawn, to: state) {
          if terminal.hasInput { break }
          draw(frame)
          usleep(16_000)
        }
      }
      draw(view.frame(state))
      drawn = state
    }

    /// A terminal gone is no pick; the picker ends itself on no signal
    /// (the rescue ends isle by it).
    func ending(_ end: TerminalEnd) -> PickerOutcome { .cancelled }

    /// The picker's event for a terminal input, placing mouse reports on
    /// the region's rows.
    mutating func event(for input: TerminalInput) -> PickerEvent? {
      switch input {
      case .key(let key): return PickerEvent(key)
      case .cursor(let row, _):
        top = row
        return nil
      case .mouse(let button, let column, let row, let pressed):
        if button == 64 { return .wheelUp }
        if button == 65 { return .wheelDown }
        guard let top else { return nil }
        let line = row - top
        let barLine = state.panelRows
        if button == 32, let dragStart, !state.isOpen {
          // One step for every three cells dragged along the bar.
          let steps = (column - dragStart) / 3
          defer { dragSteps = steps }
          return steps != dragSteps ? .drag(cells: steps - dragSteps) : nil
        }
        guard button == 0 else { return nil }
        if pressed {
          if line == barLine {
            dragStart = column
            dragSteps = 0
          }
          return nil
        }
        defer { dragStart = nil }
        if line == barLine { return dragSteps == 0 && !state.isOpen ? .click(row: nil) : nil }
        guard state.isOpen, line >= 0, line < barLine else { return nil }
        let shown = state.visibleRows.count
        let index = line - (state.panelRows - shown)
        return index >= 0 ? .click(row: index) : nil
      }
    }

    /// Makes room below the prompt for the region and asks where it is.
    mutating func reserve() {
      reserved = view.height(state)
      TerminalRescue.clearing(lines: reserved)
      terminal.write(
        String(repeating: "\n", count: reserved - 1) + Escape.up(reserved - 1) + "\r"
          + Escape.askCursor)
      // The cursor report tells the region's row, for the mouse.
      var waited = 0
      while top == nil && waited < 5 {
        let bytes = terminal.input(waiting: 40)
        for input in keys.decoder.feed(bytes) {
          if case .cursor(let row, _) = input { top = row }
        }
        waited += 1
      }
    }

    /// Draws `frame` over the region and comes back to its top line.
    func draw(_ frame: [String]) {
      var output = "\r"
      for (index, line) in frame.prefix(reserved).enumerated() {
        output += Escape.clearLine + line
        if index + 1 < min(frame.count, reserved) { output += "\r\n" }
      }
      let down = min(frame.count, reserved) - 1
      if down > 0 { output += Escape.up(down) }
      terminal.write(output + "\r")
    }

    /// Clears the region and leaves the cursor where the prompt left it.
    func clear() {
      draw(Array(repeating: "", count: reserved))
    }
  }
}

extension PickCommand {
  /// `pick`'s one document, what it prints and how it starts.
  init(_ raw: RawArguments, cli: CLI) throws {
    try CLI.expectOneDocument(raw.operands, command: .pick)
    // The island is drawn on the terminal device, whatever stdout is.
    let settings = try cli.decideSettings(
      raw, operands: raw.operands, command: .pick, formats: [.text],
      terminal: TerminalFacts(isTerminal: true, columns: nil))
    let print =
      try OptionValues.choice(
        raw, .print, as: SectionPrint.self, allowed: [.line, .offset, .id, .json],
        command: "pick")
      ?? .line
    self.init(
      settings: settings, print: print, closed: raw.has(.closed),
      reduceMotion: cli.reducesMotion(raw), cli: cli)
  }
}

extension PickCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "pick", summary: "the interactive island: open, move, filter, pick",
    usage: "isle pick [--closed] [--line N | --offset B] [options] [file]",
    discussion: """
      Draws the island below the prompt on the terminal and lets you pick
      a section; prints it as jump does (its line, by default), so that
      'line=$(isle pick doc.md) && vim +"$line" doc.md' opens there, and
      nothing opens when the pick is cancelled (exit 1). The document may
      come on standard input: keys come from the terminal.
      Open: Up/Down move the puck (PageUp/PageDown, Home/End too), typing
      filters, Backspace undoes, Return or Space picks, Escape closes.
      Closed: Left/Right step through sections, Up, Return or Space open,
      Return picks a section stepped to, Escape or q leaves (exit 1).
      The mouse clicks, scrolls and drags. Ctrl-C leaves with 130.
      """,
    options: Flags.outline + Flags.list + Flags.reader + [Flags.print] + [
      OptionSpec(.closed, help: "start on the closed bar"), Flags.reduceMotion,
    ] + Flags.display(nil),
    operands: .documents(fish: false))

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try PickCommand(raw, cli: cli)
  }
}
