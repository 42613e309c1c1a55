import Cells
import Outline

/// A code block drawn in a frame: a top edge naming its language, each
/// line after a bar, never wrapped (a line wider than the page scrolls
/// sideways), tabs expanded, and a bottom edge. Each line stands for its
/// source line.
struct CodeFrame {
  let lines: [String]
  let info: String
  let source: LineIndex
  let base: Int
  /// The source line of the code's first line (in the stretch).
  let contentLine: Int
  /// The block's bytes in the stretch.
  let block: Range<Int>
  let glyphs: PageGlyphs

  func lines(first: [Run], rest: [Run]) -> [PageLine] {
    let expanded = lines.map(TabStops.expand)
    let widest = expanded.map { Cells.width(of: $0) }.max() ?? 0
    let frame = max(widest + 2, Cells.width(of: info) + 4, 8)
    let label = info.isEmpty ? "" : " " + info + " "
    let top =
      glyphs.topCorner + label + glyphs.line(frame - 2 - Cells.width(of: label))
    let firstContent = source.offset(ofLine: contentLine)
    let corner = glyphs.topCorner.prefix(1).count
    var result = [
      PageLine(
        runs: first + [Run(top, style: .faint)],
        bytes: base + block.lowerBound..<base + max(firstContent, block.lowerBound),
        lead: Self.count(first) + corner, sideways: true)
    ]
    for (index, text) in expanded.enumerated() {
      let line = contentLine + index
      // A line cmark counts in the block may stand past its last byte.
      let start = min(max(source.offset(ofLine: line), block.lowerBound), block.upperBound)
      let end = max(min(source.endOffset(ofLine: line), block.upperBound), start)
      result.append(
        PageLine(
          runs: rest + [
            Run(glyphs.codeBar, style: .faint), Run(text, style: .code, offset: base + start),
          ], bytes: base + start..<base + end,
          lead: Self.count(rest) + glyphs.codeBar.count, sideways: true))
    }
    let last = result.last!.bytes.upperBound
    result.append(
      PageLine(
        runs: rest + [Run(glyphs.bottomCorner + glyphs.line(max(frame - 1, 1)), style: .faint)],
        bytes: last..<max(base + block.upperBound, last),
        lead: Self.count(rest) + glyphs.bottomCorner.count, sideways: true))
    return result
  }

  /// The characters of `runs`.
  static func count(_ runs: [Run]) -> Int { runs.reduce(0) { $0 + $1.text.count } }
}
