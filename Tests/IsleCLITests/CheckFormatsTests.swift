import Foundation
import Testing

/// `isle check --format sarif|junit|github|gitlab` on the fixture book with
/// broken links planted, read by the tools CI reads them with: the SARIF
/// validated against the SARIF 2.1.0 schema (`jsonschema`) and read by
/// `sarif-tools`, the JUnit by `junitparser` (all three from PyPI, which
/// `scripts/install-deps test` installs: a test fails without them), every
/// finding where `isle check --format json` puts it.
@Suite struct CheckFormatsTests {
  static let schema = Harness.root.appendingPathComponent(
    "../shared/conformance/sarif/sarif-schema-2.1.0.json"
  ).standardizedFileURL.path

  /// The fixture book, with broken links planted: a misspelt heading, a
  /// missing file, a link after characters outside ASCII (its UTF-16 column
  /// is not its byte column), a `%` in a fragment, a chapter whose name
  /// holds `,` and `:`, a contents entry with no file and a document no
  /// entry names.
  static func book() throws -> [String: String] {
    let fixture = Harness.fixtures.appendingPathComponent("book")
    var files: [String: String] = [:]
    for name in [
      "book.toml", "src/SUMMARY.md", "src/preface.md", "src/thanks.md", "src/guide/water.md",
      "src/guide/temperature.md", "src/guide/leaves.md",
    ] {
      files["book/" + name] = try String(
        contentsOf: fixture.appendingPathComponent(name), encoding: .utf8)
    }
    files["book/src/SUMMARY.md"] = files["book/src/SUMMARY.md"]!.replacingOccurrences(
      of: "- [Milk]()\n", with: "- [Milk]()\n- [Odd](guide/odd,name:1.md)\n- [Lost](guide/lost.md)\n")
    files["book/src/preface.md"]! += """

      See [water](guide/water.md#hard-and-sof) and [gone](guide/gone.md).
      Café — [thé](guide/leaves.md#bag) and [half](#50%25-off).

      """
    files["book/src/guide/odd,name:1.md"] = "# Odd\n\n[back](../preface.md#prefce)\n"
    files["book/src/extra.md"] = "# Extra\n"
    return files
  }

  /// The tools are there; else the test fails, naming the step that
  /// installs them.
  static func requireTools() throws {
    let probe = try Harness.shell("python3 -c 'import jsonschema, junitparser, sarif' 2>&1")
    try #require(
      probe.status == 0,
      "jsonschema, junitparser and sarif-tools (PyPI) are missing: run scripts/install-deps test (make test does): \(probe.stdout)"
    )
  }

  @Test func eachFormatIsReadByItsToolWithEveryFindingWhereCheckPutsIt() throws {
    try Self.requireTools()
    try Harness.withTree(try Self.book()) { root in
      let folder = root.path
      let run = try Harness.shell(
        """
        cd '\(folder)' && for f in json sarif junit gitlab github; do
          isle check --format $f book > out.$f; echo "$f $?"
        done
        """)
      #expect(run.stdout == "json 1\nsarif 1\njunit 1\ngitlab 1\ngithub 1\n", "\(run.stderr)")
      let json = try String(contentsOfFile: folder + "/out.json", encoding: .utf8)
      #expect(json.split(separator: "\n").count == 7, "\(json)")
      let checked = try Harness.shell(
        "cd '\(folder)' && python3 - '\(Self.schema)' 2>&1 <<'EOF'\n\(Self.reader)\nEOF\n")
      #expect(checked.status == 0, "\(checked.stdout)")
      #expect(checked.stdout.hasSuffix("ok 7 findings\n"), "\(checked.stdout)")
    }
  }

  /// What the Python side checks, from the scratch folder: out.json (the
  /// findings as isle prints them) against each format as its tool reads it.
  static let reader = #"""
    import json, sys, collections, urllib.parse, jsonschema, junitparser, sarif.loader
    found = [json.loads(l) for l in open("out.json")]
    tidy = lambda p: p[2:] if p.startswith("./") else p
    def utf16(path, line, column):
        text = open(path, "rb").read().split(b"\n")[line - 1][: column - 1]
        return len(text.decode("utf-8").encode("utf-16-le")) // 2 + 1
    fail = lambda why: sys.exit("FAIL " + why)
    # SARIF: valid against the schema; sarif-tools reads each finding at its line.
    log = json.load(open("out.sarif"))
    jsonschema.Draft4Validator(json.load(open(sys.argv[1]))).validate(log)
    run = log["runs"][0]
    results = run["results"]
    want = sorted((tidy(f["path"]), f["line"], utf16(f["path"], f["line"], f["column"]), f["reason"]) for f in found)
    got = sorted((urllib.parse.unquote(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]),
                  r["locations"][0]["physicalLocation"]["region"]["startLine"],
                  r["locations"][0]["physicalLocation"]["region"]["startColumn"], r["ruleId"]) for r in results)
    if got != want: fail("sarif %r != %r" % (got, want))
    if not any(f["column"] != c for (_, _, c, _), f in zip(want, sorted(found, key=lambda f: (tidy(f["path"]), f["line"])))):
        fail("no finding has a UTF-16 column other than its byte column")
    rules = {r["id"] for r in run["tool"]["driver"]["rules"]}
    if not {r["ruleId"] for r in results} <= rules: fail("a result names no rule")
    prints = [r["partialFingerprints"]["isleFindingHash/v1"] for r in results]
    if len(set(prints)) != len(prints): fail("fingerprints repeat")
    data = sarif.loader.load_sarif_file("out.sarif")
    records = sorted((r["Location"], int(r["Line"]), r["Code"]) for r in data.get_records())
    if records != sorted((w[0], w[1], w[3]) for w in want): fail("sarif-tools read %r" % records)
    # JUnit: one case per document, a failure per finding of it.
    xml = junitparser.JUnitXml.fromfile("out.junit")
    cases = {c.name: sorted(r.type for r in c.result) for s in xml for c in s}
    per = collections.defaultdict(list)
    for f in found: per[f["path"]].append(f["reason"])
    for path, reasons in per.items():
        if cases.get(path) != sorted(reasons): fail("junit %s: %r" % (path, cases.get(path)))
    if sum(map(len, cases.values())) != len(found): fail("junit failures %r" % cases)
    if "book/src/guide/water.md" not in cases or cases["book/src/guide/water.md"]: fail("junit cases %r" % cases)
    # GitLab: each finding at its path and line.
    quality = json.load(open("out.gitlab"))
    got = sorted((q["location"]["path"], q["location"]["lines"]["begin"], q["check_name"]) for q in quality)
    if got != sorted((w[0], w[1], w[3]) for w in want): fail("gitlab %r" % got)
    # GitHub: one command a finding, at its file, line and UTF-16 column.
    lines = open("out.github").read().splitlines()
    for w, f in zip(sorted(want), sorted(found, key=lambda f: (tidy(f["path"]), f["line"], f["column"]))):
        command = "::error file=%s,line=%d,col=%d," % (f["path"].replace(",", "%2C").replace(":", "%3A"), w[1], w[2])
        if not any(l.startswith(command) for l in lines): fail("github lacks %s in %r" % (command, lines))
    print("ok %d findings" % len(found))
    """#

  @Test func githubCommandsAreEscapedAsGitHubDocumentsThem() throws {
    try Harness.withTree([
      "a,b:c.md": "# A\n\n[x](#50%25-off)\n", "é.md": "ü [y](gone%0Aname.md)\n",
    ]) { root in
      let run = try Harness.shell("cd '\(root.path)' && isle check --format github a,b:c.md é.md")
      #expect(run.status == 1, "\(run.stderr)")
      #expect(
        run.stdout == """
          ::error file=a%2Cb%3Ac.md,line=3,col=1,title=isle check no-heading::no heading #50%25-off in a,b:c.md
          ::error file=é.md,line=1,col=3,title=isle check no-file::no file gone%250Aname.md

          """)
    }
  }

  @Test func fingerprintsStayWhenLinesMoveAndChangeWithTheLink() throws {
    try Harness.withTree(["a.md": "# A\n\n[x](#nope) [y](#nope)\n[z](gone.md)\n"]) { root in
      func prints() throws -> [String] {
        let run = try Harness.shell(
          "cd '\(root.path)' && isle check --format sarif a.md | jq -r '.runs[0].results[] | .partialFingerprints[]'"
        )
        return run.stdout.split(separator: "\n").map(String.init)
      }
      let first = try prints()
      #expect(first.count == 3 && Set(first).count == 3, "\(first)")
      #expect(try prints() == first)
      try Data("# A\n\nA new paragraph.\n\n[x](#nope) [y](#nope)\n[z](gone.md)\n".utf8).write(
        to: root.appendingPathComponent("a.md"))
      #expect(try prints() == first)
      try Data("# A\n\n[x](#other) [y](#nope)\n[z](gone.md)\n".utf8).write(
        to: root.appendingPathComponent("a.md"))
      let changed = try prints()
      #expect(changed[2] == first[2] && changed[0] != first[0], "\(changed)")
    }
  }

  @Test func aCleanTreeIsAnEmptyRunAndAPassingSuite() throws {
    try Harness.withTree(["a.md": "# A\n\n[x](#a)\n"]) { root in
      let sarif = try Harness.shell(
        "cd '\(root.path)' && isle check --format sarif a.md | jq -c '[.runs[0].results, .runs[0].invocations[0].executionSuccessful]'"
      )
      #expect(sarif.stdout == "[[],true]\n")
      let junit = Harness.run(["check", "--format", "junit", root.path + "/a.md"])
      #expect(junit.status == 0)
      #expect(junit.stdout.contains("tests=\"1\" failures=\"0\" errors=\"0\""), "\(junit.stdout)")
      let gitlab = Harness.run(["check", "--format", "gitlab", root.path + "/a.md"])
      #expect(gitlab.stdout == "[]\n")
      #expect(Harness.run(["check", "--format", "github", root.path + "/a.md"]).stdout == "")
    }
  }

  @Test func anUnreadableDocumentIsAnErrorOfItsCase() throws {
    try Harness.withTree(["a.md": "# A\n"]) { root in
      let outcome = Harness.run(
        ["check", "--format", "junit", root.path + "/a.md", root.path + "/missing.md"])
      #expect(outcome.status == 2)
      #expect(outcome.stdout.contains("errors=\"1\""), "\(outcome.stdout)")
      #expect(outcome.stdout.contains("missing.md\" classname=\"isle check\""))
      let sarif = Harness.run(["check", "--format", "sarif", root.path + "/missing.md"])
      #expect(sarif.stdout.contains("\"executionSuccessful\":false"))
    }
  }
}
