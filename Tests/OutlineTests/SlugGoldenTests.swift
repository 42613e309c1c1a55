import Foundation
import TestSupport
import Testing

@testable import Outline
@testable import Slugs

/// Each flavour's ids against the ids its own tool gave the documents in
/// `fixtures/slugs/` (recorded by `scripts/record-slugs`).
@Suite struct SlugGoldenTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("SlugGoldens")

  static let cases: [(flavor: String, document: String)] = {
    let flavors = (try? FileManager.default.contentsOfDirectory(atPath: goldens.path)) ?? []
    return flavors.sorted().flatMap { flavor in
      let files =
        (try? FileManager.default.contentsOfDirectory(
          atPath: goldens.appendingPathComponent(flavor).path)) ?? []
      return files.filter { $0.hasSuffix(".ids") }.sorted().map {
        (flavor, String($0.dropLast(4)))
      }
    }
  }()

  @Test func everyToolHasGoldens() {
    #expect(Set(Self.cases.map(\.flavor)) == ["hugo", "kramdown", "mkdocs", "pandoc"])
    #expect(Self.cases.count >= 8)
  }

  @Test(arguments: cases.map { "\($0.flavor)/\($0.document)" })
  func idsAreTheTools(_ name: String) throws {
    let parts = name.split(separator: "/").map(String.init)
    let flavor = try #require(SlugFlavor(rawValue: parts[0]))
    let expected = try String(
      contentsOf: Self.goldens.appendingPathComponent(name + ".ids"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
    let document = try Outliner.outline(
      try Fixtures.bytes("slugs/\(parts[1]).md"), path: "\(parts[1]).md",
      options: OutlineOptions(levels: 1...6, slugFlavor: flavor))
    let ids = document.sections.map { "\($0.level)\t\($0.id ?? "")" }
    #expect(ids == expected)
  }
}
