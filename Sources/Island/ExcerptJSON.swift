import Chunks
import JSON
import Outline
import Progress

/// A section `isle show` prints, as one line of JSON (JSON Lines: one
/// record a line), with the field names the README documents. The names
/// are a contract: fields are only ever added.
public enum ExcerptJSON {
  /// What a record says beyond the excerpt itself.
  public struct Context {
    /// The document's path, nil for standard input.
    public var path: String?
    /// The lines the excerpt's bytes stand on, the last one included.
    public var lines: ClosedRange<Int>
    /// The front matter left out before this record, when it is the first
    /// of the document's text.
    public var frontMatter: Range<Int>?
    /// A record's own members (`--records`), as JSON text: `meta`, last.
    public var meta: String?
    /// The bytes the record names, when they are not its text's (an
    /// mdBook chapter's own bytes, its text the expanded chapter).
    public var bytes: Range<Int>? = nil
    /// The file an include brought the record's start from, as the
    /// include writes it; nil for the document's own text.
    public var from: String? = nil

    /// A record's context from its parts.
    public init(
      path: String?, lines: ClosedRange<Int>, frontMatter: Range<Int>?, meta: String? = nil
    ) {
      self.path = path
      self.lines = lines
      self.frontMatter = frontMatter
      self.meta = meta
    }
  }

  /// `chunk` of `tree` as one JSON object and a line feed, appended to
  /// `output`; `text` is what it prints, UTF-8, and `tokenizer` what
  /// counted its tokens.
  public static func write(
    _ chunk: Chunk, in tree: HeadingTree, context: Context,
    text: Span<UInt8>, tokenizer: String, to output: inout [UInt8]
  ) {
    let excerpt = chunk.excerpt
    var object = JSONWriter(after: &output)
    let heading = excerpt.heading.map { tree.headings[$0] }
    object.open()
    object.add("path", context.path)
    object.add("number", excerpt.heading == nil ? 0 : heading?.number)
    object.add("level", heading?.level)
    object.add("id", heading?.id)
    object.add("title", heading?.title)
    object.add("headings", strings: excerpt.heading.map { tree.titles(to: $0) } ?? [])
    if let from = context.from { object.add("from", from) }
    let bytes = context.bytes ?? excerpt.bytes
    object.add("bytes", pair: (bytes.lowerBound, bytes.upperBound))
    object.add("lines", pair: (context.lines.lowerBound, context.lines.upperBound))
    object.add("words", excerpt.reading.wordCount)
    object.add("seconds", Int(excerpt.seconds.rounded()))
    object.add("part", excerpt.part)
    object.add("parts", excerpt.parts)
    object.add(
      "frontMatter", pair: context.frontMatter.map { ($0.lowerBound, $0.upperBound) })
    object.add("tokens", chunk.tokens)
    object.add("tokenizer", tokenizer)
    object.add("key", chunk.key)
    object.add("hash", chunk.hash)
    let written = object.add("text", utf8: text)
    // The embed is most often the text, or the heading path and the text.
    object.add("embed", utf8: chunk.embed.span, endingWith: text, at: written)
    if let meta = context.meta { object.add("meta", json: meta) }
    object.close()
    object.finish(into: &output)
  }
}
