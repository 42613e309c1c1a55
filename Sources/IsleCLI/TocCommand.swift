import Island
import Outline
import Progress

/// `isle toc`: the contents of each document.
struct TocCommand {
  let settings: Settings
  let cli: CLI

  func run() throws -> ExitStatus {
    var printedText = false
    let several = settings.sources.count > 1
    return try cli.forEachDocument(settings) { document, source in
      let place = try settings.reader.place(in: document, name: source.displayName)
      let found: ExitStatus = document.sections.isEmpty ? .nothingFound : .success
      switch settings.format {
      case .json, .spoken:
        try cli.stdout.write(DocumentJSON.render(document, place: place) + "\n")
      case .text:
        let lines = contents(of: document, at: place).lines()
        guard !lines.isEmpty else { return found }
        var output = ""
        if several {
          if printedText { output += "\n" }
          output += SafeText.forTerminal(source.displayName) + "\n"
        }
        output += lines.joined(separator: "\n") + "\n"
        try cli.stdout.write(output)
        printedText = true
      }
      return found
    }
  }

  private func contents(of document: Document, at place: Place?) -> Contents {
    let detail =
      place.map { settings.display.copy.readAmount($0.fraction) }
      ?? (document.minutes > 0 ? "\(document.minutes) min" : "")
    return Contents(
      sections: document.sections,
      currentIndex: place?.currentIndex,
      readFraction: place?.fraction ?? 0,
      barDetail: detail,
      copy: settings.display.copy,
      theme: settings.display.theme,
      width: settings.display.width)
  }
}
