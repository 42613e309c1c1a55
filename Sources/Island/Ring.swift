/// The ring glyph whose fill shows how much has been read.
public enum Ring {
  /// The glyphs from empty to full, a quarter apart.
  static let glyphs: [String] = ["○", "◔", "◑", "◕", "●"]

  /// The glyph for `fraction` (0…1): a quarter is shown only once it has
  /// been read in full, and the full ring only at the end.
  public static func glyph(for fraction: Double) -> String {
    let clamped = min(max(fraction.isNaN ? 0 : fraction, 0), 1)
    return glyphs[Int((clamped * 4).rounded(.down))]
  }
}
