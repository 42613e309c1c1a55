import Terminal

/// What a person does at the interactive island.
public enum PickerEvent: Equatable, Sendable {
  case left, right, up, down, pageUp, pageDown, home, end
  /// Return.
  case enter
  case space
  case escape
  case backspace
  /// Tab: the reader opens the contents with it.
  case tab
  /// Control and a letter (Ctrl-D is `control("d")`): the reader's keys
  /// as `less` has them; the picker ignores them.
  case control(Character)
  /// `q` on the closed bar leaves; elsewhere a letter filters.
  case character(Character)
  /// Ctrl-C.
  case interrupt
  /// A click on row `index` of the visible contents (0 = the top row
  /// shown), or on the bar (`nil`).
  case click(row: Int?)
  case wheelUp, wheelDown
  /// A drag along the closed bar by so many cells since the press.
  case drag(cells: Int)
  /// The terminal changed size.
  case resize(columns: Int, rows: Int)
}

extension PickerEvent {
  /// The event a key is.
  public init(_ key: Key) {
    switch key {
    case .left: self = .left
    case .right: self = .right
    case .up: self = .up
    case .down: self = .down
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .home: self = .home
    case .end: self = .end
    case .enter: self = .enter
    case .space: self = .space
    case .escape: self = .escape
    case .backspace: self = .backspace
    case .tab: self = .tab
    case .control(let letter): self = .control(letter)
    case .character(let character): self = .character(character)
    case .interrupt: self = .interrupt
    }
  }
}
