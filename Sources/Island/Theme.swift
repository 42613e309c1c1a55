/// Everything about how the island looks: glyphs and paint.
public struct Theme: Sendable, Equatable {
  /// Unicode or ASCII.
  public var glyphs: Glyphs
  /// Colour, or none.
  public var paint: Paint

  /// A theme from its parts.
  public init(glyphs: Glyphs = .unicode, paint: Paint = .none) {
    self.glyphs = glyphs
    self.paint = paint
  }

  /// Unicode glyphs, no colour.
  public static let plain = Theme()
}
