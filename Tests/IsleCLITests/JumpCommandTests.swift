import Foundation
import Testing

/// `isle jump` with what a user has at hand, on a document of its own.
@Suite struct JumpCommandTests {
  static func run(_ arguments: [String]) throws -> Harness.Outcome {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("isle-jump-\(UUID().uuidString).md")
    defer { try? FileManager.default.removeItem(at: file) }
    try "# Über uns\n\n## Install\n\n##### Deep Thing\n\nText.\n".write(
      to: file, atomically: true, encoding: .utf8)
    return Harness.run(["jump"] + arguments + [file.path])
  }

  @Test func aLinkAndAnAccentlessTitleFindTheirSections() throws {
    #expect(try Self.run(["docs/guide.html#install"]).stdout == "3\n")
    #expect(try Self.run(["uber"]).stdout == "1\n")
  }

  @Test func aHiddenHeadingIsFoundByItsIdAndNamedByItsTitle() throws {
    // An id names one heading whatever the levels shown.
    let byID = try Self.run(["#deep-thing"])
    #expect(byID.status == 0)
    #expect(byID.stdout == "5\n")
    #expect(try Self.run(["--max-level", "5", "#deep-thing"]).stdout == "5\n")
    // A title may be a part of many: the message says how to show it.
    let hidden = try Self.run(["deep"])
    #expect(hidden.status == 1)
    #expect(hidden.stdout.isEmpty)
    #expect(hidden.stderr.contains("a level 5 heading"))
    #expect(hidden.stderr.contains("'--max-level 5'"))
  }
}
