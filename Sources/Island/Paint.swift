/// How the island is coloured: not at all, or with an accent in true
/// colour or the nearest of 256.
public struct Paint: Sendable, Equatable {
  /// False draws plain text.
  public var enabled: Bool
  /// The accent: the ring's read arc and the puck.
  public var accent: Accent
  /// True colour escapes (`COLORTERM=truecolor`), else the 256 palette.
  public var trueColor: Bool

  /// A paint from its parts.
  public init(enabled: Bool, accent: Accent = .red, trueColor: Bool = false) {
    self.enabled = enabled
    self.accent = accent
    self.trueColor = trueColor
  }

  /// No colour.
  public static let none = Paint(enabled: false)

  /// The accent as SGR colour parameters (`5;N` or `2;R;G;B`), after a
  /// `38;` for ink or a `48;` for a background.
  public var accentCode: String {
    trueColor
      ? "2;\(accent.red);\(accent.green);\(accent.blue)" : "5;\(accent.nearest256)"
  }

  /// `text` in the accent colour.
  func accented(_ text: String) -> String {
    enabled ? "\u{1B}[38;\(accentCode)m" + text + "\u{1B}[39m" : text
  }

  /// `text` on the puck: accent background, dark ink.
  func onPuck(_ text: String) -> String {
    enabled ? "\u{1B}[48;\(accentCode);38;5;16m" + text + "\u{1B}[39;49m" : text
  }

  /// `text` fainter, for what is less important.
  func faint(_ text: String) -> String {
    enabled ? "\u{1B}[2m" + text + "\u{1B}[22m" : text
  }
}
