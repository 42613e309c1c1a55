import Cells
import Foundation
import Testing

/// isle's cell widths against an independent table: Python's `wcwidth`
/// for every code point assigned in its Unicode database
/// (`scripts/record-widths` writes it). Each code point is measured alone.
@Suite struct CellWidthTableTests {
  static let table: [(first: UInt32, last: UInt32, width: Int)] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Widths/wcwidth.txt")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
      let fields = line.split(separator: " ")
      guard fields.count == 3, let first = UInt32(fields[0], radix: 16),
        let last = UInt32(fields[1], radix: 16), let width = Int(fields[2])
      else { return nil }
      return (first, last, width)
    }
  }()

  @Test func everyCodePointIsAsWideAsWcwidthSays() throws {
    try #require(Self.table.count > 1000, "the table is read")
    var compared = 0
    var differences: [String] = []
    for run in Self.table {
      for value in run.first...run.last {
        guard let scalar = Unicode.Scalar(value) else { continue }
        compared += 1
        let measured = Cells.width(of: Character(scalar))
        if measured != run.width && !Self.known.contains(where: { $0.range.contains(value) }) {
          differences.append(String(format: "U+%04X: %d, wcwidth %d", value, measured, run.width))
        }
      }
    }
    #expect(compared > 140_000)
    #expect(differences.isEmpty, "\(differences.count): \(differences.prefix(50))")
  }

  /// Where the two tables disagree, and why isle keeps its own answer.
  static let known: [(range: ClosedRange<UInt32>, why: String)] = [
    (0x0600...0x0605, "prepended concatenation marks: format characters, none in utf8proc"),
    (0x06DD...0x06DD, "prepended concatenation mark"),
    (0x070F...0x070F, "prepended concatenation mark"),
    (0x0890...0x0891, "prepended concatenation marks"),
    (0x08E2...0x08E2, "prepended concatenation mark"),
    (0x110BD...0x110BD, "prepended concatenation mark"),
    (0x110CD...0x110CD, "prepended concatenation mark"),
    (0x1160...0x11FF, "Hangul vowel and final jamo: measured alone they take a cell"),
    (0xD7B0...0xD7FB, "Hangul vowel and final jamo, extended"),
    (0x302E...0x302F, "Hangul tone marks: utf8proc's East Asian width"),
    (0x3164...0x3164, "Hangul filler: utf8proc's East Asian width"),
    (0xFFA0...0xFFA0, "halfwidth Hangul filler"),
    (0x16FF0...0x16FF1, "Vietnamese reading marks: wide in utf8proc"),
    (0x2630...0x2637, "trigrams: wide only from Unicode 16, after utf8proc's tables"),
    (0x268A...0x268F, "monograms and digrams: wide only from Unicode 16"),
    (0x4DC0...0x4DFF, "hexagrams: wide only from Unicode 16"),
    (0x1D300...0x1D376, "Tai Xuan Jing and counting rods: wide only from Unicode 16"),
    (0x1F1E6...0x1F1FF, "a regional indicator alone: one cell; a pair (a flag) takes two"),
  ]
}
