import Foundation
import TestSupport
import Testing

/// The real binary on input that is missing, unreadable or not a document:
/// one line on stderr naming the file, exit 2, nothing on stdout; binary
/// and empty input neither crash nor hang.
@Suite struct BadInputTests {
  private func expectOneLineError(
    _ arguments: [String], naming name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try Harness.runBinary(arguments)
    #expect(result.status == 2, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("isle: error: \(name): "), sourceLocation: sourceLocation)
    #expect(result.stderr.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
  }

  @Test func aMissingFile() throws {
    try expectOneLineError(["toc", "fixtures/no-such-file.md"], naming: "fixtures/no-such-file.md")
  }

  @Test func aDirectoryWhereOneDocumentIsRead() throws {
    try expectOneLineError(["where", "--line", "1", "fixtures"], naming: "fixtures")
    try expectOneLineError(["jump", "first", "fixtures"], naming: "fixtures")
  }

  @Test func anUnreadableFile() throws {
    if getuid() == 0 {
      // Root reads any file whatever its mode; /proc/self/mem opens but
      // every read at offset 0 fails, which is the same path.
      try expectOneLineError(["toc", "/proc/self/mem"], naming: "/proc/self/mem")
    } else {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent("isle-unreadable.md")
      try Data("# x\n".utf8).write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      chmod(url.path, 0)
      try expectOneLineError(["toc", url.path], naming: url.path)
    }
  }

  @Test func aGoodFileStillPrintsBesideABadOne() throws {
    let result = try Harness.runBinary(["toc", "fixtures/recipe.md", "fixtures/missing.md"])
    #expect(result.status == 2)
    #expect(String(decoding: result.stdout, as: UTF8.self).contains("Weeknight Lentil Soup"))
    #expect(result.stderr.hasPrefix("isle: error: fixtures/missing.md: "))
  }

  @Test func binaryInputNeitherCrashesNorHangs() throws {
    // Noise without a NUL is text to isle, however odd: the parsers read it.
    var generator = SplitMix(state: 49)
    let noise = Data((0..<200_000).map { _ in UInt8.random(in: 1...255, using: &generator) })
    for format in ["text", "json"] {
      let result = try Harness.runBinary(["toc", "--format", format], stdin: noise)
      #expect(!result.signaled)
      #expect(result.status == 0 || result.status == 1)
    }
    // With NULs it is binary, refused in one line before any parse.
    let elf = try Data(contentsOf: Harness.binary)
    let result = try Harness.runBinary(
      ["toc", "--format", "json", "-"], stdin: elf.prefix(2_000_000))
    #expect(!result.signaled)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "isle: error: <stdin>: binary file, not a document\n")
  }

  @Test(arguments: [
    ("unclosed", "<html><body><h1>One<p>text<h2>Two<div><span>more"),
    ("stray end tags", "</h2></h1><h2>Real</h2></h2></div></body></html></h3>"),
    ("nested divs", String(repeating: "<div>", count: 10_000) + "<h2>Deep</h2>"),
    ("a 2 MB attribute", "<h1 title=\"" + String(repeating: "x", count: 2_000_000) + "\">Big</h1>"),
  ])
  func malformedHTMLNeitherCrashesNorHangs(_ name: String, _ html: String) throws {
    let result = try Harness.runBinary(
      ["toc", "--from", "html", "--format", "json"], stdin: Data(html.utf8))
    #expect(!result.signaled, "\(name)")
    #expect(result.status == 0, "\(name): \(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any]
    #expect((object?["sections"] as? [Any])?.isEmpty == false, "\(name)")
  }

  @Test func emptyInputIsNothingFound() throws {
    let result = try Harness.runBinary(["toc"], stdin: Data())
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "isle: <stdin>: no headings at levels 1–3\n")
  }

  /// A run that did nothing says why on standard error, with no terminal
  /// too (as rg's "No files were searched"), so a CI log shows a reason.
  @Test func aRunThatFoundNothingSaysWhy() throws {
    let files = ["text/notes.txt": "# not a document\n", "blank.md": "", "empty/.keep": ""]
    try Fixtures.withTree(files) { root in
      let (text, empty, blank) = ("\(root.path)/text", "\(root.path)/empty", "\(root.path)/blank.md")
      let documents = ": no documents (.md, .markdown, .html, .htm)\n"
      let cases: [([String], String)] = [
        (["toc", text], "isle: \(text)" + documents),
        (["toc", empty], "isle: \(empty)" + documents),
        (["toc", "/dev/null"], "isle: /dev/null: no headings at levels 1–3\n"),
        (["toc", blank], "isle: \(blank): no headings at levels 1–3\n"),
        (["where", "--line", "1", blank], "isle: \(blank): no headings at levels 1–3\n"),
      ]
      for (arguments, said) in cases {
        let result = try Harness.runBinary(arguments)
        #expect(result.status == 1, "\(arguments)")
        #expect(result.stdout.isEmpty, "\(arguments)")
        #expect(result.stderr == said, "\(arguments)")
      }
    }
  }


  @Test func standardInputReadsLikeAFile() throws {
    let bytes = try Data(contentsOf: Harness.fixtures.appendingPathComponent("recipe.md"))
    let piped = try Harness.runBinary(["toc", "--format", "json"], stdin: bytes)
    let named = try Harness.runBinary(["toc", "--format", "json", "fixtures/recipe.md"])
    let pipedText = String(decoding: piped.stdout, as: UTF8.self)
    #expect(pipedText.hasPrefix("{\"path\":null,"))
    #expect(
      pipedText.replacingOccurrences(of: "\"path\":null", with: "\"path\":\"fixtures/recipe.md\"")
        == String(decoding: named.stdout, as: UTF8.self))
  }

  @Test func aClosedPipeEndsQuietly() throws {
    // A shell pipeline whose reader leaves after one line.
    let big = FileManager.default.temporaryDirectory.appendingPathComponent("isle-big.md")
    let text = (1...20_000).map { "# Heading \($0)\n\nSome words.\n" }.joined()
    try Data(text.utf8).write(to: big)
    defer { try? FileManager.default.removeItem(at: big) }
    let result = try Harness.shell(
      "isle toc '\(big.path)' | head -1 >/dev/null; exit ${PIPESTATUS[0]}")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

}
