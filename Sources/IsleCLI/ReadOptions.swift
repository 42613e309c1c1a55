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
