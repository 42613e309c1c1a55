import Options

/// What `isle read` was asked beyond the settings every command decides:
/// the source as it is, the text's measure, whether to remember the place,
/// motion, and where places are kept.
struct ReadOptions: Sendable {
  /// `--plain`: the source as it is.
  var plain = false
  /// `--width N`: the text's measure, in cells (at most the window's;
  /// `ReaderState.readableMeasure` when not given).
  var measure: Int? = nil
  /// False for `--no-remember`.
  var remember = true
  /// False for `--no-front-matter`: Markdown front matter is not drawn.
  var frontMatter = true
  var reduceMotion = false
  /// The file places are kept in, when there is a home for it.
  var placesFile: String? = nil
  /// The file the sections read are kept in, beside it.
  var marksFile: String? = nil
  /// `ISLE_READ_TRACE`: a file each frame appends its top line, rows and
  /// top byte to, for scripts and tests that check the island.
  var trace: String? = nil
  /// `ISLE_TEST_BUSY`: a test hook, milliseconds the pager dawdles (see
  /// `ReadSession.busy`).
  var busy = 0

  /// The pager's options from the words given and the environment.
  static func decide(_ raw: RawArguments, cli: CLI) throws -> ReadOptions {
    let environment = cli.environment
    var options = ReadOptions()
    options.plain = raw.has(.plain)
    options.measure = try OptionValues.integer(raw, .width, in: 1...100_000, command: "read")
    options.remember = !raw.has(.noRemember)
    options.frontMatter = !raw.has(.noFrontMatter)
    options.reduceMotion = cli.reducesMotion(raw)
    options.placesFile = stateFolder(environment).map { $0 + "/places" }
    options.marksFile = stateFolder(environment).map { $0 + "/read" }
    if let trace = environment["ISLE_READ_TRACE"], !trace.isEmpty { options.trace = trace }
    if let busy = environment["ISLE_TEST_BUSY"].flatMap({ Int($0) }) {
      options.busy = min(max(busy, 0), 60_000)
    }
    return options
  }

  /// Where the pager keeps what it remembers: `$XDG_STATE_HOME/isle`,
  /// else `~/.local/state/isle`; nil without a home.
  static func stateFolder(_ environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/isle" }
    if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/isle" }
    return nil
  }
}

extension ReadCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "read", summary: "read a document in a pager, with the island on the bottom row",
    usage: "isle read [--plain] [--line N | --section X] [options] [file|book]",
    discussion: """
      A full-screen pager: the document drawn for the terminal (or as it
      is, with --plain), and on the bottom row the island for the top
      line, as 'isle where --line L --viewport H' says it for the H source
      lines in view. Keys as in less: j/k and the arrows, Space/f/PageDown,
      b/PageUp, d/u, g/Home, G/End, N g or N % to go to a line or a
      percentage, / and ? search, n/N repeat, m and a letter marks, ' and
      the letter goes back, '' back from the last jump, v opens $VISUAL or
      $EDITOR at the top line; left and right scroll code and tables wider
      than the window sideways; ] and [ next and previous section, } and {
      the next and previous at the same or a higher level; Tab or t opens
      the contents (type to filter, Return jumps, Escape closes); h shows
      the keys; q leaves. It reopens a document where it was left, also
      when ended by SIGTERM or SIGHUP (--no-remember keeps nothing). Front
      matter is drawn as a table of its keys (--no-front-matter: not at
      all). An HTML page is drawn from the part --within keeps to. The
      document may come on standard input. With standard output not a
      terminal, the page is written there, --width wide (default 80).
      """,
    options: Flags.outline + Flags.list + Flags.reader + [
      OptionSpec(.section, value: "X", help: "open at section X (as jump names it)"),
      OptionSpec(.plain, help: "show the source as it is, as less does"),
      OptionSpec(.noRemember, help: "neither return to nor keep the place left"),
      OptionSpec(.noFrontMatter, help: "draw no front matter (else a table of its keys)"),
      Flags.reduceMotion, Flags.book,
    ] + Flags.display(nil),
    operands: .documents(fish: false))

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try ReadCommand(raw, cli: cli)
  }
}

extension Flags {
  static let reduceMotion = OptionSpec(
    .reduceMotion, help: "every change instant (also ISLE_REDUCE_MOTION=1)")
}

extension CLI {
  /// `--reduce-motion`, or `ISLE_REDUCE_MOTION` set to anything but 0.
  func reducesMotion(_ raw: RawArguments) -> Bool {
    raw.has(.reduceMotion)
      || !(environment["ISLE_REDUCE_MOTION"] ?? "").isEmpty
        && environment["ISLE_REDUCE_MOTION"] != "0"
  }
}
