import Dispatch
import Island
import Outline
import Page
import Parallel
import Progress

/// `isle read`: a full-screen pager with the island on the bottom row.
///
/// The first screen is drawn from the bytes alone (only the pieces in view
/// are laid out); the outline is made meanwhile, on another thread, and the
/// island says `…` until it is known. A place asked for (`--line`,
/// `--section`…) needs the outline first; a remembered one is a byte.
struct ReadCommand {
  let settings: Settings
  let options: ReadOptions
  let cli: CLI

  func run() throws -> ExitStatus {
    guard let source = settings.sources.first else { return .failure }
    let loader = settings.loader(cli.files)
    let bytes = try loader.bytes(source)
    let format = DocumentShape.format(
      of: bytes.buffer.span, path: source.path, given: settings.outline.format)
    let pageFormat: PageFormat = options.plain ? .plain : format == .html ? .html : .markdown
    if pageFormat == .html {
      let limit = settings.outline.maxDepth
      let depth = DocumentShape.htmlDepth(of: bytes.buffer.span, limit: limit)
      guard depth <= limit else {
        throw DocumentFailure(
          source.displayName + ": " + DocumentLoader.describe(.tooDeep(depth: depth, limit: limit)),
          status: .failure)
      }
    }
    let decoded = Self.decoded(bytes, as: pageFormat)
    let cuts = decoded == nil ? Page.cuts(of: bytes.buffer.span, format: pageFormat) : [0]
    let page = Page(
      size: bytes.buffer.count, format: pageFormat, width: 80,
      cuts: cuts,
      hidden: pageFormat == .markdown ? DocumentShape.frontMatterEnd(of: bytes.buffer.span) : 0,
      glyphs: settings.display.theme.glyphs == .ascii ? .ascii : .unicode,
      decoded: decoded,
      scope: settings.outline.within,
      definitions: pageFormat == .markdown && cuts.count > 1
        ? LinkDefinitions(of: bytes.buffer.span) : LinkDefinitions()
    ) { range in Array(bytes.buffer[range]) }
    if pageFormat == .html, case .within(let selector) = settings.outline.within,
      page.lines(ofPiece: 0).isEmpty
    {
      throw DocumentFailure(
        source.displayName + ": nothing to read within '\(selector)'", status: .nothingFound)
    }

    var document: Document? = nil
    var startByte = 0
    let identity = options.remember ? source.path.flatMap(ReadPlaces.Identity.init(path:)) : nil
    let places = options.placesFile.map(ReadPlaces.init(file:))
    if !settings.position.isEmpty {
      let outline = try loader.outline(bytes, from: source)
      document = outline
      startByte = try settings.position.place(in: outline, name: source.displayName)?.offset ?? 0
    } else if let identity, let places, let offset = places.offset(for: identity) {
      startByte = min(offset, bytes.buffer.count)
    }

    let terminal: RawTerminal
    do {
      terminal = try RawTerminal()
    } catch {
      throw DocumentFailure("\(source.displayName): \(error.reason)", status: .failure)
    }
    let outlined = Lock<Result<Document, any Error>?>(nil)
    var session = ReadSession(
      terminal: terminal, page: page, display: settings.display, options: options,
      document: document, outlined: { outlined.withLock { $0 } }, startByte: startByte)
    // A signal to stop lets the loop end itself, so the place is kept.
    TerminalRescue.defersEnding = 1
    let ending = withExtendedLifetime(terminal) {
      defer { terminal.restore() }
      return session.run {
        guard document == nil else { return }
        DispatchQueue.global().async {
          let result = Result { try loader.outline(bytes, from: source) }
          outlined.withLock { $0 = result }
        }
      }
    }
    if let identity, let places { places.save(session.topByte, for: identity) }
    TerminalRescue.defersEnding = 0
    if TerminalRescue.stopping != 0 { TerminalRescue.end(by: TerminalRescue.stopping) }
    switch ending {
    case .gone:
      throw DocumentFailure("\(source.displayName): the terminal went away", status: .failure)
    case .interrupted: return .interrupted
    case .quit: return .success
    case .signalled(let signal): TerminalRescue.end(by: signal)
    }
  }

  /// A page in another encoding (HTML as declared, Markdown and plain
  /// text by a UTF-16 or UTF-32 byte order mark) in UTF-8, to be laid out
  /// whole; nil for UTF-8.
  static func decoded(_ bytes: LoadedBytes, as format: PageFormat) -> DecodedText? {
    let text =
      format == .html
      ? DocumentShape.htmlAsUTF8(bytes.buffer.span)
      : DocumentShape.wideTextAsUTF8(bytes.buffer.span)
    return text.map { DecodedText(utf8: $0.utf8, rawOffset: $0.rawOffset) }
  }
}
