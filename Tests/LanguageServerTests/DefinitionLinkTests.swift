@testable import Workspace
import JSON
import Outline
import TestSupport
import Testing

@testable import LanguageServer

/// Reference definitions are links in the editor (`[x]: #heading`), and
/// every link is placed where its destination (or a use's label) is
/// written, however it is written.
@Suite struct DefinitionLinkTests {
  static let path = "/ws/doc.md"

  /// Three uses of one definition, a definition of a path with spaces,
  /// and three lines that look like definitions and are none: in a
  /// fence, in an HTML comment, and continuing a paragraph (which a
  /// definition cannot interrupt, in CommonMark and on GitHub).
  static let document = MarkedText(
    """
    # Setup

    ## Install

    Read [the guide][«g»], [again][«g»] and [«g»].

    ```
    [code]: #install
    ```

    <!--
    [comment]: #install
    -->

    Text right above
    [continued]: #install

    [g]: «#install»
    [far]: <«other file.md#part-two»>

    """)

  static func client() throws -> TestClient {
    let host = MemoryHost([
      path: document.text, "/ws/other file.md": "# Other\n\n## Part Two\n\ntext\n",
    ])
    let client = try TestClient(host)
    client.open(path, document.text)
    return client
  }

  static func at(_ line: Int, _ character: Int, _ more: [String: JSONValue] = [:]) -> JSONValue {
    var members = more
    members["position"] = TestClient.position(line, character)
    return TestClient.document(path, members)
  }

  @Test func eachUseAndEachDefinitionIsADocumentLink() throws {
    let client = try Self.client()
    let links = try client.request("textDocument/documentLink", TestClient.document(Self.path))
    let found = (links.array ?? []).sorted {
      (try? TextRange($0["range"]))?.start ?? TextPosition(line: 0, character: 0)
        < (try? TextRange($1["range"]))?.start ?? TextPosition(line: 0, character: 0)
    }
    #expect(found.map { MarkedText.shown($0) } == Self.document.shown)
    #expect(
      found.map { $0["target"]?.string ?? "?" } == [
        "file:///ws/doc.md#L3", "file:///ws/doc.md#L3", "file:///ws/doc.md#L3",
        "file:///ws/doc.md#L3", "file:///ws/other%20file.md#L3",
      ])
  }

  @Test func aDefinitionLeadsToItsHeadingAndCountsAsAReference() throws {
    let client = try Self.client()
    let definition = try client.request("textDocument/definition", Self.at(17, 8))
    #expect(definition["range"]?["start"]?["line"]?.int == 2)
    let far = try client.request("textDocument/definition", Self.at(18, 12))
    #expect(far["uri"]?.string == "file:///ws/other%20file.md")
    // A use's label leads to its definition; its text leads nowhere.
    let use = try client.request("textDocument/definition", Self.at(4, 17))
    #expect(MarkedText.shown(use) == "17:0-17:13")
    #expect(try client.request("textDocument/definition", Self.at(4, 7)) == .null)
    let references = try client.request(
      "textDocument/references",
      Self.at(2, 4, ["context": .object(["includeDeclaration": .bool(true)])]))
    #expect(
      (references.array ?? []).map { MarkedText.shown($0) }.sorted() == [
        "17:5-17:13", "2:0-2:10", "4:17-4:18", "4:29-4:30", "4:37-4:38",
      ])
  }

  @Test func renamingTheHeadingRewritesTheDefinitionNotItsUses() throws {
    let client = try Self.client()
    let prepared = try client.request("textDocument/prepareRename", Self.at(17, 9))
    #expect(MarkedText.shown(prepared) == "17:6-17:13")
    #expect(prepared["placeholder"]?.string == "Install")
    // A use's label names a definition (renamed as a label), and a link's
    // text nothing.
    let label = try client.request("textDocument/prepareRename", Self.at(4, 17))
    #expect(MarkedText.shown(label) + " " + (label["placeholder"]?.string ?? "?") == "4:17-4:18 g")
    #expect(throws: ReplyError.self) {
      try client.request("textDocument/prepareRename", Self.at(4, 8))
    }
    let edit = try client.request(
      "textDocument/rename", Self.at(17, 9, ["newName": .string("Set up")]))
    let edits = (edit["changes"]?["file:///ws/doc.md"]?.array ?? []).map {
      MarkedText.shown($0) + " " + ($0["newText"]?.string ?? "?")
    }
    #expect(edits.sorted() == ["17:6-17:13 set-up", "2:3-2:10 Set up"])
  }

  /// One way a Markdown link may be written: its lines, with the ranges a
  /// document link must cover marked, and the definitions it uses.
  struct Shape {
    var lines: [String]
    var definitions: [String] = []
    var files: [String] = []
  }

  /// The `index`th link of a document in one of the ways CommonMark
  /// allows, each naming files of its own (`t3.md`, `t 3.md`…).
  static func shape(_ kind: Int, _ index: Int) -> Shape {
    let file = "t\(index).md"
    switch kind {
    case 0: return Shape(lines: ["[text](«\(file)»)"], files: [file])
    case 1: return Shape(lines: ["[text](<«t \(index).md»>) after"], files: ["t \(index).md"])
    case 2: return Shape(lines: ["some [te", "xt](«\(file)») here"], files: [file])
    case 3: return Shape(lines: ["![alt](«\(file)» \"title\")"], files: [file])
    case 4:
      return Shape(lines: ["[![img](«\(file)»)](«u\(index).md»)"], files: [file, "u\(index).md"])
    case 5: return Shape(lines: ["[text](", "«\(file)»", ")"], files: [file])
    case 6: return Shape(lines: ["[a\\]b](«t\\_\(index).md»)"], files: ["t_\(index).md"])
    case 7:
      return Shape(
        lines: ["[text][«r\(index)»] and [«r\(index)»][]"],
        definitions: ["[r\(index)]: «\(file)»"], files: [file])
    case 8:
      // Parentheses that hold no destination: a use of `[r8]`.
      return Shape(
        lines: ["[«r\(index)»](not a destination)"], definitions: ["[r\(index)]: «\(file)»"],
        files: [file])
    case 10:
      // A URL, in angle brackets or not; written bare, it is no link.
      return Shape(lines: ["[a](«https://example.com/\(index)») <«mailto:x\(index)@example.com»>"])
    case 11:
      return Shape(
        lines: ["see https://example.com/\(index) and [«u\(index)»]"],
        definitions: ["[u\(index)]: «https://example.com/u\(index)»"])
    default:
      return Shape(lines: ["<a href=\"«\(file)»\">x</a>"], files: [file])
    }
  }

  /// Random documents of links written every way, in paragraphs, block
  /// quotes and list items: each document link covers exactly what the
  /// generator marked (URLs too, but none written bare), every use and
  /// definition once.
  @Test func everyLinkIsPlacedWhereItsDestinationIsWritten() throws {
    var random = SplitMix(state: 26)
    for round in 0..<40 {
      var blocks: [String] = []
      var definitions: [String] = []
      var files: [String: String] = [:]
      for index in 0..<Int.random(in: 1...6, using: &random) {
        let shape = Self.shape(Int.random(in: 0...11, using: &random), round * 10 + index)
        let container = ["", "> ", "- "].randomElement(using: &random)!
        let rest = container == "- " ? "  " : container
        blocks.append(
          shape.lines.enumerated().map { ($0.offset == 0 ? container : rest) + $0.element }
            .joined(separator: "\n"))
        definitions += shape.definitions
        for name in shape.files { files["/ws/" + name] = "# T\n" }
      }
      let marked = MarkedText(
        "# Doc\n\n" + (blocks + [definitions.joined(separator: "\n")]).joined(separator: "\n\n")
          + "\n")
      files[Self.path] = marked.text
      let client = try TestClient(MemoryHost(files))
      client.open(Self.path, marked.text)
      let links = try client.request("textDocument/documentLink", TestClient.document(Self.path))
      let shown = (links.array ?? []).map { MarkedText.shown($0) }
      #expect(shown.sorted() == marked.shown.sorted(), "round \(round):\n\(marked.text)")
      if shown.sorted() != marked.shown.sorted() { return }
    }
  }
}

/// Which lines are reference definitions, as cmark-gfm (and GitHub) reads
/// them: those the outline finds.
@Suite struct ReferenceDefinitionTests {
  /// The labels of the definitions of `text`.
  static func labels(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    var options = OutlineOptions()
    options.findsLinks = true
    let outlined = try? Outliner.outlined(bytes, path: "/ws/d.md", options: options)
    return (outlined?.links?.links ?? []).filter { $0.kind == .definition }.compactMap { link in
      link.labelRange.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
  }

  @Test func definitionsAreWhatCmarkTakesForThem() {
    let text = """
      ---
      title: x
      [front]: #a
      ---
      [first]: #a
      [second]:
        <#b c>

      > [quoted]: #a
      - [listed]: #a 'title'

      ```
      [fenced]: #a
      ```

          [indented]: #a

      <!--
      [commented]: #a
      -->

      Text goes on
      [continued]: #a

      [^note]: a footnote, which the next line continues
      [first]: #again

      [again]: #a
      [not]: #a trailing words
      """
    #expect(Self.labels(text) == ["first", "second", "quoted", "listed", "again"])
  }

  @Test func aBareURLFoundByTheAutolinkExtensionIsNoProbesAnswer() {
    #expect(Self.labels("![i](/x.png)\n[ref]\n[ref]: http://example.com\n") == [])
    #expect(Self.labels("\u{FEFF}[a]: http://example.com\n") == ["a"])
  }
}

/// Links read from random bytes of brackets, parentheses, escapes and
/// line endings: every range the outline and the server give stays within
/// the text, and a link begins with what opens one.
@Suite struct LinkRangeTests {
  static let pieces = [
    "[", "]", "(", ")", "<", ">", "\\", "`", "!", ":", "\n", " ", "a", "#", "\r\n", "> ", "- ",
    "é", "&amp;", "\"t\"",
  ]

  @Test func rangesStayWithinTheText() {
    var random = SplitMix(state: 7)
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        Self.pieces.randomElement(using: &random)!
      }.joined()
      let bytes = Array(text.utf8)
      let lines = TextLines(bytes)
      let facts = DocumentFacts.outline(lines, path: "/ws/r.md", options: OutlineOptions())
      for link in facts?.links ?? [] {
        #expect(link.range.start <= link.range.end && link.span.start <= link.span.end, "\(text)")
        if let written = link.written { #expect(written.upperBound <= bytes.count, "\(text)") }
        let found = link.link
        for range in [found.destinationRange, found.labelRange].compactMap({ $0 }) {
          #expect(range.lowerBound >= 0 && range.upperBound <= bytes.count, "\(text)")
        }
        if found.kind != .html && found.kind != .htmlImage && found.offset < bytes.count {
          #expect(
            [0x5B, 0x21, 0x3C].contains(bytes[found.offset]) || found.kind == .link, "\(text)")
        }
      }
    }
  }
}
