import Foundation
import Testing

/// The levels shown when only one end is given.
@Suite struct LevelDefaultsTests {
  @Test(arguments: [
    (["--min-level", "5"], ["five", "six"]),
    (["--min-level", "2"], ["two", "three"]),
    (["--max-level", "2"], ["one", "two"]),
    ([], ["one", "two", "three"]),
  ])
  func oneEndGiven(_ options: [String], _ titles: [String]) throws {
    let markdown = "# one\n## two\n### three\n#### four\n##### five\n###### six\n"
    try Harness.withTree(["doc.md": markdown]) { (root: URL) throws in
      let outcome = Harness.run(
        ["toc", "--format", "tsv"] + options + [root.appendingPathComponent("doc.md").path])
      let shown = outcome.stdout.split(separator: "\n").dropFirst().map {
        String($0.split(separator: "\t")[2])
      }
      #expect(shown == titles)
    }
  }
}
