import Island
import Options
import Outline
import Progress
import Terminal

/// How the island is drawn: its words, glyphs, colours and width.
struct Display: Sendable {
  var copy: Wording
  var theme: Theme
  /// The widest any line may be, in cells.
  var width: Int
  var showsTop: Bool

  /// When to colour: `--color auto` colours a terminal only.
  enum ColorChoice: String, CaseIterable {
    case auto
    case always
    case never
  }

  /// The width of output that goes to a file or a pipe: no limit.
  static let unbounded = 1_000_000

  /// Decides the display. The width is `--width` outright; else on a
  /// terminal its width (`COLUMNS`, else its own size), capped by
  /// `--max-width` from the command line or the config; else, in a file or
  /// a pipe, `--max-width` as typed or no limit at all. Colour is on for `always`, or for `auto` on a terminal
  /// unless `NO_COLOR` is set (non-empty) or `TERM` is `dumb`; true colour
  /// when `COLORTERM` says so.
  static func decide(
    _ raw: RawArguments, command: String, environment: [String: String], terminal: TerminalFacts
  ) throws -> Display {
    var copy = Wording()
    if let title = raw.value(.title) { copy.contentsTitle = title }
    if let text = raw.value(.preambleText) { copy.preamble = text }
    if let text = raw.value(.positionText) { copy.position = text }
    if let text = raw.value(.spokenText) { copy.spokenPosition = text }
    if let text = raw.value(.readText) { copy.readAmount = text }
    if let text = raw.value(.timeText) { copy.minutes = text }
    if let text = raw.value(.hoursText) { copy.hours = text }
    if let text = raw.value(.shortText) { copy.underAMinute = text }
    if let text = raw.value(.leftText) { copy.replaceSpokenLeft(text) }

    let maxWidth = try OptionValues.integer(raw, .maxWidth, in: 1...100_000, command: command)
    var width: Int
    if terminal.isTerminal {
      // A terminal: as wide as it is, unless --max-width or the config says less.
      let columns =
        environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        ?? terminal.columns ?? 80
      width = min(maxWidth ?? columns, columns)
    } else {
      // A file or a pipe: nothing is cut unless the command line asks.
      let typed = raw.last(.maxWidth)?.origin == nil ? maxWidth : nil
      width = typed ?? Self.unbounded
    }
    if let outright = try OptionValues.integer(raw, .width, in: 1...100_000, command: command) {
      width = outright
    }

    let choice =
      try OptionValues.choice(raw, .color, as: ColorChoice.self, command: command) ?? .auto
    let colored: Bool
    switch choice {
    case .always: colored = true
    case .never: colored = false
    case .auto:
      colored =
        terminal.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        && environment["TERM"] != "dumb"
    }
    var accent = Accent.red
    if let text = raw.value(.accent) {
      guard let parsed = Accent(text) else {
        throw raw.invalid(
          .accent, text,
          expected: "#RRGGBB or one of " + Accent.named.keys.sorted().joined(separator: ", "),
          command: command)
      }
      accent = parsed
    }
    let trueColor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    let theme = Theme(
      glyphs: raw.has(.ascii) ? .ascii : .unicode,
      paint: Paint(enabled: colored, accent: accent, trueColor: trueColor))
    return Display(copy: copy, theme: theme, width: width, showsTop: !raw.has(.noTop))
  }

  /// The bar for the reader at `place` in `document`.
  func bar(at place: Place, in document: Document) -> String? {
    Bar(at: place, in: document, top: showsTop, copy: copy, theme: theme, width: width)?.text()
  }
}
