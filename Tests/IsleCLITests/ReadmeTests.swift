import Foundation
import Testing

/// Every `$ command` in the `console` blocks of the README and of the
/// guide (`doc/*.md`), run from the repository root with the built `isle`
/// first on the PATH, prints exactly the lines shown under it, so the
/// documentation cannot rot.
@Suite struct ReadmeTests {
  struct Example: CustomTestStringConvertible, Sendable {
    let file: String
    let command: String
    let expected: String
    var testDescription: String { "\(file): \(command)" }
  }

  /// The README and the guide's pages, by their paths from the root.
  static var documents: [(path: String, text: String)] {
    let guide = Harness.root.appendingPathComponent("doc")
    let pages =
      ((try? FileManager.default.contentsOfDirectory(atPath: guide.path)) ?? [])
      .filter { $0.hasSuffix(".md") }.sorted().map { "doc/" + $0 }
    return (["README.md"] + pages).compactMap { path in
      let url = Harness.root.appendingPathComponent(path)
      return (try? String(contentsOf: url, encoding: .utf8)).map { (path: path, text: $0) }
    }
  }

  static var examples: [Example] {
    documents.flatMap { examples(in: $0.text, file: $0.path) }
  }

  static func examples(in text: String, file: String) -> [Example] {
    var examples: [Example] = []
    var inConsole = false
    var command: String? = nil
    var output: [String] = []
    func close() {
      if let command {
        examples.append(
          Example(file: file, command: command, expected: output.map { $0 + "\n" }.joined()))
      }
      command = nil
      output = []
    }
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```") {
        if inConsole { close() }
        inConsole = line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        close()
        command = String(line.dropFirst(2))
      } else {
        output.append(line)
      }
    }
    return examples
  }

  @Test func theReadmeAndTheGuideHaveExamples() throws {
    #expect(Self.examples.filter { $0.file == "README.md" }.count >= 6)
    #expect(Self.examples.filter { $0.file.hasPrefix("doc/") }.count >= 20)
  }

  /// An example shown with its output is never left unchecked: every
  /// `$ ` line in a fenced block stands in a `console` block.
  @Test func everyPromptIsInAConsoleBlock() throws {
    for (path, text) in Self.documents {
      var fence: String? = nil
      for (number, line) in text.components(separatedBy: "\n").enumerated() {
        if line.hasPrefix("```") {
          fence = fence == nil ? line : nil
        } else if let fence, fence != "```console", line.hasPrefix("$ ") {
          Issue.record("\(path):\(number + 1): '$ ' in a \(fence) block, which no test runs")
        }
      }
    }
  }

  /// Every page of the guide is reached from the README.
  @Test func theReadmeLinksEveryPageOfTheGuide() throws {
    let readme = try #require(Self.documents.first { $0.path == "README.md" }).text
    for (path, _) in Self.documents where path.hasPrefix("doc/") {
      #expect(readme.contains("](\(path)"), "README.md links no \(path)")
    }
  }

  /// The links of the README and the guide, to each other's pages and
  /// headings, all resolve, as `isle check` reads them.
  @Test func theDocumentationsLinksResolve() throws {
    let run = try Harness.shell("isle check README.md doc")
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
  }

  @Test(arguments: examples)
  func exampleRunsAsShown(_ example: Example) throws {
    #expect(try Harness.shell(example.command).stdout == example.expected)
  }
}
