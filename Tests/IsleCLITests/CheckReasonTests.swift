import Foundation
import TestSupport
import Testing

/// Every kind of finding `isle check` can report reaches every format:
/// the text and JSON lines, and each format for CI (SARIF, JUnit,
/// GitHub's commands, GitLab's Code Quality). The kinds are the rules
/// the SARIF log lists, so a new one without a case here fails.
@Suite struct CheckReasonTests {
  /// A book in `book/`, with a file outside it (`secret.md`).
  static let book: [String: String] = [
    "book/book.toml": "[book]\nsrc = \"src\"\n",
    "book/src/SUMMARY.md": "- [One](one.md)\n",
    "book/listings/part.rs": "// ANCHOR: here\nfn main() {}\n// ANCHOR_END: here\n",
    "book/listings/big.md": String(repeating: "big words\n", count: 400),
    "secret.md": "# Secret\n\nnot the book's\n",
  ]

  /// What makes check report each reason: the chapter's text, more
  /// files, and more arguments.
  static let cases: [String: (chapter: String, files: [String: String], arguments: [String])] = [
    "no-file": ("# One\n\n[x](nowhere.md)\n", [:], []),
    "no-heading": ("# One\n\n[x](#nope)\n", [:], []),
    "some-sites": ("# One\n\n[x](#über)\n\n## Über\n", [:], ["--sites", "github,mkdocs"]),
    "no-chapter-file": (
      "# One\n", ["book/src/SUMMARY.md": "- [One](one.md)\n- [Gone](gone.md)\n"], []
    ),
    "unlisted-chapter": ("# One\n", ["book/src/extra.md": "# Extra\n"], []),
    "no-include-file": ("# One\n\n{{#include ../listings/nothere.md}}\n", [:], []),
    "no-include-anchor": ("# One\n\n{{#include ../listings/part.rs:nope}}\n", [:], []),
    "include-outside-book": ("# One\n\n{{#include ../listings/linked.md}}\n", [:], []),
    "include-not-a-file": ("# One\n\n{{#include ../listings/pipe.md}}\n", [:], []),
    "include-too-large": ("# One\n\n{{#include ../listings/big.md}}\n", [:], ["--max-size", "2K"]),
    "stale-llms-txt": (
      "# One\n", ["book/src/llms.txt": "# Book\n\n- [Gone](https://x.org/gone.html)\n"], []
    ),
  ]

  /// The rules the SARIF log lists: every kind check reports.
  static func rules() throws -> [String] {
    var ids: [String] = []
    try Harness.withTree(book.merging(["book/src/one.md": "# One\n"]) { $1 }) { root in
      let sarif = Harness.run(["check", "--format", "sarif", root.path + "/book"]).stdout
      let log = try #require(
        try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
      let run = try #require((log["runs"] as? [[String: Any]])?.first)
      let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
      ids = try #require(driver?["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }
    return ids
  }

  @Test func everyReasonReachesEveryFormat() throws {
    let rules = try Self.rules()
    // Each reason a case makes check report is a rule, and each rule has a case.
    #expect(Set(Self.cases.keys) == Set(rules), "\(rules)")
    for rule in rules {
      let made = try #require(Self.cases[rule], "no case makes check report \(rule)")
      let tree = Self.book.merging(made.files) { $1 }
        .merging(["book/src/one.md": made.chapter]) { $1 }
      try Harness.withTree(tree) { root in
        let listings = root.appendingPathComponent("book/listings").path
        #expect(symlink("../../secret.md", listings + "/linked.md") == 0)
        #expect(mkfifo(listings + "/pipe.md", 0o600) == 0)
        func check(_ format: String) -> Harness.Outcome {
          Harness.run(["check", "--format", format] + made.arguments + [root.path + "/book"])
        }
        let json = check("json")
        #expect(json.status == 1, "\(rule): \(json.stdout)\(json.stderr)")
        let reasons = json.stdout.split(separator: "\n").compactMap { line in
          (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["reason"]
            as? String
        }
        #expect(reasons.contains(rule), "\(rule): \(json.stdout)")
        #expect(reasons.allSatisfy(rules.contains), "\(reasons) not all in \(rules)")
        let text = check("text").stdout.split(separator: "\n")
        #expect(text.count == reasons.count, "\(rule): \(text)")
        #expect(check("sarif").stdout.contains("\"ruleId\":\"\(rule)\""), "\(rule) sarif")
        #expect(check("gitlab").stdout.contains("\"check_name\":\"\(rule)\""), "\(rule) gitlab")
        #expect(check("github").stdout.contains("title=isle check \(rule)"), "\(rule) github")
        let junit = check("junit").stdout
        #expect(junit.contains("type=\"\(rule)\"") && !junit.contains("failures=\"0\""), "\(rule)")
      }
    }
  }

  /// A book's findings and its chapters' broken links come as one list,
  /// by file, then line.
  @Test func aBooksFindingsAreSortedAmongItsLinks() throws {
    try Harness.withTree(
      Self.book.merging([
        "book/src/SUMMARY.md": "- [One](one.md)\n- [Two](two.md)\n",
        "book/src/one.md": "# One\n\n{{#include ../listings/gone.md}}\n\n[x](#nope)\n",
        "book/src/two.md": "# Two\n\n[y](#nope)\n",
        "book/src/extra.md": "# Extra\n",
      ]) { $1 }
    ) { root in
      let outcome = Harness.run(["check", root.path + "/book"])
      let places = outcome.stdout.split(separator: "\n").map {
        $0.split(separator: ":").prefix(2).map { $0.split(separator: "/").last ?? "" }
          .joined(separator: ":")
      }
      #expect(places == ["extra.md:1", "one.md:3", "one.md:5", "two.md:3"], "\(outcome.stdout)")
    }
  }
}
