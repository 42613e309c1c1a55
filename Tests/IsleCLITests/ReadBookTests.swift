import Foundation
import TestSupport
import Testing

/// `isle read BOOK` in a real terminal: at every step the island is held
/// to what `isle where BOOK --file CHAPTER` says for the chapter, top line
/// and rows the pager traced; `]` reads on through every chapter, `[`
/// comes back into the previous chapter's last section, and the place in
/// the book is kept.
@Suite(.serialized) struct ReadBookTerminalTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux

  /// The last frame's top line, rows of text and chapter.
  static func traced(_ path: String) throws -> (line: String, rows: String, chapter: String)? {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    guard let last = text.split(separator: "\n").last else { return nil }
    let fields = last.split(separator: " ").map(String.init)
    return fields.count == 4 ? (fields[0], fields[1], fields[3]) : nil
  }

  static func whereSays(_ traced: (line: String, rows: String, chapter: String), columns: Int)
    -> String
  {
    Harness.run([
      "where", "fixtures/book", "--file", traced.chapter, "--line", traced.line, "--viewport",
      traced.rows, "--width", String(columns - 2), "--color", "never",
    ]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theBookIsReadChapterAfterChapter() throws {
    let columns = 90
    let pane = try Pane(tmux: Self.tmux!, columns: columns, rows: 20)
    let scratch = "/tmp/isle-read-book-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let run =
      "XDG_STATE_HOME=\(scratch) ISLE_READ_TRACE=\(scratch).trace isle read --reduce-motion --color never fixtures/book; echo \"[$?]\""
    try pane.type("clear; " + run)
    var screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter 1 of 5") }
    var chapters: [String] = []
    for key in Array(repeating: "]", count: 8) + ["[", "[", "G", "k", "g"] {
      try pane.literal(key)
      screen = try pane.next(after: screen)
      let traced = try #require(try Self.traced(scratch + ".trace"), "after \(key)")
      #expect(
        ReadTerminalTests.bottomRow(screen) == Self.whereSays(traced, columns: columns),
        "after \(key): \(traced)")
      if chapters.last != traced.chapter { chapters.append(traced.chapter) }
    }
    let names = chapters.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
    #expect(
      names == ["water.md", "temperature.md", "leaves.md", "thanks.md", "leaves.md"],
      "] on through the chapters, [ back into the last one's last section")
    // The contents are the book's, opened on the chapter read.
    try pane.keys("Tab")
    screen = try pane.next(after: screen)
    #expect(screen.contains("Temperature") && screen.contains("Milk (draft)"), "\(screen)")
    #expect(screen.split(separator: "\n").contains { $0.contains("▌") && $0.contains("Leaves") })
    try pane.keys("Up", "Up", "Up", "Enter")
    screen = try pane.next(after: screen)
    let left = ReadTerminalTests.bottomRow(screen)
    #expect(left.contains("Water › Hard and soft"), "\(left)")
    try pane.literal("q")
    screen = try pane.wait(PickTerminalTests.exited)
    #expect(screen.contains("[0]"))
    try pane.type("clear; " + run)
    screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter") }
    #expect(ReadTerminalTests.bottomRow(screen) == left, "reopened where the book was left")
    try pane.literal("q")
    _ = try pane.wait(PickTerminalTests.exited)
  }

  /// The chapter left is kept by its file: a chapter added before it
  /// since (in a subfolder, which leaves the book's folder's time as it
  /// was) does not move the reader.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theChapterLeftIsKeptByItsFile() throws {
    try Harness.withTree([
      "plain/README.md": "# Start\n\nSome words.\n", "plain/b.md": "# Bee\n\nWords.\n",
      "plain/guide/page.md": "# Guide page\n\nWords.\n", "plain/z.md": "# Zed\n\nWords.\n",
    ]) { root in
      let pane = try Pane(tmux: Self.tmux!, columns: 90, rows: 20)
      let run =
        "XDG_STATE_HOME='\(root.path)/state' isle read --reduce-motion --color never --book '\(root.path)/plain'; echo \"[$?]\""
      try pane.type("clear; " + run)
      var screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter 1 of") }
      try pane.keys("Tab")
      screen = try pane.next(after: screen)
      try pane.literal("page")
      screen = try pane.next(after: screen)
      try pane.keys("Enter")
      screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("Guide page  chapter") }
      let before = ReadTerminalTests.bottomRow(screen)
      #expect(before.contains("chapter 3 of 4"), "\(before)")
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
      try Data("# A first\n\nWords.\n".utf8).write(
        to: root.appendingPathComponent("plain/guide/a-first.md"))
      try pane.type("clear; " + run)
      screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter") }
      let after = ReadTerminalTests.bottomRow(screen)
      #expect(after.contains("Guide page  chapter"), "reopened at the chapter left: \(after)")
      #expect(after.contains("chapter 4 of 5"), "\(after)")
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
    }
  }

  /// A chapter whose file is missing is said on the bottom row as the
  /// pager opens and on standard error after, marked in the contents, not
  /// opened when picked, and the exit status is 2, as `toc`'s.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func aMissingChapterIsSaidAndMarked() throws {
    try Harness.withTree([
      "mkdocs.yml": "nav:\n  - index.md\n  - Gone: gone.md\n  - Last: last.md\n",
      "docs/index.md": "# Home\n\nSome words.\n", "docs/last.md": "# Last\n\nMore words.\n",
    ]) { root in
      let pane = try Pane(tmux: Self.tmux!, columns: 100, rows: 20)
      try pane.type(
        "clear; XDG_STATE_HOME='\(root.path)/state' isle read --reduce-motion --color never '\(root.path)'; echo \"[$?]\""
      )
      var screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("gone.md") }
      #expect(ReadTerminalTests.bottomRow(screen).contains("gone.md"), "\(screen)")
      try pane.keys("Tab")
      screen = try pane.next(after: screen)
      #expect(screen.contains("Gone (missing)"), "\(screen)")
      try pane.literal("Gone")
      screen = try pane.next(after: screen)
      try pane.keys("Enter")
      screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("no file to read") }
      #expect(ReadTerminalTests.bottomRow(screen).contains("no file to read for 'Gone'"))
      try pane.keys("Escape")
      screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter 1 of 2") }
      #expect(ReadTerminalTests.bottomRow(screen).contains("chapter 1 of 2"), "\(screen)")
      try pane.literal("q")
      screen = try pane.wait(PickTerminalTests.exited)
      #expect(screen.contains("[2]"), "\(screen)")
      #expect(screen.contains("gone.md"), "still on standard error: \(screen)")
    }
  }

  /// Standard output not a terminal: the chapters' pages one after the
  /// other, in the book's order.
  @Test func inAPipeTheChaptersAreWrittenInOrder() throws {
    let outcome = Harness.run(["read", "--width", "60", "fixtures/book"])
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let order = ["Preface", "Water", "Temperature", "Leaves", "Thanks"].map {
      outcome.stdout.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil }, "\(outcome.stdout)")
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
  }

  /// A position names a place in one document: with a book, a usage error.
  @Test func aPositionWithABookIsAUsageError() {
    let outcome = Harness.run(["read", "--line", "3", "fixtures/book"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("read BOOK opens where the book was left"), "\(outcome.stderr)")
  }
}
