/// Counts prose words and CJK characters in UTF-8 text fed piece by piece,
/// so a word split across pieces (`**bold**face`) counts once.
///
/// A word is a run of characters between separators that holds at least one
/// letter or number. Separators are white space, non-ASCII dashes and CJK
/// punctuation; ASCII punctuation stays inside a word (`don't`, `e.g.`).
/// Each CJK character is read on its own, so a text mixing CJK and Latin is
/// timed run by run rather than as all one script.
package struct WordCounter {
  /// What has been counted since the last `take`.
  @usableFromInline var reading = ReadingAmount()
  @usableFromInline var inWord = false
  @usableFromInline var wordHasLetter = false

  /// A counter that has counted nothing yet.
  package init() {}

  /// Counts the words in `bytes`, continuing any word left open. The state
  /// is kept in locals through the loop: most text is ASCII, a few
  /// instructions a byte.
  @inlinable package mutating func feed(_ bytes: Span<UInt8>) {
    bytes.withUnsafeBufferPointer { feed($0) }
  }

  /// The same over a buffer, for this module's own callers.
  @inlinable mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
    var i = 0
    let count = bytes.count
    var inWord = self.inWord
    // A word holding a letter is always a word in progress, so it is what
    // a separator counts.
    var letter = self.wordHasLetter
    var words = 0
    while i < count {
      let byte = bytes[i]
      if byte < 0x80 {
        i += 1
        // Without a branch: the byte's bit in the masks of separators
        // and of letters and digits.
        let bit: UInt64 = 1 << UInt64(byte & 63)
        let low = byte < 64
        let separator = low && Self.separators & bit != 0
        let isLetter = (low ? Self.lowLetters : Self.highLetters) & bit != 0
        words &+= separator && letter ? 1 : 0
        letter = !separator && (letter || isLetter)
        inWord = !separator
        continue
      }
      let (scalar, length) = Self.decode(bytes, at: i)
      i += length
      self.inWord = inWord
      self.wordHasLetter = letter
      classify(scalar)
      inWord = self.inWord
      letter = self.wordHasLetter
    }
    let wordHasLetter = letter
    self.inWord = inWord
    self.wordHasLetter = wordHasLetter
    reading.words += words
  }

  /// The ASCII separators (space, tab to carriage return), by bit.
  @usableFromInline static let separators: UInt64 = 1 << 0x20 | 0x3E00
  /// The ASCII digits (bytes under 64), and letters (64 and up), by bit.
  @usableFromInline static let lowLetters: UInt64 = 0x03FF << 0x30
  @usableFromInline static let highLetters: UInt64 = 0x07FF_FFFE | 0x07FF_FFFE << 32

  /// Ends the word in progress (at a line break or the end of a block).
  @inlinable package mutating func endWord() {
    if inWord && wordHasLetter { reading.words += 1 }
    inWord = false
    wordHasLetter = false
  }

  /// Ends the word in progress and hands over what was counted.
  @inlinable package mutating func take() -> ReadingAmount {
    endWord()
    defer { reading = ReadingAmount() }
    return reading
  }

  /// Adds an image to what is being read.
  @inlinable package mutating func addImage() { reading.images += 1 }

  @usableFromInline mutating func classify(_ scalar: Unicode.Scalar) {
    if CJK.contains(scalar) {
      endWord()
      reading.cjkCharacters += 1
      return
    }
    switch WordScalar.quick(scalar.value) ?? WordScalar.looked(up: scalar) {
    case .separator: endWord()
    case .letter:
      inWord = true
      wordHasLetter = true
    case .other:
      if CJK.isPunctuation(scalar) { endWord() } else { inWord = true }
    }
  }

  /// Decodes one scalar at `i`; an invalid sequence reads as U+FFFD, one byte.
  @usableFromInline static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (
    Unicode.Scalar, Int
  ) {
    let lead = bytes[i]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      length = 4
      value = UInt32(lead & 0x07)
    default: return ("\u{FFFD}", 1)
    }
    guard i + length <= bytes.count else { return ("\u{FFFD}", 1) }
    for k in 1..<length {
      let byte = bytes[i + k]
      guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", 1) }
    return (scalar, length)
  }
}
