import Island
import Outline
import Progress

/// `isle jump`: pick a section and say where it is.
struct JumpCommand {
  let target: String
  let print: SectionPrint
  let settings: Settings
  let cli: CLI

  func run() throws -> ExitStatus {
    let (target, print, settings) = (self.target, self.print, self.settings)
    return try cli.forEachLoaded(settings) { loaded, source, loader in
      var document = loaded.document
      let name = source.displayName
      let start = try settings.position.place(in: document, name: name)
      // An id names one heading whatever the levels shown: one the levels
      // leave out is found in the outline that shows its level too.
      if let folded = Target(target).foldedID(in: document.sections, folded: document.folded) {
        let level = document.folded[folded].level
        var options = loader.options
        options.levels =
          min(options.levels.lowerBound, level)...max(options.levels.upperBound, level)
        document = try loader.outline(loaded.bytes, from: source, options: options)
      }
      let index = try DocumentFailure.resolving(
        Target(target), text: target, in: document, name: name, from: start?.offset)
      let output = Self.describe(
        document.sections[index], in: document, print: print, settings: settings)
      return DocumentOutput(output: output + "\n", status: .success)
    }
  }

  /// What `--print` asks for of `section`.
  static func describe(
    _ section: Section, in document: Document, print: SectionPrint, settings: Settings
  )
    -> String
  {
    switch print {
    case .line: return String(section.line)
    case .offset: return String(section.offset)
    case .id: return section.id ?? ""
    case .json: return DocumentJSON.section(section)
    case .bar:
      // The reader arrives at the section's first line.
      var place = Place.locate(
        .line(section.line), in: document, viewport: settings.position.viewport)
      place.currentIndex = section.number - 1
      return settings.display.bar(at: place, in: document) ?? ""
    }
  }
}
