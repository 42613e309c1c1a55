import HTMLOutline

#if canImport(Glibc)
  import Glibc
#endif

/// What a layout needs to know of a document's bytes before it draws any
/// of them: its format, where Markdown front matter ends, and where a large
/// Markdown document may be cut into pieces laid out one at a time.
public enum DocumentShape {
  /// The format of `bytes` read from `path`: `given` when set, else the
  /// file name's extension, else the first bytes (as the outline decides).
  public static func format(of bytes: Span<UInt8>, path: String?, given: DocumentFormat?)
    -> DocumentFormat
  {
    if let format = given ?? path.flatMap(DocumentFormat.fromExtension(of:)) { return format }
    return bytes.withUnsafeBufferPointer { DocumentFormat.sniff($0) }
  }

  /// The offset just past Markdown front matter (0 when there is none).
  public static func frontMatterEnd(of bytes: Span<UInt8>) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      // Only the first lines matter: front matter opens on line 1.
      let head = UnsafeBufferPointer(rebasing: buffer[..<min(buffer.count, 1 << 16)])
      let found = FrontMatter.find(in: head, lines: LineIndex(head))
      return found?.endOffset ?? 0
    }
  }

  /// How deep HTML `bytes` nest, counted up to a little past `limit`: a
  /// page nested deeper than the outline reads is refused before gumbo,
  /// which takes minutes over 100,000 nested elements, is given it.
  public static func htmlDepth(of bytes: Span<UInt8>, limit: Int) -> Int {
    NestingProbe.depth(of: bytes, limit: limit)
  }

  /// The first GFM table delimiter row in Markdown `bytes` with more than
  /// `limit` cells (its cells and its line), which the
  /// outline refuses before cmark-gfm is given it; nil when none is.
  public static func widestTable(of bytes: Span<UInt8>, limit: Int) -> (cells: Int, line: Int)? {
    bytes.withUnsafeBufferPointer { TableWidthProbe.firstWider(than: limit, in: $0) }
  }

  /// Where pieces of Markdown `bytes` start: 0, then before an ATX heading
  /// at the first column outside a fence or HTML block, once about `every`
  /// bytes have passed (the cuts the outline's parallel parse proposes).
  public static func markdownCuts(in bytes: Span<UInt8>, every size: Int) -> [Int] {
    bytes.withUnsafeBufferPointer { buffer in
      let lines = LineIndex(buffer)
      return MarkdownPieces.cuts(
        buffer, lines: lines, from: frontMatterEnd(of: bytes), every: size)
    }
  }
}

extension DocumentShape {
  /// An HTML page declared in an encoding other than UTF-8 (by a `<meta>`
  /// or a byte order mark, as the outline reads it) turned into UTF-8, with
  /// the way back from its offsets to the raw bytes'; nil for UTF-8.
  public static func htmlAsUTF8(_ bytes: Span<UInt8>) -> (
    utf8: [UInt8], rawOffset: (Int) -> Int
  )? {
    bytes.withUnsafeBufferPointer { buffer in
      let encoding = Charset.declared(in: buffer.span).decoding(buffer.span)
      let transcoded =
        encoding == .windows1252
        ? Charset.transcodeWindows1252(buffer.span)
        : encoding.flatMap { Transcoder.transcode(buffer.span, from: $0) }
      guard let transcoded else { return nil }
      return (transcoded.utf8, { transcoded.rawOffset($0) })
    }
  }
}

extension DocumentShape {
  /// The encoding a Markdown document's byte order mark names other than
  /// UTF-8 (`utf-16le`, `utf-16be`, `utf-32le`, `utf-32be`), as the
  /// outline reads it; nil for UTF-8, with a mark or without.
  public static func wideEncoding(of bytes: Span<UInt8>) -> String? {
    Charset.byteOrderMark(of: bytes)?.name
  }

  /// A Markdown (or plain text) document in UTF-16 or UTF-32, by its byte
  /// order mark, turned into UTF-8, with the way back from its offsets to
  /// the raw bytes'; nil for UTF-8.
  public static func wideTextAsUTF8(_ bytes: Span<UInt8>) -> (
    utf8: [UInt8], rawOffset: (Int) -> Int
  )? {
    bytes.withUnsafeBufferPointer { buffer in
      guard let encoding = Charset.byteOrderMark(of: buffer.span),
        let transcoded = Transcoder.transcode(buffer.span, from: encoding)
      else { return nil }
      return (transcoded.utf8, { transcoded.rawOffset($0) })
    }
  }
}

extension DocumentShape {
  /// True for bytes that are no document, as grep and ripgrep tell: a NUL
  /// byte anywhere, and no byte order mark (UTF-16 and UTF-32 text holds
  /// NULs, and says so first). `release` is told of each stretch passed,
  /// as the outline's own scans tell it.
  public static func isBinary(_ bytes: Span<UInt8>, release: Outliner.Release? = nil) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      let head = Array(buffer.prefix(3))
      if head == [0xEF, 0xBB, 0xBF] || Charset.byteOrderMark(of: buffer.span) != nil { return false }
      var start = 0
      while start < buffer.count {
        let end = min(start + Outliner.releaseStep, buffer.count)
        if memchr(base + start, 0, end - start) != nil { return true }
        release?(start..<end)
        start = end
      }
      return false
    }
  }
}
