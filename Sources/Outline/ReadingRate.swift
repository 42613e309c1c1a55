/// How fast a reader reads, and so how long a `ReadingAmount` takes.
public struct ReadingRate: Sendable, Equatable {
  /// Prose words a minute; 238 is the mean silent reading rate for
  /// non-fiction (Brysbaert, 2019).
  public var wordsPerMinute: Int
  /// CJK characters a minute.
  public var cjkCharactersPerMinute: Int

  /// The default rates: 238 words and 500 CJK characters a minute.
  public init(wordsPerMinute: Int = 238, cjkCharactersPerMinute: Int = 500) {
    self.wordsPerMinute = wordsPerMinute
    self.cjkCharactersPerMinute = cjkCharactersPerMinute
  }

  /// Seconds spent on `count` images, as Medium counts them: 12 s for the
  /// first, 11 s for the second, and so on down to 3 s for each from the
  /// tenth.
  public static func imageSeconds(_ count: Int) -> Int {
    if count <= 10 { return 12 * count - count * (count - 1) / 2 }
    return 75 + 3 * (count - 10)
  }

  /// Whole minutes to read `reading`, rounded up; 0 only when there is
  /// nothing to read.
  ///
  /// Computed in integers over a common denominator, so 238 words at 238 a
  /// minute is exactly 1 minute and 239 words is 2, with no rounding error.
  public func minutes(for reading: ReadingAmount) -> Int {
    let wpm = max(wordsPerMinute, 1)
    let cpm = max(cjkCharactersPerMinute, 1)
    let denominator = wpm * cpm * 60
    let numerator =
      reading.words * cpm * 60
      + reading.cjkCharacters * wpm * 60
      + Self.imageSeconds(reading.images) * wpm * cpm
    return (numerator + denominator - 1) / denominator
  }
}
