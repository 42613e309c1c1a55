import Files
import Island
import Outline
import Page
import Progress
import Reader
import Walk

/// What `isle show` prints of a document's excerpts: their bytes as
/// written, their text as the pager lays it out, or a JSON record each.
extension ShowCommand {
  /// `excerpts` of `loaded` in `format`.
  static func render(
    _ excerpts: [Excerpt], as format: Format, tree: HeadingTree, loaded: DocumentLoader.Loaded,
    source: InputSource, request: Request, settings: Settings
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
          frontMatter: tree.textStart > 0 && start == tree.textStart ? 0..<start : nil)
        // JSON holds Unicode: bytes that are not UTF-8 read as U+FFFD.
        var text =
          page.map { laidOut($0, excerpt.bytes, screen: nil) }
          ?? String(decoding: UnsafeBufferPointer(rebasing: buffer[excerpt.bytes]), as: UTF8.self)
        text.withUTF8 {
          ExcerptJSON.write(excerpt, in: tree, context: context, text: $0, to: &output)
        }
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

extension CLI {
  /// `isle show`: the words read into selectors, files and a request.
  func show(_ raw: RawArguments) throws -> ExitStatus {
    let all = raw.has("all")
    let (words, files) = showOperands(raw)
    var selectors = words.map(Selector.init)
    for option in raw.options where option.name == "line" || option.name == "offset" {
      selectors.append(.position(option.name == "line" ? .line : .offset, option.value ?? ""))
    }
    if all, let first = selectors.first {
      let named = words.isEmpty ? " ('\(first.text)')" : ", and '\(first.text)' names no file"
      throw UsageError(
        "'--all' prints every section and takes no selector" + named, command: "show")
    }
    if !all && selectors.isEmpty {
      throw UsageError(
        "show needs a SELECTOR: a number, an id, a title, a path (Install/Linux), "
          + "a range (3..5), --line N or --offset B; or --all",
        command: "show")
    }
    if let backwards = selectors.first(where: \.isBackwards) {
      throw UsageError(
        "the range '\(backwards.text)' runs backwards: give its first section first",
        command: "show")
    }
    // Formats and positions are show's own: the settings see neither.
    var common = raw
    common.options.removeAll { ["format", "line", "offset"].contains($0.name) }
    let settings = try decideSettings(
      common, operands: files, command: .show, formats: [.text], terminal: terminal)
    var request = ShowCommand.Request(selectors: selectors, all: all)
    request.format = try OptionValues.choice(
      raw, "format", as: ShowCommand.Format.self, command: "show")
    request.subsections = !raw.has("no-subsections")
    request.body = raw.has("body")
    request.maxWords = try OptionValues.integer(
      raw, "max-words", in: 1...1_000_000_000, command: "show")
    // A readable measure on a terminal, as the pager's; 80 in a pipe.
    request.width =
      try OptionValues.integer(raw, "width", in: 1...100_000, command: "show")
      ?? (terminal.isTerminal ? min(settings.display.width, ReaderState.readableMeasure) : 80)
    return try ShowCommand(request: request, settings: settings, cli: self).run()
  }

  /// The selectors and the files: the operands up to the first that names
  /// a file or folder there is, or `-`, or looks like a document's name
  /// (so a mistyped one is reported missing); or those before `--` when
  /// some stand before it. A `--` that only ended the options (a selector
  /// that starts with `-`) leaves the rule to the words after it, up to a
  /// second `--`.
  private func showOperands(_ raw: RawArguments) -> ([String], [String]) {
    var words = raw.operands
    if let dashes = raw.operandsBeforeDashes {
      if dashes > 0 { return (Array(words[..<dashes]), Array(words[dashes...])) }
      if let second = words.firstIndex(of: "--") {
        return (Array(words[..<second]), Array(words[(second + 1)...]))
      }
    }
    let first =
      words.firstIndex { word in
        word == "-" || self.files.kind(word) != FileKind.missing
          || (!word.contains("#") && SourceWalker.isDocument(word))
      } ?? words.count
    let documents = Array(words[first...])
    words.removeSubrange(first...)
    return (words, documents)
  }
}
