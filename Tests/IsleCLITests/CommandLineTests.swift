import Files
import Foundation
import TestSupport
import Testing

@testable import IsleCLI
@testable import Options

/// Each command's type decides its form and settings from the words, and
/// any error ends isle one way.
@Suite struct CommandTypeTests {
  let cli = CLI(
    environment: [:], stdout: StringSink(), stderr: StringSink(),
    files: SystemFiles(directory: Harness.root.path))

  func decide(_ words: [String]) throws -> any RunnableCommand {
    let command = Command(rawValue: words[0])!
    let raw = try RawArguments.parse(
      Array(words.dropFirst()), specs: command.options, command: command.rawValue)
    return try command.decide(raw, configProblems: [], cli: cli)
  }

  @Test func theWordsChooseTheForm() throws {
    #expect(try decide(["toc", "fixtures/recipe.md"]) is TocCommand)
    let diff = try #require(
      try decide(["toc", "--diff", "fixtures/toc-stale.md"]) as? TocWriteCommand)
    #expect(diff.check && diff.diff)
    let write = try #require(
      try decide(["toc", "--write", "fixtures/toc-stale.md"]) as? TocWriteCommand)
    #expect(!write.check && !write.diff)
    #expect(try decide(["toc", "fixtures/book"]) is BookCommand)
    #expect(try decide(["where", "--line", "3", "fixtures/recipe.md"]) is WhereCommand)
    #expect(try decide(["where", "--percent", "50", "fixtures/book"]) is BookWhereCommand)
    let book = try #require(try decide(["check", "fixtures/book"]) as? CheckCommand)
    #expect(book.book != nil)
    #expect((try decide(["check", "fixtures/recipe.md"]) as? CheckCommand)?.book == nil)
  }

  @Test func optionsBecomeTypedSettings() throws {
    let jump = try #require(
      try decide(["jump", "next", "--print", "offset", "--line", "9", "fixtures/recipe.md"])
        as? JumpCommand)
    #expect(jump.given == "next")
    #expect(jump.print == .offset)
    #expect(jump.settings.position.position?.text == "9")
    let check = try #require(
      try decide([
        "check", "--exclude", "a/**", "--exclude", "*.png", "--fix", "fixtures/recipe.md",
      ])
        as? CheckCommand)
    #expect(check.exclude == ["a/**", "*.png"])
    #expect(check.fix && check.root == nil)
    let show = try #require(
      try decide(["show", "--line", "3", "--no-subsections", "fixtures/recipe.md"]) as? ShowCommand)
    #expect(show.request.selectors.count == 1)
    #expect(!show.request.subsections && !show.request.body)
  }

  @Test func everyNameIsAnOptionOfSomeCommand() {
    let named = Set(Command.allCases.flatMap(\.options).map(\.name))
    #expect(named == Set(OptionName.allCases))
  }

  struct UnknownError: Error {}

  @Test func anyErrorBecomesOneLineAndAStatus() {
    let usage = Failure(UsageError("bad", command: "toc"))
    #expect(usage.line == "isle: error: bad (see 'isle help toc')")
    #expect(usage.status == .failure)
    let unknown = Failure(UnknownError())
    #expect(unknown.line == "isle: error: UnknownError()")
    #expect(unknown.status == .failure)
    let pipe = Failure(ClosedPipeError())
    #expect(pipe.line == nil && pipe.status == .success)
    let terminal = Failure(TerminalError(name: "doc.md", reason: "the terminal went away"))
    #expect(terminal.line == "isle: error: doc.md: the terminal went away")
    let binary = Failure(DocumentError.binary("x.md"))
    #expect(binary.line == "isle: error: x.md: binary file, not a document")
  }
}

@Suite struct CommandLineTests {
  @Test func versionAndHelpGoToStandardOutput() throws {
    let version = Harness.run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout == "isle \(CLI.version) (\(CLI.commit ?? "no commit recorded"))\n")
    for words in [["--help"], ["-h"], ["help"]] {
      let help = Harness.run(words)
      #expect(help.status == 0)
      #expect(help.stdout.contains("Usage: isle <command>"))
      #expect(help.stderr.isEmpty)
    }
  }

  /// The version is Package.swift's, and the commit, when the build knew
  /// one, is a commit of this repository (the Makefile passes it).
  @Test func versionNamesPackageSwiftsVersionAndARealCommit() throws {
    let manifest = try String(
      contentsOf: Harness.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains("\nlet version = \"\(CLI.version)\"\n"))
    // Built by make (which passes ISLE_COMMIT, as it does to the tests it
    // runs), the binary must know its commit; only a bare build may not.
    let passed = ProcessInfo.processInfo.environment["ISLE_COMMIT"] ?? ""
    guard let commit = CLI.commit else {
      #expect(passed.isEmpty, "make passed the commit \(passed), which the build did not record")
      return
    }
    let hash = String(commit.prefix { $0 != "-" })
    #expect(hash.count >= 7 && hash.allSatisfy(\.isHexDigit))
    #expect(commit.dropFirst(hash.count).isEmpty || commit.hasSuffix("-modified"))
    let git = "/usr/bin/git"
    guard FileManager.default.isExecutableFile(atPath: git),
      FileManager.default.fileExists(atPath: Harness.root.appendingPathComponent(".git").path)
    else { return }
    let known = try Spawn.run(
      git, ["-C", Harness.root.path, "cat-file", "-e", hash + "^{commit}"], timeout: 20)
    #expect(known.status == 0, "\(hash) is no commit of this repository: \(known.errors)")
  }

  /// A tree made by `git archive` (a release tarball, the Debian
  /// package's source) carries its commit, which scripts/commit gives the
  /// build as it does in a checkout.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git")
        && FileManager.default.fileExists(atPath: Harness.root.appendingPathComponent(".git").path),
      "needs git and a checkout"))
  func anArchiveCarriesItsCommit() throws {
    let scratch = "/tmp/isle-archive-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let outcome = try Harness.shell(
      "mkdir -p \(scratch) && git archive HEAD -- .gitattributes scripts | tar -x -C \(scratch)"
        + " && sh \(scratch)/scripts/commit && git rev-parse --short=7 HEAD")
    let lines = outcome.stdout.split(separator: "\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(lines.count == 2 && lines[0] == lines[1], "\(outcome.stdout)")
  }

  @Test func helpForACommand() throws {
    let viaHelp = Harness.run(["help", "toc"])
    let viaFlag = Harness.run(["toc", "--help"])
    #expect(viaHelp.status == 0)
    #expect(viaHelp.stdout == viaFlag.stdout)
    #expect(viaHelp.stdout.contains("--max-level N"))
    let widest = viaHelp.stdout.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 80)
  }

  @Test(arguments: [
    (["toc", "--wpm", "fast", "fixtures/recipe.md"], "invalid value 'fast' for '--wpm'"),
    (["toc", "--wpm", "0", "fixtures/recipe.md"], "invalid value '0' for '--wpm'"),
    (["toc", "--max-level", "7", "fixtures/recipe.md"], "invalid value '7' for '--max-level'"),
    (
      ["toc", "--min-level", "4", "--max-level", "2"],
      "'--min-level 4' is deeper than '--max-level 2'"
    ),
    (
      ["toc", "--format", "yaml"], "invalid value 'yaml' for '--format': expected one of text, json"
    ),
    (["toc", "--slug", "wordpress"], "invalid value 'wordpress' for '--slug'"),
    (["toc", "--from", "rst"], "invalid value 'rst' for '--from'"),
    (["toc", "--bogus"], "unknown option '--bogus'"),
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["help", "frobnicate"], "unknown command 'frobnicate'"),
    ([], "no command given"),
  ])
  func usageErrorsAreOneLineAndExit2(_ arguments: [String], _ message: String) {
    let outcome = Harness.run(arguments)
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("isle: error: "))
    #expect(outcome.stderr.contains(message))
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func depthIsMaxLevel() throws {
    let depth = Harness.run(["toc", "--depth", "1", "fixtures/recipe.md"])
    let maxLevel = Harness.run(["toc", "--max-level", "1", "fixtures/recipe.md"])
    #expect(depth.stdout == maxLevel.stdout)
    #expect(depth.stdout.split(separator: "\n").count == 2)
  }

  @Test func contentsTitleCanBeReplaced() throws {
    let outcome = Harness.run(["toc", "--title", "On this page", "fixtures/recipe.md"])
    #expect(outcome.stdout.split(separator: "\n").last?.contains("On this page") == true)
  }

  @Test func noSectionsPrintsNothingAndExits1() throws {
    let outcome = Harness.run(["toc", "fixtures/no-headings.md"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    let json = Harness.run(["toc", "--format", "json", "fixtures/empty.md"])
    #expect(json.status == 1)
    #expect(json.stdout.contains("\"sections\":[]"))
  }

  @Test func theIslandFitsMaxWidthAndColumns() throws {
    for outcome in [
      Harness.run(["toc", "--max-width", "30", "fixtures/recipe.md"]),
      Harness.run(
        ["toc", "--color", "never", "fixtures/recipe.md"], environment: ["COLUMNS": "30"],
        terminal: true),
    ] {
      let widths = outcome.stdout.split(separator: "\n").map { (line: Substring) in line.count }
      #expect(widths.max() == 30)
      #expect(outcome.stdout.contains("…"))
    }
  }
}
