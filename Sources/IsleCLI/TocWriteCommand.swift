import Island
import Outline

/// `isle toc --write` and `--check`: keep the contents list between a
/// README's `<!-- toc -->` and `<!-- tocstop -->` up to date, touching
/// nothing else.
struct TocWriteCommand {
  let settings: Settings
  let check: Bool
  let diff: Bool
  let afterMarkers: Bool
  let cli: CLI

  /// The files named on the command line, which must have markers; those
  /// found by walking a directory are updated only if they have them.
  let named: Set<String>

  /// A file whose markers are missing or do not pair.
  struct MarkerFailure: IsleError {
    let path: String
    let problem: String
    var noMarkers = false

    var message: String? { "\(path): \(problem)" }
    var status: ExitStatus { .failure }
  }

  func run() throws -> ExitStatus {
    var status = cli.reportWalk(settings.walk).isEmpty ? ExitStatus.success : .failure
    var loader = settings.loader(cli.files)
    loader.options.format = .markdown
    for source in settings.sources {
      guard case .file(let path) = source else {
        throw UsageError("--write and --check need files, not standard input", command: "toc")
      }
      // Errors of one file are reported in its turn and the others go on;
      // an error writing the list of files ends the run.
      let change: (old: String, new: String)?
      do {
        change = try self.change(source, path: path, loader: loader)
      } catch {
        let failure = CLI.failure(error)
        if let message = failure.message { cli.report("isle: error: \(message)") }
        status = .failure
        continue
      }
      guard let change else { continue }
      try cli.stdout.write(path + "\n")
      if check {
        if diff {
          try cli.stdout.write(
            UnifiedDiff.render(old: change.old, new: change.new, oldName: path, newName: path))
        }
        if status == .success { status = .nothingFound }
      }
    }
    return status
  }

  /// The file's text before and after its list is brought up to date (and,
  /// unless checking, the file replaced); nil when it is up to date, or has
  /// no markers and was only found in a folder.
  private func change(_ source: InputSource, path: String, loader: DocumentLoader) throws
    -> (old: String, new: String)?
  {
    let loaded = try loader.load(source)
    return try withExtendedLifetime(loaded) { () throws -> (old: String, new: String)? in
      let bytes = loaded.bytes.buffer
      let updated: [UInt8]
      do {
        updated = try Self.updated(
          bytes, document: loaded.document, path: path, ordered: settings.ordered,
          afterMarkers: afterMarkers)
      } catch let failure as MarkerFailure where failure.noMarkers && !named.contains(path) {
        // Found in a directory: a document without a list is left alone.
        return nil
      }
      guard !updated.elementsEqual(bytes) else { return nil }
      if !check {
        do throws(AtomicFile.Failure) {
          try cli.writer.replace(cli.files.resolvedPath(path), with: updated)
        } catch {
          throw DocumentFailure("\(path): \(error.reason); the file is unchanged", status: .failure)
        }
      }
      return check && diff
        ? (String(decoding: bytes, as: UTF8.self), String(decoding: updated, as: UTF8.self))
        : ("", "")
    }
  }

  /// The document with its contents list brought up to date; the same
  /// bytes when it already is.
  ///
  /// The list stands between the markers, with a blank line on each side,
  /// in the file's own line endings. Headings between the markers are not
  /// listed (they are what gets replaced); with `afterMarkers`, only those
  /// after the closing marker are.
  static func updated(
    _ bytes: UnsafeBufferPointer<UInt8>, document: Document, path: String, ordered: Bool,
    afterMarkers: Bool
  ) throws -> [UInt8] {
    let starts = document.markers.filter { $0.kind == .start }
    let stops = document.markers.filter { $0.kind == .stop }
    guard !starts.isEmpty || !stops.isEmpty else {
      throw MarkerFailure(
        path: path, problem: "no <!-- toc --> and <!-- tocstop --> markers", noMarkers: true)
    }
    guard starts.count == 1, stops.count == 1, starts[0].offset < stops[0].offset else {
      throw MarkerFailure(
        path: path,
        problem: "the markers do not pair: found \(starts.count) <!-- toc --> and \(stops.count) "
          + "<!-- tocstop -->, which must be one of each, in that order")
    }
    let (start, stop) = (starts[0], stops[0])
    let sections = document.sections.filter { section in
      if afterMarkers { return section.offset >= stop.endOffset }
      return section.offset < start.offset || section.offset >= stop.endOffset
    }
    var renumbered = sections
    for index in renumbered.indices { renumbered[index].number = index + 1 }
    let lineEnding: [UInt8] =
      start.endOffset >= 2 && bytes[start.endOffset - 2] == 0x0D
        && bytes[start.endOffset - 1] == 0x0A
      ? [0x0D, 0x0A] : [0x0A]
    var list: [UInt8] = []
    for byte in MarkdownList.render(renumbered, ordered: ordered).utf8 {
      if byte == 0x0A { list += lineEnding } else { list.append(byte) }
    }
    var result = Array(bytes[..<start.endOffset])
    // A marker on the last line without a line ending gets one.
    if start.endOffset == 0
      || (bytes[start.endOffset - 1] != 0x0A && bytes[start.endOffset - 1] != 0x0D)
    {
      result += lineEnding
    }
    result += lineEnding
    if !list.isEmpty { result += list + lineEnding }
    result += bytes[stop.offset...]
    return result
  }
}
