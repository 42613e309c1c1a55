import Island
import Outline
import Progress

/// `isle where`: the closed island for a position.
struct WhereCommand {
  let settings: Settings
  let cli: CLI

  func run() throws -> ExitStatus {
    try cli.forEachDocument(settings) { document, source in
      guard let place = try settings.reader.place(in: document, name: source.displayName) else {
        return .nothingFound
      }
      let current = place.currentIndex.map { document.sections[$0] }
      let bar = current.map { section in
        settings.display.bar(for: section, count: document.sections.count, fraction: place.fraction)
      }
      switch settings.format {
      case .json:
        try cli.stdout.write(DocumentJSON.render(document, place: place, bar: bar ?? "") + "\n")
      case .spoken:
        if let current {
          try cli.stdout.write(
            Spoken.text(
              title: current.title, number: current.number, count: document.sections.count,
              fraction: place.fraction, copy: settings.display.copy) + "\n")
        }
      case .text:
        if let bar { try cli.stdout.write(bar + "\n") }
      }
      return current == nil ? .nothingFound : .success
    }
  }
}
