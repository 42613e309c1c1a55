/// A stretch of reading, kept at the byte where it starts.
package struct ReadingStretch: Equatable, Sendable {
  package var offset: Int
  package var reading: ReadingAmount
  /// The index of the heading this reading is the title of, if it is one.
  package var heading: Int?

  /// A stretch from its parts.
  package init(offset: Int, reading: ReadingAmount, heading: Int?) {
    self.offset = offset
    self.reading = reading
    self.heading = heading
  }
}
