import Outline

/// A document the editor has open: its text as the editor has it, which
/// the server reads instead of the file.
public struct OpenDocument: Sendable {
  public var uri: String
  public var path: String
  public var version: Int
  public var text: TextLines
  /// The facts of this version, links included, once asked for; nil after
  /// an edit.
  public var facts: DocumentFacts?
  /// The outline kept between versions, and the facts it gives of this
  /// version once asked for (nil after an edit).
  public var live: LiveOutline?
  public var outline: OutlineFacts?
  /// What changed since `live` was made: the bytes `old` of its text are
  /// `count` bytes of this one; nil when nothing has, or when the whole
  /// text was replaced (`live` is nil then).
  public var pending: (old: Range<Int>, count: Int)?

  public init(
    uri: String, path: String, version: Int, text: TextLines, facts: DocumentFacts? = nil,
    live: LiveOutline? = nil, outline: OutlineFacts? = nil,
    pending: (old: Range<Int>, count: Int)? = nil
  ) {
    self.uri = uri
    self.path = path
    self.version = version
    self.text = text
    self.facts = facts
    self.live = live
    self.outline = outline
    self.pending = pending
  }

  /// Applies one `contentChanges` entry. Ranges are in UTF-16 units, as
  /// the protocol says, and refer to the text as the previous change left
  /// it.
  public mutating func apply(_ change: TextChange) {
    let replacement = change.text
    facts = nil
    outline = nil
    guard let changed = change.range else {
      text = TextLines(Array(replacement.utf8))
      live = nil
      pending = nil
      return
    }
    let range = text.offsets(of: changed)
    let count = replacement.utf8.count
    // Given up first, so that the bytes are changed where they are; the
    // lines are found again only around the change.
    var bytes = text.bytes
    let lines = text.lines
    text = TextLines([])
    bytes.replaceSubrange(range, with: replacement.utf8)
    text = TextLines(bytes, lines: lines.edited(replacing: range, with: count, in: bytes))
    guard live != nil else { return }
    pending = Self.composed(pending, range, count)
  }

  /// Edit `earlier` (bytes `old` of the first text are `count` bytes of
  /// the second) followed by the replacement of bytes `range` of the
  /// second with `count` bytes: as one edit of the first text.
  public static func composed(
    _ earlier: (old: Range<Int>, count: Int)?, _ range: Range<Int>, _ count: Int
  ) -> (old: Range<Int>, count: Int) {
    guard let earlier else { return (range, count) }
    // In the second text the first edit covers start..<end.
    let start = earlier.old.lowerBound
    let end = start + earlier.count
    let low = min(start, range.lowerBound)
    let high = max(end, range.upperBound)
    // Bytes outside the first edit are the first text's, moved after it.
    let oldLow = low
    let oldHigh = earlier.old.upperBound + (high - end)
    let newCount = (high - low) + count - range.count
    return (oldLow..<oldHigh, newCount)
  }
}
