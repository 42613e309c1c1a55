import Island
import Options
import Outline
import Progress

/// `isle where`: the closed island for a position.
struct WhereCommand: RunnableCommand {
  let settings: Settings
  let cli: CLI

  func run() throws -> ExitStatus {
    let settings = self.settings
    return try cli.forEachDocument(settings) { document, source in
      let note =
        document.sections.isEmpty
        ? TocCommand.nothing(source, levels: settings.outline.levels) : nil
      guard let place = try settings.position.place(in: document, name: source.displayName) else {
        return DocumentOutput(status: .nothingFound, note: note)
      }
      let current = place.currentIndex.map { document.sections[$0] }
      let status: ExitStatus = current == nil ? .nothingFound : .success
      let bar = settings.display.bar(at: place, in: document)
      switch settings.format {
      case .json, .tsv, .markdown:
        return DocumentOutput(
          output: DocumentJSON.render(document, place: place, bar: bar ?? "") + "\n",
          status: status,
          note: note)
      case .spoken:
        guard let current else { return DocumentOutput(status: status, note: note) }
        let spoken = Spoken.text(
          title: current.title, number: current.number, count: document.sections.count,
          fraction: place.fraction, left: TimeLeft(place, in: document),
          copy: settings.display.copy)
        return DocumentOutput(output: spoken + "\n", status: status)
      case .text, .sarif, .junit, .github, .gitlab:
        return DocumentOutput(output: bar.map { $0 + "\n" } ?? "", status: status, note: note)
      }
    }
  }
}

extension WhereCommand {
  /// The form of `where` the words ask for: the island for a place in a
  /// book (a folder that is one, or `--book`; `--file` names the
  /// chapter), or in one document, where a position is needed.
  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try CLI.expectOneDocument(raw.operands, command: .where)
    if let path = raw.operands.first,
      let book = try BookCommand.book(path, forced: raw.has(.book), files: cli.files)
    {
      let settings = try cli.decideSettings(
        raw, operands: [], command: .where, formats: [.text, .spoken, .json],
        terminal: cli.terminal)
      return BookWhereCommand(book: book, file: raw.value(.file), settings: settings, cli: cli)
    }
    if raw.has(.book) || raw.has(.file) {
      throw UsageError("--book and --file name a book and its chapter", command: "where")
    }
    let settings = try cli.decideSettings(
      raw, operands: raw.operands, command: .where, formats: [.text, .spoken, .json],
      terminal: cli.terminal)
    guard !settings.position.isEmpty else {
      throw UsageError(
        "where needs a position: --offset B, --line N, --percent P or --section X",
        command: "where")
    }
    return WhereCommand(settings: settings, cli: cli)
  }
}

extension WhereCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "where", summary: "the bar for a position: section, place, how much is read",
    usage: "isle where --offset B | --line N | --percent P [options] [file]",
    discussion: """
      Prints the closed island for the reader's position: the ring of how
      much is read, the current section's title, its place (3 of 6) and a
      chevron; past the first section, a back-to-top mark leads. The
      current section is the last one starting at or before the position.
      """,
    options: Flags.outline + Flags.list + Flags.position
      + Flags.display("text (the bar), spoken or json") + [
        Flags.book,
        OptionSpec(.file, value: "CHAPTER", help: "the book's chapter the position is in"),
      ],
    example: " --line 40")
}
