import Slugs

/// A comment that marks where a contents list stands, standing as an HTML
/// block of its own in Markdown: the markers of isle and of the other tools
/// that keep such lists (markdown-toc, doctoc, Markdown All in One, md_toc,
/// Marksman, mdformat-toc), and isle's note of the options a list was made
/// with. One inside a code block is text, not a marker.
public struct TocMarker: Equatable, Sendable {
  /// Which marker, by the comment's text (any case, any spacing).
  public enum Kind: Equatable, Sendable {
    /// `<!-- toc -->`: opens markdown-toc's and Markdown All in One's lists,
    /// and both opens and closes md_toc's (`<!--TOC-->`). Markdown All in
    /// One's older markers carry options (`<!-- TOC depthTo:2 -->`).
    case toc
    /// `<!-- tocstop -->` (or `<!-- toc stop -->`): markdown-toc's end.
    case tocStop
    /// `<!-- /TOC -->`: Markdown All in One's end.
    case tocClose
    /// `<!--toc:start-->`: Marksman's start.
    case tocStart
    /// `<!--toc:end-->`: Marksman's end.
    case tocEnd
    /// `<!-- START doctoc ... -->`.
    case doctocStart
    /// `<!-- END doctoc ... -->`.
    case doctocEnd
    /// `<!-- mdformat-toc start --maxlevel=N ... -->`, with its options.
    case mdformatStart
    /// `<!-- mdformat-toc end -->`.
    case mdformatEnd
    /// `<!-- isle: --max-level 2 -->`: the options isle made the list with.
    case isleOptions

    /// The kind of a comment, from its text between `<!--` and `-->`
    /// (white space collapsed, lowercased); nil for any other comment.
    init?(words: String) {
      switch words {
      case "toc": self = .toc
      case "tocstop", "toc stop": self = .tocStop
      case "/toc": self = .tocClose
      case "toc:start": self = .tocStart
      case "toc:end": self = .tocEnd
      case "mdformat-toc end": self = .mdformatEnd
      default:
        if words.hasPrefix("start doctoc") {
          self = .doctocStart
        } else if words.hasPrefix("end doctoc") {
          self = .doctocEnd
        } else if words.hasPrefix("mdformat-toc start") {
          self = .mdformatStart
        } else if words.hasPrefix("isle:") {
          self = .isleOptions
        } else if words.hasPrefix("toc "), words.contains(":") {
          self = .toc
        } else {
          return nil
        }
      }
    }

    /// True for a marker that opens a list.
    public var opens: Bool {
      switch self {
      case .toc, .tocStart, .doctocStart, .mdformatStart: return true
      default: return false
      }
    }

    /// True when `other` closes a list this marker opened.
    public func isClosed(by other: Kind) -> Bool {
      switch (self, other) {
      case (.toc, .tocStop), (.toc, .tocClose), (.toc, .toc), (.tocStart, .tocEnd),
        (.doctocStart, .doctocEnd), (.mdformatStart, .mdformatEnd):
        return true
      default: return false
      }
    }
  }

  /// Which marker.
  public var kind: Kind
  /// The comment's text between `<!--` and `-->`, as written and trimmed:
  /// where a marker's options are read from.
  public var words: String
  /// The first byte of the marker's line.
  public var offset: Int
  /// The first byte after the marker's block (its line ending included).
  public var endOffset: Int

  /// A marker found in a document.
  public init(kind: Kind, words: String, offset: Int, endOffset: Int) {
    self.kind = kind
    self.words = words
    self.offset = offset
    self.endOffset = endOffset
  }

  /// The marker an HTML block's text is, if it is one comment alone that
  /// marks a list.
  public static func recognize(_ block: String) -> (kind: Kind, words: String)? {
    let trimmed = block.trimming(where: isBlank)
    guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.count >= 7 else {
      return nil
    }
    let inner = trimmed.dropFirst(4).dropLast(3)
    guard !inner.contains("-->") else { return nil }
    let words = inner.trimming(where: isBlank)
    let collapsed = words.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      .joined(separator: " ").lowercased()
    return Kind(words: collapsed).map { ($0, words) }
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }
}
