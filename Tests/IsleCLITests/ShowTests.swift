@testable import Workspace
import Foundation
import JSON
import LanguageServer
import TestFiles
import Testing

@testable import Files
@testable import IsleCLI

/// `isle show`: the bytes of the sections asked for, in document order,
/// each once; the selectors and the files told apart; a miss said after
/// the rest is printed; the JSON records that cover a document.
@Suite struct ShowTests {
  static let recipe = try! String(
    contentsOf: Harness.fixtures.appendingPathComponent("recipe.md"), encoding: .utf8)

  /// The bytes of `recipe.md` from the heading on line `from` to the one
  /// on line `to` (nil: the end).
  static func lines(_ from: Int, _ to: Int?) -> String {
    let lines = recipe.split(separator: "\n", omittingEmptySubsequences: false)
    let end = to.map { $0 - 1 } ?? lines.count
    return lines[(from - 1)..<end].joined(separator: "\n") + (to == nil ? "" : "\n")
  }

  static func run(_ arguments: [String], files: FileAccess? = nil) -> Harness.Outcome {
    guard let files else { return Harness.run(["show"] + arguments) }
    let out = StringSink()
    let err = StringSink()
    let status = CLI(environment: [:], stdout: out, stderr: err, files: files).run(
      ["show"] + arguments)
    return Harness.Outcome(status: status, stdout: out.text, stderr: err.text)
  }

  static func records(_ output: String) throws -> [JSONValue] {
    try output.split(separator: "\n").map { try JSONParser.parse(Array($0.utf8)) }
  }

  @Test func aSectionIsItsBytesWithItsSubsections() {
    let method = Self.run(["method", "fixtures/recipe.md"])
    #expect(method.status == 0)
    #expect(method.stdout == Self.lines(36, 61))
    #expect(method.stdout.contains("#### If it is too thick"))
    let alone = Self.run(["--no-subsections", "method", "fixtures/recipe.md"])
    #expect(alone.stdout == Self.lines(36, 51))
    let body = Self.run(["--body", "Serving", "fixtures/recipe.md"])
    #expect(body.stdout == Self.lines(62, 69))
  }

  @Test func severalSelectorsPrintInDocumentOrderEachOnce() {
    let picked = Self.run(["6", "overview", "2", "Method/too thick", "4", "fixtures/recipe.md"])
    #expect(picked.status == 0)
    #expect(picked.stdout == Self.lines(6, 16) + Self.lines(36, 61) + Self.lines(69, nil))
    let range = Self.run(["2..3", "fixtures/recipe.md"])
    #expect(range.stdout == Self.lines(6, 36))
  }

  @Test func aHeadingDeeperThanShownIsReachedByItsPathOrId() {
    for selector in ["Method > If it is too thin", "if-it-is-too-thin", "#if-it-is-too-thin"] {
      let deep = Self.run([selector, "fixtures/recipe.md"])
      #expect(deep.status == 0, "\(selector)")
      #expect(deep.stdout == Self.lines(56, 61), "\(selector)")
    }
  }

  @Test func aMissIsSaidAfterTheOthersArePrinted() {
    let result = Self.run(["overview", "nomatch", "fixtures/recipe.md"])
    #expect(result.status == 1)
    #expect(result.stdout == Self.lines(6, 16))
    // Only the sections near it are named: none is near 'nomatch'.
    #expect(result.stderr == "isle: error: no section matches 'nomatch' in fixtures/recipe.md\n")
    let slip = Self.run(["methd", "fixtures/recipe.md"])
    #expect(slip.stderr.hasSuffix("; closest: 4 Method (#method)\n"))
    let path = Self.run(["Method/Overview", "fixtures/recipe.md"])
    #expect(path.status == 1)
    #expect(path.stdout.isEmpty)
    let none = Self.run(["0", "fixtures/recipe.md"])
    #expect(none.status == 1)
    #expect(none.stderr.contains("has no text before its first section"))
  }

  @Test func positionsNameTheSectionThatHoldsThem() {
    let held = Self.run(["--line", "40", "--offset", "170", "fixtures/recipe.md"])
    #expect(held.status == 0)
    #expect(held.stdout == Self.lines(6, 16) + Self.lines(36, 61))
    let past = Self.run(["--offset", "99999", "fixtures/recipe.md"])
    #expect(past.status == 2)
    #expect(past.stderr.contains("offset 99999 is past the end of fixtures/recipe.md"))
  }

  @Test func operandsAreSelectorsUpToTheFirstFile() {
    // `recipe.md` is no file here: looking like a document, it is one.
    let missing = Self.run(["method", "recipe.md"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("recipe.md"))
    // Before `--`, every word is a selector, even one naming a file.
    let files = MemoryFiles(["/doc.md": "# A\n\nx\n\n# README.md\n\ny\n", "/README.md": "# R\n"])
    let named = Self.run(["README.md", "--", "doc.md"], files: files)
    #expect(named.stdout == "# README.md\n\ny\n")
    let dashed = Self.run(["--", "-1", "doc.md"], files: files)
    #expect(dashed.status == 0)
    #expect(dashed.stdout == "# A\n\nx\n\n")
  }

  @Test func usageErrorsSayWhatIsWanted() {
    let cases: [([String], String)] = [
      (["fixtures/recipe.md"], "show needs a SELECTOR"),
      (["--all", "2", "fixtures/recipe.md"], "takes no selector"),
      (["5..3", "fixtures/recipe.md"], "runs backwards"),
      (
        ["--max-words", "10", "2", "fixtures/recipe.md"],
        "'--max-words' needs '--format json|jsonl'"
      ),
      (["--all", "--body", "fixtures/recipe.md"], "cannot be given together"),
      (["--format", "html", "2", "fixtures/recipe.md"], "fixtures/recipe.md is Markdown"),
    ]
    for (arguments, message) in cases {
      let result = Self.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func jsonRecordsCarryWhereTheSectionIsAndItsText() throws {
    let result = Self.run(["--format", "json", "Method/too thick", "fixtures/recipe.md"])
    let record = try #require(try Self.records(result.stdout).first)
    #expect(record["path"]?.string == "fixtures/recipe.md")
    #expect(record["number"] == .null)
    #expect(record["level"]?.int == 4)
    #expect(record["id"]?.string == "if-it-is-too-thick")
    #expect(
      record["headings"]?.array?.compactMap(\.string)
        == ["Weeknight Lentil Soup", "Method", "If it is too thick"])
    #expect(record["lines"]?.array?.compactMap(\.int) == [51, 55])
    #expect(record["text"]?.string == Self.lines(51, 56))
    let bytes = record["bytes"]?.array?.compactMap(\.int) ?? [0, 0]
    #expect(Array(Self.recipe.utf8)[bytes[0]..<bytes[1]] == Array(Self.lines(51, 56).utf8)[...])
    #expect(record["words"]?.int ?? 0 > 10)
  }

  @Test func allRecordsCoverEachDocumentInOrder() throws {
    let result = Self.run(["--all", "--format", "jsonl", "fixtures"])
    #expect(result.status == 0)
    var texts: [String: String] = [:]
    var order: [String] = []
    for record in try Self.records(result.stdout) {
      let path = record["path"]?.string ?? ""
      if texts[path] == nil { order.append(path) }
      texts[path, default: ""] += record["text"]?.string ?? ""
      if record["number"]?.int == 0 { #expect(record["headings"]?.array?.isEmpty == true) }
    }
    // In the order `toc` walks the folder.
    let toc = Harness.run(["toc", "--format", "json", "fixtures"])
    #expect(order == (try Self.records(toc.stdout)).compactMap { $0["path"]?.string })
    let markdown = order.filter { $0.hasSuffix(".md") }
    #expect(markdown.count >= 10)
    for path in markdown {
      let bytes = try Data(contentsOf: Harness.root.appendingPathComponent(path))
      let whole = String(decoding: bytes, as: UTF8.self)
      #expect(whole.hasSuffix(texts[path] ?? "-"), "\(path)")
    }
  }

  @Test func frontMatterIsLeftOutAndSaidSo() throws {
    let files = MemoryFiles(["/doc.md": "---\ntitle: T\n---\nIntro.\n\n# A\n\nx\n"])
    let result = Self.run(["--all", "--format", "jsonl", "doc.md"], files: files)
    let records = try Self.records(result.stdout)
    #expect(records.map { $0["number"]?.int } == [0, 1])
    #expect(records[0]["frontMatter"]?.array?.compactMap(\.int) == [0, 17])
    #expect(records[1]["frontMatter"] == .null)
    #expect(records.compactMap { $0["text"]?.string }.joined() == "Intro.\n\n# A\n\nx\n")
  }

  @Test func longSectionsAreCutBetweenBlocks() throws {
    let paragraph = "word word word word word word word word word word.\n\n"
    let text = "# A\n\n" + String(repeating: paragraph, count: 5) + "```\n" + paragraph + "```\n"
    let files = MemoryFiles(["/doc.md": text])
    let result = Self.run(
      ["--all", "--format", "jsonl", "--max-words", "25", "doc.md"], files: files)
    let records = try Self.records(result.stdout)
    #expect(records.compactMap { $0["text"]?.string }.joined() == text)
    #expect(
      records.map { $0["parts"]?.int } == Array(repeating: records.count, count: records.count))
    #expect(records.map { $0["words"]?.int } == [20, 20, 20])
    #expect(records.allSatisfy { $0["headings"]?.array?.compactMap(\.string) == ["A"] })
  }

  @Test func aSetextHeadingsBodyStartsAfterItsUnderline() {
    let files = MemoryFiles([
      "/doc.md": "Title\n=====\n\nBody.\n\n<h1 align=\"center\">\n  Raw\n</h1>\n\nIts text.\n"
    ])
    #expect(Self.run(["--body", "title", "doc.md"], files: files).stdout == "\nBody.\n\n")
    #expect(Self.run(["--body", "raw", "doc.md"], files: files).stdout == "\nIts text.\n")
  }

  @Test func anHTMLSectionIsItsTextOrItsTags() throws {
    let text = Self.run(["2", "fixtures/article.html"])
    #expect(text.status == 0)
    #expect(text.stdout.hasPrefix("Why length matters\n"))
    #expect(!text.stdout.contains("<"))
    #expect(text.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    let narrow = Self.run(["--width", "40", "2", "fixtures/article.html"])
    #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 40 })
    let tags = Self.run(["--format", "html", "2", "fixtures/article.html"])
    #expect(tags.stdout.hasPrefix("<h2 id=\"why-length-matters\">Why length matters</h2>"))
    #expect(!tags.stdout.contains("The island, closed and open"))
    let markdown = Self.run(["--format", "text", "method", "fixtures/recipe.md"])
    #expect(markdown.stdout.hasPrefix("Method\n"))
  }

  @Test func standardInputAndAClosedPipe() throws {
    let piped = try Harness.runBinary(
      ["show", "ingredients"], stdin: Data(Self.recipe.utf8))
    #expect(piped.status == 0)
    #expect(String(decoding: piped.stdout, as: UTF8.self) == Self.lines(16, 36))
    let closed = try Harness.shell(
      "isle show --all --format jsonl fixtures | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}")
    #expect(closed.status == 0)
    #expect(closed.stderr.isEmpty)
  }
}
