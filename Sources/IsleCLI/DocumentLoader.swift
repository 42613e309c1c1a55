import Files
import Outline
import Walk

/// The one way every command turns a source into a document: its bytes
/// loaded (a regular file mapped, never copied), outlined, and any failure
/// made one `IsleError` that names the source.
struct DocumentLoader: Sendable {
  let files: FileAccess
  var options: OutlineOptions
  let maxSize: Int
  /// With `--slug auto`, what decides each file's id flavour.
  var detector: SlugFlavorDetector? = nil
  /// What finds the mdBook a file is a chapter of (`loadAsBuilt`).
  var books: BookChapters? = nil

  /// A document with the bytes it was read from, for a command that
  /// rewrites them; the bytes stay valid while this value lives. Its links
  /// when `options.findsLinks` asked, and how it was parsed.
  struct Loaded {
    let outlined: Outlined
    let bytes: LoadedBytes
    /// An mdBook chapter whose links were expanded: the text outlined
    /// (`outlined` is moved back onto the file's own `bytes`).
    var chapter: BuiltChapter? = nil
    /// What was met on the way, one line each for standard error
    /// (`isle: warning: ` before it): an include that leads outside.
    var warnings: [String] = []

    var document: Document { outlined.document }
  }

  /// The document `source` holds.
  func document(_ source: InputSource) throws -> Document {
    try load(source).document
  }

  /// The document `source` holds, and its bytes.
  func load(_ source: InputSource, options: OutlineOptions? = nil) throws -> Loaded {
    let bytes = try self.bytes(source)
    return Loaded(outlined: try outlined(bytes, from: source, options: options), bytes: bytes)
  }

  /// The document `bytes` hold, read from `path` (nil for standard input):
  /// an editor's unsaved text.
  func load(_ bytes: LoadedBytes, path: String?, options: OutlineOptions? = nil) throws -> Loaded {
    let source = path.map(InputSource.file) ?? .standardInput
    return Loaded(outlined: try outlined(bytes, from: source, options: options), bytes: bytes)
  }

  /// The bytes `source` holds, loaded (a regular file mapped) but not yet
  /// outlined: `isle read` draws them before it knows the sections. A
  /// binary file (NUL bytes, no byte order mark) is a failure that says so.
  func bytes(_ source: InputSource) throws -> LoadedBytes {
    let bytes = try files.load(source, limit: maxSize)
    if DocumentShape.isBinary(bytes.buffer.span, release: bytes.release) {
      throw DocumentError.binary(source.displayName)
    }
    return bytes
  }

  /// The document in `bytes`, loaded from `source`.
  func outline(_ bytes: LoadedBytes, from source: InputSource, options: OutlineOptions? = nil)
    throws -> Document
  {
    try outlined(bytes, from: source, options: options).document
  }

  /// The same, with its links when `options.findsLinks` asks and how it
  /// was parsed.
  func outlined(_ bytes: LoadedBytes, from source: InputSource, options: OutlineOptions? = nil)
    throws -> Outlined
  {
    var options = options ?? self.options
    if let detector, let path = source.path {
      options.slugFlavor = detector.flavor(forDocumentAt: path)
    }
    do {
      return try Outliner.outlined(
        bytes.buffer.span, path: source.path, options: options, release: bytes.release)
    } catch {
      throw DocumentError(source.displayName + ": " + Self.describe(error), status: .failure)
    }
  }

  /// One line for an outline that was refused.
  static func describe(_ error: OutlineError) -> String {
    switch error {
    case .tooDeep(let depth, let limit):
      return "HTML nests \(depth) elements deep, past the limit of \(limit) "
        + "(raise it with --max-nesting)"
    case .tooWide(let columns, let line, let limit):
      return "a table \(columns) columns wide on line \(line), past the limit of \(limit) "
        + "(raise it with --max-columns)"
    }
  }
}

extension LoadedBytes {
  /// The bytes as the commands read them, valid while `self` lives (as a
  /// mapping is, and a command keeps its `Loaded`); Files lends them only
  /// as a `Span` (`withSpan`).
  var buffer: UnsafeBufferPointer<UInt8> {
    withSpan { span in span.withUnsafeBufferPointer { $0 } }
  }
}
