import Found
import Outline

/// Where a document's contents list stands: its opening marker, its
/// closing one (none yet after markdown-toc's lone `<!-- toc -->`), isle's
/// note of the options it was made with, the comment lines that stand
/// first after the opening marker (doctoc's "DON'T EDIT" line) and
/// doctoc's title line, kept as written.
public struct TocRegion {
  /// The opening marker.
  public let opening: TocMarker
  /// Nil for a lone `<!-- toc -->`, after which the list and a closing
  /// `<!-- tocstop -->` are written.
  public let closing: TocMarker?
  /// isle's note of the options, if the list has one.
  public let note: TocMarker?
  /// The lines of comments kept after the opening marker, as written.
  public let keptComments: [Range<Int>]
  /// doctoc's title line under its markers (its `**Table of Contents**`,
  /// or a title of the user's, `## Table of Contents`): the list's title,
  /// kept as written on every write.
  public let title: Range<Int>?

  /// The first byte after the opening marker.
  public var start: Int { opening.endOffset }
  /// The first byte of what follows the list: the closing marker, or what
  /// followed a lone opening marker (and its note).
  public let end: Int
  /// The first byte after the whole region, closing marker and all.
  public var endOfMarkers: Int { closing?.endOffset ?? opening.endOffset }

  /// Markers that do not make one list.
  public struct MismatchError: Error {
    /// What is wrong, in words.
    public let problem: String
  }

  /// The one list `markers` mark in `bytes`; nil when there are no markers.
  public static func find(_ markers: [TocMarker], in bytes: Span<UInt8>) throws(MismatchError)
    -> TocRegion?
  {
    try bytes.withUnsafeBufferPointer { (buffer) throws(MismatchError) -> TocRegion? in
      try find(markers, in: buffer)
    }
  }

  /// The same over a buffer, for this module's own callers.
  static func find(_ markers: [TocMarker], in bytes: UnsafeBufferPointer<UInt8>)
    throws(MismatchError)
    -> TocRegion?
  {
    let ends = markers.filter { $0.kind != .isleOptions }
    guard let opening = ends.first else { return nil }
    guard opening.kind.opens else {
      throw MismatchError(problem: "\(quoted(opening)) closes a contents list that was not opened")
    }
    var closing: TocMarker? = nil
    if ends.count >= 2 {
      guard opening.kind.isClosed(by: ends[1].kind) else {
        throw MismatchError(problem: "\(quoted(opening)) is not closed by \(quoted(ends[1]))")
      }
      closing = ends[1]
    } else if opening.kind != .toc {
      throw MismatchError(problem: "\(quoted(opening)) is never closed")
    }
    guard ends.count <= 2 else {
      throw MismatchError(
        problem: "\(quoted(ends[2])) after a whole list (\(ends.count) contents markers); "
          + "isle keeps one list in a file")
    }
    let limit = closing?.offset ?? opening.endOffset
    let note = markers.first {
      $0.kind == .isleOptions && $0.offset >= opening.endOffset
        && (closing == nil ? $0.offset == opening.endOffset : $0.offset < limit)
    }
    let comments = keptComments(in: bytes, from: opening.endOffset, to: limit)
    let title =
      opening.kind == .doctocStart
      ? titleLine(in: bytes, from: comments.last?.upperBound ?? opening.endOffset, to: limit)
      : nil
    return TocRegion(
      opening: opening, closing: closing, note: note, keptComments: comments, title: title,
      end: closing?.offset ?? note?.endOffset ?? opening.endOffset)
  }

  /// The same list with its note dropped when it is written.
  public var withoutNote: TocRegion {
    TocRegion(
      opening: opening, closing: closing, note: nil, keptComments: keptComments, title: title,
      end: end)
  }

  /// The first line with text from `start`, blank lines and isle's note
  /// passed over, when it is no list item, no HTML and no comment: the
  /// title doctoc writes above its list.
  private static func titleLine(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Range<Int>? {
    var title: Range<Int>? = nil
    forEachTextLine(in: bytes, from: start, to: end) { line, trimmed in
      if TocMarker.recognize(trimmed)?.kind == .isleOptions { return true }
      title = trimmed.hasPrefix("<") || isListItem(trimmed) ? nil : line
      return false
    }
    return title
  }

  /// Calls `body` with each line from `start` to `end` that holds text,
  /// and that text trimmed, until it returns false; blank lines are passed
  /// over.
  private static func forEachTextLine(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    _ body: (Range<Int>, String) -> Bool
  ) {
    var lineStart = start
    while lineStart < end {
      var lineEnd = lineStart
      while lineEnd < end, bytes[lineEnd] != 0x0A { lineEnd += 1 }
      if lineEnd < end { lineEnd += 1 }
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), as: UTF8.self)
      let trimmed = text.trimming { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
      if !trimmed.isEmpty, !body(lineStart..<lineEnd, trimmed) { return }
      lineStart = lineEnd
    }
  }

  /// True for a line that opens a list item: `-`, `*` or `+`, or a number
  /// and `.` or `)`, then a space (or nothing).
  private static func isListItem(_ line: String) -> Bool {
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    let rest = line.dropFirst(digits.count)
    guard let mark = rest.first else { return false }
    let marks: Set<Character> = digits.isEmpty ? ["-", "*", "+"] : [".", ")"]
    guard marks.contains(mark), digits.count <= 9 else { return false }
    let after = rest.dropFirst().first
    return after == nil || after == " " || after == "\t"
  }

  /// The comment lines that lead the list, blank lines between them
  /// passed over; isle's note is not among them (it is written anew).
  private static func keptComments(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> [Range<Int>] {
    var kept: [Range<Int>] = []
    forEachTextLine(in: bytes, from: start, to: end) { line, trimmed in
      let isComment =
        trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->") && trimmed.count >= 7
        && TocMarker.recognize(trimmed)?.kind != .isleOptions
      if isComment { kept.append(line) }
      return isComment
    }
    return kept
  }

  private static func quoted(_ marker: TocMarker) -> String {
    "<!-- \(marker.words) -->"
  }
}
