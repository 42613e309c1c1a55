import Foundation
import Testing

/// Pages in legacy encodings give the titles a browser shows (stored in
/// `fixtures/browser/`, written from the pages' UTF-8 sources), at the
/// offsets of their raw bytes.
@Suite struct EncodingTests {
  static let cases: [(page: String, charset: String, titles: [String])] = [
    ("shift-jis.html", "\"shift_jis\"", ["日本語", "Second"]),
    ("euc-jp.html", "\"euc-jp\"", ["東京の天気", "明日の予報", "週間予報"]),
    ("gb18030.html", "\"gb18030\"", ["北京烤鸭", "𠮷野家的做法", "Notes"]),
    ("iso-8859-15.html", "\"iso-8859-15\"", ["Œuvres complètes", "Préface à l'édition"]),
    ("windows-1252.html", "\"windows-1252\"", ["Café Crème", "Crème brûlée", "€ prices"]),
    ("windows-1252-undeclared.html", "null", ["Déjà vu — “again”", "Señor Müller’s notes"]),
  ]

  /// The offset of each `<h1`…`<h6` start tag in the raw bytes.
  static func rawHeadingOffsets(_ bytes: [UInt8]) -> [Int] {
    bytes.indices.filter { index in
      index + 2 < bytes.count && bytes[index] == UInt8(ascii: "<")
        && (bytes[index + 1] | 0x20) == UInt8(ascii: "h")
        && (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[index + 2])
    }
  }

  @Test(arguments: cases.indices)
  func titlesAndRawOffsets(_ index: Int) throws {
    let (page, charset, titles) = Self.cases[index]
    let outcome = Harness.run(["toc", "--format", "tsv", "--max-level", "6", "fixtures/\(page)"])
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    let rows = outcome.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(rows.map { $0[2] } == titles)
    let raw = try [UInt8](Data(contentsOf: Harness.fixtures.appendingPathComponent(page)))
    #expect(rows.map { Int($0[5])! } == Self.rawHeadingOffsets(raw))
    let json = Harness.run(["toc", "--format", "json", "fixtures/\(page)"]).stdout
    #expect(json.contains("\"charset\":\(charset),\"decoded\":true,"))
  }
}
