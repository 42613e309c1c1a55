import Book
import Cells
import Island
import JSON
import Options
import Outline
import Progress
import Reader

/// `isle where BOOK`: the island for a place in a book: the chapter and
/// section, `chapter k of n`, the book's fraction read and the time left
/// in the chapter and in the book.
struct BookWhereCommand: RunnableCommand {
  let book: Book
  /// The chapter `--file` names, relative to the current folder; nil with
  /// `--percent` of the whole book.
  let file: String?
  let settings: Settings
  let cli: CLI

  /// Where the reader is: the entry, its document and the place in it.
  struct Spot {
    var entry: Int
    var document: Document
    var place: Place
  }

  func run() throws -> ExitStatus {
    let reader = BookCommand(book: book, settings: settings, cli: cli)
    let (documents, _) = reader.documents()
    if file == nil && settings.position.isEmpty { return try readSoFar(documents) }
    let spot = try locate(documents)
    let readable = book.chapters.indices.filter { documents[$0] != nil }
    let bar = BookBar(
      place: spot.place, chapter: readable.firstIndex(of: spot.entry) ?? 0,
      of: readable.compactMap { documents[$0] },
      title: BookCommand.title(book.chapters[spot.entry], spot.document))
    let copy = settings.display.copy
    switch settings.format {
    case .json, .tsv, .markdown:
      var object = JSONWriter()
      object.open()
      object.add("book", book.source)
      object.add("chapter", bar.chapter)
      object.add("chapterCount", bar.chapterCount)
      object.add("title", bar.title)
      object.add("path", book.chapters[spot.entry].path.map { BookPath.join(book.folder, $0) })
      object.add("fraction", bar.fraction)
      object.add("chapterMinutesLeft", bar.chapterLeft.minutes)
      object.add("minutesLeft", bar.bookMinutes)
      object.key("document")
      DocumentJSON.write(spot.document, place: spot.place, to: &object)
      object.close()
      try cli.stdout.write(object.text + "\n")
    case .spoken:
      try cli.stdout.write(bar.spoken(copy: copy) + "\n")
    case .text, .sarif, .junit, .github, .gitlab:
      let text = bar.text(
        copy: copy, glyphs: settings.display.theme.glyphs, width: settings.display.width)
      try cli.stdout.write(text + "\n")
    }
    return bar.isInSection ? .success : .nothingFound
  }

  /// The chapter `--file` names and the place in it, or the chapter and
  /// place `--percent` of the whole book falls in.
  func locate(_ documents: [Document?]) throws -> Spot {
    let chapters = book.chapters
    if let file {
      let wanted = Self.tidy(cli.files.resolvedPath(file))
      guard
        let entry = chapters.indices.first(where: { index in
          chapters[index].path.map {
            Self.tidy(cli.files.resolvedPath(BookPath.join(book.folder, $0))) == wanted
          } ?? false
        }), let document = documents[entry]
      else {
        throw DocumentError("\(book.source): no chapter is '\(file)'", status: .failure)
      }
      let place =
        try settings.position.place(in: document, name: file)
        ?? Place.locate(.offset(0), in: document, viewport: nil, progress: nil)
      return Spot(entry: entry, document: document, place: place)
    }
    guard let request = settings.position.position, request.kind == .percent,
      let percent = Double(request.text.replacing("%", with: "")), (0...100).contains(percent)
    else {
      throw UsageError(
        "where BOOK needs --file CHAPTER with a position, or --percent P of the book",
        command: "where")
    }
    let readable = chapters.indices.filter { documents[$0] != nil }
    guard !readable.isEmpty else {
      throw DocumentError("\(book.source): no chapters", status: .failure)
    }
    let total = readable.map { documents[$0]!.seconds }.reduce(0, +)
    var wanted = percent / 100 * Double(total)
    for entry in readable {
      let document = documents[entry]!
      let seconds = Double(document.seconds)
      if wanted <= seconds || entry == readable.last {
        let local = seconds > 0 ? min(wanted / seconds, 1) * 100 : 0
        let parsed = try Position.parse(String(local), as: .percent, in: document)
        let place = Place.locate(parsed, in: document, viewport: nil, progress: nil)
        return Spot(entry: entry, document: document, place: place)
      }
      wanted -= seconds
    }
    throw DocumentError("\(book.source): no chapters", status: .failure)
  }

  /// `where BOOK` with no place: how much of the book is read, by the
  /// sections `isle read` marked read (kept under the state folder), the
  /// fraction weighed by reading time, as the island's.
  func readSoFar(_ documents: [Document?]) throws -> ExitStatus {
    let marks = ReadOptions.stateFolder(cli.environment).map { ReadMarks(file: $0 + "/read") }
    var (sections, read, seconds, secondsRead) = (0, 0, 0, 0)
    for (chapter, document) in zip(book.chapters, documents) {
      guard let document, let path = chapter.path else { continue }
      let done = marks?.keys(for: BookPath.join(book.folder, path)) ?? []
      for (key, section) in zip(SectionKey.all(in: document), document.sections) {
        sections += 1
        seconds += section.seconds
        if done.contains(key) {
          read += 1
          secondsRead += section.seconds
        }
      }
    }
    let fraction =
      seconds > 0
      ? Double(secondsRead) / Double(seconds)
      : sections > 0 ? Double(read) / Double(sections) : 0
    let minutesLeft = Int((Double(seconds - secondsRead) / 60).rounded())
    switch settings.format {
    case .json, .tsv, .markdown:
      var object = JSONWriter()
      object.open()
      object.add("book", book.source)
      object.add("sections", sections)
      object.add("sectionsRead", read)
      object.add("fraction", fraction)
      object.add("minutesLeft", minutesLeft)
      object.close()
      try cli.stdout.write(object.text + "\n")
    default:
      let percent = Int((fraction * 100).rounded(.down))
      try cli.stdout.write(
        "\(read) of \(sections) sections read, \(percent)% of the book, \(minutesLeft) min left\n")
    }
    return .success
  }

  /// `path` with `.` and `..` resolved, to compare two spellings of it.
  static func tidy(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." { _ = parts.popLast() } else { parts.append(part) }
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }
}
