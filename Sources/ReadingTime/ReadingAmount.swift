/// What a reader has to read in a stretch of a document.
public struct ReadingAmount: Sendable, Equatable {
  /// Prose words (runs of letters and numbers outside CJK text).
  public var words = 0
  /// CJK characters (Han, Hiragana, Katakana, Hangul), read one by one.
  public var cjkCharacters = 0
  /// Images, which take a moment each to look at.
  public var images = 0

  /// Nothing to read.
  public init() {}

  /// A reading of the given amounts.
  public init(words: Int, cjkCharacters: Int = 0, images: Int = 0) {
    self.words = words
    self.cjkCharacters = cjkCharacters
    self.images = images
  }

  /// True when there is nothing at all to read or look at.
  @inlinable public var isEmpty: Bool { words == 0 && cjkCharacters == 0 && images == 0 }

  /// Words as a reader counts them: prose words plus CJK characters.
  @inlinable public var wordCount: Int { words + cjkCharacters }

  /// Adds another stretch of reading to this one.
  @inlinable public static func += (lhs: inout ReadingAmount, rhs: ReadingAmount) {
    lhs.words += rhs.words
    lhs.cjkCharacters += rhs.cjkCharacters
    lhs.images += rhs.images
  }
}
