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
  /// `ISLE_READ_TRACE`: a file each frame appends its top line, rows and
  /// top byte to, for scripts and tests that check the island.
  var trace: String? = nil

  /// The pager's options from the words given and the environment.
  static func decide(_ raw: RawArguments, cli: CLI) throws -> ReadOptions {
    let environment = cli.environment
    var options = ReadOptions()
    options.plain = raw.has(.plain)
    options.measure = try OptionValues.integer(raw, .width, in: 1...100_000, command: "read")
    options.remember = !raw.has(.noRemember)
    options.frontMatter = !raw.has(.noFrontMatter)
    options.reduceMotion = cli.reducesMotion(raw)
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      options.placesFile = state + "/isle/places"
    } else if let home = environment["HOME"], !home.isEmpty {
      options.placesFile = home + "/.local/state/isle/places"
    }
    if let trace = environment["ISLE_READ_TRACE"], !trace.isEmpty { options.trace = trace }
    return options
  }
}
