/// The glyphs the island is drawn with: Unicode by default, ASCII alone
/// with `--ascii`.
public struct Glyphs: Sendable, Equatable {
  /// Ring fills from empty to full, a quarter apart.
  public var ring: [String]
  /// The back-to-top mark at the leading end of the bar.
  public var top: String
  /// The chevron of the closed bar: more is behind it.
  public var chevronUp: String
  /// The chevron of the bar under the open contents.
  public var chevronDown: String
  /// The plain marker of the current row when there is no colour.
  public var puck: String
  /// What stands for text that was cut.
  public var ellipsis: String
  /// The mark of a section read, in the contents `isle read` opens.
  public var read: String = "✓"

  /// The Unicode glyphs.
  public static let unicode = Glyphs(
    ring: ["○", "◔", "◑", "◕", "●"], top: "↑", chevronUp: "⌃", chevronDown: "⌄", puck: "▌",
    ellipsis: "…")

  /// ASCII alone, for terminals and logs that show nothing else.
  public static let ascii = Glyphs(
    ring: ["[    ]", "[#   ]", "[##  ]", "[### ]", "[####]"], top: "^", chevronUp: "+",
    chevronDown: "-", puck: ">", ellipsis: "...", read: "*")

  /// The ring for `fraction` (0…1): a quarter shows only once it has been
  /// read in full, and the full ring only at the end.
  public func ring(for fraction: Double) -> String {
    let clamped = min(max(fraction.isNaN ? 0 : fraction, 0), 1)
    return ring[Int((clamped * Double(ring.count - 1)).rounded(.down))]
  }
}
