import Progress
import ReadingTime

extension Chunker {
  /// `records` (in order) with each section of fewer than `--min-tokens`
  /// tokens joined to the next when that is its sibling (under the same
  /// heading) and follows it directly, as long as the joined text stays
  /// under `--max-tokens`; `text` gives a record's text.
  public mutating func joined(
    _ records: [Excerpt], tree: HeadingTree, text: (Excerpt) -> [UInt8]
  ) -> [Excerpt] {
    guard let least = options.minTokens else { return records }
    var result: [Excerpt] = []
    var tokens: [Int] = []
    for record in records {
      let own = counter.count(text(record))
      if var last = result.last, let lastTokens = tokens.last, lastTokens < least,
        let before = last.heading, let heading = record.heading,
        tree.parents[before] == tree.parents[heading], last.bytes.upperBound == record.bytes.lowerBound
      {
        last.bytes = last.bytes.lowerBound..<record.bytes.upperBound
        let joinedTokens = counter.count(text(last))
        if options.maxTokens.map({ joinedTokens <= $0 }) ?? true {
          last.reading += record.reading
          last.seconds += record.seconds
          result[result.count - 1] = last
          tokens[tokens.count - 1] = joinedTokens
          continue
        }
      }
      result.append(record)
      tokens.append(own)
    }
    return result
  }
}
