import Foundation
import Testing

@testable import IsleCLI

/// `isle check` reads links as the page holds them: each reference
/// definition checked once, fragments looked up as a browser does, and
/// every report at the link's own line and column.
@Suite struct CheckDefinitionTests {
  /// `isle check` with `options` on `files` of a scratch tree, and its
  /// output lines with the tree's path taken out.
  func check(_ tree: [String: String], _ options: [String] = [], _ files: [String] = ["a.md"])
    throws -> (status: Int32, lines: [String], files: [String: String])
  {
    var result: (Int32, [String], [String: String]) = (0, [], [:])
    try Harness.withTree(tree) { root in
      let outcome = Harness.run(["check"] + options + files.map { root.path + "/" + $0 })
      let lines = outcome.stdout.replacingOccurrences(of: root.path + "/", with: "")
        .split(separator: "\n").map(String.init)
      var after: [String: String] = [:]
      for name in tree.keys {
        after[name] = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
      }
      result = (outcome.status, lines, after)
    }
    return result
  }

  @Test func aLinkWhoseTextRunsOnIsReportedWhereItOpens() throws {
    let outcome = try check(["a.md": "# A\n\nsome text here [the\nlink](#nope) more\n"])
    #expect(outcome.lines == ["a.md:3:16: no heading #nope in a.md"])
  }

  @Test func twoDefinitionsWithOneBrokenTargetAreBothReportedAndBothFixed() throws {
    let text = """
      # Getting Started

      See [one][a], [two][b] and [one again][a].

      [a]: #getting-startd
      [b]: #getting-startd

      """
    let found = try check(["a.md": text])
    #expect(found.status == 1)
    #expect(found.lines.count == 2)
    #expect(found.lines.allSatisfy { $0.contains("#getting-startd") })
    #expect(found.lines.map { $0.split(separator: ": ")[0] } == ["a.md:3:5", "a.md:3:15"])
    let fixed = try check(["a.md": text], ["--fix"])
    #expect(fixed.status == 0, "\(fixed.lines)")
    #expect(fixed.files["a.md"]?.components(separatedBy: "#getting-started\n").count == 3)
  }

  @Test func fixChecksAgainAndNamesWhatIsLeft() throws {
    let text = "# Setup\n\n[a](#setpu) and [b](gone.md)\n"
    let outcome = try check(["a.md": text], ["--fix"])
    #expect(outcome.status == 1)
    #expect(outcome.lines == ["a.md:3:1: fixed #setpu to #setup", "a.md:3:17: no file gone.md"])
    #expect(outcome.files["a.md"] == "# Setup\n\n[a](#setup) and [b](gone.md)\n")
  }

  @Test func aDefinitionNobodyUsesIsReportedAtItsOwnLineForItsFragment() throws {
    let text = "# Title\n\nText.\n\n[unused]: #nowhere\n[file]: missing.md\n[fine]: #title\n"
    let outcome = try check(["a.md": text])
    // An unused definition is no link on the page: its fragment is
    // checked (as markdownlint does), its file is not.
    #expect(outcome.lines == ["a.md:5:1: no heading #nowhere in a.md"])
  }

  @Test func fragmentsAreLookedUpAsABrowserDoes() throws {
    let page = """
      # Page

      <a id="tangent%3A-kustomize"></a><a id="HREFandID"></a><a id="box"></a>

      """
    let text = """
      # A

      [1](b.md#:~:text=some%20words) [2](b.md#page:~:text=x) [3](b.md#nope:~:text=x)
      [4](b.md#tangent%3A-kustomize) [5](b.md#HREFandID) [6](b.md#hrefandid) [7](b.md#BOX)
      [8](b.md#PAGE)

      """
    let outcome = try check(["a.md": text, "b.md": page])
    #expect(
      outcome.lines == [
        "a.md:3:56: no heading #nope in b.md",
        "a.md:4:52: no heading #hrefandid in b.md",
      ], "\(outcome.lines)")
  }

  @Test func fixRewritesFragmentsWrittenWithEscapesAndInAnotherCase() throws {
    let text = "# Set up\n\n[c](#set%2Dupp) [d](#set%20up) [b](#Set-Upp) [e](#set\\-upp)\n"
    let outcome = try check(["a.md": text], ["--fix"])
    #expect(outcome.status == 0, "\(outcome.lines)")
    #expect(outcome.lines.count == 4)
    #expect(
      outcome.files["a.md"] == "# Set up\n\n[c](#set-up) [d](#set-up) [b](#set-up) [e](#set-up)\n")
  }

  @Test func fixRefusesStandardInputAndWideDocumentsWithAnError() throws {
    let piped = try Harness.runBinary(["check", "--fix"], stdin: Data("[a](#b)\n".utf8))
    #expect(piped.status == 2)
    #expect(piped.stderr.contains("standard input is no file"))
    try Harness.withTree([:]) { root in
      let path = root.appendingPathComponent("wide.md")
      var bytes: [UInt8] = [0xFF, 0xFE]
      for unit in "# Set up\n\n[x](#setup)\n".utf16 {
        bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
      try Data(bytes).write(to: path)
      let outcome = Harness.run(["check", "--fix", path.path])
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("wide.md: a UTF-16LE document; isle rewrites links in UTF-8"))
      #expect(try Data(contentsOf: path) == Data(bytes))
    }
  }
}
