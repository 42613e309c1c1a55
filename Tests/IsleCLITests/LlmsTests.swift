import Foundation
import TestSupport
import Testing

/// `isle llms`: Tests/llms/llms.py holds it to the llms-txt package's own
/// parser, to `mkdocs build` and the mkdocs-llmstxt plugin, and to
/// mdBook's naming of pages (PyPI llms-txt, mkdocs and mkdocs-llmstxt,
/// which scripts/install-deps test installs: missing, the test fails).
/// The rest runs the binary as a user would.
@Suite struct LlmsTests {
  @Test func theParserMkDocsAndTheirPluginAgree() throws {
    let script = Harness.root.appendingPathComponent("Tests/llms/llms.py").path
    let outcome = try Spawn.run(
      "/usr/bin/env", ["python3", script, Harness.binary.path, Harness.root.path],
      timeout: 240 * Harness.timeoutScale)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
    #expect(outcome.output.contains("1 passed, 0 failed"), "\(outcome.output)")
  }

  static let book = [
    "book.toml": "[book]\ntitle = \"Bees\"\n",
    "src/SUMMARY.md": "[Introduction](README.md)\n\n- [Hives](hives.md)\n- [Swarms](swarms.md)\n",
    "src/README.md": "# Introduction\n\nBees, kept at home. More words.\n",
    "src/hives.md": "# Hives\n\nBoxes of frames.\n",
    "src/swarms.md": "# Swarms\n\nA colony leaving.\n",
  ]

  @Test func anMdBookGivesItsTitleSummaryAndPages() throws {
    try Harness.withTree(Self.book) { root in
      let outcome = try Harness.shell("isle llms '\(root.path)'")
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(outcome.stdout.hasPrefix("# Bees\n\n> Bees, kept at home. More words.\n\n"))
      #expect(
        outcome.stdout.contains(
          "## Docs\n\n- [Introduction](index.html): Bees, kept at home. (< 1 min, ~"))
      #expect(outcome.stdout.contains("- [Swarms](swarms.html): A colony leaving. (< 1 min, ~"))
    }
  }

  @Test func checkSaysWhenTheFileIsStaleAndDiffShowsIt() throws {
    try Harness.withTree(Self.book) { root in
      let fresh = try Harness.shell("cd '\(root.path)' && isle llms --check .")
      #expect(fresh.status == 1, "no llms.txt yet is stale")
      #expect(fresh.stdout == "src/llms.txt\n", "\(fresh.stdout)")
      let written = try Harness.shell(
        "cd '\(root.path)' && isle llms --output src/llms.txt . && isle llms --check .")
      #expect(written.status == 0, "\(written.stdout)\(written.stderr)")
      #expect(written.stdout.isEmpty)
      try "# Swarms\n\nA colony leaves in May.\n".write(
        to: root.appendingPathComponent("src/swarms.md"), atomically: true, encoding: .utf8)
      let diff = try Harness.shell("cd '\(root.path)' && isle llms --diff .")
      #expect(diff.status == 1)
      #expect(diff.stdout.hasPrefix("src/llms.txt\n--- src/llms.txt\n+++ src/llms.txt\n"))
      #expect(diff.stdout.contains("\n+- [Swarms](swarms.html): A colony leaves in May. ("))
    }
  }

  @Test func checkReportsAnLlmsTxtWhoseLinksAreNoLongerTheChapters() throws {
    try Harness.withTree(Self.book) { root in
      let path = root.path
      _ = try Harness.shell(
        "isle llms --base-url https://x.org/bees/ --output '\(path)/src/llms.txt' '\(path)'")
      let clean = try Harness.shell("isle check '\(path)'")
      #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
      let summary = "[Introduction](README.md)\n\n- [Hives](hives.md)\n- [Queens](queens.md)\n"
      try summary.write(
        to: root.appendingPathComponent("src/SUMMARY.md"), atomically: true, encoding: .utf8)
      try "# Queens\n\nOne a hive.\n".write(
        to: root.appendingPathComponent("src/queens.md"), atomically: true, encoding: .utf8)
      let stale = try Harness.shell("isle check '\(path)'")
      #expect(stale.status == 1)
      let lines = stale.stdout.split(separator: "\n").map(String.init)
      #expect(
        lines.contains {
          $0.hasSuffix(
            "src/llms.txt:11:12: no chapter of the book is at https://x.org/bees/swarms.html")
        },
        "\(stale.stdout)")
      #expect(
        lines.contains {
          $0.hasSuffix("src/llms.txt:1:1: no link to chapter queens.md (queens.html)")
        },
        "\(stale.stdout)")
      let json = try Harness.shell("isle check --format json '\(path)' | jq -r .reason | sort -u")
      #expect(json.stdout.contains("stale-llms-txt"), "\(json.stdout)")
    }
  }

  @Test func aBlockPastTheBudgetIsAnErrorNamingIt() throws {
    let outcome = try Harness.shell("isle llms --full --max-tokens 100 fixtures/book")
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr.hasPrefix("isle: error: fixtures/book/src/preface.md:3: a block of "),
      "\(outcome.stderr)")
    #expect(outcome.stderr.split(separator: "\n").count == 1)
  }

  @Test func badWordsAreOneLineErrors() throws {
    let alone = try Harness.shell("isle llms --max-tokens 500 fixtures/book")
    #expect(alone.status == 2)
    #expect(alone.stderr.contains("--max-tokens"), "\(alone.stderr)")
    let none = try Harness.shell("isle llms fixtures/recipe.md")
    #expect(none.status == 2)
    #expect(none.stderr.hasPrefix("isle: error: fixtures/recipe.md: "), "\(none.stderr)")
    let two = try Harness.shell("isle llms fixtures/book fixtures/mdbook")
    #expect(two.status == 2)
    #expect(two.stderr.contains("llms reads one book, not 2"), "\(two.stderr)")
  }

  @Test func partsAnEarlierRunLeftAreRemoved() throws {
    try Harness.withTree(["out/.keep": ""]) { root in
      let out = root.appendingPathComponent("out/llms-full.txt").path
      let many = try Harness.shell(
        "isle llms --full --max-tokens 700 --output '\(out)' fixtures/book")
      let count = many.stdout.split(separator: "\n").count
      #expect(count > 2, "\(many.stdout)\(many.stderr)")
      let few = try Harness.shell(
        "isle llms --full --max-tokens 4000 --output '\(out)' fixtures/book")
      #expect(few.stdout.split(separator: "\n").count == 1, "\(few.stdout)")
      #expect(few.stderr.contains("llms-full-2.txt: removed"), "\(few.stderr)")
      let left = try FileManager.default.contentsOfDirectory(atPath: root.path + "/out")
      #expect(Set(left) == [".keep", "llms-full-1.txt"], "\(left)")
    }
  }
}
