import Options
import Outline
import Progress

/// Where the reader is, as the options said it, kept as text until the
/// document is read: whether a value is in range depends on its size.
struct PositionRequest: Sendable {
  var position: (kind: Position.Kind, text: String)?
  var viewport: Int?
  var progress: Double?
  var section: String?

  /// True when nothing about the reader's place was given.
  var isEmpty: Bool { position == nil && progress == nil && section == nil }

  static func decide(_ raw: RawArguments, command: Command) throws -> PositionRequest {
    let name = command.rawValue
    // Every command spells a position the same way: jump steps from it,
    // pick opens on it, toc and where stand at it.
    let kinds: [(Position.Kind, OptionName)] = [
      (.offset, .offset), (.line, .line), (.percent, .percent),
    ]
    let given = kinds.compactMap { kind, option in raw.value(option).map { (kind, option, $0) } }
    guard given.count <= 1 else {
      let names = given.map { "'\(raw.spelling($0.1))'" }.joined(separator: " and ")
      throw UsageError("give one position, not \(names)", command: name)
    }
    var request = PositionRequest()
    request.position = given.first.map { (kind: $0.0, text: $0.2) }
    request.viewport = try OptionValues.integer(raw, .viewport, in: 1...Int.max, command: name)
    if let text = raw.value(.progress) {
      guard let value = Double(text), (0...1).contains(value) else {
        throw raw.invalid(.progress, text, expected: "a fraction from 0 to 1", command: name)
      }
      request.progress = value
    }
    request.section = raw.value(.section)
    return request
  }

  /// The reader's place in `document`, or nil when none was given.
  func place(in document: Document, name: String) throws -> Place? {
    if let position {
      do {
        let parsed = try Position.parse(position.text, as: position.kind, in: document)
        return Place.locate(parsed, in: document, viewport: viewport, progress: progress)
      } catch {
        throw DocumentError(error.message(document: name), status: .failure)
      }
    }
    if let section {
      let index = try DocumentError.resolving(
        Jump(section), text: section, in: document, name: name)
      return Place.estimate(section: index, in: document, progress: progress)
    }
    if let progress {
      return Place.locate(.offset(0), in: document, viewport: viewport, progress: progress)
    }
    return nil
  }
}

extension Flags {
  /// Where the reader is: the same three spellings for every command.
  /// `jump` steps from there and `pick` opens there (`--from-line` and
  /// `--from-offset`, their old names, are still read).
  static let reader = [
    OptionSpec(
      .line, value: "N", aliases: ["from-line"], help: "the reader is at line N (1-based)"),
    OptionSpec(
      .offset, value: "B", aliases: ["from-offset"], help: "the reader is at byte B (0-based)"),
    OptionSpec(.percent, value: "P", help: "the reader is P percent through (0-100)"),
  ]

  static let viewport = OptionSpec(
    .viewport, value: "N", help: "N lines are visible: all is read once the end shows")

  /// Where the reader stands, for `toc` and `where`.
  static let position =
    reader + [
      viewport,
      OptionSpec(.progress, value: "F", help: "the read fraction (0-1), as a pager knows it"),
      OptionSpec(.section, value: "X", help: "the reader is in section X (as jump names it)"),
    ]
}
