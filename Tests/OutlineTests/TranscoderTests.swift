import Testing

@testable import HTMLOutline
@testable import Outline

/// Pages whose bytes need a decoder: each heading's title, and its offset
/// in the raw bytes.
@Suite struct TranscoderTests {
  static func page(_ heading: String) -> String {
    "<!DOCTYPE html><html><head><meta charset=\"x\"></head><body><h1>\(heading)</h1></body></html>"
  }

  static let cases: [(name: String, bytes: [UInt8], title: String, offset: Int)] = [
    // UTF-16 by its byte order mark, whatever the meta says.
    (
      "utf-16le",
      [0xFF, 0xFE] + Array("<h1>Zürich</h1>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
      "Zürich", 2
    ),
    (
      "utf-16be",
      [0xFE, 0xFF]
        + Array("<p>x</p><h1>Ωmega</h1>".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
      "Ωmega", 18
    ),
    // ISO-2022-JP switches state with escapes: ASCII bytes then mean kanji.
    (
      "iso-2022-jp",
      Array("<meta charset=iso-2022-jp><h1>".utf8) + [
        0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42,
      ]
        + Array("</h1><h2>B</h2>".utf8),
      "日本", 26
    ),
    // A byte no Shift_JIS character starts with is U+FFFD; the rest reads on.
    (
      "bad shift_jis",
      Array("<meta charset=sjis><h1>".utf8) + [0xFF, 0x93, 0xFA] + Array("</h1>".utf8), "\u{FFFD}日",
      19
    ),
    // A meta that names UTF-16 means UTF-8.
    ("meta utf-16", Array("<meta charset=utf-16><h1>Zürich</h1>".utf8), "Zürich", 21),
    // An undeclared page that is valid UTF-8 stays UTF-8.
    ("undeclared utf-8", Array("<h1>Zürich</h1>".utf8), "Zürich", 0),
    // Undeclared and not UTF-8: windows-1252.
    ("undeclared latin", Array("<h1>Z".utf8) + [0xFC] + Array("rich</h1>".utf8), "Zürich", 0),
  ]

  @Test(arguments: cases.indices)
  func decodes(_ index: Int) throws {
    let (name, bytes, title, offset) = Self.cases[index]
    let document = try Outliner.outline(bytes, path: "page.html", options: OutlineOptions())
    #expect(document.decoded, "\(name)")
    #expect(document.sections.first?.title == title, "\(name)")
    #expect(document.sections.first?.offset == offset, "\(name)")
  }

  @Test(arguments: [
    ("Shift_JIS", "shift_jis"), (" EUC-JP ", "euc-jp"), ("GB2312", "gbk"),
    ("latin1", "windows-1252"),
    ("l9", "iso-8859-15"), ("ks_c_5601-1987", "euc-kr"), ("x-user", nil),
  ])
  func labels(_ label: String, _ name: String?) {
    #expect(Encoding(label: label)?.name == name)
  }
}
