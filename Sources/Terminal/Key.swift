/// A key the terminal sends, as `KeyDecoder` reads it. The picker and the
/// pager map it to their own events (Island's `PickerEvent`).
public enum Key: Equatable, Sendable {
  case left, right, up, down, pageUp, pageDown, home, end
  /// Return.
  case enter
  case space
  case escape
  case backspace
  case tab
  /// Control and a letter (Ctrl-D is `control("d")`).
  case control(Character)
  /// A character typed.
  case character(Character)
  /// Ctrl-C.
  case interrupt
}
