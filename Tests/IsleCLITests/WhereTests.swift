import Foundation
import TestSupport
import Testing

/// `where` and `jump` through the whole pipeline (bytes, outline, place,
/// JSON), checked against doc/where.md's formulas for the fraction read and
/// the sections' byte ranges.
@Suite struct WhereTests {

  struct DocumentOutput {
    var current: [String: Any]?
    var fraction: Double
    var document: [String: Any]
  }

  static func whereJSON(_ arguments: [String], file: String) throws -> DocumentOutput {
    let outcome = Harness.run(["where", "--format", "json"] + arguments + ["fixtures/\(file)"])
    guard outcome.status == 0 || outcome.status == 1 else {
      throw WhereError(
        message: "where \(arguments) \(file): exit \(outcome.status): \(outcome.stderr)")
    }
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    return DocumentOutput(
      current: object["current"] as? [String: Any], fraction: try exactFraction(outcome.stdout),
      document: object)
  }

  /// The `fraction` member read with Swift's exact decimal parser, as
  /// JSONSerialization may round the last digit.
  static func exactFraction(_ json: String) throws -> Double {
    let start = try #require(json.range(of: "\"fraction\":")).upperBound
    let digits = json[start...].prefix { "0123456789.eE+-".contains($0) }
    return try #require(Double(digits))
  }

  struct WhereError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  static let fixturesWithSections = requiredCases(
    GoldenTests.fixtureNames.filter { !["empty.md", "no-headings.md"].contains($0) },
    "fixtures with sections")

  /// The number of the section whose byte range holds `offset` (a scan,
  /// not the binary search under test); before the first section, the first.
  static func holder(_ sections: [[String: Any]], offset: Int) -> Int {
    for section in sections {
      if (section["offset"] as! Int) <= offset && offset < (section["endOffset"] as! Int) {
        return section["number"] as! Int
      }
    }
    return offset < (sections.first!["offset"] as! Int) ? 1 : sections.last!["number"] as! Int
  }

  /// The number of the last section starting on or before `line` (HTML may
  /// start two on one line, so a line's range can be empty); before the
  /// first section, the first.
  static func holder(_ sections: [[String: Any]], line: Int) -> Int {
    let started = sections.filter { ($0["line"] as! Int) <= line }
    return (started.last ?? sections[0])["number"] as! Int
  }

  @Test(arguments: fixturesWithSections)
  func randomOffsetsLandInTheSectionThatHoldsThem(_ file: String) throws {
    var random = SplitMix(state: file.utf8.reduce(7) { $0 &* 31 &+ UInt64($1) })
    let size = try Self.whereJSON(["--offset", "0"], file: file).document["size"] as! Int
    var offsets = [0, size - 1, size]
    offsets += (0..<25).map { _ in Int.random(in: 0...size, using: &random) }
    for offset in offsets {
      let answer = try Self.whereJSON(["--offset", String(offset)], file: file)
      let sections = answer.document["sections"] as! [[String: Any]]
      #expect(
        answer.current?["number"] as? Int == Self.holder(sections, offset: offset),
        "offset \(offset) in \(file)")
      let travel = size - 1
      let expected = travel <= 0 ? 1 : min(max(Double(offset) / Double(travel), 0), 1)
      #expect(answer.fraction == expected, "offset \(offset) in \(file)")
    }
    #expect(try Self.whereJSON(["--offset", "0"], file: file).fraction == 0)
  }

  @Test(arguments: fixturesWithSections)
  func randomLinesLandInTheSectionThatHoldsThem(_ file: String) throws {
    var random = SplitMix(state: UInt64(file.utf8.count) &* 977)
    let lineCount = try Self.whereJSON(["--line", "1"], file: file).document["lines"] as! Int
    var lines = [1, lineCount]
    lines += (0..<15).map { _ in Int.random(in: 1...lineCount, using: &random) }
    for line in lines {
      for viewport in [nil, 5, lineCount + 10] as [Int?] {
        let extra = viewport.map { ["--viewport", String($0)] } ?? []
        let answer = try Self.whereJSON(["--line", String(line)] + extra, file: file)
        let sections = answer.document["sections"] as! [[String: Any]]
        // Travelled to the end (the last line in view, the first not), the
        // reader is in the last section, unless a heading is on the top line.
        let atTheEnd = viewport.map { line > 1 && line + $0 - 1 >= lineCount } ?? false
        let headingHere = sections.contains { $0["line"] as? Int == line }
        let section =
          atTheEnd && !headingHere ? sections.count : Self.holder(sections, line: line)
        #expect(
          answer.current?["number"] as? Int == section,
          "line \(line) viewport \(String(describing: viewport)) in \(file)")
        let travel = lineCount - max(viewport ?? 1, 1)
        let expected = travel <= 0 ? 1 : min(max(Double(line - 1) / Double(travel), 0), 1)
        #expect(
          answer.fraction == expected,
          "line \(line) viewport \(String(describing: viewport)) in \(file)")
      }
    }
    #expect(try Self.whereJSON(["--line", String(lineCount)], file: file).fraction == 1)
    #expect(
      try Self.whereJSON(["--line", "1", "--viewport", String(lineCount + 1)], file: file).fraction
        == 1)
  }

  @Test(arguments: fixturesWithSections)
  func jumpThenWhereNamesTheSameSection(_ file: String) throws {
    let sections =
      try Self.whereJSON(["--line", "1"], file: file).document["sections"] as! [[String: Any]]
    let lines = sections.map { $0["line"] as! Int }
    for section in sections {
      let number = section["number"] as! Int
      // Where HTML starts two sections on one line, the line names the last
      // of them; the offset round trip below still names each.
      let sharesALine = lines.filter { $0 == section["line"] as! Int }.count > 1
      // An HTML heading the page gives no anchor has a null id.
      for target in [String(number)] + [section["id"] as? String].compactMap({ $0 }) {
        // `--` so an id that starts with `-` is not read as an option.
        let jump = Harness.run(["jump", "--", target, "fixtures/\(file)"])
        #expect(jump.status == 0, "jump \(target) in \(file): \(jump.stderr)")
        let line = jump.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let answer = try Self.whereJSON(["--line", line], file: file)
        if !sharesALine {
          #expect(
            answer.current?["number"] as? Int == number, "jump \(target) → line \(line) in \(file)")
        }
        let offset = Harness.run(["jump", "--print", "offset", "--", target, "fixtures/\(file)"])
          .stdout
          .trimmingCharacters(in: .whitespacesAndNewlines)
        let byOffset = try Self.whereJSON(["--offset", offset], file: file)
        #expect(byOffset.current?["number"] as? Int == number)
      }
    }
  }

  @Test func percentAndProgressAndSection() throws {
    let middle = try Self.whereJSON(["--percent", "50"], file: "recipe.md")
    #expect(middle.fraction == 0.5)
    let overridden = try Self.whereJSON(["--line", "1", "--progress", "0.25"], file: "recipe.md")
    #expect(overridden.fraction == 0.25)
    #expect(overridden.current?["number"] as? Int == 1)
    let named = try Self.whereJSON(["--section", "method"], file: "recipe.md")
    #expect(named.current?["number"] as? Int == 4)
    #expect(named.fraction == 3.5 / 6)
  }
}

/// Positions given by a marker in the text: the marker is taken out and its
/// byte offset is the `--offset` under test.
@Suite struct MarkedTextTests {
  static let marker = "1️⃣"

  /// The current section's title for the marked position.
  static func title(at marked: String) throws -> String? {
    let parts = marked.components(separatedBy: marker)
    precondition(parts.count == 2, "one marker")
    let offset = parts[0].utf8.count
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-marked-\(UUID()).md")
    try Data((parts[0] + parts[1]).utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let outcome = Harness.run(["where", "--format", "json", "--offset", String(offset), url.path])
    let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    return (object?["current"] as? [String: Any])?["title"] as? String
  }

  @Test func insideAHeadingIsThatSection() throws {
    #expect(try Self.title(at: "# One\n\ntext\n\n## Tw1️⃣o\n\nmore\n") == "Two")
    #expect(try Self.title(at: "# One\n\ntext\n\n1️⃣## Two\n") == "Two")
    #expect(try Self.title(at: "# One\n\ntext\n\nSetext\n--1️⃣--\n") == "Setext")
  }

  @Test func onABlankLineBetweenSectionsIsTheEarlierOne() throws {
    #expect(try Self.title(at: "# One\n\ntext\n1️⃣\n## Two\n") == "One")
    #expect(try Self.title(at: "# One\r\n\r\ntext\r\n1️⃣\r\n## Two\r\n") == "One")
  }

  @Test func inFrontMatterIsTheFirstSection() throws {
    #expect(try Self.title(at: "---\ntitle: 1️⃣x\n---\n# First\n\n## Second\n") == "First")
  }

  @Test func beforeTheFirstHeadingIsTheFirstSection() throws {
    #expect(try Self.title(at: "Pre1️⃣amble text.\n\n## First\n\n## Second\n") == "First")
  }

  @Test func atTheVeryEndIsTheLastSection() throws {
    #expect(try Self.title(at: "# One\n\n## Two\n\nlast words\n1️⃣") == "Two")
  }
}

/// `jump`'s targets and `where`'s errors, as a user meets them.
@Suite struct JumpTests {
  func jump(_ arguments: [String]) -> Harness.Outcome {
    Harness.run(["jump"] + arguments + ["fixtures/recipe.md"])
  }

  @Test func namesAndNumbers() throws {
    #expect(jump(["method"]).stdout == "36\n")
    #expect(jump(["METHOD"]).stdout == "36\n")
    #expect(jump(["4"]).stdout == "36\n")
    #expect(jump(["ingred"]).stdout == "16\n")
    #expect(jump(["lentil soup"]).stdout == "1\n")
    #expect(jump(["first"]).stdout == "1\n")
    #expect(jump(["top"]).stdout == "1\n")
    #expect(jump(["last", "--print", "id"]).stdout == "notes\n")
  }

  @Test func stepsFromAPositionClampAtTheEnds() throws {
    #expect(jump(["next", "--from-line", "40", "--print", "id"]).stdout == "serving\n")
    #expect(jump(["prev", "--from-line", "40", "--print", "id"]).stdout == "ingredients\n")
    #expect(jump(["+2", "--from-line", "40", "--print", "id"]).stdout == "notes\n")
    #expect(jump(["+9", "--from-line", "40", "--print", "id"]).stdout == "notes\n")
    #expect(jump(["-9", "--from-line", "40", "--print", "id"]).stdout == "weeknight-lentil-soup\n")
    #expect(jump(["next", "--print", "id"]).stdout == "overview\n")
  }

  @Test func printsWhatIsAskedFor() throws {
    #expect(jump(["method", "--print", "offset"]).stdout == "1105\n")
    #expect(jump(["method", "--print", "bar"]).stdout.hasPrefix("↑ "))
    #expect(jump(["method", "--print", "json"]).stdout.hasPrefix("{\"number\":4,"))
  }

  @Test func noMatchListsTheClosestAndExits1() throws {
    let outcome = jump(["metod"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(
      outcome.stderr.hasPrefix(
        "isle: error: no section matches 'metod' in fixtures/recipe.md; closest: 4 Method"))
    #expect(jump(["7"]).status == 1)
  }

  @Test func anAmbiguousPartListsTheMatchesAndExits1() throws {
    let outcome = jump(["er"])
    #expect(outcome.status == 1)
    #expect(outcome.stderr.contains("'er' matches 2 sections"))
    #expect(outcome.stderr.contains("2 Overview (#overview), 5 Serving (#serving)"))
  }

  @Test(arguments: [
    (
      ["--offset", "9000"],
      "offset 9000 is past the end of fixtures/recipe.md (2566 bytes; offsets run 0 to 2566)"
    ),
    (
      ["--offset", "-1"],
      "offset -1 is negative (fixtures/recipe.md: 2566 bytes; offsets run 0 to 2566)"
    ),
    (["--offset", "9223372036854775807"], "offset 9223372036854775807 is past the end"),
    (["--offset", "1e99"], "offset '1e99' is not a whole number"),
    (["--offset", "99999999999999999999"], "offset 99999999999999999999 is past the end"),
    (["--offset", "NaN"], "offset 'NaN' is not a number"),
    (
      ["--line", "73"],
      "line 73 is past the end of fixtures/recipe.md (72 lines, 2566 bytes; lines run 1 to 72)"
    ),
    (["--line", "0"], "line 0 is before the first line"),
    (
      ["--percent", "100.0001"],
      "percent 100.0001 is outside 0 to 100 (fixtures/recipe.md: 2566 bytes"
    ),
    (["--percent", "nan"], "percent 'nan' is not a number"),
  ])
  func badPositionsNameTheValueTheRangeAndTheSize(_ arguments: [String], _ message: String) {
    let outcome = Harness.run(["where"] + arguments + ["fixtures/recipe.md"])
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.hasPrefix("isle: error: " + message))
    #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test func minusZeroPercentIsTheTop() throws {
    let outcome = Harness.run([
      "where", "--percent", "-0", "--format", "spoken", "fixtures/recipe.md",
    ])
    #expect(outcome.stdout == "Weeknight Lentil Soup, Section 1 of 6, 0% read, 2 minutes left\n")
  }

  @Test func whereWithoutAPositionIsAUsageError() throws {
    let outcome = Harness.run(["where", "fixtures/recipe.md"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("where needs a position"))
  }

  @Test func noSectionsNothingDrawnExit1() throws {
    let outcome = Harness.run(["where", "--line", "1", "fixtures/no-headings.md"])
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(Harness.run(["jump", "first", "fixtures/no-headings.md"]).status == 1)
  }
}
