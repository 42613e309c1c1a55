import Cells
import Progress

/// What a screen reader should say for the reader's place.
public enum Spoken {
  /// `Method, Section 3 of 6, 62% read, 2 minutes left`; one section:
  /// `Method, 62% read, 2 minutes left`. The time left is the document's.
  public static func text(
    title: String, number: Int, count: Int, fraction: Double, left: TimeLeft? = nil,
    copy: Wording = Wording()
  ) -> String {
    var parts = [SafeText.forTerminal(title)]
    if count > 1 { parts.append(copy.spokenPosition(number, of: count)) }
    parts.append(copy.readAmount(fraction))
    if let left { parts.append(copy.spokenLeft(minutes: left.minutes, seconds: left.seconds)) }
    return parts.joined(separator: ", ")
  }
}
