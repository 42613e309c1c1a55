import Foundation
import Outline
import Parallel
import Testing

@testable import Files
@testable import IsleCLI
@testable import Options

/// `isle show` against the outline, on the shared corpus of real
/// documents (read from `../shared/corpus`, never copied): for every
/// section of every document, `isle show N` prints the bytes from its
/// `toc --format json` offset (the outline's, which the JSON prints as it
/// is) to the offset of the next section at its level or above, and
/// `--all` prints each document's text exactly, front matter left out.
/// Each document is loaded once, as the command loads it, and asked
/// in-process, so the corpus takes seconds.
@Suite(.enabled(if: SharedCorpus.isHere, "../shared/corpus is not here"))
struct ShowCorpusTests {
  static let corpus = SharedCorpus.folder

  @Test func everySectionAndEveryDocumentIsItsBytes() throws {
    let files = SystemFiles()
    let settings = try Settings.decide(
      RawArguments(), operands: [Self.corpus.path], command: .show, formats: [.text],
      environment: [:], terminal: .pipe, inputIsTerminal: false, files: files)
    let loader = settings.loader(files)
    let sources = settings.sources
    #expect(sources.count > 1000)
    let found = OrderedParallelMap.collect(count: sources.count, jobs: Settings.cores) { index in
      Self.check(sources[index], loader: loader, settings: settings)
    }
    let problems = found.flatMap(\.problems)
    #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
    #expect(found.reduce(0) { $0 + $1.sections } > 10_000)
    #expect(found.filter(\.isHTML).count == 4)
  }

  struct Checked: Sendable {
    var problems: [String] = []
    var sections = 0
    var isHTML = false
  }

  /// Every section of `source`, and all of it, printed as written.
  static func check(_ source: InputSource, loader: DocumentLoader, settings: Settings) -> Checked {
    var checked = Checked()
    let name = source.displayName
    do {
      let loaded = try loader.load(source)
      let document = loaded.document
      let bytes = loaded.bytes.buffer
      checked.isHTML = document.format == .html
      let format: ShowCommand.Format = checked.isHTML ? .html : .markdown
      let all = try ShowCommand.answer(
        loaded, source: source, request: ShowCommand.Request(all: true, format: format),
        settings: settings)
      let start = checked.isHTML ? 0 : DocumentShape.frontMatterEnd(of: bytes.span)
      if all.output != Array(bytes[start...]) { checked.problems.append("\(name): --all") }
      // The offsets and levels `toc --format json` prints, as they are.
      let sections = document.sections
      checked.sections = sections.count
      let tree = ShowCommand.tree(of: loaded, settings: settings)
      for (index, section) in sections.enumerated() {
        let next = sections[(index + 1)...].first { $0.level <= section.level }
        let expected = bytes[section.offset..<(next?.offset ?? bytes.count)]
        let request = ShowCommand.Request(selectors: [.jump(String(index + 1))], format: format)
        let shown = try ShowCommand.answer(
          loaded, tree: tree, blocks: nil, source: source, request: request, settings: settings)
        if shown.output != Array(expected) {
          checked.problems.append("\(name): section \(index + 1)")
        }
      }
    } catch {
      checked.problems.append("\(name): \(error)")
    }
    return checked
  }
}

/// Where the shared corpus is, and whether it is there.
enum SharedCorpus {
  static let folder = Harness.root.appendingPathComponent("../shared/corpus").standardized
  static var isHere: Bool { FileManager.default.fileExists(atPath: folder.path) }
}
