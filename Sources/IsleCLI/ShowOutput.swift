import Files
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
    _ excerpts: [Excerpt], as format: Format, tree: HeadingTree, loaded: DocumentLoader.Loaded,
    source: InputSource, request: Request, settings: Settings, meta: String? = nil
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
      output.reserveCapacity(excerpts.reduce(0) { $0 + $1.bytes.count + 256 })
      for excerpt in excerpts {
        let start = excerpt.bytes.lowerBound
        let context = ExcerptJSON.Context(
          path: source.path, lines: tree.lines(of: excerpt.bytes),
          frontMatter: tree.textStart > 0 && start == tree.textStart ? 0..<start : nil,
          meta: meta)
        // JSON holds Unicode: bytes that are not UTF-8 read as U+FFFD.
        let text = Array(
          (page.map { laidOut($0, excerpt.bytes, screen: nil) }
            ?? String(decoding: UnsafeBufferPointer(rebasing: buffer[excerpt.bytes]), as: UTF8.self))
            .utf8)
        ExcerptJSON.write(excerpt, in: tree, context: context, text: text.span, to: &output)
      }
    }
    return output
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
  init(problem: RecordProblem) {
    self.init(output: problem.json, status: .failure, error: problem.message)
  }
}
