import Tokens

/// Units packed into parts: as many as fit in each, the embed of each
/// made (context, overlap, a fence or header opened again, the text, a
/// fence closed) and counted, a unit taken back while it is over.
struct Packer {
  let text: UnsafeBufferPointer<UInt8>
  var units: [ChunkUnit]
  let blocks: [WrappedBlock]
  let max: Int
  let overlap: Int
  var counter: TokenCounter

  /// The parts, the first with `first` before its embed, the others `rest`.
  mutating func pack(first: [UInt8], rest: [UInt8]) -> [Chunker.Part] {
    var parts: [Chunker.Part] = []
    var previous: Range<Int>? = nil
    var start = 0
    while start < units.count {
      let prefix = parts.isEmpty ? first : rest
      let prefixTokens = counter.count(prefix)
      let carried = previous.flatMap { carry(after: $0, into: start) }
      let carriedTokens = carried.map { counter.count(Array(text[$0.range])) } ?? 0
      var end = start
      var sum = 0
      while end < units.count {
        let wrap = wrapTokens(start, end + 1)
        if end > start && prefixTokens + carriedTokens + sum + units[end].tokens + wrap > max { break }
        sum += units[end].tokens
        end += 1
      }
      while true {
        let levels: [(prefix: [UInt8], carried: Carried?, wraps: Bool)] =
          end > start + 1
          ? [(prefix, carried, true)]
          : [(prefix, carried, true), (prefix, nil, true), ([], nil, true), ([], nil, false)]
        var made: Chunker.Part? = nil
        for level in levels {
          let embed = build(start, end, prefix: level.prefix, carried: level.carried, wraps: level.wraps)
          let tokens = counter.count(embed)
          if tokens <= max {
            made = Chunker.Part(
              range: units[start].range.lowerBound..<units[end - 1].range.upperBound,
              embed: embed, tokens: tokens)
            break
          }
        }
        if let made {
          parts.append(made)
          break
        }
        if end > start + 1 {
          end -= 1
        } else if !halve(start) {
          // One token over the limit alone: nothing smaller to give.
          let embed = build(start, end, prefix: [], carried: nil, wraps: false)
          parts.append(
            Chunker.Part(
              range: units[start].range, embed: embed, tokens: counter.count(embed)))
          break
        }
      }
      previous = start..<end
      start = end
    }
    return parts
  }

  /// A unit cut in two between its tokens; false when it is one token.
  private mutating func halve(_ index: Int) -> Bool {
    let unit = units[index]
    let ends = counter.ends(UnsafeBufferPointer(rebasing: text[unit.range]).span)
    guard ends.count > 1 else { return false }
    var middle = unit.range.lowerBound + ends[ends.count / 2 - 1]
    while middle < unit.range.upperBound, text[middle] & 0xC0 == 0x80 { middle += 1 }
    guard middle < unit.range.upperBound else { return false }
    let left = unit.range.lowerBound..<middle
    let right = middle..<unit.range.upperBound
    units[index] = ChunkUnit(range: left, tokens: count(left), block: unit.block)
    units.insert(ChunkUnit(range: right, tokens: count(right), block: unit.block), at: index + 1)
    return true
  }

  private mutating func count(_ range: Range<Int>) -> Int {
    counter.count(UnsafeBufferPointer(rebasing: text[range]).span)
  }

  /// The block a part that starts at unit `start` opens again, if any.
  private func opened(_ start: Int) -> Int? {
    guard let block = units[start].block,
      units[start].range.lowerBound >= blocks[block].inner
    else { return nil }
    return block
  }

  /// The block a part that ends before unit `end` closes, if any.
  private func closed(_ end: Int) -> Int? {
    guard let block = units[end - 1].block, !blocks[block].close.isEmpty,
      units[end - 1].range.upperBound <= blocks[block].closeStart
    else { return nil }
    return block
  }

  private func wrapTokens(_ start: Int, _ end: Int) -> Int {
    (opened(start).map { blocks[$0].tokens } ?? 0) + (closed(end).map { blocks[$0].tokens } ?? 0)
  }

  /// The embed of units `start..<end`.
  private func build(
    _ start: Int, _ end: Int, prefix: [UInt8], carried: Carried?, wraps: Bool
  ) -> [UInt8] {
    var embed = prefix
    let open = wraps ? opened(start) : nil
    if let carried, !carried.inside { embed += text[carried.range] }
    if let open { embed += blocks[open].open }
    if let carried, carried.inside, open != nil { embed += text[carried.range] }
    embed += text[units[start].range.lowerBound..<units[end - 1].range.upperBound]
    if wraps, let close = closed(end) {
      if embed.last != 0x0A { embed.append(0x0A) }
      embed += blocks[close].close
    }
    return embed
  }
}
