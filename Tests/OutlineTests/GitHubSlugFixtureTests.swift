import Foundation
import Testing

@testable import Outline
@testable import Slugs

/// github-slugger's fixtures: headings and the ids GitHub gave them.
@Suite struct GitHubSlugFixtureTests {
  struct Fixture: Decodable {
    let name: String
    let input: String
    let markdownOverwrite: String?
    let expected: String
  }

  static let fixtures: [Fixture] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("SlugFixtures/github-slugger.json")
    guard let data = try? Data(contentsOf: url),
      let fixtures = try? JSONDecoder().decode([Fixture].self, from: data)
    else { return [] }
    return fixtures
  }()

  /// The one fixture GitHub answered under Unicode 13: code points then
  /// unassigned, some of which are letters in the Unicode Swift knows.
  static let newerUnicode: Set<String> = ["Unassigned"]

  @Test func allSeventyEightFixturesAreRead() {
    #expect(Self.fixtures.count == 78)
  }

  /// Through one slugger, in order, as github-slugger's own test runs them.
  @Test func theSluggerGivesGitHubsIds() {
    var slugger = Slugger(flavor: .github)
    var passed = 0
    for fixture in Self.fixtures {
      let id = slugger.slug(fixture.input)
      if id == fixture.expected {
        passed += 1
      } else {
        #expect(Self.newerUnicode.contains(fixture.name), "\(fixture.name): \(id)")
      }
    }
    #expect(passed == 77)
  }

  /// `text` with every ASCII punctuation character backslash-escaped, so
  /// that a heading reads as the text itself (`__proto__` is no emphasis).
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if character.isASCII, character.isPunctuation || character.isSymbol { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// The same fixtures as headings of one Markdown document, read by cmark.
  @Test func markdownHeadingsGetGitHubsIds() throws {
    let markdown = Self.fixtures.map {
      ($0.markdownOverwrite ?? "# " + Self.escaped($0.input)) + "\n\n"
    }.joined()
    let document = try Outliner.outline(
      Array(markdown.utf8), path: "fixtures.md", options: OutlineOptions(levels: 1...6))
    try #require(document.sections.count == Self.fixtures.count)
    var passed = 0
    for (fixture, section) in zip(Self.fixtures, document.sections) {
      if section.id == fixture.expected {
        passed += 1
      } else {
        #expect(Self.newerUnicode.contains(fixture.name), "\(fixture.name): \(section.id ?? "nil")")
      }
    }
    #expect(passed == 77)
  }
}
