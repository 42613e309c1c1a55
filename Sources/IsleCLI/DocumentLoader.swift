import Outline

/// The one way every command turns a source into a document: its bytes
/// loaded (a regular file mapped, never copied), outlined, and any failure
/// made one `IsleError` that names the source.
struct DocumentLoader: Sendable {
  let files: FileReading
  var options: OutlineOptions
  let maxSize: Int
  /// With `--slug auto`, what decides each file's id flavour.
  var detector: SlugFlavorDetector? = nil

  /// A document with the bytes it was read from, for a command that
  /// rewrites them; the bytes stay valid while this value lives.
  struct Loaded {
    let document: Document
    let bytes: LoadedBytes
  }

  /// The document `source` holds.
  func document(_ source: InputSource) throws -> Document {
    try load(source).document
  }

  /// The document `source` holds, and its bytes.
  func load(_ source: InputSource, options: OutlineOptions? = nil) throws -> Loaded {
    try load(files.load(source, limit: maxSize), path: source.path, options: options)
  }

  /// The document `bytes` hold, read from `path` (nil for standard input).
  func load(_ bytes: LoadedBytes, path: String?, options: OutlineOptions? = nil) throws -> Loaded {
    let source = path.map(InputSource.file) ?? .standardInput
    var options = options ?? self.options
    if let detector, let path = source.path {
      options.slugFlavor = detector.flavor(forDocumentAt: path)
    }
    do {
      let document = try Outliner.outline(
        bytes.buffer.span, path: source.path, options: options, release: bytes.release)
      return Loaded(document: document, bytes: bytes)
    } catch {
      throw DocumentFailure(source.displayName + ": " + Self.describe(error), status: .failure)
    }
  }

  /// One line for an outline that was refused.
  static func describe(_ error: OutlineError) -> String {
    switch error {
    case .tooDeep(let depth, let limit):
      return "HTML nests \(depth) elements deep, past the limit of \(limit) "
        + "(raise it with --max-nesting)"
    }
  }
}
