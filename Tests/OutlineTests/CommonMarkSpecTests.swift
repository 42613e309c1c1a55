import Foundation
import TestSupport
import Testing

@testable import Outline

/// Every example of the CommonMark specification (`CommonMarkSpec/`): its
/// Markdown, outlined, gives the headings an HTML5 parser finds in the
/// HTML the specification expects for it, level by level and title by
/// title.
@Suite struct CommonMarkSpecTests {
  struct Example: Sendable {
    let number: Int
    let markdown: String
    let html: String
  }

  /// The examples: between a fence of 32 backticks with `example` and the
  /// closing fence, Markdown and HTML apart at a line holding `.`; `→`
  /// stands for a tab.
  static let examples: [Example] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("CommonMarkSpec/spec.txt")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    let fence = String(repeating: "`", count: 32)
    var examples: [Example] = []
    var inExample = false
    var markdown: [Substring] = []
    var html: [Substring] = []
    var inHTML = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if !inExample {
        if line == fence + " example" {
          inExample = true
          markdown = []
          html = []
          inHTML = false
        }
      } else if line == fence {
        inExample = false
        let join = { (lines: [Substring]) in
          lines.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
        }
        examples.append(
          Example(number: examples.count + 1, markdown: join(markdown), html: join(html)))
      } else if line == "." && !inHTML {
        inHTML = true
      } else if inHTML {
        html.append(line)
      } else {
        markdown.append(line)
      }
    }
    return examples
  }()

  static func headings(_ text: String, as format: DocumentFormat) throws -> [String] {
    let document = try Outliner.outline(
      Array(text.utf8), path: nil, options: OutlineOptions(format: format, levels: 1...6))
    return document.sections.map { "h\($0.level) \($0.title)" }
  }

  @Test func everyExampleHasTheHeadingsOfItsHTML() throws {
    let examples = requiredCases(Self.examples, "CommonMark examples")
    #expect(examples.count == 649)
    var differences: [String] = []
    var withHeadings = 0
    for example in examples {
      let fromMarkdown = try Self.headings(example.markdown, as: .markdown)
      let fromHTML = try Self.headings(example.html, as: .html)
      if !fromHTML.isEmpty { withHeadings += 1 }
      if fromMarkdown != fromHTML {
        differences.append("example \(example.number): \(fromMarkdown) against \(fromHTML)")
      }
    }
    // The comparison means something: every example whose HTML has a
    // heading tag (written as text; escaped ones read `&lt;h1`) gave one.
    let tagged = examples.filter { example in
      (1...6).contains { example.html.contains("<h\($0)") }
    }
    #expect(!tagged.isEmpty && withHeadings == tagged.count, "\(withHeadings) of \(tagged.count)")
    #expect(differences.isEmpty, "\(differences.count): \(differences.joined(separator: "\n"))")
  }
}
