/// The pattern a tiktoken encoding splits text with before its byte pairs
/// are merged, matched by hand: each rule below is one alternative of the
/// encoding's regular expression, tried in its order where each piece starts, with
/// the same backtracking (a rule returns where its match ends, or nil).
///
/// - `r50k` (gpt2, r50k_base, p50k_base):
///   `'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s`
/// - `cl100k` (cl100k_base): `'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+|`
///   ` ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s`
/// - `o200k` (o200k_base): letters split before capitals (see `O200kLetters`),
///   `\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`
public enum PreSplit: String, Sendable {
  case r50k
  case cl100k
  case o200k

  /// Where the piece that starts at scalar `start` of `text` ends.
  @inline(__always) func end(at start: Int, in text: Scalars) -> Int {
    switch self {
    case .r50k: return r50kEnd(at: start, in: text)
    case .cl100k: return cl100kEnd(at: start, in: text)
    case .o200k: return o200kEnd(at: start, in: text)
    }
  }

  private func r50kEnd(at i: Int, in text: Scalars) -> Int {
    if let end = text.contraction(at: i, ignoringCase: false, short: "sdmt", long: ["ll", "ve", "re"]) {
      return end
    }
    let spaced = text.scalars[i] == 0x20 && i + 1 < text.count ? i + 1 : i
    if text.classes[spaced] & ScalarClass.letter != 0 {
      return text.run(from: spaced, of: ScalarClass.letter)
    }
    if text.classes[spaced] & ScalarClass.number != 0 {
      return text.run(from: spaced, of: ScalarClass.number)
    }
    if text.isPunctuation(spaced) { return text.punctuationRun(from: spaced) }
    return text.spaceEnd(at: i, atEndOfText: true, breaks: false)
  }

  private func cl100kEnd(at i: Int, in text: Scalars) -> Int {
    if let end = text.contraction(at: i, ignoringCase: true, short: "sdmt", long: ["ll", "ve", "re"]) {
      return end
    }
    let own = text.classes[i]
    if own & ScalarClass.letter != 0 { return text.run(from: i, of: ScalarClass.letter) }
    if own & (ScalarClass.newline | ScalarClass.number) == 0, i + 1 < text.count,
      text.classes[i + 1] & ScalarClass.letter != 0
    {
      return text.run(from: i + 1, of: ScalarClass.letter)
    }
    if own & ScalarClass.number != 0 { return text.run(from: i, of: ScalarClass.number, limit: 3) }
    if let end = text.spacedPunctuation(at: i, trailing: false) { return end }
    return text.spaceEnd(at: i, atEndOfText: true, breaks: true)
  }

  private func o200kEnd(at i: Int, in text: Scalars) -> Int {
    if let end = O200kLetters.lowerEnd(at: i, in: text) { return end }
    if let end = O200kLetters.upperEnd(at: i, in: text) { return end }
    if text.classes[i] & ScalarClass.number != 0 {
      return text.run(from: i, of: ScalarClass.number, limit: 3)
    }
    if let end = text.spacedPunctuation(at: i, trailing: true) { return end }
    return text.spaceEnd(at: i, atEndOfText: false, breaks: true)
  }
}

/// A decoded text as the rules read it: scalars and their classes.
struct Scalars {
  let scalars: UnsafeBufferPointer<UInt32>
  let classes: UnsafeBufferPointer<UInt8>
  var count: Int { scalars.count }

  /// Where a run of scalars of `wanted` classes from `start` ends (at
  /// most `limit` long).
  @inline(__always) func run(from start: Int, of wanted: UInt8, limit: Int = .max) -> Int {
    var end = start
    let stop = limit == .max ? count : min(count, start + limit)
    while end < stop, classes[end] & wanted != 0 { end += 1 }
    return end
  }

  /// Not a space, a letter or a number: `[^\s\p{L}\p{N}]`.
  @inline(__always) func isPunctuation(_ index: Int) -> Bool {
    classes[index] & (ScalarClass.space | ScalarClass.letter | ScalarClass.number) == 0
  }

  @inline(__always) func punctuationRun(from start: Int) -> Int {
    var end = start
    while end < count, isPunctuation(end) { end += 1 }
    return end
  }

  /// ` ?[^\s\p{L}\p{N}]+` and then line breaks (`[\r\n]*`, with `/` too
  /// when `trailing`).
  func spacedPunctuation(at i: Int, trailing: Bool) -> Int? {
    var start = i
    if scalars[i] == 0x20, i + 1 < count, isPunctuation(i + 1) { start = i + 1 }
    guard isPunctuation(start) else { return nil }
    var end = punctuationRun(from: start)
    while end < count, classes[end] & ScalarClass.newline != 0 || (trailing && scalars[end] == 0x2F) {
      end += 1
    }
    return end
  }

  /// The rules for a run of spaces from `i`: all of it when it ends the
  /// text (`\s++$`, when `atEndOfText`); up to its last line break
  /// (`\s*[\r\n]`, when `breaks`); all of it at the end of the text, else
  /// all but its last space (`\s+(?!\S)`); else one space (`\s`).
  func spaceEnd(at i: Int, atEndOfText: Bool, breaks: Bool) -> Int {
    let end = run(from: i, of: ScalarClass.space)
    if end == i || (atEndOfText && end == count) { return max(end, i + 1) }
    if breaks {
      var last = end - 1
      while last >= i, classes[last] & ScalarClass.newline == 0 { last -= 1 }
      if last >= i { return last + 1 }
    }
    if end == count { return end }
    return end - i >= 2 ? end - 1 : i + 1
  }

  /// An apostrophe and one of `short` or `long` (ASCII; `ignoringCase`,
  /// as Unicode's simple case folding reads them: `ſ` is an `s`).
  func contraction(at i: Int, ignoringCase: Bool, short: String, long: [String]) -> Int? {
    guard scalars[i] == 0x27, i + 1 < count else { return nil }
    func folded(_ index: Int) -> UInt32 {
      let scalar = scalars[index]
      guard ignoringCase else { return scalar }
      if scalar == 0x17F { return 0x73 }
      return (0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar
    }
    let first = folded(i + 1)
    if short.unicodeScalars.contains(where: { $0.value == first }) { return i + 2 }
    guard i + 2 < count else { return nil }
    let second = folded(i + 2)
    for pair in long {
      let values = Array(pair.unicodeScalars)
      if values[0].value == first && values[1].value == second { return i + 3 }
    }
    return nil
  }
}
