/// The end of one part carried into the next part's embed (`--overlap`).
struct Carried {
  /// Its bytes in the record's text.
  var range: Range<Int>
  /// True when it is code or rows of the block the next part opens again,
  /// so it goes after the fence or header; else it goes before.
  var inside: Bool
}

extension Packer {
  /// What of the part of units `previous` is carried before unit `start`:
  /// its last `overlap` tokens, taken back by whole units (and by words
  /// within prose), never across a fence or a table's header: only lines
  /// of the block the next part opens again, or prose outside any.
  mutating func carry(after previous: Range<Int>, into start: Int) -> Carried? {
    guard overlap > 0 else { return nil }
    let block = units[start].block.flatMap {
      units[start].range.lowerBound >= blocks[$0].inner ? $0 : nil
    }
    var left = overlap
    var from = units[previous.upperBound - 1].range.upperBound
    let end = from
    for index in previous.reversed() {
      let unit = units[index]
      let fits = block == nil ? unit.block == nil : unit.block == block
        && unit.range.lowerBound >= blocks[block!].inner
      guard fits else { break }
      if unit.tokens <= left {
        left -= unit.tokens
        from = unit.range.lowerBound
        continue
      }
      if block == nil, let cut = wordsAtEnd(of: unit.range, tokens: left) { from = cut }
      break
    }
    return from < end ? Carried(range: from..<end, inside: block != nil) : nil
  }

  /// Where the last `tokens` tokens of prose `range` start, moved on to
  /// the next word's start; nil when the prose holds a fence or a table
  /// row, which a part of would leave unbalanced.
  private mutating func wordsAtEnd(of range: Range<Int>, tokens: Int) -> Int? {
    let bytes = UnsafeBufferPointer(rebasing: text[range])
    if bytes.contains(where: { $0 == 0x60 || $0 == 0x7E || $0 == 0x7C }) { return nil }
    let ends = counter.ends(bytes.span)
    guard tokens > 0, ends.count > tokens else { return nil }
    var at = range.lowerBound + ends[ends.count - tokens - 1]
    while at < range.upperBound, ![0x20, 0x09, 0x0A].contains(text[at]) { at += 1 }
    while at < range.upperBound, [0x20, 0x09, 0x0A, 0x0D].contains(text[at]) { at += 1 }
    return at < range.upperBound ? at : nil
  }
}
