import Cells
import Island
import Page
import Terminal

/// Turns laid-out lines into what the terminal is sent: styles as SGR
/// escapes (colours only when colour is on), links as OSC 8 hyperlinks,
/// the matches of a search in reverse video. The text itself was made safe
/// by the layout; a link's destination is made safe here.
public struct ReadScreen {
  let paint: Paint

  /// A screen painting as `paint` does (colour on or off).
  public init(paint: Paint) {
    self.paint = paint
  }

  /// `line` for the terminal, the characters in `lit` (as
  /// `PageLine.characters` counts them: a search's matches) highlighted.
  public func render(_ line: PageLine, lit highlights: [Range<Int>] = []) -> String {
    var output = ""
    var index = 0
    for run in line.runs {
      let codes = self.codes(run.style)
      let link = paint.enabled ? run.link.flatMap(Self.safeLink) : nil
      if let link { output += Escape.link(to: link) }
      var segment = ""
      var lit = false
      func close() {
        guard !segment.isEmpty else { return }
        let all = codes + (lit ? ["7"] : [])
        output += Escape.styled(segment, all)
        segment = ""
      }
      for character in run.text {
        let inside = highlights.contains { $0.contains(index) }
        if inside != lit {
          close()
          lit = inside
        }
        segment.append(character)
        index += 1
      }
      close()
      if link != nil { output += Escape.endLink }
    }
    return output
  }

  /// The SGR parameters of a style.
  func codes(_ style: Style) -> [String] {
    var codes: [String] = []
    if style.contains(.bold) { codes.append("1") }
    if style.contains(.faint) { codes.append("2") }
    if style.contains(.italic) { codes.append("3") }
    if style.contains(.underline) { codes.append("4") }
    if style.contains(.strike) { codes.append("9") }
    guard paint.enabled else { return codes }
    if style.contains(.accent) {
      codes.append("38;" + paint.accentCode)
    } else if style.contains(.heading) {
      codes.append("38;5;75")
    } else if style.contains(.code) {
      codes.append("38;5;180")
    }
    return codes
  }

  /// A link's destination as an OSC 8 parameter: printable ASCII only
  /// (anything else percent-encoded), nil when empty.
  static func safeLink(_ link: String) -> String? {
    guard !link.isEmpty else { return nil }
    var safe = ""
    for byte in link.utf8 {
      if byte > 0x20 && byte < 0x7F {
        safe.append(Character(Unicode.Scalar(byte)))
      } else {
        let hex = Array("0123456789ABCDEF")
        safe += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
      }
    }
    return safe
  }

  /// Faint text, for messages and the rows past the end.
  public func faint(_ text: String) -> String {
    Escape.styled(SafeText.forTerminal(text), ["2"])
  }
}
