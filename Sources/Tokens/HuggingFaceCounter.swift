/// A Hugging Face tokenizer at work on one thread: its buffers, and the
/// tokens of each word it has counted.
struct HuggingFaceCounter {
  let tokenizer: HuggingFace
  private var decoded = ScalarText()
  private var text = NormalText()
  private var normal = NormalText()
  private var wordBytes: [UInt8] = []
  private var owners: [Int32] = []
  private var wordEnds: [Int] = []
  private var classes: [UInt8] = []
  private var piece = NormalText()
  private var cuts: [Int] = []
  private var scratch = BPEScratch()
  private var known: [[UInt8]: Int] = [:]

  init(_ tokenizer: HuggingFace) { self.tokenizer = tokenizer }

  /// How many tokens `bytes` is; where each ends appended to `ends`.
  mutating func tokens(_ bytes: UnsafeBufferPointer<UInt8>, ends: inout [Int]?) -> Int {
    text.decode(bytes, using: &decoded)
    let found = AddedTokens.find(tokenizer.added.raw, in: text.scalars, 0..<text.count)
    return Self.around(found, count: text.count, tokenEnds: text.ends, ends: &ends) {
      normalized($0, ends: &$1)
    }
  }

  /// The tokens of `text[range]`, normalized.
  private mutating func normalized(_ range: Range<Int>, ends: inout [Int]?) -> Int {
    tokenizer.normalizer.normalize(text, range, into: &normal)
    let found = AddedTokens.find(tokenizer.added.normalized, in: normal.scalars, 0..<normal.count)
    return Self.around(found, count: normal.count, tokenEnds: normal.ends, ends: &ends) {
      words($0, ends: &$1)
    }
  }

  /// The tokens of a text of `count` scalars holding the added tokens at
  /// `found`: each a token (ending where `tokenEnds` says its last scalar
  /// ends), and what lies between them counted by `between`.
  private static func around(
    _ found: [Range<Int>], count: Int, tokenEnds: [Int], ends: inout [Int]?,
    between: (Range<Int>, inout [Int]?) -> Int
  ) -> Int {
    var total = 0
    var from = 0
    for range in found + [count..<count] {
      if from < range.lowerBound { total += between(from..<range.lowerBound, &ends) }
      if !range.isEmpty {
        total += 1
        ends?.append(tokenEnds[range.upperBound - 1])
      }
      from = range.upperBound
    }
    return total
  }

  /// The tokens of `normal[range]`, cut into words.
  private mutating func words(_ range: Range<Int>, ends: inout [Int]?) -> Int {
    switch tokenizer.words {
    case .bert: return bertWords(range, ends: &ends)
    case .byteLevel(let prefixSpace, let split):
      return byteLevelWords(range, prefixSpace: prefixSpace, split: split, ends: &ends)
    }
  }

  private mutating func bertWords(_ range: Range<Int>, ends: inout [Int]?) -> Int {
    var total = 0
    var start = range.lowerBound
    for index in range {
      let scalar = normal.scalars[index]
      let space = ScalarKind.isSpace(scalar)
      guard space || ScalarKind.isPunctuation(scalar) else { continue }
      if start < index { total += self.word(normal, start..<index, ends: &ends) }
      if !space { total += self.word(normal, index..<(index + 1), ends: &ends) }
      start = index + 1
    }
    if start < range.upperBound { total += word(normal, start..<range.upperBound, ends: &ends) }
    return total
  }

  private mutating func byteLevelWords(
    _ range: Range<Int>, prefixSpace: Bool, split: Bool, ends: inout [Int]?
  ) -> Int {
    piece.removeAll()
    if prefixSpace && normal.scalars[range.lowerBound] != 0x20 {
      piece.append(0x20, from: normal.starts[range.lowerBound], to: normal.starts[range.lowerBound])
    }
    for index in range { piece.append(normal.scalars[index], from: normal.starts[index], to: normal.ends[index]) }
    guard split else { return word(piece, 0..<piece.count, ends: &ends) }
    classes.removeAll(keepingCapacity: true)
    for scalar in piece.scalars { classes.append(ScalarClass.of(scalar)) }
    cuts.removeAll(keepingCapacity: true)
    piece.scalars.withUnsafeBufferPointer { scalars in
      classes.withUnsafeBufferPointer { classes in
        let view = Scalars(scalars: scalars, classes: classes)
        var start = 0
        while start < view.count {
          start = PreSplit.r50k.end(at: start, in: view)
          cuts.append(start)
        }
      }
    }
    var total = 0
    var start = 0
    for cut in cuts {
      total += word(piece, start..<cut, ends: &ends)
      start = cut
    }
    return total
  }

  /// The tokens of the word `source[range]`, by the model.
  private mutating func word(_ source: NormalText, _ range: Range<Int>, ends: inout [Int]?) -> Int {
    wordBytes.removeAll(keepingCapacity: true)
    owners.removeAll(keepingCapacity: true)
    source.utf8(range, into: &wordBytes, owners: &owners)
    if ends == nil, let count = known[wordBytes] { return count }
    wordEnds.removeAll(keepingCapacity: true)
    wordBytes.withUnsafeBufferPointer { bytes in
      switch tokenizer.model {
      case .wordPiece(let model): model.tokens(bytes, characters: range.count, ends: &wordEnds)
      case .bpe(let model): model.tokens(bytes, ends: &wordEnds, scratch: &scratch)
      }
    }
    if ends == nil {
      known[wordBytes] = wordEnds.count
    } else {
      for end in wordEnds { ends!.append(Self.original(ofByteEnd: end, owners: owners, in: source)) }
    }
    return wordEnds.count
  }

  /// Where in the original text a token that ends at byte `end` of the
  /// word ends: its character's end, or inside it for a character of the
  /// text as written.
  private static func original(ofByteEnd end: Int, owners: [Int32], in source: NormalText) -> Int {
    let owner = Int(owners[end - 1])
    if end == owners.count || Int(owners[end]) != owner { return source.ends[owner] }
    var first = end - 1
    while first > 0, Int(owners[first - 1]) == owner { first -= 1 }
    return min(source.starts[owner] + (end - first), source.ends[owner])
  }
}
