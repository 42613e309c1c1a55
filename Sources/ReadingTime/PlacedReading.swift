/// A stretch of reading, placed by the byte where it starts.
struct PlacedReading: Equatable, Sendable {
  var offset: Int
  var reading: ReadingAmount
  /// The index of the heading this reading is the title of, if it is one.
  var heading: Int?
}
