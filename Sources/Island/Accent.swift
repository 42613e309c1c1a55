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
