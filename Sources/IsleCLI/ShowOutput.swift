import Chunks
import Files
import JSON
import Island
import Outline
import Page
import Progress
import Reader
import Records
import Walk

/// What `isle show` prints of a document's excerpts: their bytes as
/// written, their text as the pager lays it out, or a JSON record each.
extension ShowCommand {
  /// `excerpts` of `loaded` in `format`.
  static func render(
    _ excerpts: [Excerpt], as format: Format, tree: HeadingTree, blocks: MarkdownBlocks?,
    loaded: DocumentLoader.Loaded, source: InputSource, request: Request, settings: Settings,
    meta: String? = nil, chapter: BuiltChapter? = nil, keys: inout [String]
  ) throws -> [UInt8] {
    let buffer = loaded.bytes.buffer
    var output: [UInt8] = []
    switch format {
    case .markdown, .html:
      var end = 0
      for excerpt in excerpts {
        // Sections apart in the document each start a line; those that
        // follow each other are its bytes as they are.
        if let last = output.last, last != 0x0A, last != 0x0D, excerpt.bytes.lowerBound != end {
          output.append(0x0A)
        }
        output += buffer[excerpt.bytes]
        end = excerpt.bytes.upperBound
      }
    case .text:
      let page = try self.page(of: loaded, source: source, request: request, settings: settings)
      let screen =
        settings.display.theme.paint.enabled
        ? ReadScreen(paint: settings.display.theme.paint) : nil
      let texts = excerpts.map { laidOut(page, $0.bytes, screen: screen) }
      output = Array(texts.filter { !$0.isEmpty }.joined(separator: "\n").utf8)
    case .json, .jsonl:
      let page =
        loaded.document.format == .html
        ? try self.page(of: loaded, source: source, request: request, settings: settings) : nil
      output.reserveCapacity(excerpts.reduce(0) { $0 + $1.bytes.count * 2 + 400 })
      // JSON holds Unicode: bytes that are not UTF-8 read as U+FFFD. Valid
      // bytes, most often, are copied once, with no String made of them.
      func text(_ excerpt: Excerpt) -> [UInt8] {
        let raw = UnsafeBufferPointer(rebasing: buffer[excerpt.bytes])
        if page == nil, (try? UTF8Span(validating: raw.span)) != nil { return Array(raw) }
        return Array(
          (page.map { laidOut($0, excerpt.bytes, screen: nil) }
            ?? String(decoding: UnsafeBufferPointer(rebasing: buffer[excerpt.bytes]), as: UTF8.self))
            .utf8)
      }
      func line(_ heading: Int) -> [UInt8] {
        headingLine(heading, tree: tree, blocks: page == nil ? blocks : nil, buffer: buffer)
      }
      var chunker = Chunker(options: request.chunking, tokenizer: request.tokenizer)
      let keyOf = ChunkKey(path: source.path, tree: tree)
      for excerpt in chunker.joined(excerpts, tree: tree, text: text) {
        let bytes = text(excerpt)
        let sameBytes = page == nil && bytes.count == excerpt.bytes.count
        let starts =
          sameBytes && request.chunking.maxTokens != nil
          ? (blocks?.starts ?? []).compactMap { start in
            excerpt.bytes.contains(start) ? start - excerpt.bytes.lowerBound : nil
          } : []
        // The heading path goes before the embed with --context only.
        let context =
          request.chunking.context
          ? HeadingContext.of(heading: excerpt.heading, in: tree, line: line) : (first: [], rest: [])
        let key = keyOf.of(heading: excerpt.heading)
        for chunk in chunker.chunks(
          of: excerpt, text: bytes, sameBytes: sameBytes, blockStarts: starts,
          context: context.first, partContext: context.rest, key: key)
        {
          keys.append(chunk.key)
          if let old = request.previous, old[chunk.key] == chunk.hash { continue }
          let start = chunk.excerpt.bytes.lowerBound
          let context = ExcerptJSON.Context(
            path: source.path, lines: tree.lines(of: chunk.excerpt.bytes),
            frontMatter: tree.textStart > 0 && start == tree.textStart && chunk.text.lowerBound == 0
              ? 0..<start : nil, meta: meta)
          let where_ = chapter?.context(context, of: chunk.excerpt.bytes) ?? context
          ExcerptJSON.write(
            chunk, in: tree, context: where_, text: bytes.span.extracting(chunk.text),
            tokenizer: request.tokenizer.name, to: &output)
        }
      }
    }
    return output
  }

  /// A heading's line as written (its title and a line feed when the
  /// blocks do not say where it ends, or the page drew it).
  static func headingLine(
    _ heading: Int, tree: HeadingTree, blocks: MarkdownBlocks?, buffer: UnsafeBufferPointer<UInt8>
  ) -> [UInt8] {
    let found = tree.headings[heading]
    guard let end = blocks?.headingEnd(at: found.offset), end > found.offset else {
      return Array((found.title + "\n").utf8)
    }
    var bytes = Array(
      String(decoding: UnsafeBufferPointer(rebasing: buffer[found.offset..<end]), as: UTF8.self).utf8)
    if bytes.last != 0x0A { bytes.append(0x0A) }
    return bytes
  }

  /// The page `isle read` would draw of `loaded`, `request.width` wide.
  static func page(
    of loaded: DocumentLoader.Loaded, source: InputSource, request: Request, settings: Settings
  ) throws -> Page {
    var options = ReadOptions()
    options.measure = request.width
    return try ReadCommand.page(
      of: loaded.bytes, source: source, width: request.width, settings: settings, options: options)
  }

  /// The lines of `page` that show the bytes in `range`, each ending in a
  /// line feed, blank ones at either end left out; coloured by `screen`.
  static func laidOut(_ page: Page, _ range: Range<Int>, screen: ReadScreen?) -> String {
    var rows: [String] = []
    var spot = page.spot(atByte: range.lowerBound)
    while let line = page.line(at: spot), line.bytes.lowerBound < range.upperBound {
      if line.bytes.lowerBound >= range.lowerBound {
        rows.append(screen.map { $0.render(line) } ?? line.text)
      }
      let next = page.moved(spot, by: 1)
      if next == spot { break }
      spot = next
    }
    while let last = rows.last, last.allSatisfy(\.isWhitespace) { rows.removeLast() }
    let first = rows.firstIndex { !$0.allSatisfy(\.isWhitespace) } ?? rows.count
    return rows[first...].map { $0 + "\n" }.joined()
  }
}

extension ShowCommand.Answer {
  /// A record that gave no document (`--records`): its error record, and
  /// its line for standard error.
  init(problem: RecordError) {
    self.init(output: problem.json, status: .failure, error: problem.message)
  }
}

extension ShowCommand {
  /// The records of a file `--format jsonl` printed before
  /// (`--changed-since`): each key's hash, and the keys in order. A line
  /// that is no record with a key and a hash (or a removal) is an error
  /// naming the file and the line.
  static func previousRecords(_ path: String, files: FileAccess) throws -> (
    [String: String], [String]
  ) {
    let bytes = try files.bytes(.file(path), limit: 1 << 34)
    var hashes: [String: String] = [:]
    var order: [String] = []
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
    where !line.isEmpty {
      let value = try? JSONParser.parse(Array(line))
      if value?["removed"]?.string != nil { continue }
      guard let key = value?["key"]?.string, let hash = value?["hash"]?.string else {
        throw DocumentError(
          "\(path): line \(index + 1) is not a record of isle show --format jsonl "
            + "(no \"key\" and \"hash\")", status: .failure)
      }
      if hashes.updateValue(hash, forKey: key) == nil { order.append(key) }
    }
    return (hashes, order)
  }

  /// A `{"removed": KEY}` line for each key of the old records not `kept`.
  static func removed(_ previous: [String: String], kept: Set<String>, order: [String]) -> [UInt8] {
    var output: [UInt8] = []
    for key in order where !kept.contains(key) {
      var object = JSONWriter(after: &output)
      object.open()
      object.add("removed", key)
      object.close()
      object.finish(into: &output)
    }
    return output
  }
}
