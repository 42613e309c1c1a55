import Outline
import ReadingTime

/// The reading time left from a place: in the whole document and in the
/// current section, counted from the place's byte by the same rates as
/// every reading time. At the end (everything read) nothing is left.
public struct TimeLeft: Equatable, Sendable {
  /// Seconds left in the document, rounded.
  public var seconds: Int
  /// Minutes left in the document, rounded as the document's own are: the
  /// document's minutes at its top.
  public var minutes: Int
  /// Seconds left in the current section (0 with none).
  public var sectionSeconds: Int
  /// Minutes left in the current section, never more than its row shows.
  public var sectionMinutes: Int

  /// The time left from `place` in `document`.
  public init(_ place: Place, in document: Document) {
    guard place.fraction < 1 else {
      self.init(seconds: 0, minutes: 0, sectionSeconds: 0, sectionMinutes: 0)
      return
    }
    let timeline = document.timeline
    let left = timeline.seconds(from: place.offset)
    var sectionLeft = 0.0
    var sectionMinutes = 0
    if let index = place.currentIndex {
      let section = document.sections[index]
      sectionLeft = timeline.seconds(
        from: max(place.offset, section.offset), to: section.endOffset)
      sectionMinutes = min(MinuteShares.rounded(sectionLeft), section.minutes)
    }
    self.init(
      seconds: Int(left.rounded()), minutes: min(MinuteShares.rounded(left), document.minutes),
      sectionSeconds: Int(sectionLeft.rounded()), sectionMinutes: sectionMinutes)
  }

  /// A time left from its parts.
  public init(seconds: Int, minutes: Int, sectionSeconds: Int, sectionMinutes: Int) {
    self.seconds = seconds
    self.minutes = minutes
    self.sectionSeconds = sectionSeconds
    self.sectionMinutes = sectionMinutes
  }
}
