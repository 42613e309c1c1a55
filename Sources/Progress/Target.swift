import Cells
import Outline

/// A section to jump to, as a person names it: a number, an id, a title or
/// a part of one, a direction, or a step from where the reader is.
public enum Target: Equatable, Sendable {
  /// The section with this 1-based number.
  case number(Int)
  /// So many sections on (`+2`) or back (`-1`) from the reader's.
  case step(Int)
  /// The section after the reader's.
  case next
  /// The section before the reader's.
  case previous
  /// The first section (`first` or `top`).
  case first
  /// The last section.
  case last
  /// An id (`install`, `#install`, or a link's fragment,
  /// `docs/guide.html#install`), a title, or a unique part of a title;
  /// titles matched without regard to case or diacritics.
  case name(String)

  /// Reads a target as typed on the command line.
  public init(_ text: String) {
    switch text.lowercased() {
    case "next": self = .next
    case "prev", "previous": self = .previous
    case "first", "top": self = .first
    case "last": self = .last
    default:
      if let sign = text.first, sign == "+" || sign == "-", let steps = Int(text.dropFirst()) {
        self = .step(sign == "+" ? steps : -steps)
      } else if let number = Int(text), number >= 0, text.allSatisfy(\.isASCII) {
        self = .number(number)
      } else {
        self = .name(text)
      }
    }
  }
}
