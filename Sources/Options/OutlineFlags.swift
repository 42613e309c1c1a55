import HTMLOutline
import Outline

extension Flags {
  /// What is read and how: shared by every command that outlines.
  package static let outline = [
    OptionSpec(
      .from, value: "FORMAT", choices: ["markdown", "html"],
      help: "markdown or html (default: by name, then content)"),
    OptionSpec(.minLevel, value: "N", help: "shallowest heading level shown (default 1)"),
    OptionSpec(
      .maxLevel, value: "N", aliases: ["depth"],
      help: "deepest heading level shown (default 3)"),
    OptionSpec(
      .slug, value: "FLAVOR", choices: SlugChoice.names,
      help: "ids as this site makes them (default auto)"),
    OptionSpec(.wpm, value: "N", help: "reading speed in words a minute (default 238)"),
    OptionSpec(.maxSize, value: "BYTES", help: "largest document read (default 256M; K, M, G)"),
    OptionSpec(
      .maxNesting, value: "N", aliases: ["max-depth"],
      help: "deepest HTML nesting read (default 20000)"),
    OptionSpec(.maxColumns, value: "N", help: "widest Markdown table read (default 1000)"),
    OptionSpec(.noSplit, help: "parse whole: Markdown on one core, HTML with gumbo"),
    OptionSpec(
      .within, value: "SELECTOR",
      help: "HTML: keep to this element (default auto)"),
  ]

  /// The outline options named, in `outline`'s order: a command that
  /// takes only some.
  package static func outline(_ names: OptionName...) -> [OptionSpec] {
    outline.filter { names.contains($0.name) }
  }
}

/// What the outline options make of the settings: one function for the
/// group, as the levels hang on each other.
extension OptionValues {
  /// The outline options: format, levels, slug flavour and reading rate.
  package static func outlineOptions(_ raw: RawArguments, command: String) throws -> OutlineOptions
  {
    var options = OutlineOptions()
    // --from is the input format; a number there was meant as a position.
    let position = raw.value(.from).flatMap { Int($0) }.map {
      "; '--from' is the input format (for a position, '--line \($0)')"
    }
    options.format = try choice(
      raw, .from, as: DocumentFormat.self, command: command, note: position ?? "")
    if case .fixed(let flavor) = try slug(raw, command: command) { options.slugFlavor = flavor }
    if let wpm = try integer(raw, .wpm, in: 1...100_000, command: command) {
      options.rate.wordsPerMinute = wpm
    }
    // A default never stands in an error as if typed: --min-level alone
    // deeper than the default deepest level shows every level from there.
    let minGiven = try integer(raw, .minLevel, in: 1...6, command: command)
    let maxGiven = try integer(raw, .maxLevel, in: 1...6, command: command)
    let minLevel = minGiven ?? 1
    let maxLevel = maxGiven ?? (minLevel > 3 ? 6 : 3)
    guard minLevel <= maxLevel else {
      throw UsageError(
        "'\(raw.spelling(.minLevel)) \(minLevel)' is deeper than "
          + "'\(raw.spelling(.maxLevel)) \(maxLevel)'", command: command)
    }
    options.levels = minLevel...maxLevel
    if let depth = try integer(raw, .maxNesting, in: 1...10_000_000, command: command) {
      options.maxDepth = depth
    }
    if let columns = try integer(raw, .maxColumns, in: 1...10_000_000, command: command) {
      options.maxColumns = columns
    }
    options.split = !raw.has(.noSplit)
    options.within = .auto
    if let text = raw.value(.within), text != "auto" {
      guard let selector = CSSSelector(text) else {
        throw raw.invalid(
          .within, text,
          expected: "auto or types, #ids and .classes joined by spaces (main, #content, div.body)",
          command: command)
      }
      options.within = .within(selector)
    }
    return options
  }

  /// `--slug`: `auto` (the default) or a flavour.
  package static func slug(_ raw: RawArguments, command: String) throws -> SlugChoice {
    guard let text = raw.value(.slug) else { return .auto }
    guard let choice = SlugChoice(text) else {
      throw raw.invalid(
        .slug, text, expected: "one of " + SlugChoice.names.joined(separator: ", "),
        command: command)
    }
    return choice
  }

  /// `--max-size`: bytes, with an optional K, M or G (powers of 1024).
  package static func size(_ raw: RawArguments, command: String) throws -> Int {
    guard let text = raw.value(.maxSize) else { return 256 << 20 }
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last?.uppercased().first, let scale = units[last] {
      unit = scale
      digits = digits.dropLast()
    }
    guard let value = Int(digits), value > 0, value <= (1 << 50) / unit else {
      throw raw.invalid(
        .maxSize, text, expected: "a size in bytes such as 500K, 64M or 2G", command: command)
    }
    return value * unit
  }
}
