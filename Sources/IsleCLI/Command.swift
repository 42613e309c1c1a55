import Options
import Outline

/// The commands isle answers to, with their options and help.
enum Command: String, CaseIterable, Sendable {
  case toc
  case `where`
  case jump
  case show
  case pick
  case read
  case check
  case llms
  case lsp
  case mcp
  case help
  case completions

  /// One line saying what the command does.
  var summary: String {
    switch self {
    case .toc: return "the contents, with a reading time for each section"
    case .where: return "the bar for a position: section, place, how much is read"
    case .jump: return "pick a section and say where it starts"
    case .show: return "a section's own text, for scripts and agents"
    case .pick: return "the interactive island: open, move, filter, pick"
    case .read: return "read a document in a pager, with the island on the bottom row"
    case .check: return "every link to a heading or a file resolves"
    case .llms: return "a book's llms.txt (or llms-full.txt) for language models"
    case .lsp: return "a language server for editors, on stdin and stdout"
    case .mcp: return "a Model Context Protocol server for agents, on stdin and stdout"
    case .help: return "help on a command"
    case .completions: return "a completion script for bash, zsh or fish"
    }
  }

  /// How to call it.
  var usage: String {
    switch self {
    case .toc: return "isle toc [options] [file ...]"
    case .where: return "isle where --offset B | --line N | --percent P [options] [file]"
    case .jump: return "isle jump TARGET [--line N | --offset B | --percent P] [options] [file]"
    case .show: return "isle show [options] SELECTOR... [--] [file ...]"
    case .pick: return "isle pick [--closed] [--line N | --offset B] [options] [file]"
    case .read: return "isle read [--plain] [--line N | --section X] [options] [file|book]"
    case .check: return "isle check [options] [file|dir ...]"
    case .llms: return "isle llms [--full [--max-tokens N]] [--base-url URL] [options] book"
    case .lsp: return "isle lsp [--slug FLAVOR]"
    case .mcp: return "isle mcp"
    case .help: return "isle help [command]"
    case .completions: return "isle completions bash|zsh|fish"
    }
  }

  /// A paragraph on what it does.
  var description: String {
    switch self {
    case .toc: return Description.toc
    case .where: return Description.where
    case .jump: return Description.jump
    case .show: return Description.show
    case .pick: return Description.pick
    case .read: return Description.read
    case .check: return Description.check
    case .llms: return Description.llms
    case .lsp: return Description.lsp
    case .mcp: return Description.mcp
    case .help: return Description.help
    case .completions: return Description.completions
    }
  }

  /// Each command's paragraph, one text apiece, so that `description`
  /// stays a lookup.
  private enum Description {
    static let toc = """
      Prints every section of each document on a row, with its reading time,
      and below them the bar reading the contents title and the total time;
      the text before the first heading has a row when it takes a minute.
      Reads standard input when no file is given, or for '-' (with --write,
      the document comes back on standard output).
      With a position, the current row sits on the puck and the bar says
      how much has been read.
      """
    static let `where` = """
      Prints the closed island for the reader's position: the ring of how
      much is read, the current section's title, its place (3 of 6) and a
      chevron; past the first section, a back-to-top mark leads. The
      current section is the last one starting at or before the position.
      """
    static let jump = """
      Picks a section and prints where it starts (its line, by default), so
      that 'line=$(isle jump method doc.md) && less +"$line" doc.md' opens
      there, and does nothing when there is no such section. TARGET is
      a number, an id (method, #method, guide.html#method), a title or a
      unique part of one (any case, any accents), next, prev, first (or
      top), last, or a step such as +2 or -1 from the reader's position
      (--line, --offset or --percent). No match, or more than one, exits 1
      and names the sections close to it; an id finds a heading the levels
      shown leave out, and its title names it with the option that shows it.
      """
    static let show = """
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
      """
    static let pick = """
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
      """
    static let read = """
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
      """
    static let check = """
      Checks every link of each document that stays on this machine: a
      #fragment names a heading (in the --slug flavour) or an HTML id of
      the document; a relative path names a file that exists (x.html may
      be x.md, a folder its README.md or index.md), and its fragment a
      heading there. URLs are never fetched. Prints one line per broken
      link, sorted by file and line, with the nearest id; exits 0 when
      every link resolves, 1 when any is broken, 2 on an error. --exclude
      leaves out links to paths the site provides once built. A renamed
      heading's old id is suggested as its new one from git's history.
      For CI: --format sarif, junit, github or gitlab; --changed REF.
      """
    static let llms = """
      Writes a book's llms.txt (llmstxt.org) from its order (SUMMARY.md,
      mkdocs.yml or a folder): its title, its first paragraph as the
      summary, a section for each part, each chapter a link with its first
      sentence, minutes and tokens (estimated); suffix chapters, appendices
      and what is under a draft go under Optional. Links are the pages as
      the site serves them: x.html for mdBook, x/ for MkDocs, under
      --base-url when given. --full writes llms-full.txt, every chapter in
      order; --max-tokens N cuts it into llms-full-1.txt, llms-full-2.txt...
      beside --output, each at most N tokens. --check exits 1 when the file
      (--output, else the one in the book's folder) differs.
      """
    static let lsp = """
      Speaks the Language Server Protocol 3.17 on standard input and
      output, for editors: the outline (symbols, folding, every heading
      level with its reading time), links checked as isle check checks
      them, definition, references, rename and completion of ids, and
      isle/where for a status line. See the README for each editor.
      """
    static let mcp = """
      Speaks the Model Context Protocol (every revision from 2024-11-05) on
      standard input and output, for coding agents: the tools outline,
      section (bounded by max_bytes), where, check and find, on the
      documents under the folder it was started in (or the client's
      roots). See the README for each agent.
      """
    static let help = "Shows the help of a command, or of isle itself."
    static let completions = """
      Prints a completion script for a shell. For example:
        isle completions bash > ~/.local/share/bash-completion/completions/isle
        isle completions zsh > ~/.zfunc/_isle
        isle completions fish > ~/.config/fish/completions/isle.fish
      """
  }

  /// Every command's options, for the error that names the commands
  /// taking an option another does not.
  static var tables: [(command: String, options: [OptionSpec])] {
    allCases.map { ($0.rawValue, $0.options) }
  }

  /// The options it accepts.
  var options: [OptionSpec] {
    switch self {
    case .toc:
      return Self.outlineOptions + Self.manyOptions + Self.pathOptions + Self.positionOptions
        + Self.displayOptions("text, json, tsv or markdown") + Self.writeOptions + [
          OptionSpec(.stats, help: "say on stderr whether each document was split"),
          Self.tokenizerOption, Self.bookOption,
        ] + [Self.helpOption]
    case .where:
      return Self.outlineOptions + Self.listOptions + Self.positionOptions
        + Self.displayOptions("text (the bar), spoken or json") + [
          Self.bookOption,
          OptionSpec(.file, value: "CHAPTER", help: "the book's chapter the position is in"),
        ] + [Self.helpOption]
    case .jump:
      return Self.outlineOptions + Self.listOptions + Self.readerOptions
        + [Self.viewportOption, Self.printOption]
        + Self.displayOptions(nil) + [Self.helpOption]
    case .show:
      return Self.outlineOptions + Self.manyOptions + Self.showOptions + [Self.helpOption]
    case .pick:
      return Self.outlineOptions + Self.listOptions + Self.readerOptions + [Self.printOption] + [
        OptionSpec(.closed, help: "start on the closed bar"),
        OptionSpec(.reduceMotion, help: "every change instant (also ISLE_REDUCE_MOTION=1)"),
      ] + Self.displayOptions(nil) + [Self.helpOption]
    case .read:
      return Self.outlineOptions + Self.listOptions + Self.readerOptions + [
        OptionSpec(.section, value: "X", help: "open at section X (as jump names it)"),
        OptionSpec(.plain, help: "show the source as it is, as less does"),
        OptionSpec(.noRemember, help: "neither return to nor keep the place left"),
        OptionSpec(.noFrontMatter, help: "draw no front matter (else a table of its keys)"),
        OptionSpec(.reduceMotion, help: "every change instant (also ISLE_REDUCE_MOTION=1)"),
        Self.bookOption,
      ] + Self.displayOptions(nil) + [Self.helpOption]
    case .check:
      // Levels, reading speed and the part of a page shown mean nothing to
      // links: every heading and every id of the page count.
      let outline = Self.outlineOptions.filter {
        [.from, .slug, .maxSize, .maxNesting, .maxColumns, .noSplit].contains($0.name)
      }
      return outline + Self.manyOptions + [
        OptionSpec(
          .format, value: "FORMAT", choices: ["text", "json", "sarif", "junit", "github", "gitlab"],
          help: "text, json, or for CI sarif, junit, github or gitlab"),
        OptionSpec(
          .changed, value: "REF",
          help: "only documents changed since REF, and links to them"),
        OptionSpec(
          .sites, value: "SITES",
          help: "fragments as each site renders them (github,mkdocs)"),
        OptionSpec(.root, value: "DIR", help: "where /path links start (default: the repository)"),
        OptionSpec(
          .repositoryURL, value: "URL", help: "check links to this repository's files by URL"),
        OptionSpec(.fix, help: "rewrite a fragment that has one close suggestion"),
        OptionSpec(
          .exclude, value: "GLOB",
          help: "leave out links whose path GLOB matches (repeatable)"),
        OptionSpec(.stats, help: "say on stderr how many links broke or were excluded"),
        Self.bookOption, Self.helpOption,
      ]
    case .llms:
      return Self.outlineOptions.filter { [.wpm, .maxSize].contains($0.name) } + [
        OptionSpec(.full, help: "write llms-full.txt: every chapter's text in order"),
        OptionSpec(
          .maxTokens, value: "N", requires: [.given(.full)],
          help: "cut llms-full.txt into files of at most N tokens"),
        OptionSpec(.baseURL, value: "URL", help: "links under URL, as the site serves the pages"),
        OptionSpec(.output, value: "FILE", help: "write FILE (default: standard output)"),
        OptionSpec(.check, help: "change nothing; exit 1 when the file differs"),
        OptionSpec(.diff, help: "check, and print the diff"),
        Self.manyOptions[0], Self.helpOption,
      ]
    case .lsp:
      // Levels and speed are those of isle/where; the symbols show every level.
      return Self.outlineOptions.filter {
        [.slug, .wpm, .minLevel, .maxLevel, .maxSize].contains($0.name)
      } + [Self.helpOption]
    case .mcp, .help, .completions: return [Self.helpOption]
    }
  }

  static let helpOption = OptionSpec(.help, short: "h", help: "show this help")
  static let tokenizerOption = OptionSpec(
    .tokenizer, value: "FILE",
    help: "count tokens with this tiktoken rank file or tokenizer.json")
  static let bookOption = OptionSpec(
    .book, help: "read the folder as a book, 2-x before 10-x")

  /// What is read and how: shared by every command that outlines.
  static let outlineOptions = [
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

  /// Many documents at once: named in a list, a share of them, records.
  static let manyOptions =
    [
      OptionSpec(.jobs, value: "N", help: "read N documents at once (default: the cores)"),
      OptionSpec(.hidden, help: "walk hidden files and directories too"),
      OptionSpec(.noIgnore, help: "walk what .gitignore, .ignore and git excludes skip"),
    ] + listOptions + [
      OptionSpec(.shard, value: "K/N", help: "only the K-th of N shares, by a hash of the path"),
      OptionSpec(
        .records,
        conflicts: [
          .given(.filesFrom), .given(.fix), .given(.changed), .given(.book), .given(.write),
          .given(.check), .given(.diff),
          .value(.format, "text", "tsv", "markdown", "html", "sarif", "junit", "github", "gitlab"),
        ], help: "documents as JSON Lines on stdin, records out"),
    ]

  /// The paths of a list, for every command that reads files.
  static let listOptions = [
    OptionSpec(.filesFrom, value: "FILE", help: "the paths FILE lists, one a line (- for stdin)"),
    OptionSpec(
      .null, short: "0", requires: [.given(.filesFrom)], help: "the list's paths end in NUL"),
  ]

  /// Whether each document's path is printed.
  static let pathOptions = [
    OptionSpec(
      .withPath, short: "H", conflicts: notListed,
      help: "name the document even when there is one"),
    OptionSpec(
      .noPath, conflicts: notListed, help: "never name the document, however many"),
  ]

  /// What the path options cannot be given with: outputs that either
  /// always name the document (json) or never do (the list).
  private static let notListed: [OptionCondition] = [
    .value(.format, "json", "markdown"), .given(.write), .given(.check), .given(.diff),
  ]

  /// Keeping a README's own contents list up to date.
  static let writeOptions = [
    OptionSpec(
      .ordered, value: "increment", optional: true, choices: ["ones", "increment"],
      requires: listed, help: "a numbered list: 1. on every item, or counting up"),
    OptionSpec(
      .details, value: "SUMMARY", optional: true, requires: listed,
      help: "fold the list in <details> (summary: the --title)"),
    OptionSpec(
      .includeTitle, requires: listed, help: "list the document's title heading too"),
    OptionSpec(
      .base, value: "DIR", requires: [.value(.format, "markdown")],
      help: "with many documents, link paths relative to DIR"),
    OptionSpec(
      .write,
      conflicts: [.given(.check), .given(.diff), .value(.format, "text", "json", "tsv")],
      help: "update the contents list between a file's markers"),
    OptionSpec(
      .check, conflicts: [.value(.format, "text", "json", "tsv")],
      help: "change nothing; exit 1 naming stale files"),
    OptionSpec(
      .diff, conflicts: [.value(.format, "text", "json", "tsv")],
      help: "check, and print the diff of each stale list"),
    OptionSpec(
      .afterMarkers, requires: [.given(.write), .given(.check), .given(.diff)],
      help: "list only the headings after the list"),
  ]

  /// What the list's shapes need: a Markdown list, printed or kept.
  private static let listed: [OptionCondition] = [
    .value(.format, "markdown"), .given(.write), .given(.check), .given(.diff),
  ]

  /// What a document notes of the options its contents list was made
  /// with (see `NotedOptions`).
  static let noted =
    outlineOptions.filter { [.minLevel, .maxLevel, .slug].contains($0.name) }
    + writeOptions.filter {
      [.ordered, .details, .includeTitle, .afterMarkers].contains($0.name)
    }

  /// Where the reader is: the same three spellings for every command.
  /// `jump` steps from there and `pick` opens there (`--from-line` and
  /// `--from-offset`, their old names, are still read).
  static let readerOptions = [
    OptionSpec(
      .line, value: "N", aliases: ["from-line"], help: "the reader is at line N (1-based)"),
    OptionSpec(
      .offset, value: "B", aliases: ["from-offset"], help: "the reader is at byte B (0-based)"),
    OptionSpec(.percent, value: "P", help: "the reader is P percent through (0-100)"),
  ]

  /// What `show` selects and how it prints it.
  static let showOptions = [
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
    tokenizerOption,
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
      .format, value: "FORMAT", choices: ShowCommand.Format.allCases.map(\.rawValue),
      help: "markdown, html (as written), text (laid out) or json"),
    OptionSpec(.width, value: "N", help: "text: lay out N cells wide (default 80)"),
    OptionSpec(
      .color, value: "WHEN", choices: ["auto", "always", "never"],
      help: "auto (default: on a terminal), always or never"),
    OptionSpec(.ascii, help: "draw with ASCII alone"),
  ]

  static let viewportOption = OptionSpec(
    .viewport, value: "N", help: "N lines are visible: all is read once the end shows")

  /// Where the reader stands, for `toc` and `where`.
  static let positionOptions =
    readerOptions + [
      viewportOption,
      OptionSpec(.progress, value: "F", help: "the read fraction (0-1), as a pager knows it"),
      OptionSpec(.section, value: "X", help: "the reader is in section X (as jump names it)"),
    ]

  /// What `jump` and `pick` print.
  static let printOption = OptionSpec(
    .print, value: "WHAT", choices: ["line", "offset", "id", "bar", "json"],
    help: "line (default), offset, id, bar or json")

  /// How it is printed; `formats` names the formats, nil for none.
  static func displayOptions(_ formats: String?) -> [OptionSpec] {
    var options: [OptionSpec] = []
    if let formats {
      let choices = ["text", "spoken", "json", "tsv", "markdown"].filter { formats.contains($0) }
      options.append(OptionSpec(.format, value: "FORMAT", choices: choices, help: formats))
    }
    return options + [
      OptionSpec(.width, value: "N", help: "draw at most N cells wide, wherever it goes"),
      OptionSpec(
        .maxWidth, value: "N", help: "widest it grows (default: the terminal's width)"),
      OptionSpec(
        .color, value: "WHEN", choices: ["auto", "always", "never"],
        help: "auto (default: on a terminal), always or never"),
      OptionSpec(.accent, value: "COLOR", help: "the accent: a name (red, blue...) or #RRGGBB"),
      OptionSpec(.ascii, help: "draw with ASCII alone"),
      OptionSpec(.noTop, help: "leave out the back-to-top mark"),
      OptionSpec(.title, value: "TEXT", help: "the contents title (default \"Contents\")"),
      OptionSpec(
        .preambleText, value: "TEXT",
        help: "the row before the first heading (\"Introduction\")"),
      OptionSpec(
        .positionText, value: "TEXT", help: "the place on the bar (default \"{n} of {count}\")"),
      OptionSpec(
        .spokenText, value: "TEXT", help: "the place, spoken (\"Section {n} of {count}\")"),
      OptionSpec(
        .readText, value: "TEXT", help: "how much is read (default \"{percent}% read\")"),
      OptionSpec(.timeText, value: "TEXT", help: "a time (default \"{m} min\")"),
      OptionSpec(.hoursText, value: "TEXT", help: "a time past an hour (\"{h} h {m} min\")"),
      OptionSpec(.shortText, value: "TEXT", help: "under half a minute (default \"< 1 min\")"),
      OptionSpec(.leftText, value: "TEXT", help: "time left, spoken (\"{m} minutes left\")"),
    ]
  }

  /// The full help text.
  var help: String {
    var lines = ["Usage: \(usage)", "", description, "", "Options:"]
    let column = options.map { Self.label($0).count }.max() ?? 0
    for option in options {
      let label = Self.label(option)
      lines.append(
        "  " + label + String(repeating: " ", count: column - label.count + 2) + option.help)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func label(_ option: OptionSpec) -> String {
    let short = option.short.map { "-\($0), " } ?? "    "
    let value = option.valueName.map { option.valueIsOptional ? "[=\($0)]" : " " + $0 } ?? ""
    return short + "--" + option.name.rawValue + value
  }

  /// The help of isle itself.
  static var generalHelp: String {
    var lines = [
      "isle \(CLI.version): the scroll island for documents, in the terminal", "",
      "Usage: isle <command> [options] [file ...]", "", "Commands:",
    ]
    // One column for commands and options, wide enough for the longest.
    let flags = [("-h, --help", "show this help"), ("-V, --version", "show the version")]
    let column = (allCases.map(\.rawValue.count) + flags.map(\.0.count)).max()! + 2
    for command in allCases {
      lines.append("  " + command.rawValue.padding(to: column) + command.summary)
    }
    lines += [
      "", "Options:",
    ]
    lines += flags.map { "  " + $0.0.padding(to: column) + $0.1 }
    lines += [
      "",
      "Run 'isle help <command>' for the options of a command.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
