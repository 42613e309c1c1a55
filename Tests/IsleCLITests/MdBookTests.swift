import Foundation
import Testing

/// A book as mdBook users have it (`fixtures/mdbook`: `book.toml`,
/// `src/SUMMARY.md`, chapters whose first heading is `##`, level-4
/// headings), and one book's minutes everywhere.
@Suite struct MdBookTests {
  static let book = "fixtures/mdbook"
  static let errors = "fixtures/mdbook/src/ch03-01-recoverable-errors.md"

  static func json(_ arguments: [String]) throws -> [String: Any] {
    let outcome = Harness.run(arguments)
    return try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any],
      "\(arguments): \(outcome.stderr)")
  }

  /// Seven chapters of 84 seconds each: each alone rounds to 1 minute,
  /// the book's 9.8 minutes to 10. The rows share out the 10.
  @Test func theChaptersAddUpToTheOneTotalEveryCommandGives() throws {
    var files = ["SUMMARY.md": ""]
    for chapter in 1...7 {
      files["SUMMARY.md"]! += "- [C\(chapter)](c\(chapter).md)\n"
      files["c\(chapter).md"] =
        "# C\(chapter)\n\n" + String(repeating: "word ", count: 333) + "\n"
    }
    try Harness.withTree(files) { root in
      let rows = Harness.run(["toc", root.path]).stdout.split(separator: "\n")
      let minutes = rows.dropLast().map { Int($0.split(separator: " ").dropLast().last!) ?? 0 }
      #expect(rows.last?.contains("10 min") == true, "\(rows)")
      #expect(minutes.reduce(0, +) == 10, "\(rows)")
      let toc = try Self.json(["toc", "--format", "json", root.path])
      let shares = try #require(toc["chapters"] as? [[String: Any]]).compactMap {
        $0["minutes"] as? Int
      }
      #expect(toc["minutes"] as? Int == 10 && shares.reduce(0, +) == 10, "\(shares)")
      let place = try Self.json(["where", "--percent", "0", "--format", "json", root.path])
      #expect(place["minutesLeft"] as? Int == 10)
    }
  }

  /// A folder holding `SUMMARY.md` is that book, with `--book` too: the
  /// table of contents' order and titles, `SUMMARY.md` no chapter.
  @Test func aFolderHoldingSummaryIsThatBook() throws {
    for arguments in [["toc", "fixtures/mdbook/src"], ["toc", "--book", "fixtures/mdbook/src"]] {
      let outcome = Harness.run(arguments)
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let rows = outcome.stdout.split(separator: "\n").map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      #expect(rows.first?.hasPrefix("Foreword") == true, "\(arguments): \(rows)")
      #expect(rows.contains { $0.hasPrefix("1.1.    Planting") }, "\(rows)")
      #expect(!rows.contains { $0.contains("SUMMARY") || $0.contains("Summary") })
    }
    let json = try Self.json(["toc", "--format", "json", "fixtures/mdbook/src"])
    #expect(json["form"] as? String == "mdbook")
  }

  /// Without a table of contents, a chapter whose first heading is `##`
  /// is titled by it, not by its file's name.
  @Test func aChaptersTitleIsItsFirstHeadingOfAnyLevel() throws {
    try Harness.withTree([
      "d/README.md": "# Start\n", "d/2-deeper.md": "Some words.\n\n## Deeper Title\n\ntext\n",
    ]) { root in
      let outcome = Harness.run(["toc", "--book", root.path + "/d"])
      let titles = outcome.stdout.split(separator: "\n").dropLast().map {
        $0.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
      }
      #expect(titles == ["Start", "Deeper Title"], "\(outcome.stdout)")
    }
  }

  /// Two level-4 headings hold the word: both are named, with the level
  /// that shows them; one is named alone.
  @Test func deeperMatchesAreNamedNotNoneIsClose() {
    for command in ["jump", "show"] {
      let outcome = Harness.run([command, "Shortcut", Self.errors])
      #expect(outcome.status == 1)
      #expect(!outcome.stderr.contains("none is close"), "\(command): \(outcome.stderr)")
      #expect(
        outcome.stderr.contains("Shortcuts for Stopping on Error")
          && outcome.stderr.contains("A Shortcut for Passing Errors Up"),
        "\(command): \(outcome.stderr)")
    }
    #expect(Harness.run(["jump", "Shortcut", Self.errors]).stderr.contains("--max-level 4"))
    let one = Harness.run(["jump", "Stopping", Self.errors])
    #expect(one.stderr.contains("--max-level 4") && one.stderr.contains("line 9"), "\(one.stderr)")
    let shown = Harness.run(["show", "--max-level", "4", "A Shortcut", Self.errors])
    #expect(shown.status == 0 && shown.stdout.hasPrefix("#### A Shortcut"), "\(shown.stderr)")
  }

  /// A title copied with its code's backticks names the heading.
  @Test func aTitleWithItsBackticksMatches() {
    let jump = Harness.run(["jump", "Recoverable Errors with `Result`", Self.errors])
    #expect(jump.status == 0 && jump.stdout == "1\n", "\(jump.stderr)")
    let show = Harness.run(["show", "Recoverable Errors with `Result`", Self.errors])
    #expect(show.status == 0 && show.stdout.hasPrefix("# Recoverable"), "\(show.stderr)")
  }

  /// A SUMMARY entry one letter off the file meant gets it suggested.
  @Test func aSummaryEntryOneLetterOffGetsDidYouMean() throws {
    try Harness.withTree([
      "src/SUMMARY.md": "# Summary\n\n- [Slices](ch04-03-slice.md)\n- [Other](other.md)\n",
      "src/ch04-03-slices.md": "# Slices\n", "src/other.md": "# Other\n",
    ]) { root in
      let text = Harness.run(["check", root.path + "/src"])
      #expect(text.status == 1)
      #expect(
        text.stdout.contains(
          "SUMMARY.md:3:1: no chapter file ch04-03-slice.md (did you mean ch04-03-slices.md?)"),
        "\(text.stdout)")
      let json = Harness.run(["check", "--format", "json", root.path + "/src"])
      let first = try #require(json.stdout.split(separator: "\n").first)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
      #expect(object["suggestion"] as? String == "ch04-03-slices.md", "\(json.stdout)")
    }
  }

  /// `check BOOK` reports a chapter's `{{#include}}` whose file or anchor
  /// is missing, at the link; listings beside `src` are found, and an
  /// escaped link, a range and a present anchor are no error.
  @Test func anIncludeWhoseFileOrAnchorIsMissingIsReported() throws {
    try Harness.withTree([
      "book.toml": "[book]\nsrc = \"src\"\n",
      "src/SUMMARY.md": "- [One](one.md)\n",
      "src/one.md": """
      # One

      ```rust
      {{#rustdoc_include ../listings/main.rs:all}}
      ```

      {{#include ../listings/main.rs:2:3}} {{#include ../listings/main.rs:gone}}
      {{#include ../listings/missing.rs}} \\{{#include nothing.rs}}
      {{ #include part.md }}
      """,
      "src/part.md": "text\n",
      "listings/main.rs": "// ANCHOR: all\nfn main() {}\n// ANCHOR_END: all\n",
    ]) { root in
      let outcome = Harness.run(["check", root.path])
      #expect(outcome.status == 1, "\(outcome.stderr)")
      let lines = outcome.stdout.split(separator: "\n").map(String.init)
      let src = root.path + "/src/"
      let expected: [String] = [
        src + "one.md:7:38: no anchor 'gone' in ../listings/main.rs to include",
        src + "one.md:8:1: no file ../listings/missing.rs to include",
        src + "part.md:1:1: in the book's folder, but no entry of SUMMARY.md names it",
      ]
      #expect(lines == expected, "\(outcome.stdout)")
      let json = Harness.run(["check", "--format", "json", root.path]).stdout
      #expect(json.contains("\"reason\":\"no-include-anchor\"") && json.contains("no-include-file"))
    }
  }
}
