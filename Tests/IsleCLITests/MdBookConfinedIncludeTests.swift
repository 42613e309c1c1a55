import Foundation
import TestSupport
import Testing

/// A chapter's includes are read only inside its book's folder, with
/// symbolic links followed, and never from a FIFO or a device: one left
/// as written is a warning on standard error; and `read` reads a chapter
/// as its book builds it.
@Suite struct MdBookConfinedIncludeTests {
  static let tree: [String: String] = [
    "book/book.toml": "[book]\nsrc = \"src\"\n",
    "book/src/SUMMARY.md": "- [One](one.md)\n",
    "book/src/one.md": "# One\n\n{{#include linked.md}}\n\n{{#include ../listings/pipe.md}}\n\n"
      + "{{#include ../listings/kept.md}}\n",
    "book/listings/kept.md": "## Kept Heading\n\nkept words\n",
    "secret.md": "# Secret Heading\n\nnot the book's words\n",
  ]

  static func withBook(_ body: (String) throws -> Void) throws {
    try Harness.withTree(tree) { root in
      #expect(symlink("../../secret.md", root.path + "/book/src/linked.md") == 0)
      #expect(mkfifo(root.path + "/book/listings/pipe.md", 0o600) == 0)
      try body(root.path + "/book")
    }
  }

  @Test func anIncludeLeadingOutOfTheBookIsNotReadAndSaidSo() throws {
    try Self.withBook { book in
      for arguments in [["toc", book], ["toc", book + "/src/one.md"], ["show", "--all", book + "/src/one.md"]] {
        let outcome = Harness.run(arguments)
        #expect(!outcome.stdout.contains("Secret") && !outcome.stdout.contains("not the book"),
          "\(arguments): \(outcome.stdout)")
        #expect(outcome.stdout.contains("Kept"), "\(arguments): \(outcome.stdout)")
        let warnings = outcome.stderr.split(separator: "\n")
        #expect(
          warnings.contains {
            $0.hasPrefix("isle: warning: ")
              && $0.hasSuffix("src/one.md:3:1: linked.md is outside the book: not included")
          }, "\(arguments): \(outcome.stderr)")
        #expect(
          warnings.contains {
            $0.hasSuffix("src/one.md:5:1: ../listings/pipe.md is not a plain file: not included")
          }, "\(arguments): \(outcome.stderr)")
        #expect(warnings.count == 2, "\(arguments): \(outcome.stderr)")
      }
      let check = Harness.run(["check", book]).stdout
      #expect(check.contains("one.md:3:1: linked.md is outside the book: not included"), "\(check)")
      #expect(!check.contains("no file linked.md"), "\(check)")
      #expect(check.contains("one.md:5:1: ../listings/pipe.md is not a plain file"), "\(check)")
    }
  }

  /// `read` of a chapter draws its includes, as `read BOOK` does, so its
  /// sections are those `where` counts.
  @Test func readingAChapterReadsItAsBuilt() throws {
    let chapter = "Tests/TestFiles/mdbook-includes/src/planting.md"
    let outcome = Harness.run(["read", chapter])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // listings/soil.md's words, and depth.md's it includes in turn.
    #expect(outcome.stdout.contains("Loam is best"), "\(outcome.stdout)")
    #expect(!outcome.stdout.contains("{{#include"), "\(outcome.stdout)")
  }
}
