import Foundation
import TestSupport
import Testing

/// A chapter of an mdBook given alone to `show`, `jump`, `toc` and
/// `where` is read as the book builds it (its `{{#include}}` links
/// expanded, its `{{#title}}` taken out), on the small book in
/// `Tests/TestFiles/mdbook-includes`: `show` prints the expanded text,
/// every position names the chapter's own lines.
@Suite struct MdBookChapterTests {
  static let planting = "Tests/TestFiles/mdbook-includes/src/planting.md"

  /// The chapter as mdBook builds it: the title link's line left empty,
  /// a whole file and the one it includes, two lines of a listing and an
  /// anchor's lines put in.
  static let built = """

    # Planting

    Sow the seeds in spring, a finger deep.

    ## Soil

    Loam is best, with compost dug in.

    ### Depth

    Two centimetres, no more.

    ```sh
    echo trowel
    echo rake
    ```

    ## Harvest

    Pick them young.

    ## After

    Water them well and wait.

    """

  static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let outcome = try Harness.runBinary(arguments)
    return (outcome.status, String(decoding: outcome.stdout, as: UTF8.self), outcome.stderr)
  }

  static func records(_ arguments: [String]) throws -> [[String: Any]] {
    let outcome = try run(arguments)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    return try outcome.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// A section an include brought is found and printed as the reader
  /// reads it; `--line` names the chapter's own line.
  @Test func showPrintsTheChapterAsItsBookBuildsIt() throws {
    let soil = try Self.run(["show", "Soil", Self.planting])
    #expect(soil.status == 0, "\(soil.stderr)")
    #expect(
      soil.stdout
        == "## Soil\n\nLoam is best, with compost dug in.\n\n### Depth\n\nTwo centimetres, no more.\n\n"
        + "```sh\necho trowel\necho rake\n```\n\n", "\(soil.stdout)")
    // Line 12 is the anchor's include: the section it brought.
    let harvest = try Self.run(["show", "--no-subsections", "--line", "12", Self.planting])
    #expect(harvest.stdout == "## Harvest\n\nPick them young.\n\n", "\(harvest)")
  }

  /// `--all`'s texts joined are the chapter as built; their bytes meet
  /// end to end over the chapter's own file, and their lines are its own
  /// (a section brought in at its include's line, saying from where).
  @Test func showsRecordsCoverTheBuiltChapterAndNameItsOwnLines() throws {
    let records = try Self.records(["show", "--all", "--format", "json", Self.planting])
    let texts = records.map { $0["text"] as? String ?? "" }
    #expect(texts.joined() == Self.built)
    let own = try String(
      contentsOfFile: Harness.root.appendingPathComponent(Self.planting).path, encoding: .utf8)
    let ranges = records.compactMap { $0["bytes"] as? [Int] }
    #expect(ranges.first?.first == 0 && ranges.last?.last == own.utf8.count, "\(ranges)")
    #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0[1] == $1[0] }, "\(ranges)")
    let rows = records.map {
      "\($0["title"] as? String ?? "-") \($0["lines"] as? [Int] ?? []) \($0["from"] as? String ?? "")"
    }
    #expect(
      rows == [
        "- [1, 1] ", "Planting [2, 5] ", "Soil [6, 6] ../listings/soil.md",
        "Depth [6, 11] ../listings/soil.md", "Harvest [12, 13] ../listings/notes.md",
        "After [14, 16] ",
      ], "\(rows)")
    let lines = own.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[11] == "{{#include ../listings/notes.md:harvest}}" && lines[13] == "## After")
  }

  /// `jump` finds what an include brought and says the include's line;
  /// `toc` of the chapter numbers the same sections, so a number means
  /// the same in both, and `where` counts them. A copy of the chapter outside any book is read as
  /// written.
  @Test func jumpAndTocNameTheIncludesLine() throws {
    #expect(try Self.run(["jump", "Harvest", Self.planting]).stdout == "12\n")
    let depth = try Self.run(["jump", "--print", "json", "Depth", Self.planting]).stdout
    let section = try #require(
      try JSONSerialization.jsonObject(with: Data(depth.utf8)) as? [String: Any], "\(depth)")
    #expect(section["line"] as? Int == 6 && section["from"] as? String == "../listings/soil.md")
    let toc = try Self.run(["toc", "--format", "tsv", Self.planting]).stdout
    #expect(toc.contains("\tHarvest\t") && toc.contains("\tDepth\t"), "\(toc)")
    #expect(try Self.run(["jump", "4", Self.planting]).stdout == "12\n")
    let place = try Self.run(["where", "--line", "12", Self.planting]).stdout
    #expect(place.contains("Harvest") && place.contains("4 of 5"), "\(place)")
    let text = try String(
      contentsOfFile: Harness.root.appendingPathComponent(Self.planting).path, encoding: .utf8)
    try Harness.withTree(["planting.md": text]) { root in
      let alone = try Self.run(["jump", "Harvest", root.path + "/planting.md"])
      #expect(alone.status == 1, "\(alone)")
    }
  }

  /// The MCP server's `section` and `outline` read a chapter as its
  /// book builds it within the server's roots only: an include that
  /// leads out (by its path, or through a symbolic link) is not read and
  /// is named in `skipped`.
  @Test func theMcpToolsExpandWithinTheRootsOnly() throws {
    try Harness.withTree([
      "secret/secret.md": "# Secret Heading\n\nnot to be read\n",
      "work/src/SUMMARY.md": "- [One](one.md)\n",
      "work/src/one.md":
        "# One\n\n{{#include linked.md}}\n\n{{#include ../../secret/secret.md}}\n\n"
        + "{{#include part.md}}\n",
      "work/src/part.md": "## Part\n\nbrought words\n",
    ]) { root in
      try FileManager.default.createSymbolicLink(
        atPath: root.path + "/work/src/linked.md", withDestinationPath: root.path + "/secret/secret.md")
      let answers = try McpBookTests.answers(
        [
          ("section", ["path": "src/one.md", "selectors": ["1"]]),
          ("outline", ["path": "src"]),
        ], in: root.path + "/work")
      let section = try #require(answers[0] as? [String: Any], "\(answers[0])")
      let text = try #require((section["sections"] as? [[String: Any]])?.first?["text"] as? String)
      #expect(text.contains("brought words") && !text.contains("{{#include part.md}}"), "\(text)")
      #expect(!text.contains("Secret") && text.contains("{{#include linked.md}}"), "\(text)")
      for answer in answers {
        let skipped = (answer as? [String: Any])?["skipped"] as? [String] ?? []
        #expect(
          skipped == [
            "src/one.md:3:1: linked.md is outside the workspace: not included",
            "src/one.md:5:1: ../../secret/secret.md is outside the workspace: not included",
          ], "\(answer)")
      }
      let outline = String(
        decoding: try JSONSerialization.data(withJSONObject: answers[1]), as: UTF8.self)
      #expect(outline.contains("\"Part\"") && !outline.contains("Secret"), "\(outline)")
    }
  }
}
