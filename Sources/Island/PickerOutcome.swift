import Outline

/// How a session at the island ends, if it has.
public enum PickerOutcome: Equatable, Sendable {
  case going
  /// A section was picked: its index among all sections.
  case picked(Int)
  /// Left without a pick (Escape on the bar, or `q`).
  case cancelled
  /// Ctrl-C.
  case interrupted
}
