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

  /// The Unicode glyphs.
  public static let unicode = Glyphs(
    ring: ["○", "◔", "◑", "◕", "●"], top: "↑", chevronUp: "⌃", chevronDown: "⌄", puck: "▌",
    ellipsis: "…")

  /// ASCII alone, for terminals and logs that show nothing else.
  public static let ascii = Glyphs(
    ring: ["[    ]", "[#   ]", "[##  ]", "[### ]", "[####]"], top: "^", chevronUp: "+",
    chevronDown: "-", puck: ">", ellipsis: "...")

  /// The ring for `fraction` (0…1): a quarter shows only once it has been
  /// read in full, and the full ring only at the end.
  public func ring(for fraction: Double) -> String {
    let clamped = min(max(fraction.isNaN ? 0 : fraction, 0), 1)
    return ring[Int((clamped * Double(ring.count - 1)).rounded(.down))]
  }
}

/// A colour, as red, green and blue.
public struct Accent: Sendable, Equatable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  /// A colour from its parts.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The default accent: a warm red, as the phone island's puck.
  public static let red = Accent(red: 0xFF, green: 0x3B, blue: 0x30)

  /// The colours `--accent` knows by name.
  public static let named: [String: Accent] = [
    "red": .red,
    "orange": Accent(red: 0xFF, green: 0x95, blue: 0x00),
    "yellow": Accent(red: 0xFF, green: 0xCC, blue: 0x00),
    "green": Accent(red: 0x34, green: 0xC7, blue: 0x59),
    "teal": Accent(red: 0x30, green: 0xB0, blue: 0xC7),
    "cyan": Accent(red: 0x32, green: 0xAD, blue: 0xE6),
    "blue": Accent(red: 0x00, green: 0x7A, blue: 0xFF),
    "indigo": Accent(red: 0x58, green: 0x56, blue: 0xD6),
    "purple": Accent(red: 0xAF, green: 0x52, blue: 0xDE),
    "magenta": Accent(red: 0xFF, green: 0x2D, blue: 0x9F),
    "pink": Accent(red: 0xFF, green: 0x2D, blue: 0x55),
  ]

  /// A colour from a name (`red`, `blue`…) or `#RRGGBB`; nil when it is
  /// neither.
  public init?(_ text: String) {
    let lowered = text.lowercased()
    if let named = Self.named[lowered] {
      self = named
      return
    }
    guard lowered.hasPrefix("#"), lowered.count == 7,
      let value = UInt32(lowered.dropFirst(), radix: 16)
    else { return nil }
    self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
  }

  /// The nearest of the 240 colours of the xterm 256-colour palette past the
  /// first 16 (which every theme redefines): the 6×6×6 cube and the grays.
  public var nearest256: Int {
    let levels = [0, 95, 135, 175, 215, 255]
    func nearestLevel(_ value: UInt8) -> Int {
      levels.indices.min { abs(levels[$0] - Int(value)) < abs(levels[$1] - Int(value)) }!
    }
    let (r, g, b) = (nearestLevel(red), nearestLevel(green), nearestLevel(blue))
    let cube = (16 + 36 * r + 6 * g + b, levels[r], levels[g], levels[b])
    let gray = min(max((Int(red) + Int(green) + Int(blue)) / 3 - 8, 0) / 10, 23)
    let grayLevel = 8 + 10 * gray
    func distance(_ r2: Int, _ g2: Int, _ b2: Int) -> Int {
      let dr = Int(red) - r2
      let dg = Int(green) - g2
      let db = Int(blue) - b2
      return dr * dr + dg * dg + db * db
    }
    return distance(cube.1, cube.2, cube.3) <= distance(grayLevel, grayLevel, grayLevel)
      ? cube.0 : 232 + gray
  }
}

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

  private var accentCode: String {
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
