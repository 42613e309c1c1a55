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
