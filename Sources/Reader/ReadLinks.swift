import Cells
import Found
import Links
import Outline
import Page

#if canImport(Glibc)
  import Glibc
#endif

/// The link the highlight is on: where it goes, and the runs it covers on
/// its line and on the lines the wrap carried it onto.
struct ChosenLink: Equatable {
  /// A line's runs of the link.
  struct Part: Equatable {
    var spot: Spot
    var runs: Range<Int>
  }

  var destination: String
  var parts: [Part]
}

/// Links in the pager, as w3m and lynx have them: `l` and `L` move a
/// highlight from link to link on the screen, Return follows it (a click
/// does both). A fragment goes to its heading, a file to the chapter or
/// document beside this one, found as `isle check` finds it; a link to
/// the web, or to a file isle does not read, is offered to `$BROWSER`
/// (when set) or shown with its target, never opened unasked.
extension ReaderState {
  /// How far below the screen (above it, backwards) `l` looks for a link.
  static let linkReach = 2000

  /// The links of the line at `spot`, in order: its runs that go to one
  /// destination side by side.
  func links(at spot: Spot) -> [(runs: Range<Int>, destination: String)] {
    guard let line = page.line(at: spot) else { return [] }
    var found: [(runs: Range<Int>, destination: String)] = []
    for (index, run) in line.runs.enumerated() {
      guard let link = run.link else { continue }
      if let last = found.last, last.runs.upperBound == index, last.destination == link {
        found[found.count - 1].runs = last.runs.lowerBound..<index + 1
      } else {
        found.append((index..<index + 1, link))
      }
    }
    return found
  }

  /// True when a line's first link, at `runs`, goes on from the line
  /// before (a link the wrap broke): only marks and blanks before it, and
  /// the line before ends with a link to the same target.
  func goesOn(_ spot: Spot, _ runs: Range<Int>, to destination: String) -> Bool {
    let before = page.moved(spot, by: -1)
    guard before != spot, let line = page.line(at: spot), let above = page.line(at: before),
      let last = links(at: before).last, last.destination == destination
    else { return false }
    func blank(_ run: Run) -> Bool { run.offset == nil || run.text.allSatisfy(\.isWhitespace) }
    return line.runs[..<runs.lowerBound].allSatisfy(blank)
      && above.runs[last.runs.upperBound...].allSatisfy(blank)
  }

  /// The link that starts on the line at `spot` with `runs`, with the
  /// lines it goes on to.
  func chosen(at spot: Spot, runs: Range<Int>, destination: String) -> ChosenLink {
    var parts = [ChosenLink.Part(spot: spot, runs: runs)]
    var line = spot
    while parts.count < 8 {
      let next = page.moved(line, by: 1)
      guard next != line, let first = links(at: next).first, first.destination == destination,
        goesOn(next, first.runs, to: destination)
      else { break }
      parts.append(ChosenLink.Part(spot: next, runs: first.runs))
      line = next
    }
    return ChosenLink(destination: destination, parts: parts)
  }

  /// The links that start on the line at `spot` (not one going on).
  func starts(at spot: Spot) -> [ChosenLink] {
    links(at: spot).enumerated().compactMap { index, link in
      index == 0 && goesOn(spot, link.runs, to: link.destination)
        ? nil : chosen(at: spot, runs: link.runs, destination: link.destination)
    }
  }

  /// The last line on the screen.
  var bottom: Spot { page.moved(top, by: textRows - 1) }

  /// True when the line at `spot` is on the screen.
  func onScreen(_ spot: Spot) -> Bool { spot >= top && spot <= bottom }

  /// `l` (`L` backwards): the highlight on the next link on the screen
  /// (the first, when none has it); past the last, the next one below,
  /// scrolled onto the screen.
  mutating func chooseLink(forward: Bool) {
    if let chosen, !onScreen(chosen.parts[0].spot) { self.chosen = nil }
    var line = chosen?.parts[0].spot ?? (forward ? top : bottom)
    var candidates = starts(at: line)
    if !forward { candidates.reverse() }
    if let chosen, let at = candidates.firstIndex(of: chosen) {
      candidates.removeFirst(at + 1)
    }
    var reach = 0
    while candidates.isEmpty && reach < Self.linkReach {
      let next = page.moved(line, by: forward ? 1 : -1)
      if next == line { break }
      line = next
      reach += 1
      candidates = starts(at: line)
      if !forward { candidates.reverse() }
    }
    guard let found = candidates.first else {
      message = chosen == nil ? "no links here" : "no more links this way"
      return
    }
    chosen = found
    if forward, found.parts[0].spot > bottom {
      top = page.moved(found.parts[0].spot, by: -(textRows - 1))
    } else if !forward, found.parts[0].spot < top {
      top = found.parts[0].spot
    }
  }

  /// The link under `column` (1-based, past the margin) of screen row
  /// `row` (0-based), the highlight put on it.
  mutating func chooseLink(atRow row: Int, column: Int) -> ChosenLink? {
    let spot = page.moved(top, by: row)
    guard let line = page.line(at: spot) else { return nil }
    let seen = sideways.look(at: line, lit: []).line
    var used = 0
    var index: Int? = nil
    for (at, run) in seen.runs.enumerated() {
      used += Cells.width(of: run.text)
      if column <= used {
        index = at
        break
      }
    }
    guard let index, let destination = seen.runs[index].link,
      let link = links(at: spot).first(where: { $0.runs.contains(index) })
    else { return nil }
    var start = spot
    var runs = link.runs
    // A click on the part the wrap carried: the link from where it starts.
    while links(at: start).first.map({ $0.runs == runs }) == true,
      goesOn(start, runs, to: destination),
      let above = links(at: page.moved(start, by: -1)).last
    {
      start = page.moved(start, by: -1)
      runs = above.runs
    }
    chosen = chosen(at: start, runs: runs, destination: destination)
    return chosen
  }

  /// The characters of the line at `spot` the highlighted link covers.
  func linkHighlights(at spot: Spot) -> [Range<Int>] {
    guard let chosen, let part = chosen.parts.first(where: { $0.spot == spot }),
      let line = page.line(at: spot)
    else { return [] }
    let before = line.runs[..<part.runs.lowerBound].reduce(0) { $0 + $1.text.count }
    let inside = line.runs[part.runs].reduce(0) { $0 + $1.text.count }
    return [before..<before + inside]
  }

  /// Follows `link`: a fragment to its heading here, a file to the chapter
  /// or the document it names, anything else to the browser.
  mutating func follow(_ link: ChosenLink) -> ReaderOutcome {
    let found = FoundLink(destination: link.destination, kind: .link, offset: 0)
    let written = LinkDestination.writtenFragment(of: found)
    switch LinkDestination.of(found) {
    case .elsewhere:
      return browse(link.destination)
    case .fragment(let fragment):
      guard let document else {
        message = "the sections are still being read…"
        return .going
      }
      guard let byte = DocumentAnchors.offset(of: fragment, written: written, in: document) else {
        message = "no heading '#\(fragment)' here"
        return .going
      }
      jump(pushing: true) { $0.go(toByte: byte) }
      return .going
    case .file(let relative, let fragment, let fromRoot):
      let folder = path.map(LinkPath.folder(of:)) ?? "."
      let joined = LinkPath.joined(fromRoot ? root ?? folder : folder, relative)
      guard let (file, kind) = LinkChecker(root: folder).resolve(joined, targets: DiskTargets()),
        kind == .file
      else {
        message = "no file for the link '\(link.destination)'"
        return .going
      }
      return open(file, fragment: fragment, written: written)
    }
  }

  /// The file a link named: a chapter of the book, a document isle reads,
  /// or something for the browser.
  mutating func open(_ file: String, fragment: String?, written: String?) -> ReaderOutcome {
    let tidy = LinkPath.tidied(file)
    if let book, let index = book.chapters.firstIndex(where: { LinkPath.tidied($0.path) == tidy }) {
      var byte = 0
      if let fragment {
        let document = book.chapters[index].document
        guard let found = DocumentAnchors.offset(of: fragment, written: written, in: document)
        else {
          message = "no heading '#\(fragment)' in \(book.chapters[index].title)"
          return .going
        }
        byte = found
      }
      if index == book.current && !visiting {
        jump(pushing: true) { $0.go(toByte: byte) }
        return .going
      }
      return .chapter(index, byte: byte)
    }
    if let path, LinkPath.tidied(path) == tidy, let fragment, let document {
      guard let byte = DocumentAnchors.offset(of: fragment, written: written, in: document) else {
        message = "no heading '#\(fragment)' here"
        return .going
      }
      jump(pushing: true) { $0.go(toByte: byte) }
      return .going
    }
    if DocumentFormat.fromExtension(of: file) != nil { return .document(file, fragment: fragment) }
    return browse(file)
  }

  /// A link isle does not follow: offered to `$BROWSER` (Return again
  /// opens it there), else shown with its target.
  mutating func browse(_ target: String) -> ReaderOutcome {
    guard !target.isEmpty else {
      message = "this link goes nowhere"
      return .going
    }
    guard let browser else {
      message = target + " (set BROWSER to open it from here)"
      return .going
    }
    if offered == target {
      offered = nil
      message = "opened in " + browser + ": " + target
      return .browse(target)
    }
    offered = target
    message = target + ": Return again opens it in " + browser
    return .going
  }
}

/// Files as links find them, on the disk.
struct DiskTargets: LinkTargets {
  func kind(of path: String) -> TargetKind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    return info.st_mode & S_IFMT == S_IFDIR ? .folder : .file
  }

  func anchors(ofDocumentAt path: String) -> DocumentAnchors? { nil }
}
