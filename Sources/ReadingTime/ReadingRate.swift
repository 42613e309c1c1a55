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

  /// Seconds to read `reading`, unrounded: words and CJK characters at
  /// their rates, and the images as the next ones after `imagesBefore`
  /// images of the same section (each image takes a little less time).
  public func seconds(for reading: ReadingAmount, imagesBefore: Int = 0) -> Double {
    let wpm = Double(max(wordsPerMinute, 1))
    let cpm = Double(max(cjkCharactersPerMinute, 1))
    let images =
      Self.imageSeconds(imagesBefore + reading.images) - Self.imageSeconds(imagesBefore)
    return Double(reading.words) * 60 / wpm + Double(reading.cjkCharacters) * 60 / cpm
      + Double(images)
  }
}
