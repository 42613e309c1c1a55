import Island
import Outline
import Progress

/// `isle where`: the closed island for a position.
struct WhereCommand {
  let settings: Settings
  let cli: CLI

  func run() throws -> ExitStatus {
    let settings = self.settings
    return try cli.forEachDocument(settings) { document, source in
      let note =
        document.sections.isEmpty
        ? TocCommand.nothing(source, levels: settings.outline.levels) : nil
      guard let place = try settings.position.place(in: document, name: source.displayName) else {
        return DocumentOutput(status: .nothingFound, note: note)
      }
      let current = place.currentIndex.map { document.sections[$0] }
      let status: ExitStatus = current == nil ? .nothingFound : .success
      let bar = settings.display.bar(at: place, in: document)
      switch settings.format {
      case .json, .tsv, .markdown:
        return DocumentOutput(
          output: DocumentJSON.render(document, place: place, bar: bar ?? "") + "\n",
          status: status,
          note: note)
      case .spoken:
        guard let current else { return DocumentOutput(status: status, note: note) }
        let spoken = Spoken.text(
          title: current.title, number: current.number, count: document.sections.count,
          fraction: place.fraction, left: TimeLeft(place, in: document),
          copy: settings.display.copy)
        return DocumentOutput(output: spoken + "\n", status: status)
      case .text:
        return DocumentOutput(output: bar.map { $0 + "\n" } ?? "", status: status, note: note)
      }
    }
  }
}
