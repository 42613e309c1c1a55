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
  struct MarkerFailure: Error {
    let message: String
    var noMarkers = false
  }

  func run() throws -> ExitStatus {
    var status = ExitStatus.success
    for failure in settings.walkFailures {
      cli.report("isle: error: \(failure)")
      status = .failure
    }
    for source in settings.sources {
      guard case .file(let path) = source else {
        throw UsageError("--write and --check need files, not standard input", command: "toc")
      }
      do {
        let bytes = try cli.reader.read(source, limit: settings.maxSize)
        let updated: [UInt8]
        do {
          updated = try Self.updated(
            bytes, path: path, options: settings.outline, ordered: settings.ordered,
            afterMarkers: afterMarkers)
        } catch let failure as MarkerFailure where failure.noMarkers && !named.contains(path) {
          // Found in a directory: a document without a list is left alone.
          continue
        }
        guard updated != bytes else { continue }
        if check {
          try cli.stdout.write(path + "\n")
          if diff {
            try cli.stdout.write(
              UnifiedDiff.render(
                old: String(decoding: bytes, as: UTF8.self),
                new: String(decoding: updated, as: UTF8.self),
                oldName: path, newName: path))
          }
          if status == .success { status = .nothingFound }
        } else {
          try cli.writer.replace(cli.reader.resolvedPath(path), with: updated)
          try cli.stdout.write(path + "\n")
        }
      } catch let failure as ReadFailure {
        cli.report("isle: error: \(failure.message)")
        status = .failure
      } catch let failure as MarkerFailure {
        cli.report("isle: error: \(path): \(failure.message)")
        status = .failure
      } catch let failure as AtomicFile.Failure {
        cli.report("isle: error: \(path): \(failure.reason); the file is unchanged")
        status = .failure
      }
    }
    return status
  }

  /// The document with its contents list brought up to date; the same
  /// bytes when it already is.
  ///
  /// The list stands between the markers, with a blank line on each side,
  /// in the file's own line endings. Headings between the markers are not
  /// listed (they are what gets replaced); with `afterMarkers`, only those
  /// after the closing marker are.
  static func updated(
    _ bytes: [UInt8], path: String, options: OutlineOptions, ordered: Bool, afterMarkers: Bool
  ) throws -> [UInt8] {
    var options = options
    options.format = .markdown
    let document: Document
    do {
      document = try Outliner.outline(bytes, path: path, options: options)
    } catch {
      throw MarkerFailure(message: CLI.describe(error))
    }
    let starts = document.markers.filter { $0.kind == .start }
    let stops = document.markers.filter { $0.kind == .stop }
    guard !starts.isEmpty || !stops.isEmpty else {
      throw MarkerFailure(message: "no <!-- toc --> and <!-- tocstop --> markers", noMarkers: true)
    }
    guard starts.count == 1, stops.count == 1, starts[0].offset < stops[0].offset else {
      throw MarkerFailure(
        message: "the markers do not pair: found \(starts.count) <!-- toc --> and \(stops.count) "
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
