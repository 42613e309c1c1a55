import Cells

/// What a screen reader should say for the reader's place.
public enum Spoken {
  /// `Method, Section 3 of 6, 62% read`; one section: `Method, 62% read`.
  public static func text(
    title: String, number: Int, count: Int, fraction: Double, copy: Wording = Wording()
  ) -> String {
    var parts = [SafeText.forTerminal(title)]
    if count > 1 { parts.append(copy.spokenPosition(number, of: count)) }
    parts.append(copy.readAmount(fraction))
    return parts.joined(separator: ", ")
  }
}
