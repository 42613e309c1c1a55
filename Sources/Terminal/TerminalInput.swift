/// What the terminal sends: a key, a mouse report, or the
/// answer to a cursor-position query.
public enum TerminalInput: Equatable {
  case key(Key)
  /// An SGR mouse report: the button code, the 1-based cell, press or
  /// release.
  case mouse(button: Int, column: Int, row: Int, pressed: Bool)
  /// The cursor's 1-based position (`ESC [ row ; column R`).
  case cursor(row: Int, column: Int)
}
