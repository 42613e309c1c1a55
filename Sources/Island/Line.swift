import Cells

/// One line of the island as runs of text, each with its look. Lines are
/// laid out and measured as plain text, then painted, so colour never
/// changes a width.
struct Line {
  enum Look {
    case plain
    case accent
    case puck
    case faint
  }

  private(set) var runs: [(text: String, look: Look)] = []

  /// The width in cells.
  var width: Int { runs.reduce(0) { $0 + Cells.width(of: $1.text) } }

  /// The text without paint.
  var plain: String { runs.map(\.text).joined() }

  init() {}

  init(_ text: String, _ look: Look = .plain) {
    append(text, look)
  }

  mutating func append(_ text: String, _ look: Look = .plain) {
    guard !text.isEmpty else { return }
    if let last = runs.last, last.look == look {
      runs[runs.count - 1].text += text
    } else {
      runs.append((text, look))
    }
  }

  static func + (lhs: Line, rhs: Line) -> Line {
    var line = lhs
    line.runs += rhs.runs
    return line
  }

  /// Every run in `look`.
  func recolored(_ look: Look) -> Line {
    var line = Line()
    for run in runs { line.append(run.text, look) }
    return line
  }

  /// The line cut to `width` cells, ending in `ellipsis`: the last resort
  /// when nothing else will fit.
  func cut(to width: Int, ellipsis: String) -> Line {
    guard self.width > width else { return self }
    var line = Line()
    var room = width - Cells.width(of: ellipsis)
    guard room >= 0 else { return Line(Cells.truncate(plain, toWidth: width, ellipsis: "")) }
    for run in runs {
      let runWidth = Cells.width(of: run.text)
      if runWidth <= room {
        line.append(run.text, run.look)
        room -= runWidth
      } else {
        line.append(Cells.truncate(run.text, toWidth: room, ellipsis: ""), run.look)
        break
      }
    }
    line.append(ellipsis)
    return line
  }

  /// The line as text, painted.
  func render(_ paint: Paint) -> String {
    runs.map { run in
      switch run.look {
      case .plain: return run.text
      case .accent: return paint.accented(run.text)
      case .puck: return paint.onPuck(run.text)
      case .faint: return paint.faint(run.text)
      }
    }.joined()
  }
}

/// Titles in a right-to-left script, fenced so a terminal that applies the
/// bidi algorithm keeps them from pulling the number, the detail or the
/// glyphs across: a LEFT-TO-RIGHT MARK (U+200E) on each side keeps the line's
/// direction left to right and the digits after the title with it. The
/// mark is zero cells wide in wcwidth, which tmux and most terminals use;
/// the isolates (U+2068, U+2069) would be better bidi but show as a cell in
/// tmux, which breaks the columns. Applied after cutting.
enum Bidi {
  static func isolated(_ text: String) -> String {
    text.unicodeScalars.contains(where: isRightToLeft) ? "\u{200E}" + text + "\u{200E}" : text
  }

  /// Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, N'Ko and
  /// their presentation forms.
  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      return true
    default:
      return false
    }
  }
}
