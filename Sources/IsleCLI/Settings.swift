import Island
import Outline
import Progress

#if canImport(Glibc)
  import Glibc
#endif

/// The ways a command can print a document.
enum OutputFormat: String, CaseIterable, Sendable {
  case text
  case spoken
  case json
  case tsv
  case markdown
}

/// What `jump` prints about the section it picks.
enum JumpPrint: String, CaseIterable, Sendable {
  case line
  case offset
  case id
  case bar
  case json
}

/// What every command decides before it reads a byte: how to outline, how
/// to draw, and which documents. The second step of argument parsing.
struct Settings: Sendable {
  var outline: OutlineOptions
  var format: OutputFormat
  var display: Display
  var reader: ReaderRequest
  var sources: [InputSource]
  /// Directories that could not be read while looking for documents.
  var walkFailures: [String]
  /// How many documents are read at once.
  var jobs: Int
  /// `--ordered`: a numbered Markdown list.
  var ordered: Bool
  /// The largest document read, in bytes.
  var maxSize: Int

  /// Decides the settings of `command` from the words given and the
  /// environment. `operands` are the files (a target already taken off).
  static func decide(
    _ raw: RawArguments, operands: [String], command: Command, formats: [OutputFormat],
    environment: [String: String], terminal: TerminalFacts, files: FileSystemProbe
  ) throws -> Settings {
    let name = command.rawValue
    let format =
      try Values.choice(raw, "format", as: OutputFormat.self, allowed: formats, command: name)
      ?? .text
    let walker = SourceWalker(includeHidden: raw.has("hidden"), fileSystem: files)
    let walked =
      operands.isEmpty
      ? (sources: [InputSource.standardInput], failures: [])
      : command == .toc
        ? walker.expand(operands)
        // where and jump read one document: a directory is an error.
        : (sources: operands.map { $0 == "-" ? .standardInput : .file($0) }, failures: [])
    return Settings(
      outline: try Values.outlineOptions(raw, command: name),
      format: format,
      display: try Display.decide(raw, command: name, environment: environment, terminal: terminal),
      reader: try ReaderRequest.decide(raw, command: command),
      sources: walked.sources,
      walkFailures: walked.failures,
      jobs: try Values.integer(raw, "jobs", in: 1...1024, command: name) ?? Self.cores,
      ordered: raw.has("ordered"),
      maxSize: try Values.size(raw, command: name))
  }

  /// The cores this machine has online, the default for `--jobs`.
  static var cores: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }
}

/// How the island is drawn: its words, glyphs, colours and width.
struct Display: Sendable {
  var copy: Copy
  var theme: Theme
  /// The widest any line may be, in cells.
  var width: Int
  var showsTop: Bool

  /// When to colour: `--color auto` colours a terminal only.
  enum ColorChoice: String, CaseIterable {
    case auto
    case always
    case never
  }

  /// Decides the display. The width is `--width` outright, else
  /// `--max-width` (default 60) capped by `COLUMNS`, else by the terminal's
  /// own width. Colour is on for `always`, or for `auto` on a terminal
  /// unless `NO_COLOR` is set (non-empty) or `TERM` is `dumb`; true colour
  /// when `COLORTERM` says so.
  static func decide(
    _ raw: RawArguments, command: String, environment: [String: String], terminal: TerminalFacts
  ) throws -> Display {
    var copy = Copy()
    if let title = raw.value("title") { copy.contentsTitle = title }
    if let text = raw.value("position-text") { copy.position = text }
    if let text = raw.value("spoken-text") { copy.spokenPosition = text }
    if let text = raw.value("read-text") { copy.readAmount = text }

    var width = try Values.integer(raw, "max-width", in: 1...100_000, command: command) ?? 60
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
      width = min(width, columns)
    } else if let columns = terminal.columns {
      width = min(width, columns)
    }
    if let outright = try Values.integer(raw, "width", in: 1...100_000, command: command) {
      width = outright
    }

    let choice = try Values.choice(raw, "color", as: ColorChoice.self, command: command) ?? .auto
    let colored: Bool
    switch choice {
    case .always: colored = true
    case .never: colored = false
    case .auto:
      colored =
        terminal.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        && environment["TERM"] != "dumb"
    }
    var accent = Accent.red
    if let text = raw.value("accent") {
      guard let parsed = Accent(text) else {
        throw UsageError(
          "invalid value '\(text)' for '--accent': expected #RRGGBB or one of "
            + Accent.named.keys.sorted().joined(separator: ", "), command: command)
      }
      accent = parsed
    }
    let trueColor = ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    let theme = Theme(
      glyphs: raw.has("ascii") ? .ascii : .unicode,
      paint: Paint(enabled: colored, accent: accent, trueColor: trueColor))
    return Display(copy: copy, theme: theme, width: width, showsTop: !raw.has("no-top"))
  }

  /// The bar for `section` of `count`, at `fraction` read.
  func bar(for section: Section, count: Int, fraction: Double) -> String {
    Bar(
      title: section.title, number: section.number, count: count, fraction: fraction, top: showsTop,
      copy: copy, theme: theme, width: width
    ).text()
  }
}

/// Where the reader is, as the options said it, kept as text until the
/// document is read: whether a value is in range depends on its size.
struct ReaderRequest: Sendable {
  var position: (kind: Position.Kind, text: String)?
  var viewport: Int?
  var progress: Double?
  var section: String?

  /// True when nothing about the reader's place was given.
  var isEmpty: Bool { position == nil && progress == nil && section == nil }

  static func decide(_ raw: RawArguments, command: Command) throws -> ReaderRequest {
    let name = command.rawValue
    // jump starts from a position; the others stand at one.
    let prefix = command == .jump || command == .pick ? "from-" : ""
    let kinds: [Position.Kind] = prefix.isEmpty ? [.offset, .line, .percent] : [.offset, .line]
    let given = kinds.compactMap { kind in raw.value(prefix + kind.rawValue).map { (kind, $0) } }
    guard given.count <= 1 else {
      let names = given.map { "'--\(prefix)\($0.0.rawValue)'" }.joined(separator: " and ")
      throw UsageError("give one position, not \(names)", command: name)
    }
    var request = ReaderRequest()
    request.position = given.first
    request.viewport = try Values.integer(raw, "viewport", in: 1...Int.max, command: name)
    if let text = raw.value("progress") {
      guard let value = Double(text), (0...1).contains(value) else {
        throw UsageError(
          "invalid value '\(text)' for '--progress': expected a fraction from 0 to 1", command: name
        )
      }
      request.progress = value
    }
    request.section = raw.value("section")
    return request
  }

  /// The reader's place in `document`, or nil when none was given.
  func place(in document: Document, name: String) throws -> Place? {
    if let position {
      do {
        let parsed = try Position.parse(position.text, as: position.kind, in: document)
        return Place.locate(parsed, in: document, viewport: viewport, progress: progress)
      } catch {
        throw DocumentFailure(error.message(document: name), status: .failure)
      }
    }
    if let section {
      let index = try DocumentFailure.resolving(
        Target(section), text: section, in: document, name: name)
      return Place.estimate(section: index, in: document, progress: progress)
    }
    if let progress {
      return Place.locate(.offset(0), in: document, viewport: viewport, progress: progress)
    }
    return nil
  }
}

/// A document that could not be answered for: one line for standard error,
/// and the exit status it calls for.
struct DocumentFailure: Error {
  let message: String
  let status: ExitStatus

  init(_ message: String, status: ExitStatus) {
    self.message = message
    self.status = status
  }

  /// Resolves `target` in `document`, turning a miss into a failure that
  /// lists the closest sections (exit 1).
  static func resolving(
    _ target: Target, text: String, in document: Document, name: String, from offset: Int? = nil
  ) throws -> Int {
    let sections = document.sections
    do {
      return try target.resolve(in: sections, from: offset)
    } catch .noMatch(let closest) {
      if sections.isEmpty {
        throw DocumentFailure("\(name) has no sections", status: .nothingFound)
      }
      throw DocumentFailure(
        "no section matches '\(text)' in \(name); closest: " + list(closest, in: sections),
        status: .nothingFound)
    } catch .ambiguous(let matches) {
      throw DocumentFailure(
        "'\(text)' matches \(matches.count) sections in \(name): " + list(matches, in: sections),
        status: .nothingFound)
    }
  }

  private static func list(_ indices: [Int], in sections: [Section]) -> String {
    indices.map {
      "\(sections[$0].number) \(SafeText.forTerminal(sections[$0].title))"
        + (sections[$0].id.map { " (#\($0))" } ?? "")
    }
    .joined(separator: ", ")
  }
}
