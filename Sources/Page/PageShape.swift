import Outline

extension Page {
  /// What a page needs to know of a document's bytes before it lays any
  /// of them out: how it is drawn, where it is cut, where front matter
  /// ends, its link definitions, and its UTF-8 when it is in another
  /// encoding (laid out whole then).
  struct Shape {
    var size: Int
    var format: PageFormat
    var cuts: [Int] = [0]
    var hidden = 0
    var decoded: DecodedText? = nil
    var definitions = LinkDefinitions()

    init(_ bytes: Span<UInt8>, options: PageOptions) throws(PageError) {
      size = bytes.count
      let format = DocumentShape.format(of: bytes, path: options.path, given: options.format)
      self.format = options.plain ? .plain : format == .html ? .html : .markdown
      if self.format == .html {
        let depth = DocumentShape.htmlDepth(of: bytes, limit: options.maxDepth)
        guard depth <= options.maxDepth else {
          throw PageError.outline(.tooDeep(depth: depth, limit: options.maxDepth))
        }
      }
      let text =
        self.format == .html
        ? DocumentShape.htmlAsUTF8(bytes) : DocumentShape.wideTextAsUTF8(bytes)
      if let text {
        decoded = DecodedText(utf8: text.utf8, rawOffset: text.rawOffset)
        return
      }
      if self.format == .markdown,
        let wide = DocumentShape.widestTable(of: bytes, limit: options.maxColumns)
      {
        throw PageError.outline(
          .tooWide(columns: wide.cells, line: wide.line, limit: options.maxColumns))
      }
      cuts = Page.cuts(of: bytes, format: self.format, every: options.pieceSize)
      if self.format == .markdown {
        hidden = DocumentShape.frontMatterEnd(of: bytes)
        if cuts.count > 1 { definitions = LinkDefinitions(of: bytes) }
      }
    }
  }
}
