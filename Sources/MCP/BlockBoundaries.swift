/// Where a section's Markdown may be cut between blocks: the start of a
/// line after a blank line (or after a closing fence, or a heading line),
/// never inside a fenced code block, and not before an indented line (a
/// list item's continuation, an indented code block). A table, having no
/// blank line, is never cut; nor is a list item.
enum BlockBoundaries {
  /// The offsets in `bytes` a cut may fall at, ascending, the end last.
  static func cuts(in bytes: [UInt8]) -> [Int] {
    var cuts: [Int] = []
    var fence: (mark: UInt8, length: Int)? = nil
    var previous = Line.blank
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
      let line = bytes[start..<end]
      let indented = line.first == 0x20 || line.first == 0x09
      if let open = fence {
        if Self.fence(line).map({ $0.mark == open.mark && $0.length >= open.length && $0.closes })
          ?? false
        {
          fence = nil
          previous = .closingFence
        } else {
          previous = .text
        }
      } else {
        let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let heading = line.first == 0x23
        if start > 0 && !blank && !indented && (previous != .text || heading) {
          cuts.append(start)
        }
        if let opened = Self.fence(line) {
          fence = (opened.mark, opened.length)
          previous = .text
        } else {
          previous = blank ? .blank : heading ? .heading : .text
        }
      }
      start = end
    }
    cuts.append(bytes.count)
    return cuts
  }

  private enum Line { case blank, text, heading, closingFence }

  /// The fence a line is (``` or ~~~, three or more, after any
  /// indentation): its mark, its length, and whether only blanks follow
  /// it (so that it may close one).
  private static func fence(_ line: ArraySlice<UInt8>) -> (mark: UInt8, length: Int, closes: Bool)?
  {
    guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
      line[first] == 0x60 || line[first] == 0x7E
    else { return nil }
    let mark = line[first]
    let after = line[first...].firstIndex { $0 != mark } ?? line.endIndex
    let length = after - first
    guard length >= 3 else { return nil }
    let rest = line[after...]
    if mark == 0x60 && rest.contains(0x60) { return nil }
    let closes = rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    return (mark, length, closes)
  }
}
