import Cells
import Foundation
import Testing

@testable import Island
@testable import IsleCLI

/// One command line and everything a user sees of it.
struct HabitCase: CustomTestStringConvertible, Sendable {
  var arguments: [String]
  var status: Int32
  /// The whole of standard output, or nil to leave it unchecked.
  var stdout: String?
  var stderr: String = ""
  /// Standard output is a terminal this wide (nil: a pipe).
  var terminal: Int? = nil
  /// The config file's text, or nil for none.
  var config: String? = nil
  var environment: [String: String] = [:]

  var testDescription: String { arguments.joined(separator: " ") }
}

/// The habits of a good command-line tool, each as a command line with its
/// exit status, standard output and standard error.
@Suite struct HabitsTests {
  static let help = "(see 'isle help toc')"

  static let arguments: [HabitCase] = [
    // A value that looks like an option is not taken as one.
    HabitCase(
      arguments: ["toc", "--title", "--format", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: option '--title' needs a value (TEXT), and '--format' is an option; "
        + "to give it as the value, write '--title=--format' \(help)\n"),
    HabitCase(
      arguments: ["toc", "--title=--format", "--max-level", "1", "fixtures/recipe.md"], status: 0,
      stdout: "   1  Weeknight Lentil Soup  2 min\n ○ --format                  2 min ⌄\n"),
    HabitCase(
      arguments: ["toc", "--max-level", "1", "--", "--title"], status: 2, stdout: "",
      stderr: "isle: error: --title: No such file or directory\n"),
    // A negative number is a value, not an option.
    HabitCase(
      arguments: ["jump", "-1", "--line", "-5", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: line -5 is negative (fixtures/recipe.md: 72 lines, 2566 bytes; "
        + "lines run 1 to 72)\n"),
    // Conflicts and requirements, naming both options.
    HabitCase(
      arguments: ["toc", "--write", "--diff", "fixtures/toc-stale.md"], status: 2, stdout: "",
      stderr: "isle: error: '--write' and '--diff' cannot be given together \(help)\n"),
    HabitCase(
      arguments: ["toc", "--write", "--check", "fixtures/toc-stale.md"], status: 2, stdout: "",
      stderr: "isle: error: '--write' and '--check' cannot be given together \(help)\n"),
    HabitCase(
      arguments: ["toc", "--check", "--write", "fixtures/toc-stale.md"], status: 2, stdout: "",
      stderr: "isle: error: '--write' and '--check' cannot be given together \(help)\n"),
    HabitCase(
      arguments: ["toc", "--write", "--format", "json", "fixtures/toc-stale.md"], status: 2,
      stdout: "",
      stderr: "isle: error: '--write' and '--format json' cannot be given together \(help)\n"),
    HabitCase(
      arguments: ["toc", "--format", "tsv", "--check", "fixtures/toc-stale.md"], status: 2,
      stdout: "",
      stderr: "isle: error: '--check' and '--format tsv' cannot be given together \(help)\n"),
    HabitCase(
      arguments: ["toc", "--ordered", "--format", "json", "fixtures/recipe.md"], status: 2,
      stdout: "",
      stderr:
        "isle: error: '--ordered' needs '--format markdown', '--write', '--check' or '--diff' "
        + "\(help)\n"),
    HabitCase(
      arguments: [
        "toc", "--ordered", "--format", "markdown", "--max-level", "1", "--include-title",
        "fixtures/recipe.md",
      ],
      status: 0, stdout: "1. [Weeknight Lentil Soup](#weeknight-lentil-soup)\n"),
    HabitCase(
      arguments: ["toc", "--check", "--ordered", "--format", "markdown", "fixtures/toc-stale.md"],
      status: 1, stdout: "fixtures/toc-stale.md\n"),
    HabitCase(
      arguments: ["toc", "--after-markers", "fixtures/toc-stale.md"], status: 2, stdout: "",
      stderr:
        "isle: error: '--after-markers' needs '--write', '--check' or '--diff' \(help)\n"),
    // Unknown options and commands name the nearest.
    HabitCase(
      arguments: ["toc", "--wirte", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: unknown option '--wirte'; did you mean '--write'? \(help)\n"),
    HabitCase(
      arguments: ["toc", "--colour=never", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: unknown option '--colour'; did you mean '--color'? \(help)\n"),
    HabitCase(
      arguments: ["toc", "--max-levl", "2", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: unknown option '--max-levl'; did you mean '--max-level'? \(help)\n"),
    HabitCase(
      arguments: ["where", "--write", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: unknown option '--write'; it is an option of 'isle toc' "
        + "(see 'isle help where')\n"),
    HabitCase(
      arguments: ["toc", "--frobnicate", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: unknown option '--frobnicate' \(help)\n"),
    HabitCase(
      arguments: ["tco", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: unknown command 'tco'; did you mean 'toc'? (see 'isle --help')\n"),
    HabitCase(
      arguments: ["--verison"], status: 2, stdout: "",
      stderr: "isle: error: unknown option '--verison'; did you mean '--version'? "
        + "(see 'isle --help')\n"),
    // Defaults never stand in an error as if typed.
    HabitCase(
      arguments: ["toc", "--min-level", "4", "fixtures/tricky-headings.md"], status: 0,
      stdout: "   1  Level four folds into its parent  < 1 min\n"
        + " ○ Contents                             < 1 min ⌄\n"),
    HabitCase(
      arguments: ["toc", "--min-level", "4", "--max-level", "2", "fixtures/recipe.md"], status: 2,
      stdout: "", stderr: "isle: error: '--min-level 4' is deeper than '--max-level 2' \(help)\n"),
    HabitCase(
      arguments: ["toc", "--min-level", "4", "--depth", "2", "fixtures/recipe.md"], status: 2,
      stdout: "", stderr: "isle: error: '--min-level 4' is deeper than '--depth 2' \(help)\n"),
    // One name for one idea: positions are spelled alike everywhere.
    HabitCase(
      arguments: ["jump", "next", "--line", "40", "--print", "id", "fixtures/recipe.md"], status: 0,
      stdout: "serving\n"),
    HabitCase(
      arguments: ["jump", "next", "--from-line", "40", "--print", "id", "fixtures/recipe.md"],
      status: 0, stdout: "serving\n"),
    HabitCase(
      arguments: ["jump", "prev", "--offset", "2566", "fixtures/recipe.md"], status: 0,
      stdout: "61\n"),
    HabitCase(
      arguments: ["jump", "next", "--percent", "50", "--print", "id", "fixtures/recipe.md"],
      status: 0, stdout: "serving\n"),
    HabitCase(
      arguments: ["jump", "next", "--from-offset", "0", "--line", "3", "fixtures/recipe.md"],
      status: 2, stdout: "",
      stderr: "isle: error: give one position, not '--from-offset' and '--line' "
        + "(see 'isle help jump')\n"),
    HabitCase(
      arguments: ["jump", "next", "--from", "40", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: invalid value '40' for '--from': expected one of markdown, html; "
        + "'--from' is the input format (for a position, '--line 40') (see 'isle help jump')\n"),
    HabitCase(
      arguments: ["toc", "--depth", "1", "fixtures/recipe.md"], status: 0,
      stdout: "   1  Weeknight Lentil Soup  2 min\n ○ Contents                  2 min ⌄\n"),
    HabitCase(
      arguments: ["toc", "--max-depth", "0", "fixtures/recipe.md"], status: 2, stdout: "",
      stderr: "isle: error: invalid value '0' for '--max-depth': expected a whole number "
        + "from 1 to 10000000 \(help)\n"),
  ]

  @Test(arguments: arguments)
  func argument(_ habit: HabitCase) throws {
    try Self.check(habit)
  }

  static let one = "fixtures/recipe.md"
  static let recipeRow =
    "1\t1\tWeeknight Lentil Soup\tweeknight-lentil-soup\t1\t0\t73\t2566\t420\t2\n"
  static let cjkRow = "1\t1\t読書の時間\t読書の時間\t1\t0\t20\t899\t220\t1\n"
  static let header = "number\tlevel\ttitle\tid\tline\toffset\tendLine\tendOffset\twords\tminutes\n"
  static let recipeIsland =
    "   1  Weeknight Lentil Soup  2 min\n ○ Contents                  2 min ⌄\n"

  static let outputs: [HabitCase] = [
    // The path: as grep has it, -H names even one document, --no-path none.
    HabitCase(
      arguments: ["toc", "-H", "--format", "tsv", "--max-level", "1", one], status: 0,
      stdout: "path\t" + header + "\(one)\t" + recipeRow),
    HabitCase(
      arguments: ["toc", "--with-path", "--max-level", "1", one], status: 0,
      stdout: "\(one)\n" + recipeIsland),
    HabitCase(
      arguments: [
        "toc", "--no-path", "--format", "tsv", "--max-level", "1", one, "fixtures/cjk.md",
      ],
      status: 0, stdout: header + recipeRow + cjkRow),
    HabitCase(
      arguments: ["toc", "--format", "tsv", "--max-level", "1", one], status: 0,
      stdout: header + recipeRow),
    HabitCase(
      arguments: ["toc", "-H", "--no-path", "--max-level", "1", one], status: 0,
      stdout: recipeIsland),
    HabitCase(
      arguments: ["toc", "-H", "--format", "json", one], status: 2, stdout: "",
      stderr: "isle: error: '-H' and '--format json' cannot be given together \(help)\n"),
    HabitCase(
      arguments: ["toc", "--no-path", "--check", one], status: 2, stdout: "",
      stderr: "isle: error: '--no-path' and '--check' cannot be given together \(help)\n"),
    // The config file: quoted values, and errors naming the file and line.
    HabitCase(
      arguments: ["toc", "--max-level", "1", one], status: 0,
      stdout: "   1  Weeknight Lentil Soup  2 min\n ○ Sommaire                  2 min ⌄\n",
      config: "# French\ntitle = \"Sommaire\"\n"),
    HabitCase(
      arguments: ["toc", "--max-level", "1", one], status: 0,
      stdout: "   1  Weeknight Lentil Soup  2 min\n ○ C:\\isle\\\"x\"               2 min ⌄\n",
      config: "title = 'C:\\isle\\\"x\"'   # literal\n"),
    HabitCase(
      arguments: ["toc", "--max-level", "1", one], status: 0,
      stdout: "   1  Weeknight Lentil Soup  2 min\n ○ « Plan »                  2 min ⌄\n",
      config: "title = \"\\u00ab Plan \\u00bb\" # escapes\naccent = #0A84FF\n"),
    HabitCase(
      arguments: ["toc", one], status: 2, stdout: "",
      stderr: "isle: error: CONFIG/isle/config:2: invalid value 'fast' for 'wpm': expected a whole "
        + "number from 1 to 100000 \(help)\n",
      config: "title = Sommaire\nwpm = fast\n"),
    HabitCase(
      arguments: ["toc", "--wpm", "200", "--max-level", "1", one], status: 0,
      stdout: "   1  Weeknight Lentil Soup  2 min\n ○ Contents                  2 min ⌄\n",
      config: "wpm = fast\n"),
    HabitCase(
      arguments: ["where", "--line", "3", "--color", "never", one], status: 2, stdout: "",
      stderr: "isle: error: CONFIG/isle/config:1: invalid value 'pale' for 'accent': expected "
        + "#RRGGBB or one of \(Accent.named.keys.sorted().joined(separator: ", ")) "
        + "(see 'isle help where')\n",
      config: "accent = 'pale'\n"),
    HabitCase(
      arguments: ["toc", one], status: 2, stdout: "",
      stderr:
        "isle: error: CONFIG/isle/config:1: no closing \" in \"Sommaire (see 'isle --help')\n",
      config: "title = \"Sommaire\n"),
    HabitCase(
      arguments: ["toc", one], status: 2, stdout: "",
      stderr: "isle: error: CONFIG/isle/config:1: unexpected 'x' after the closing ' "
        + "(see 'isle --help')\n",
      config: "title = 'a' x\n"),
    // Nothing found: said on a terminal and in a pipe alike.
    HabitCase(
      arguments: ["toc", "fixtures/no-headings.md"], status: 1, stdout: "",
      stderr: "isle: fixtures/no-headings.md: no headings at levels 1–3\n", terminal: 80),
    HabitCase(
      arguments: ["toc", "fixtures/no-headings.md"], status: 1, stdout: "",
      stderr: "isle: fixtures/no-headings.md: no headings at levels 1–3\n"),
    HabitCase(
      arguments: ["toc", "--max-level", "6", "fixtures/empty.md"], status: 1, stdout: "",
      stderr: "isle: fixtures/empty.md: no headings\n", terminal: 80),
    HabitCase(
      arguments: ["toc", "--min-level", "6", one], status: 1, stdout: "",
      stderr: "isle: fixtures/recipe.md: no headings at level 6\n", terminal: 80),
    HabitCase(
      arguments: ["toc", "fixtures/browser"], status: 1, stdout: "",
      stderr: "isle: fixtures/browser: no documents (.md, .markdown, .html, .htm)\n",
      terminal: 80),
    HabitCase(
      arguments: ["toc", "fixtures/browser"], status: 1, stdout: "",
      stderr: "isle: fixtures/browser: no documents (.md, .markdown, .html, .htm)\n"),
    HabitCase(
      arguments: ["where", "--line", "1", "--format", "spoken", "fixtures/no-headings.md"],
      status: 1, stdout: "",
      stderr: "isle: fixtures/no-headings.md: no headings at levels 1–3\n", terminal: 80),
    // Help lays its commands out in one column.
    HabitCase(arguments: ["--help"], status: 0, stdout: Command.generalHelp),
  ]

  @Test(arguments: outputs)
  func output(_ habit: HabitCase) throws {
    try Self.check(habit)
  }

  @Test func generalHelpColumns() throws {
    let help = Harness.run(["--help"]).stdout
    #expect(help.contains("\n  completions    a completion script for bash, zsh or fish\n"))
    #expect(help.contains("\n  toc            the contents"))
    #expect(help.contains("\n  -V, --version  show the version\n"))
  }

  /// Old spellings are read but never offered.
  @Test func oldSpellingsAreHidden() throws {
    let old = ["from-line", "from-offset", "depth", "max-depth"]
    for command in Command.allCases {
      let help = Harness.run(["help", command.rawValue]).stdout
      for name in old { #expect(!help.contains("--\(name) "), "\(command) help offers --\(name)") }
    }
    for shell in Completions.Shell.allCases {
      let script = Harness.run(["completions", shell.rawValue]).stdout
      for name in old {
        #expect(
          !script.contains("--\(name)") && !script.contains("-l \(name) "), "\(shell): \(name)")
      }
    }
    let page = try String(
      contentsOf: Harness.root.appendingPathComponent("man/isle.1"), encoding: .utf8
    ).replacingOccurrences(of: "\\-", with: "-")
    let section = page.components(separatedBy: ".SH OLD SPELLINGS").last ?? ""
    for name in old { #expect(section.contains("--\(name)"), "man page: --\(name)") }
  }

  /// On a terminal the island grows to its width; in a pipe nothing is cut.
  @Test func widthFollowsTheTerminal() throws {
    let long = "fixtures/tables-unclosed.html"
    func widest(_ outcome: Harness.Outcome) -> Int {
      outcome.stdout.split(separator: "\n").map { Cells.width(of: String($0)) }.max() ?? 0
    }
    let piped = Harness.run(["toc", long])
    #expect(!piped.stdout.contains("…"))
    let wide = Harness.run(["toc", "--color", "never", long], terminal: true, columns: 160)
    #expect(wide.stdout == piped.stdout)
    #expect(widest(wide) > 60)
    let narrow = Harness.run(["toc", "--color", "never", long], terminal: true, columns: 50)
    #expect(widest(narrow) == 50)
    #expect(narrow.stdout.contains("…"))
    #expect(widest(Harness.run(["toc", "--width", "40", long])) == 40)
  }

  /// Runs `habit` in-process and compares all it shows.
  static func check(_ habit: HabitCase) throws {
    var environment = habit.environment
    var folder: URL? = nil
    if let config = habit.config {
      let home = FileManager.default.temporaryDirectory.appendingPathComponent(
        "isle-config-\(UUID())")
      try FileManager.default.createDirectory(
        at: home.appendingPathComponent("isle"), withIntermediateDirectories: true)
      try Data(config.utf8).write(to: home.appendingPathComponent("isle/config"))
      environment["XDG_CONFIG_HOME"] = home.path
      folder = home
    }
    defer { folder.map { try? FileManager.default.removeItem(at: $0) } }
    let outcome = Harness.run(
      habit.arguments, environment: environment, terminal: habit.terminal != nil,
      columns: habit.terminal)
    let stderr = outcome.stderr.replacingOccurrences(of: folder?.path ?? "\u{0}", with: "CONFIG")
    #expect(outcome.status == habit.status)
    #expect(stderr == habit.stderr)
    if let stdout = habit.stdout { #expect(outcome.stdout == stdout) }
  }
}
