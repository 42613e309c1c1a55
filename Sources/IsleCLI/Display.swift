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
    try Flag.apply(Self.words, raw, to: &copy, command: command)

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

  /// The island's words, each option with the words it sets.
  static let words = [
    word(.title, "the contents title (default \"Contents\")") { $0.contentsTitle = $1 },
    word(.preambleText, "the row before the first heading (\"Introduction\")") {
      $0.preamble = $1
    },
    word(.positionText, "the place on the bar (default \"{n} of {count}\")") {
      $0.position = $1
    },
    word(.spokenText, "the place, spoken (\"Section {n} of {count}\")") {
      $0.spokenPosition = $1
    },
    word(.readText, "how much is read (default \"{percent}% read\")") { $0.readAmount = $1 },
    word(.timeText, "a time (default \"{m} min\")") { $0.minutes = $1 },
    word(.hoursText, "a time past an hour (\"{h} h {m} min\")") { $0.hours = $1 },
    word(.shortText, "under half a minute (default \"< 1 min\")") { $0.underAMinute = $1 },
    word(.leftText, "time left, spoken (\"{m} minutes left\")") { $0.replaceSpokenLeft($1) },
  ]

  /// An option whose TEXT is one of the island's words.
  private static func word(
    _ name: OptionName, _ help: String, sets: @escaping @Sendable (inout Wording, String) -> Void
  ) -> Flag<Wording> {
    Flag(OptionSpec(name, value: "TEXT", help: help)) { given, copy, _ in
      if let text = given.value { sets(&copy, text) }
    }
  }

  /// The bar for the reader at `place` in `document`.
  func bar(at place: Place, in document: Document) -> String? {
    Bar(at: place, in: document, top: showsTop, copy: copy, theme: theme, width: width)?.text()
  }
}

extension Flags {
  static let color = OptionSpec(
    .color, value: "WHEN", choices: ["auto", "always", "never"],
    help: "auto (default: on a terminal), always or never")
  static let ascii = OptionSpec(.ascii, help: "draw with ASCII alone")

  /// How it is printed; `formats` names the formats, nil for none.
  static func display(_ formats: String?) -> [OptionSpec] {
    var options: [OptionSpec] = []
    if let formats {
      let choices = ["text", "spoken", "json", "tsv", "markdown"].filter { formats.contains($0) }
      options.append(OptionSpec(.format, value: "FORMAT", choices: choices, help: formats))
    }
    return options + [
      OptionSpec(.width, value: "N", help: "draw at most N cells wide, wherever it goes"),
      OptionSpec(
        .maxWidth, value: "N", help: "widest it grows (default: the terminal's width)"),
      color,
      OptionSpec(.accent, value: "COLOR", help: "the accent: a name (red, blue...) or #RRGGBB"),
      ascii,
      OptionSpec(.noTop, help: "leave out the back-to-top mark"),
    ] + Display.words.map(\.spec)
  }
}
