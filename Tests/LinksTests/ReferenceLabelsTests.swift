import Outline
import Testing

@testable import Links

/// Reference labels as cmark-gfm matches them: which references name no
/// definition, and which definitions are unused or share a label.
@Suite struct ReferenceLabelsTests {
  static func labels(_ text: String) -> (ReferenceLabels, [UInt8]) {
    let outlined = LinkCheckerTests.outline(text, path: "a.md")
    let bytes = Array(text.utf8)
    return (
      ReferenceLabels(
        outlined.links ?? DocumentLinks(), bytes: bytes, lines: outlined.document.lines),
      bytes
    )
  }

  /// The undefined labels, as written.
  static func undefined(_ text: String) -> [String] {
    let (labels, bytes) = labels(text)
    return labels.undefined.map { String(decoding: bytes[$0.label], as: UTF8.self) }
  }

  @Test func onlyBracketsCmarkLeftAsTextNameNoDefinition() {
    #expect(Self.undefined("[a][b] [c][] [d] [e][f]\n\n[f]: x.md") == ["b", "c"])
    // Escaped, as entities, in code, in HTML, in a fence: no reference.
    #expect(
      Self.undefined(
        "\\[a\\][b\\] [a&#93;[b] `[a][b]` <span title=\"[a][b]\">x</span>\n\n```\n[a][b]\n```"
      )
      .isEmpty)
    // A reference in a link's text, and over two lines.
    #expect(Self.undefined("[x [a][b] y](u.md) and [t][long\nlabel]") == ["b", "long\nlabel"])
  }

  @Test func definitionsUnusedAndDuplicated() {
    let (labels, bytes) = Self.labels("[a] [B][]\n\n[a]: 1\n[b]: 2 \"t\"\n[A]: 3\n> [q]: 4\n")
    let shown = labels.definitions.map {
      String(decoding: bytes[$0.extent], as: UTF8.self)
        + ($0.isUnused ? " unused" : "") + ($0.isDuplicate ? " twice" : "")
        + ($0.standsAlone ? "" : " inside")
    }
    #expect(
      shown == ["[a]: 1 twice", "[b]: 2 \"t\"", "[A]: 3 unused twice", "[q]: 4 unused inside"])
  }
}
