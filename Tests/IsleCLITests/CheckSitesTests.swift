import Foundation
import Testing

/// `isle check --sites` against the ids the sites' own tools gave the
/// headings of `fixtures/slugs/` (hugo, pandoc, Python-Markdown as MkDocs
/// runs it, kramdown: the goldens `scripts/record-slugs` recorded for the
/// slug tests): a link to every id any of them gives is reported exactly
/// when some of the tools give it and others do not, for those others.
@Suite struct CheckSitesTests {
  static let goldens = Harness.root.appendingPathComponent("Tests/OutlineTests/SlugGoldens")
  static let tools = ["hugo", "pandoc", "mkdocs", "kramdown"]

  /// The ids `tool` gave the headings of `document`, in order.
  static func ids(_ tool: String, _ document: String) throws -> [String] {
    try String(
      contentsOf: goldens.appendingPathComponent("\(tool)/\(document).ids"), encoding: .utf8
    ).split(separator: "\n").map { String($0.split(separator: "\t").last ?? "") }
  }

  @Test(arguments: ["basics", "typography", "joiners", "attributes"])
  func aLinkIsReportedForTheSitesWhoseToolGivesNoSuchId(_ document: String) throws {
    let ids = try Self.tools.map { try Self.ids($0, document) }
    var every: [String] = []
    for id in ids.joined() where !id.isEmpty && !every.contains(id) { every.append(id) }
    // Where each tool's page has the id (a fragment tried lowercased too,
    // as isle check reads a Markdown page's fragments).
    var expected: [String: (resolves: [String], fails: [String])] = [:]
    for id in every {
      let has = ids.map { $0.contains(id) || $0.contains(id.lowercased()) }
      if has.allSatisfy({ $0 }) { continue }
      expected[id] = (
        zip(Self.tools, has).filter(\.1).map(\.0), zip(Self.tools, has).filter { !$0.1 }.map(\.0)
      )
    }
    // Some link is broken on exactly one site (pandoc's `whats-new-in-v20`).
    #expect(
      document == "joiners" || expected.values.contains { $0.fails.count == 1 },
      "no id that one tool alone lacks")
    let links = every.map { "[x](<\(document).md#\($0)>)" }.joined(separator: "\n")
    let text = try String(
      contentsOf: Harness.fixtures.appendingPathComponent("slugs/\(document).md"), encoding: .utf8)
    try Harness.withTree(["links.md": "# Links\n\n" + links + "\n", "\(document).md": text]) {
      root in
      let outcome = Harness.run([
        "check", "--format", "json", "--sites", Self.tools.joined(separator: ","),
        root.path + "/links.md",
      ])
      var reported: [String: (resolves: [String], fails: [String])] = [:]
      for line in outcome.stdout.split(separator: "\n") {
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["reason"] as? String == "some-sites", "\(line)")
        let fragment = try #require(object["fragment"] as? String)
        reported[fragment] = (
          object["resolves"] as? [String] ?? [], object["fails"] as? [String] ?? []
        )
      }
      #expect(
        reported.keys.sorted() == expected.keys.sorted(), "\(outcome.stdout)\(outcome.stderr)")
      for (id, sites) in expected {
        #expect(reported[id]?.resolves == sites.resolves, "\(id)")
        #expect(reported[id]?.fails == sites.fails, "\(id)")
      }
    }
  }

  @Test func theLineNamesEachSiteAndItsIdAndTheConfigNamesTheSites() throws {
    try Harness.withTree([
      "a.md": "# A\n\n[u](#über) [w](#wait-what) [n](#none)\n\n## Über\n\n## Wait... what\n",
      "config/isle/config": "check.sites = [\"github\", \"mkdocs\"]\n",
    ]) { root in
      let expected = [
        "a.md:3:1: #über resolves on github, not on mkdocs (#uber there)",
        "a.md:3:29: no heading #none in a.md",
      ]
      let given = Harness.run(["check", "--sites", "github,mkdocs", root.path + "/a.md"])
      #expect(given.status == 1)
      #expect(given.stdout.replacingOccurrences(of: root.path + "/", with: "") == expected.map { $0 + "\n" }.joined())
      let configured = Harness.run(
        ["check", root.path + "/a.md"], environment: ["XDG_CONFIG_HOME": root.path + "/config"])
      #expect(configured.stdout == given.stdout, "\(configured.stderr)")
      // The command line's sites replace the config's.
      let replaced = Harness.run(
        ["check", "--sites", "github", root.path + "/a.md"],
        environment: ["XDG_CONFIG_HOME": root.path + "/config"])
      #expect(replaced.stdout.split(separator: "\n").count == 1, "\(replaced.stdout)")
      let bad = Harness.run(["check", "--sites", "github,mkdcs", root.path + "/a.md"])
      #expect(bad.status == 2)
      #expect(bad.stderr.hasPrefix("isle: error: invalid value 'mkdcs' for '--sites'"), "\(bad.stderr)")
    }
  }
}
