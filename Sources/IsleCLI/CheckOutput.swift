import Book
import Cells
import Files
import Island
import Links
import Records

/// What `isle check` prints, in the format asked: a line (or a JSON
/// object) per broken link, or, for CI, one SARIF log, one JUnit report,
/// GitHub's workflow commands or GitLab's Code Quality JSON, the book's
/// own findings among them.
struct CheckOutput {
  let format: OutputFormat
  let cli: CLI

  /// Writes `broken` and `more` (a book's findings, which text and JSON
  /// have printed already); `cases` are the documents checked, for JUnit;
  /// `succeeded` false when a document could not be read.
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
    case .json:
      try cli.stdout.write(broken.map { BrokenLinkReport.json($0) + "\n" }.joined())
    default:
      try cli.stdout.write(broken.map { BrokenLinkReport.line($0) + "\n" }.joined())
    }
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
  /// the table of contents), documents no entry names (at their first
  /// line).
  func findings(of audit: BookAudit, in book: Book) -> [CheckFinding] {
    let missing = audit.missing.map { chapter in
      let path = chapter.path ?? ""
      return CheckFinding(
        rule: .noChapterFile, path: book.source, line: chapter.line, column: 1,
        message: "no chapter file " + SafeText.forTerminal(path), target: path)
    }
    let listing = BookPath.name(of: book.source)
    let unlisted = audit.unlisted.map { path in
      CheckFinding(
        rule: .unlistedChapter, path: BookPath.join(book.folder, path), line: 1, column: 1,
        message: "in the book's folder, but no entry of \(SafeText.forTerminal(listing)) names it",
        target: path)
    }
    return missing + unlisted
  }
}
