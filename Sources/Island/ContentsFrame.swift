/// What a document's open island and a book's share: the row on the puck,
/// the ring, what the bar says at its end, and how the island is drawn.
public struct ContentsFrame: Sendable {
  /// The row on the puck (the section, chapter or heading being read), if
  /// a position was given.
  public var currentIndex: Int?
  /// How much has been read (0…1), shown by the ring.
  public var readFraction: Double
  /// What the bar says at its trailing end (`12 min`, `62% read`, the
  /// book's time or the place in it).
  public var barDetail: String
  /// The words of the island.
  public var copy: Wording
  /// The glyphs and colours.
  public var theme: Theme
  /// The widest the island may grow, in cells.
  public var width: Int
  /// The rows read (`isle read`'s marks), drawn faint with the read mark.
  public var read: Set<Int> = []

  /// Creates the frame from its parts.
  public init(
    currentIndex: Int? = nil, readFraction: Double = 0, barDetail: String,
    copy: Wording = Wording(), theme: Theme = .plain, width: Int = 60
  ) {
    self.currentIndex = currentIndex
    self.readFraction = readFraction
    self.barDetail = barDetail
    self.copy = copy
    self.theme = theme
    self.width = width
  }
}
