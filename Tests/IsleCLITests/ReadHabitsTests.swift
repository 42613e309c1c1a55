import Cells
import Foundation
import TestSupport
import Testing

@testable import IsleCLI
@testable import Reader

/// What a reader new to `isle read` reaches for, in a real terminal (tmux):
/// the end that reads as the end, a quoted heading `]` names, a count too
/// large for `g`, the keys screen, marks, the editor, and the page written
/// to a pipe with its front matter as a table.
@Suite(.serialized) struct ReadHabitsTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux

  static func bottomRow(_ screen: String) -> String { ReadTerminalTests.bottomRow(screen) }
  static func topRow(_ screen: String) -> String {
    String(screen.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
  }

  /// A chapter as books write one: parts, an aside in a quote with its own
  /// heading, two short sections last, and link definitions after them
  /// (lines the page never draws, so rows and lines part ways at the end).
  static func chapter() -> (text: String, titles: [String]) {
    let words = (1...60).map { "word\($0)" }.joined(separator: " ")
    var text = "# Chapter\n\n" + words + "\n"
    var titles = ["Chapter"]
    for part in 1...4 {
      text += "\n## Part \(part)\n\n" + words + "\n\n" + words + "\n"
      titles.append("Part \(part)")
      if part == 2 {
        text += "\n> ### The Stack and the Heap\n>\n> " + words + "\n"
        titles.append("The Stack and the Heap")
      }
    }
    text += "\n## Summary\n\nShort.\n\n## Exercises\n\nShorter.\n\n"
    titles += ["Summary", "Exercises"]
    text += (1...12).map { "[link\($0)]: https://example.com/\($0)\n" }.joined()
    return (text, titles)
  }

  /// The island after each `]` names the section whose heading is at the
  /// top, the quoted one too; `G` and a count past the last line read the
  /// end: the last section and a full ring, as `where` says for the lines
  /// in view; the keys screen keeps its columns.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theEndReadsAsTheEndAndEverySectionIsNamed() throws {
    let (text, titles) = Self.chapter()
    try Harness.withTree(["chapter.md": text]) { root in
      let document = root.appendingPathComponent("chapter.md").path
      let trace = root.appendingPathComponent("trace").path
      let pane = try Pane(tmux: Self.tmux!, columns: 80, rows: 24)
      func island(matches screen: String, _ label: String) throws {
        let (line, lines) = try #require(try ReadTerminalTests.traced(trace), "\(label)")
        #expect(
          Self.bottomRow(screen)
            == ReadTerminalTests.whereSays(line: line, rows: lines, columns: 80, document: document),
          "\(label): line \(line), \(lines) lines in view")
      }
      try pane.type(
        "clear; ISLE_READ_TRACE=\(trace) isle read --no-remember --reduce-motion --color never \(document); echo \"[$?]\""
      )
      var screen = try pane.wait { Self.bottomRow($0).contains("1 of \(titles.count)") }
      for (index, title) in titles.enumerated().dropFirst() {
        try pane.literal("]")
        screen = try pane.wait { Self.bottomRow($0).contains("\(index + 1) of \(titles.count)") }
        #expect(
          Self.bottomRow(screen).contains(title), "after ] \(index): \(Self.bottomRow(screen))")
        #expect(
          Self.topRow(screen).hasSuffix(title), "the heading at the top: \(Self.topRow(screen))")
        try island(matches: screen, "] onto \(title)")
      }
      try pane.literal("g")
      screen = try pane.wait { Self.bottomRow($0).contains("1 of \(titles.count)") }
      try pane.literal("G")
      screen = try pane.wait { Self.bottomRow($0).hasPrefix("↑ ●") }
      let end = Self.bottomRow(screen)
      #expect(end.contains("Exercises  \(titles.count) of \(titles.count)"), "\(end)")
      #expect(!Self.topRow(screen).contains("Exercises"), "the last heading is below the top")
      try island(matches: screen, "G")
      // From the end, steps count from the section the island names.
      try pane.literal("]")
      screen = try pane.wait { Self.bottomRow($0).contains("no more sections") }
      try pane.literal("[")
      screen = try pane.wait { Self.bottomRow($0).contains("Summary") }
      #expect(Self.topRow(screen).hasSuffix("Summary"), "\(Self.topRow(screen))")
      try pane.literal("]")
      screen = try pane.wait { Self.bottomRow($0).contains("Exercises") }
      // A new search backward starts at the last line on the screen, as
      // less's does: the shortest section's word is found there.
      try pane.literal("G?Shorter\r")
      screen = try pane.wait { Self.topRow($0).contains("Shorter") }
      try pane.literal("G")
      screen = try pane.wait { Self.bottomRow($0) == end }
      let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      try pane.literal("=")
      screen = try pane.wait { Self.bottomRow($0).hasPrefix("lines") }
      #expect(Self.bottomRow(screen).contains("–\(lineCount) of \(lineCount),"), "\(screen)")
      // A count of 21 digits before g is the end, as in less.
      try pane.literal("g")
      screen = try pane.wait { Self.bottomRow($0).contains("1 of \(titles.count)") }
      try pane.literal("123456789012345678901g")
      screen = try pane.wait { Self.bottomRow($0) == end }
      #expect(Self.bottomRow(screen) == end)
      try pane.literal("h")
      screen = try pane.wait { $0.contains("the keys") }
      var columns = Set<Int>()
      for row in ReadHelp.keys {
        let found = try #require(
          screen.split(separator: "\n").first {
            $0.hasSuffix(row.does) && $0.trimmingCharacters(in: .whitespaces).hasPrefix(row.keys)
          }, "\(row.keys) shown")
        let before = String(found.dropLast(row.does.count))
        #expect(before.trimmingCharacters(in: .whitespaces) == row.keys, "\(found)")
        columns.insert(Cells.width(of: before))
      }
      #expect(columns.count == 1, "every row's text starts at one column: \(columns)")
      try pane.literal(" q")
      #expect(try pane.wait(PickTerminalTests.exited).contains("[0]"))
    }
  }

  /// `m a` marks the top line, `' a` goes back to it, `''` back to where
  /// the last jump began; `v` opens $VISUAL at +LINE of the top line, and
  /// the pager comes back to that line with the document as edited.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func marksAndTheEditorComeBackToThePlace() throws {
    let words = (1...40).map { "word\($0)" }.joined(separator: " ")
    let text = (1...6).map { "## Part \($0)\n\n\(words)\n\n\(words)\n" }.joined(separator: "\n")
    let editor = """
      printf '%s\\n' "$@" > "$ISLE_TEST_ARGS"
      printf '\\nAn added line.\\n' >> "$2"

      """
    try Harness.withTree(["doc.md": text, "editor.sh": editor]) { root in
      let document = root.appendingPathComponent("doc.md").path
      let trace = root.appendingPathComponent("trace").path
      let arguments = root.appendingPathComponent("args").path
      let state = root.appendingPathComponent("stty").path
      func top() throws -> String { try #require(try ReadTerminalTests.traced(trace)).line }
      let pane = try Pane(tmux: Self.tmux!, columns: 70, rows: 16)
      try pane.type(
        "clear; stty -g > \(state).before; ISLE_TEST_ARGS=\(arguments) VISUAL='sh \(root.path)/editor.sh' ISLE_READ_TRACE=\(trace) isle read --no-remember --color never \(document); echo \"[$?]\"; stty -g > \(state).after"
      )
      var screen = try pane.wait { Self.bottomRow($0).contains("1 of 6") }
      try pane.literal("]]5j")
      screen = try pane.next(after: screen)
      let marked = try top()
      try pane.literal("ma")
      screen = try pane.wait { Self.bottomRow($0) == "marked 'a'" }
      try pane.literal("G")
      screen = try pane.wait { Self.bottomRow($0).contains("6 of 6") }
      let end = try top()
      #expect(end != marked)
      for (keys, expected) in [("'a", marked), ("''", end), ("''", marked)] {
        try pane.literal(keys)
        screen = try pane.next(after: screen)
        #expect(try top() == expected, "after \(keys)")
      }
      // The frames the pager draws after the editor (the first with the
      // outline known) come after those before it.
      func frames() -> [Substring] {
        ((try? String(contentsOfFile: trace, encoding: .utf8)) ?? "").split(separator: "\n")
      }
      let drawn = frames().count
      try pane.literal("v")
      _ = try pane.wait { _ in
        frames().count > drawn + 1 && frames().last?.hasPrefix("-") == false
      }
      screen = try pane.wait { Self.bottomRow($0).contains("of 6") }
      let given = try String(contentsOfFile: arguments, encoding: .utf8)
      #expect(given == "+\(marked)\n\(document)\n", "the editor was given +LINE and the file")
      #expect(try top() == marked, "back at the same line")
      let (line, lines) = try #require(try ReadTerminalTests.traced(trace))
      #expect(
        Self.bottomRow(screen)
          == ReadTerminalTests.whereSays(line: line, rows: lines, columns: 70, document: document))
      try pane.literal("G")
      screen = try pane.wait { $0.contains("An added line.") }
      #expect(screen.contains("An added line."), "the document as edited: \(screen)")
      try pane.literal("'a")
      screen = try pane.next(after: screen)
      #expect(try top() == marked, "the mark outlived the edit")
      try pane.literal("q")
      #expect(try pane.wait(PickTerminalTests.exited).contains("[0]"))
      #expect(try PickTerminalTests.sameModes("\(state).before", "\(state).after"))
      // An editor that fails says so, and the page stays.
      try pane.type("clear; VISUAL=false isle read --no-remember --color never \(document)")
      _ = try pane.wait { Self.bottomRow($0).contains("1 of 6") }
      try pane.literal("v")
      screen = try pane.wait { Self.bottomRow($0).contains("status") }
      #expect(Self.bottomRow(screen) == "the editor 'false' ended with status 1", "\(screen)")
      try pane.literal("q")
    }
  }

  static let post = """
    ---
    title: "A Post About Things"
    tags:
      - swift
      - terminals
    draft: false
    ---

    # A Post

    The first words of the post, enough of them to wrap once or twice at
    forty cells, and a second sentence after the first one.

    ## Later

    More words.

    """

  /// Standard output a pipe or a file, the page is written there as the
  /// pager lays it out (`--width`, default 80), without the island; the
  /// front matter is a table of keys and values, or not there at all.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func thePageGoesToAPipeAsThePagerDrawsIt() throws {
    try Harness.withTree(["post.md": Self.post]) { root in
      let document = root.appendingPathComponent("post.md").path
      let piped = try Harness.runBinary(["read", document])
      #expect(piped.status == 0)
      let text = String(decoding: piped.stdout, as: UTF8.self)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      #expect(!text.contains("\u{1B}") && !text.contains("of 2"), "no escapes, no island: \(text)")
      #expect(
        Array(lines.prefix(4)) == [
          "title │ A Post About Things", "tags  │", "      │ - swift", "      │ - terminals",
        ], "\(text)")
      #expect(!lines.contains("---"), "the fences are not drawn")
      let shell = try Harness.shell(
        "isle read '\(document)' | cat; isle read '\(document)' > '\(root.path)/out.txt'; cat '\(root.path)/out.txt'"
      )
      #expect(shell.stdout == text + text)
      let narrow = try Harness.runBinary(["read", "--width", "40", document]).stdout
      for line in String(decoding: narrow, as: UTF8.self).split(separator: "\n") {
        #expect(Cells.width(of: String(line)) <= 40, "\(line)")
      }
      let bare = try Harness.runBinary(["read", "--no-front-matter", document]).stdout
      #expect(String(decoding: bare, as: UTF8.self).hasPrefix("A Post\n"))
      let later = try Harness.runBinary(["read", "--section", "Later", document]).stdout
      #expect(String(decoding: later, as: UTF8.self).hasPrefix("Later\n"))
      let styled = try Harness.runBinary(["read", "--color", "always", document]).stdout
      #expect(String(decoding: styled, as: UTF8.self).contains("\u{1B}[2m"), "dimmed")
      // The terminal shows the same rows, a cell of margin before them.
      let pane = try Pane(tmux: Self.tmux!, columns: 82, rows: 20)
      try pane.type("clear; isle read --no-remember --width 80 --color never \(document)")
      let screen = try pane.wait { Self.bottomRow($0).contains("A Post") }
      let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines.count)
      #expect(
        rows.map { String($0.dropFirst()) }
          == lines.map { String($0.reversed().drop { $0 == " " }.reversed()) })
      try pane.literal("q")
    }
  }
}
