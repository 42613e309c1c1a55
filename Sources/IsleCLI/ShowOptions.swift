import Options

extension ShowCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "show", summary: "a section's own text, for scripts and agents",
    usage: "isle show [options] SELECTOR... [--] [file ...]",
    discussion: """
      Prints sections' own text: a Markdown section's bytes as written, from
      its heading to the next heading at its level or above (its
      subsections come with it); an HTML page's section laid out as read
      draws it. SELECTOR is what jump takes (a number, an id, a link, a
      title or a unique part of one), a path of headings (Install/Linux or
      'Install > Linux', each under the one before at any depth), a range
      (3..5, 3..), 0 for the text before the first section, or --line N or
      --offset B (the section holding it). Several print in document order,
      each once. Operands are selectors up to the first that names a file
      or folder (or -); -- ends them. --all prints every section, and with
      --format jsonl one JSON record each, cut at block boundaries with
      --max-words. A selector that matches nothing exits 1, once the others
      are printed, naming the sections close to it.
      """,
    options: Flags.outline + Flags.many + options, operands: .selectors, manyDocuments: true,
    example: " 1")

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try ShowCommand(raw, cli: cli)
  }

  /// What `show` selects and how it prints it (read in `init(_:cli:)`).
  private static let options = [
    OptionSpec(.line, value: "N", help: "the section holding line N (repeatable)"),
    OptionSpec(.offset, value: "B", help: "the section holding byte B (repeatable)"),
    OptionSpec(
      .all, conflicts: [.given(.noSubsections), .given(.body)],
      help: "every section shown, and the text before the first"),
    OptionSpec(.noSubsections, help: "stop at the next heading of any level"),
    OptionSpec(.body, help: "leave out the section's own heading"),
    OptionSpec(
      .maxWords, value: "N", requires: [.value(.format, "json", "jsonl")],
      conflicts: [.given(.maxTokens)],
      help: "cut longer sections into parts at block boundaries"),
    Flags.tokenizer,
    OptionSpec(
      .maxTokens, value: "N", requires: [.value(.format, "json", "jsonl")],
      help: "no embed over N tokens: cut blocks, code, rows"),
    OptionSpec(
      .minTokens, value: "N", requires: [.value(.format, "json", "jsonl")],
      help: "join a smaller section to its next sibling"),
    OptionSpec(
      .overlap, value: "N", requires: [.given(.maxTokens)],
      help: "a part's last N tokens begin the next's embed"),
    OptionSpec(
      .context, requires: [.value(.format, "json", "jsonl")],
      help: "the headings above a record in its embed"),
    OptionSpec(
      .changedSince, value: "OLD", requires: [.value(.format, "json", "jsonl")],
      help: "only records new or changed since OLD, and gone"),
    OptionSpec(
      .format, value: "FORMAT", choices: Format.allCases.map(\.rawValue),
      help: "markdown, html (as written), text (laid out) or json"),
    OptionSpec(.width, value: "N", help: "text: lay out N cells wide (default 80)"),
    Flags.color, Flags.ascii,
  ]
}
