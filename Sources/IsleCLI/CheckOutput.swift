import Book
import Cells
import Files
import Island
import JSON
import Links
import Records

/// What `isle check` prints, in the format asked: a line (or a JSON
/// object) per broken link, or, for CI, one SARIF log, one JUnit report,
/// GitHub's workflow commands or GitLab's Code Quality JSON, the book's
/// own findings among them.
struct CheckOutput {
  let format: OutputFormat
  let cli: CLI

  /// Writes `broken` and `more` (a book's findings: text and JSON sort
  /// them among the links, by file, line and column); `cases` are the
  /// documents checked, for JUnit; `succeeded` false when a document
  /// could not be read.
  func write(
    _ broken: [BrokenLink], more: [CheckFinding], cases: [JUnitReport.Case], succeeded: Bool
  ) throws {
    switch format {
    case .sarif:
      let all = more + findings(broken)
      try cli.stdout.write(SARIFLog.log(all, version: CLI.version, succeeded: succeeded) + "\n")
    case .junit:
      try cli.stdout.write(JUnitReport.report(more + findings(broken), cases: cases))
    case .github:
      let lines = (more + findings(broken)).map { CIAnnotations.github($0) + "\n" }
      try cli.stdout.write(lines.joined())
    case .gitlab:
      try cli.stdout.write(CIAnnotations.gitlab(more + findings(broken)) + "\n")
    default:
      let json = format == .json
      var lines = more.map { ($0.path, $0.line, $0.column, Self.line($0, json: json)) }
      lines += broken.map {
        ($0.path, $0.line, $0.column, json ? BrokenLinkReport.json($0) : BrokenLinkReport.line($0))
      }
      // A stable sort: at one place, the book's finding first.
      let sorted = lines.enumerated().sorted { a, b in
        let (x, y) = (a.element, b.element)
        if x.0 != y.0 { return x.0.utf8.lexicographicallyPrecedes(y.0.utf8) }
        return (x.1, x.2, a.offset) < (y.1, y.2, b.offset)
      }
      try cli.stdout.write(sorted.map { $0.element.3 + "\n" }.joined())
    }
  }

  /// A book's finding as a text line (`src/a.md:3:1: no file x.md to
  /// include`) or a JSON object in the form of a broken link's.
  static func line(_ finding: CheckFinding, json: Bool) -> String {
    guard json else {
      let hint = finding.suggestion.map { " (did you mean \(SafeText.forTerminal($0))?)" }
      return finding.location + ": " + finding.message + (hint ?? "")
    }
    var object = JSONWriter()
    object.open()
    BrokenLinkReport.members(
      of: finding.path, line: finding.line, column: finding.column, target: finding.target,
      file: nil, fragment: nil, reason: finding.rule.id, suggestion: finding.suggestion,
      renamed: nil, to: &object)
    object.close()
    return object.text
  }

  /// `--records`: each broken link a JSON record with its document's
  /// `meta`, and each record that gave no document (`problems`) or could
  /// not be read (the `failed` cases) an error record, all in input order
  /// (a document's links by line and column). The status: 2 when any
  /// record failed, else 1 when a link is broken, else 0.
  func write(
    _ broken: [BrokenLink], of records: [DocumentRecord], failed: [JUnitReport.Case],
    problems: [RecordError]
  ) throws -> ExitStatus {
    var byPath: [String: DocumentRecord] = [:]
    for record in records where byPath[record.path] == nil { byPath[record.path] = record }
    var lines: [(order: [Int], json: String)] = []
    for problem in problems {
      lines.append(([problem.line, 0, 0], String(decoding: problem.json, as: UTF8.self)))
    }
    for test in failed {
      guard let error = test.error, let record = byPath[test.path] else { continue }
      let problem = RecordError(record, reason: CLI.reason(line: error, path: record.path))
      lines.append(([record.line, 0, 0], String(decoding: problem.json, as: UTF8.self)))
    }
    for link in broken {
      let record = byPath[link.path]
      let json = BrokenLinkReport.json(link, meta: record?.meta) + "\n"
      lines.append(([record?.line ?? 0, link.line, link.column], json))
    }
    let sorted = lines.enumerated().sorted {
      ($0.element.order + [$0.offset]).lexicographicallyPrecedes($1.element.order + [$1.offset])
    }
    try cli.stdout.write(sorted.map(\.element.json).joined())
    if !problems.isEmpty || failed.contains(where: { $0.error != nil }) { return .failure }
    return broken.isEmpty ? .success : .nothingFound
  }

  /// Each broken link a finding, its column counted in UTF-16 code units
  /// on its line (each document read once more, for those with a link
  /// past a character outside ASCII; standard input keeps byte columns).
  func findings(_ broken: [BrokenLink]) -> [CheckFinding] {
    // The links come by path, then line: each document is read once and
    // gone through once, line by line up to its last link.
    var path = ""
    var bytes: [UInt8]? = nil
    var (line, start) = (1, 0)
    return broken.map { link in
      guard link.path != "-" else { return CheckFinding(link) }
      if link.path != path || link.line < line {
        path = link.path
        bytes = try? cli.files.bytes(.file(path), limit: Int.max)
        (line, start) = (1, 0)
      }
      guard let bytes else { return CheckFinding(link) }
      while line < link.line, let newline = bytes[start...].firstIndex(of: 0x0A) {
        (line, start) = (line + 1, newline + 1)
      }
      guard line == link.line else { return CheckFinding(link) }
      return CheckFinding(
        link, characterColumn: CheckFinding.characterColumn(link.column, on: bytes[start...]))
    }
  }

  /// A book's own findings: entries that name no file (at their line of
  /// the table of contents, with the document no entry names that is near
  /// enough, as a wrong heading's link gets the id meant), includes left
  /// as written (at the include), documents no entry names (at their
  /// first line).
  func findings(of audit: BookAudit, in book: Book) -> [CheckFinding] {
    let missing = audit.missing.map { chapter in
      let path = chapter.path ?? ""
      let near = EditDistance.nearest(to: path, in: audit.unlisted)
      return CheckFinding(
        rule: .noChapterFile, path: book.source, line: chapter.line, column: 1,
        message: "no chapter file " + SafeText.forTerminal(path), target: path,
        suggestion: near.count == 1 ? near[0] : nil)
    }
    let includes = audit.includes.map { miss in
      let include = miss.include
      let (rule, message) = Self.problem(miss)
      return CheckFinding(
        rule: rule, path: BookPath.join(book.folder, miss.chapter), line: include.line,
        column: include.column, message: message, target: include.path)
    }
    let listing = BookPath.name(of: book.source)
    let unlisted = audit.unlisted.map { path in
      CheckFinding(
        rule: .unlistedChapter, path: BookPath.join(book.folder, path), line: 1, column: 1,
        message: "in the book's folder, but no entry of \(SafeText.forTerminal(listing)) names it",
        target: path)
    }
    return missing + includes + unlisted
  }

  /// An include's rule, and what is wrong with it in words.
  static func problem(_ miss: BookAudit.IncludeMiss) -> (CheckRule, String) {
    let path = SafeText.forTerminal(miss.include.path)
    switch miss.problem {
    case .noFile: return (.noIncludeFile, "no file \(path) to include")
    case .noAnchor:
      var name = ""
      if case .anchor(let anchor) = miss.include.part { name = SafeText.forTerminal(anchor) }
      return (.noIncludeAnchor, "no anchor '\(name)' in \(path) to include")
    case .outside: return (.includeOutside, "\(path) \(Self.outsideBook): not included")
    case .notAFile: return (.includeNotAFile, "\(path) \(Self.notAFile): not included")
    case .tooLarge: return (.includeTooLarge, "\(path) \(Self.tooLarge): not included")
    }
  }

  /// Why an include is not read, as warnings and findings say it.
  static let outsideBook = "is outside the book"
  static let notAFile = "is not a plain file"
  static let tooLarge = "is larger than --max-size"
}
