import Outline

/// A book's llms-full.txt: the title and the summary, then every
/// chapter's Markdown in the book's order, each after a `Source: URL`
/// line; or the same in parts, each within a number of tokens.
public enum LlmsFull {
  /// One chapter: where the site serves it, and its Markdown as the site
  /// builds it (includes expanded, front matter left out), with its path
  /// for an error to name.
  public struct Chapter: Sendable {
    public var url: String
    public var text: String
    public var path: String

    public init(url: String, text: String, path: String) {
      self.url = url
      self.text = text
      self.path = path
    }
  }

  /// A block of a chapter larger than the parts may be.
  public struct TooLargeError: Error, Sendable {
    public var path: String
    public var line: Int
    public var tokens: Int
  }

  /// The whole text.
  public static func text(title: String, summary: String?, chapters: [Chapter]) -> String {
    header(title, summary, part: nil) + chapters.map(piece).joined()
  }

  /// The text in parts, each at most `maxTokens` as `count` counts it,
  /// cut between chapters, or, in a chapter larger than a part, between
  /// its top-level blocks (never inside a code block, a table or a list
  /// item); each part opens with the title, `(part k of n)`, and the
  /// summary. A block that cannot fit is an error naming it.
  public static func parts(
    title: String, summary: String?, chapters: [Chapter], maxTokens: Int,
    count: (String) -> Int
  ) throws(TooLargeError) -> [String] {
    let widest = String(repeating: "9", count: String(chapters.count + 1).count * 4)
    let reserve = count(header(title, summary, part: (widest, widest)))
    let budget = maxTokens - reserve
    var pieces: [(text: String, tokens: Int)] = []
    for chapter in chapters {
      let whole = piece(chapter)
      let tokens = count(whole)
      if tokens <= budget {
        pieces.append((whole, tokens))
        continue
      }
      for block in try blocks(of: chapter, budget: budget, count: count) {
        pieces.append(block)
      }
    }
    var groups: [[String]] = [[]]
    var used = 0
    for piece in pieces {
      if used + piece.tokens > budget, !groups[groups.count - 1].isEmpty {
        groups.append([])
        used = 0
      }
      groups[groups.count - 1].append(piece.text)
      used += piece.tokens
    }
    let total = String(groups.count)
    return groups.enumerated().map { index, texts in
      header(title, summary, part: (String(index + 1), total)) + texts.joined()
    }
  }

  /// A chapter's text after its `Source:` line, ending in a blank line.
  static func piece(_ chapter: Chapter) -> String {
    "Source: \(chapter.url)\n\n" + trimmed(chapter.text) + "\n\n"
  }

  /// A chapter too large for one part, cut at its top-level blocks: the
  /// pieces join to what `piece` gives.
  private static func blocks(of chapter: Chapter, budget: Int, count: (String) -> Int)
    throws(TooLargeError) -> [(text: String, tokens: Int)]
  {
    let bytes = Array(trimmed(chapter.text).utf8)
    var options = OutlineOptions(format: .markdown)
    options.findsBlocks = true
    let outlined = try? Outliner.outlined(bytes, path: nil, options: options)
    let starts = outlined?.blocks?.starts ?? [0]
    let bounds = starts.filter { $0 > 0 && $0 < bytes.count }
    let edges = [0] + bounds + [bytes.count]
    var out: [(text: String, tokens: Int)] = []
    for index in 0..<(edges.count - 1) {
      var text = String(decoding: bytes[edges[index]..<edges[index + 1]], as: UTF8.self)
      if index == 0 { text = "Source: \(chapter.url)\n\n" + text }
      if index == edges.count - 2 { text += "\n\n" }
      let tokens = count(text)
      guard tokens <= budget else {
        let line = bytes[..<edges[index]].count { $0 == 0x0A } + 1
        throw TooLargeError(path: chapter.path, line: line, tokens: tokens)
      }
      out.append((text, tokens))
    }
    return out
  }

  private static func header(_ title: String, _ summary: String?, part: (String, String)?)
    -> String
  {
    var text = "# " + ChapterText.oneLine(title)
    if let part { text += " (part \(part.0) of \(part.1))" }
    text += "\n\n"
    if let summary, !summary.isEmpty { text += "> " + ChapterText.oneLine(summary) + "\n\n" }
    return text
  }

  /// `text` without the blank lines and spaces at its ends.
  static func trimmed(_ text: String) -> String {
    var scalars = Substring(text)
    while let first = scalars.first, first == "\n" || first == "\r" { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}
