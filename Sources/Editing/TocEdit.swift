import Outline

/// A document with its contents list written between its markers, in the
/// file's own line endings, touching nothing else.
///
/// Between the markers stand, in order: the comments kept (doctoc's
/// "DON'T EDIT" line), doctoc's title line, isle's note of the options, a
/// blank line, the list, a blank line. A lone `<!-- toc -->` gets its
/// `<!-- tocstop -->`.
public enum TocEdit {
  /// The bytes with `list` (lines ending in `\n`) in `region`; `note` is
  /// isle's note to write (nil keeps the one there, if any), `opening` a
  /// new opening marker (nil keeps it as written).
  public static func apply(
    list: String, to bytes: Span<UInt8>, region: TocRegion, note: String?, opening: String?
  ) -> [UInt8] {
    bytes.withUnsafeBufferPointer {
      apply(list: list, to: $0, region: region, note: note, opening: opening)
    }
  }

  /// The same over a buffer, for this module's own callers.
  static func apply(
    list: String, to bytes: UnsafeBufferPointer<UInt8>, region: TocRegion, note: String?,
    opening: String?
  ) -> [UInt8] {
    let marker = region.opening
    let crlf =
      marker.endOffset >= 2 && bytes[marker.endOffset - 2] == 0x0D
      && bytes[marker.endOffset - 1] == 0x0A
    let lineEnding: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
    func line(_ text: String) -> [UInt8] { Array(text.utf8) + lineEnding }
    func asWritten(_ range: Range<Int>) -> [UInt8] {
      var line = Array(bytes[range])
      while let last = line.last, last == 0x0A || last == 0x0D { line.removeLast() }
      return line + lineEnding
    }

    var result = Array(bytes[..<marker.offset])
    result += opening.map(line) ?? asWritten(marker.offset..<marker.endOffset)
    for comment in region.keptComments { result += asWritten(comment) }
    if let title = region.title { result += asWritten(title) }
    if let note {
      result += line(note)
    } else if let kept = region.note {
      result += asWritten(kept.offset..<kept.endOffset)
    }
    result += lineEnding
    if !list.isEmpty {
      for byte in list.utf8 {
        if byte == 0x0A { result += lineEnding } else { result.append(byte) }
      }
      result += lineEnding
    }
    if region.closing == nil { result += line("<!-- tocstop -->") }
    result += bytes[region.end...]
    return result
  }
}
