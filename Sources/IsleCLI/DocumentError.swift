import Cells
import Island
import Outline
import Progress

/// A document that could not be answered for (no such section, a binary
/// file, a page too deep): one line naming it, and the exit status it
/// calls for.
struct DocumentError: IsleError {
  let text: String
  let status: ExitStatus
  /// True for a file that is no document (see `binary`).
  private(set) var isBinary = false

  init(_ message: String, status: ExitStatus) {
    self.text = message
    self.status = status
  }

  /// A file with NUL bytes and no byte order mark, read as grep and
  /// ripgrep read one: `isle: error: FILE: binary file, not a document`,
  /// exit 2 when it was named; a folder's is skipped.
  static func binary(_ name: String) -> DocumentError {
    var failure = DocumentError(
      SafeText.forTerminal(name) + ": binary file, not a document", status: .failure)
    failure.isBinary = true
    return failure
  }

  var message: String? { text }

  /// The line for standard error, with the one prefix every error has.
  var line: String? { "isle: error: " + text }

  /// True when `error` is a binary file's.
  static func isBinary(_ error: any Error) -> Bool {
    (error as? DocumentError)?.isBinary == true
  }

  /// Resolves `jump` in `document`, turning a miss into a failure that
  /// lists the sections close to it, if any are (exit 1).
  static func resolving(
    _ jump: Jump, text: String, in document: Document, name: String, from offset: Int? = nil
  ) throws -> Int {
    let sections = document.sections
    do {
      return try jump.resolve(in: sections, folded: document.folded, from: offset)
    } catch .noMatch(let closest) {
      if sections.isEmpty {
        throw DocumentError("\(name) has no sections", status: .nothingFound)
      }
      if case .number(let number) = jump {
        throw DocumentError(
          "no section \(number) in \(name): its sections are 1 to \(sections.count)",
          status: .nothingFound)
      }
      // Only sections near what was asked are offered; none is better than
      // a list of unrelated titles.
      let offer =
        closest.isEmpty
        ? " (none is close; 'isle toc' lists them)" : "; closest: " + list(closest, in: sections)
      throw DocumentError(
        "no section matches '\(text)' in \(name)" + offer, status: .nothingFound)
    } catch .folded(let index) {
      throw DocumentError(
        hidden(document.folded[index], text: text, in: document, name: name),
        status: .nothingFound)
    } catch .foldedAmbiguous(let matches) {
      throw DocumentError(
        hidden(matches.map { document.folded[$0] }, text: text, in: document, name: name),
        status: .nothingFound)
    } catch .ambiguous(let matches) {
      throw DocumentError(
        "'\(text)' matches \(matches.count) sections in \(name): " + list(matches, in: sections),
        status: .nothingFound)
    }
  }

  /// What to say of several headings outside the levels shown that the
  /// the jump names, and the levels that show them.
  private static func hidden(
    _ headings: [FoldedHeading], text: String, in document: Document, name: String
  ) -> String {
    let deeper = headings.map(\.level).filter { $0 > document.levels.upperBound }
    let higher = headings.map(\.level).filter { $0 < document.levels.lowerBound }
    let options =
      (deeper.max().map { ["--max-level \($0)"] } ?? [])
      + (higher.min().map { ["--min-level \($0)"] } ?? [])
    let named = headings.map {
      "'\(SafeText.forTerminal($0.title))' (line \($0.line), level \($0.level))"
    }
    return "'\(text)' matches \(headings.count) headings in \(name) that the levels shown "
      + "(\(document.levels.lowerBound)-\(document.levels.upperBound)) leave out: "
      + named.joined(separator: ", ") + "; add '\(options.joined(separator: " "))' to show them"
  }

  /// What to say of a heading outside the levels shown, and how to show it.
  private static func hidden(
    _ heading: FoldedHeading, text: String, in document: Document, name: String
  ) -> String {
    let option =
      heading.level > document.levels.upperBound
      ? "--max-level \(heading.level)" : "--min-level \(heading.level)"
    return "'\(text)' in \(name) is '\(SafeText.forTerminal(heading.title))' (line "
      + "\(heading.line)), a level \(heading.level) heading, which the levels shown "
      + "(\(document.levels.lowerBound)-\(document.levels.upperBound)) leave out; "
      + "add '\(option)' to show it"
  }

  private static func list(_ indices: [Int], in sections: [Section]) -> String {
    indices.map {
      "\(sections[$0].number) \(SafeText.forTerminal(sections[$0].title))"
        + (sections[$0].id.map { " (#\($0))" } ?? "")
    }
    .joined(separator: ", ")
  }
}
