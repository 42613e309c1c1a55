import Files
import Island
import Options
import Outline
import Progress

/// `isle jump`: pick a section and say where it is.
struct JumpCommand: RunnableCommand {
  /// What `jump` is given, its TARGET: a number, an id, a title, next, prev,
  /// first or last.
  let given: String
  let print: SectionPrint
  let settings: Settings
  let cli: CLI

  func run() throws -> ExitStatus {
    let (given, print, settings) = (self.given, self.print, self.settings)
    return try cli.forEachLoaded(settings) { loaded, source, loader in
      var document = loaded.document
      let name = source.displayName
      let start = try settings.position.place(in: document, name: name)
      // An id names one heading whatever the levels shown: one the levels
      // leave out is found in the outline that shows its level too.
      if let folded = Jump(given).foldedID(in: document.sections, folded: document.folded) {
        let level = document.folded[folded].level
        var options = loader.options
        options.levels =
          min(options.levels.lowerBound, level)...max(options.levels.upperBound, level)
        document = try loader.outline(again: loaded, from: source, options: options)
      }
      let index = try DocumentError.resolving(
        Jump(given), text: given, in: document, name: name, from: start?.offset)
      let output = Self.describe(
        document.sections[index], in: document, print: print, settings: settings)
      return DocumentOutput(output: output + "\n", status: .success)
    }
  }

  /// What `--print` asks for of `section`.
  static func describe(
    _ section: Section, in document: Document, print: SectionPrint, settings: Settings
  )
    -> String
  {
    switch print {
    case .line: return String(section.line)
    case .offset: return String(section.offset)
    case .id: return section.id ?? ""
    case .json: return DocumentJSON.section(section)
    case .bar:
      // The reader arrives at the section's first line.
      var place = Place.locate(
        .line(section.line), in: document, viewport: settings.position.viewport)
      place.currentIndex = section.number - 1
      return settings.display.bar(at: place, in: document) ?? ""
    }
  }
}

extension JumpCommand {
  /// What `jump` is given, its one document at most, and what it prints.
  init(_ raw: RawArguments, cli: CLI) throws {
    let (given, files) = try Self.operands(raw.operands, files: cli.files)
    let settings = try cli.decideSettings(
      raw, operands: files, command: .jump, formats: [.text], terminal: cli.terminal)
    let print =
      try OptionValues.choice(raw, .print, as: SectionPrint.self, command: "jump") ?? .line
    self.init(given: given, print: print, settings: settings, cli: cli)
  }

  /// What `jump` is given and its document: one word, and one document
  /// at most. `isle jump README.md`, the one word a file, is the word
  /// forgotten (a title that is also a file's name goes before `-`).
  private static func operands(_ operands: [String], files: FileAccess) throws -> (
    String, [String]
  ) {
    guard let given = operands.first else {
      throw UsageError(
        "jump needs a TARGET: a number, an id, a title, next, prev, first or last",
        command: "jump")
    }
    let documents = Array(operands.dropFirst())
    if documents.isEmpty, files.kind(given) == .regular {
      throw UsageError(
        "jump needs a TARGET before the document '\(given)': a number, an id, a title, "
          + "next, prev, first or last ('isle jump next \(given)'; to look for "
          + "'\(given)' in standard input, 'isle jump \(given) -')",
        command: "jump")
    }
    try CLI.expectOneDocument(documents, command: .jump)
    return (given, documents)
  }
}

extension JumpCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "jump", summary: "pick a section and say where it starts",
    usage: "isle jump TARGET [--line N | --offset B | --percent P] [options] [file]",
    discussion: """
      Picks a section and prints where it starts (its line, by default), so
      that 'line=$(isle jump method doc.md) && less +"$line" doc.md' opens
      there, and does nothing when there is no such section. TARGET is
      a number, an id (method, #method, guide.html#method), a title or a
      unique part of one (any case, any accents), next, prev, first (or
      top), last, or a step such as +2 or -1 from the reader's position
      (--line, --offset or --percent). No match, or more than one, exits 1
      and names the sections close to it; an id finds a heading the levels
      shown leave out, and its title names it with the option that shows it.
      """,
    options: Flags.outline + Flags.list + Flags.reader + [Flags.viewport, Flags.print]
      + Flags.display(nil),
    operands: .jump, example: " next --line 40")

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try JumpCommand(raw, cli: cli)
  }
}
