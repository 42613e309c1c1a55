import Cells
import Island
import Outline
import Progress

/// A document that could not be answered for: one line for standard error,
/// and the exit status it calls for.
struct DocumentFailure: IsleError {
  let text: String
  let status: ExitStatus

  init(_ message: String, status: ExitStatus) {
    self.text = message
    self.status = status
  }

  var message: String? { text }

  /// Resolves `target` in `document`, turning a miss into a failure that
  /// lists the closest sections (exit 1).
  static func resolving(
    _ target: Target, text: String, in document: Document, name: String, from offset: Int? = nil
  ) throws -> Int {
    let sections = document.sections
    do {
      return try target.resolve(in: sections, folded: document.folded, from: offset)
    } catch .noMatch(let closest) {
      if sections.isEmpty {
        throw DocumentFailure("\(name) has no sections", status: .nothingFound)
      }
      throw DocumentFailure(
        "no section matches '\(text)' in \(name); closest: " + list(closest, in: sections),
        status: .nothingFound)
    } catch .folded(let index) {
      throw DocumentFailure(
        hidden(document.folded[index], text: text, in: document, name: name),
        status: .nothingFound)
    } catch .ambiguous(let matches) {
      throw DocumentFailure(
        "'\(text)' matches \(matches.count) sections in \(name): " + list(matches, in: sections),
        status: .nothingFound)
    }
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
