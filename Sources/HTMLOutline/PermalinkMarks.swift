import Found
import Slugs

/// Self-links inside headings that are only a mark: Sphinx's and MkDocs's
/// `¶`, Bikeshed's empty `self-link`, Docusaurus's zero-width space, a `#`
/// or `§`, an icon. Their text is not part of the heading's title.
///
/// A link counts when it points at the heading's own anchor (`href="#id"`
/// with the heading's id) and its text, zero-width characters and white
/// space aside, has no letter or digit and is at most two characters.
struct PermalinkMarks {
  /// A link to a fragment, inside a heading, with where its text starts.
  struct Span {
    var heading: Int
    var fragment: String
    var start: HeadingTextBuilder.Position
    var end: HeadingTextBuilder.Position
  }

  private var open: [(node: Int, spans: [Span])] = []
  private var closed: [Int: [Span]] = [:]

  /// An `<a>` with `href` starts, inside the headings at `positions`
  /// (heading index and where its text stands).
  mutating func enter(
    _ node: Int, href: String?,
    positions: [(heading: Int, at: HeadingTextBuilder.Position)]
  ) {
    guard let href, href.hasPrefix("#"), !positions.isEmpty else { return }
    let fragment = PercentDecoding.decoded(String(href.dropFirst()))
    open.append(
      (
        node,
        positions.map { Span(heading: $0.heading, fragment: fragment, start: $0.at, end: $0.at) }
      )
    )
  }

  /// An element ends; when it is an open link, its spans close at `positions`.
  mutating func leave(
    _ node: Int, positions: [(heading: Int, at: HeadingTextBuilder.Position)]
  ) {
    guard let last = open.last, last.node == node else { return }
    open.removeLast()
    for var span in last.spans {
      guard let now = positions.first(where: { $0.heading == span.heading }) else { continue }
      span.end = now.at
      closed[span.heading, default: []].append(span)
    }
  }

  /// Removes from `text` (heading `index`'s) every link to `id` that is only
  /// a mark.
  mutating func strip(heading index: Int, id: String?, from text: inout HeadingTextBuilder) {
    guard let spans = closed.removeValue(forKey: index), let id else { return }
    for span in spans.reversed() where span.fragment == id {
      if Self.isMark(text.text(from: span.start, to: span.end)) {
        text.remove(from: span.start, to: span.end)
      }
    }
  }

  /// Whether a link's text is only a mark.
  static func isMark(_ text: String) -> Bool {
    var visible = 0
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace || ZeroWidth.contains(scalar) { continue }
      if scalar.properties.isAlphabetic { return false }
      switch scalar.properties.generalCategory {
      case .decimalNumber, .otherNumber, .letterNumber: return false
      default: visible += 1
      }
    }
    return visible <= 2
  }
}
