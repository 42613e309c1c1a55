import Island
import Outline

/// `isle toc`: the contents of each document.
struct TocCommand {
  let settings: TocSettings
  let cli: CLI

  func run() throws -> ExitStatus {
    var failed = false
    var foundSections = false
    var printedText = false
    let several = settings.sources.count > 1
    for source in settings.sources {
      guard let document = cli.outline(source, options: settings.outline) else {
        failed = true
        continue
      }
      foundSections = foundSections || !document.sections.isEmpty
      switch settings.format {
      case .json:
        try cli.stdout.write(DocumentJSON.render(document) + "\n")
      case .text:
        let lines = contents(of: document).lines()
        guard !lines.isEmpty else { continue }
        var output = ""
        if several {
          if printedText { output += "\n" }
          output += SafeText.forTerminal(source.displayName) + "\n"
        }
        output += lines.joined(separator: "\n") + "\n"
        try cli.stdout.write(output)
        printedText = true
      }
    }
    if failed { return .failure }
    return foundSections ? .success : .nothingFound
  }

  private func contents(of document: Document) -> Contents {
    Contents(
      sections: document.sections,
      barDetail: document.minutes > 0 ? "\(document.minutes) min" : "",
      copy: settings.copy,
      maxWidth: settings.maxWidth)
  }
}
