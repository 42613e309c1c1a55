import Testing
import Tokens

/// Many ranges of one text counted together (a document's sections with
/// their subsections, as `toc --format json` counts them) give each range
/// what counting it alone gives, with the estimate: on generated documents of headings (indented or not), blank
/// lines and lines of spaces only, signs, digits, words in several
/// scripts, CR LF and lone CR, with ranges cut at line starts (where the
/// stretches are shared) and mid-line (where they may not be).
@Suite struct RangeCountsTests {
  static let lines = [
    "# Title", "## Usage", "   ### Indented", "text with words", "   ", "", "\t", "---", "```",
    "let x = 12345;", "naïve café", "日本語のテキスト", "😀 emoji", "-- signs ---", "(a) [b]",
    "   \t  ", "Straße", "1. item", "> quote", "averyveryverylongwordindeed",
  ]

  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
  }

  /// A document of `count` lines and its line starts.
  static func document(_ generator: inout Generator, count: Int) -> ([UInt8], [Int]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    for _ in 0..<count {
      starts.append(bytes.count)
      bytes += Array(lines[generator.next(lines.count)].utf8)
      bytes += [[0x0A], [0x0A], [0x0A], [0x0A], [0x0D, 0x0A], [0x0D]][generator.next(6)]
    }
    return (bytes, starts)
  }

  /// Ranges that nest and follow one another, from `cuts` ascending.
  static func ranges(_ generator: inout Generator, cuts: [Int]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for (index, start) in cuts.enumerated() {
      let end = index + 1 + generator.next(cuts.count - index)
      ranges.append(start..<(end < cuts.count ? cuts[end] : cuts.last!))
    }
    return ranges
  }

  @Test(arguments: [false, true]) func eachRangeCountsAsAlone(midLine: Bool) {
    var generator = Generator(state: midLine ? 7 : 3)
    for _ in 0..<400 {
      let (bytes, starts) = Self.document(&generator, count: 1 + generator.next(30))
      var cuts = starts.filter { _ in generator.next(3) == 0 } + [0, bytes.count]
      if midLine { cuts += (0..<4).map { _ in generator.next(bytes.count + 1) } }
      cuts = Array(Set(cuts)).sorted()
      let ranges = Self.ranges(&generator, cuts: cuts)
      var counter = Tokenizer.estimate.counter()
      let together = counter.counts(of: ranges, in: bytes.span)
      let alone = ranges.map { counter.count(Array(bytes[$0])) }
      #expect(together == alone, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
  }
}
