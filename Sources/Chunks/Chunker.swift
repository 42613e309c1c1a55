import Progress
import ReadingTime
import Tokens

/// A record made chunks for retrieval: its embed (with the heading path
/// when asked), its tokens, and, over `--max-tokens`, cut into parts
/// whose embeds each hold no more tokens than that.
public struct Chunker {
  public let options: ChunkOptions
  var counter: TokenCounter

  /// A chunker for `options`, counting with `tokenizer`.
  public init(options: ChunkOptions, tokenizer: Tokenizer) {
    self.options = options
    self.counter = tokenizer.counter()
  }

  /// The tokens of `bytes`.
  public mutating func count(_ bytes: [UInt8]) -> Int { counter.count(bytes) }

  /// The chunks of `record`, whose text is `text` (the document's bytes
  /// from the record's start when `sameBytes`). `blockStarts` are where
  /// its blocks start in `text`; `context` is put before its first part's
  /// embed and `partContext` before the others' (with `--context`).
  public mutating func chunks(
    of record: Excerpt, text: [UInt8], sameBytes: Bool, blockStarts: [Int],
    context: [UInt8], partContext: [UInt8], key: String
  ) -> [Chunk] {
    let (first, rest) = options.context ? (context, partContext) : ([], [])
    var parts: [Part] = []
    text.withUnsafeBufferPointer { buffer in
      guard let max = options.maxTokens, !text.isEmpty else {
        // No context: the embed shares the text's bytes.
        let embed = first.isEmpty ? text : first + text
        parts = [Part(range: 0..<text.count, embed: embed, tokens: counter.count(embed))]
        return
      }
      parts = cut(buffer, max: max, blockStarts: blockStarts, first: first, rest: rest)
    }
    var chunks: [Chunk] = []
    let share = Double(record.reading.wordCount) / Double(Swift.max(text.count, 1))
    for (index, part) in parts.enumerated() {
      var excerpt = record
      // A record cut by --max-words keeps its part.
      if options.maxTokens != nil {
        excerpt.part = index + 1
        excerpt.parts = parts.count
      }
      if parts.count > 1 {
        if sameBytes {
          excerpt.bytes = (record.bytes.lowerBound + part.range.lowerBound)..<(record.bytes.lowerBound + part.range.upperBound)
        }
        let words = Int((Double(part.range.upperBound) * share).rounded())
          - Int((Double(part.range.lowerBound) * share).rounded())
        excerpt.seconds = record.seconds * Double(words) / Double(Swift.max(record.reading.wordCount, 1))
        excerpt.reading = .init(words: words)
      }
      chunks.append(
        Chunk(
          excerpt: excerpt, text: part.range, embed: part.embed, tokens: part.tokens,
          key: ChunkKey.part(key, excerpt.part), hash: ContentHash.of(part.embed)))
    }
    return chunks
  }

  struct Part {
    var range: Range<Int>
    var embed: [UInt8]
    var tokens: Int
  }

  /// `text` cut into parts of at most `max` tokens each, embed and all.
  mutating func cut(
    _ text: UnsafeBufferPointer<UInt8>, max: Int, blockStarts: [Int], first: [UInt8], rest: [UInt8]
  ) -> [Part] {
    var (first, rest) = (first, rest)
    var contextTokens = Swift.max(counter.count(first), counter.count(rest))
    if contextTokens > max / 2 {
      (first, rest, contextTokens) = ([], [], 0)
    }
    // Most records fit whole: counted once, not cut into units first.
    let whole = first + Array(text)
    let wholeTokens = counter.count(whole)
    if wholeTokens <= max {
      return [Part(range: 0..<text.count, embed: whole, tokens: wholeTokens)]
    }
    let overlap = Swift.min(options.overlap, (max - contextTokens) / 4)
    var splitter = UnitSplitter(
      text: text, budget: Swift.max(1, max - contextTokens - overlap - 4), limit: max,
      counter: counter)
    var starts = blockStarts.filter { $0 > 0 && $0 < text.count }
    starts.insert(0, at: 0)
    splitter.split(0..<text.count, blockStarts: starts)
    counter = splitter.counter
    var packer = Packer(
      text: text, units: splitter.units, blocks: splitter.blocks, max: max, overlap: overlap,
      counter: counter)
    let parts = packer.pack(first: first, rest: rest)
    counter = packer.counter
    return parts
  }
}
