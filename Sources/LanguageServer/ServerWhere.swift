import Island
import JSON
import JSONRPC
import Outline
import Progress
import Workspace

/// `isle/where`: the `where` JSON (bar, section, fraction, time left) for
/// a text document and a position, for status lines and winbars.
extension LanguageServer {
  func whereJSON(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let (path, position) = (params.path, params.position)
    guard let text = text(path) else { throw .invalidParams("cannot read \(path)") }
    // Outlined as `isle where` outlines it: the levels and flavour the
    // command line gives, not every level as the symbols are.
    guard
      let document = try? Outliner.outline(
        text.bytes, path: path, options: host.outlineOptions(forDocumentAt: path))
    else { throw .invalidParams("cannot outline \(path)") }
    let line = min(position.line + 1, max(document.lineCount, 1))
    let place = Place.locate(.line(line), in: document)
    let copy = Wording()
    let bar = place.currentIndex.map { index -> String in
      let section = document.sections[index]
      return Bar(
        title: section.title, number: section.number, count: document.sections.count,
        fraction: place.fraction, copy: copy, theme: .plain, width: 1_000_000,
        left: copy.timeLeft(from: place, in: document)
      ).text()
    }
    let json = DocumentJSON.render(document, place: place, bar: bar ?? "")
    do {
      return try JSONParser.parse(Array(json.utf8))
    } catch {
      throw ResponseError(
        code: -32603, message: "the where JSON did not read back: \(error.problem)")
    }
  }
}
