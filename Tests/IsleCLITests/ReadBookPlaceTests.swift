import Foundation
import Reader
import TestSupport
import Testing

/// `isle read BOOK` in a real terminal on `fixtures/linked-book`: a search
/// goes on through the book, and the place kept survives an edit above it.
@Suite(.serialized) struct ReadBookPlaceTerminalTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux

  /// `/quince`, a word only the last chapter has, from the first: found
  /// there, the chapter named; `n` at its one match goes past the book's
  /// end and round to it again, saying so; a word nowhere is said once.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func aSearchGoesOnThroughTheBook() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 100, rows: 20)
    var screen = try ReadLinksTerminalTests.start(pane, "fixtures/linked-book")
    #expect(ReadTerminalTests.bottomRow(screen).contains("chapter 1 of 4"), "\(screen)")
    try pane.literal("/quince")
    try pane.keys("Enter")
    screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("in chapter") }
    #expect(ReadTerminalTests.bottomRow(screen) == "'quince' in chapter 4, Picking", "\(screen)")
    #expect(screen.split(separator: "\n").first?.contains("quince") == true, "\(screen)")
    try pane.literal("n")
    screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("past the book's end") }
    #expect(
      ReadTerminalTests.bottomRow(screen)
        == "past the book's end, from the first chapter: 'quince' in chapter 4, Picking")
    try pane.literal("/nowhere-at-all")
    try pane.keys("Enter")
    screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("not found") }
    #expect(ReadTerminalTests.bottomRow(screen) == "not found in the book: nowhere-at-all")
    try pane.literal("B")
    screen = try pane.next(after: screen)
    #expect(
      ReadTerminalTests.bottomRow(screen).contains("Before You Start  chapter 1 of 4"),
      "the search pushed the place it left: \(screen)")
    try pane.literal("q")
    _ = try pane.wait(PickTerminalTests.exited)
  }

  /// A copy of `fixtures/linked-book` in a folder of its own, with the
  /// state folder beside it; removed after `body`.
  static func withBook(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-linked-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: Harness.root.appendingPathComponent("fixtures/linked-book"),
      to: folder.appendingPathComponent("book"))
    try body(folder)
  }

  /// The place in a chapter is its section and the bytes into it: ten
  /// lines inserted above it (in the section before) and the book opens
  /// at the same heading and the same sentence on the top row.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func aChapterEditedAboveThePlaceReopensThere() throws {
    try Self.withBook { folder in
      let pane = try Pane(tmux: Self.tmux!, columns: 100, rows: 12)
      let run =
        "XDG_STATE_HOME='\(folder.path)/state' isle read --reduce-motion --color never '\(folder.path)/book'; echo \"[$?]\""
      try pane.type("clear; " + run)
      var screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter 1 of 4") }
      try pane.literal("l")
      _ = try ReadLinksTerminalTests.lit(pane)
      try pane.keys("Enter")
      screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("Soil › Clay") }
      try pane.literal("4j")
      screen = try pane.next(after: screen)
      let top = try #require(screen.split(separator: "\n").first.map(String.init))
      let island = ReadTerminalTests.bottomRow(screen)
      #expect(island.contains("Soil › Clay"), "\(island)")
      #expect(top.trimmingCharacters(in: .whitespaces) != "Clay", "a sentence on the top row")
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
      let soil = folder.appendingPathComponent("book/src/garden/soil.md")
      var text = try String(contentsOf: soil, encoding: .utf8)
      let sand = try #require(text.range(of: "## Sand\n\n"))
      text.insert(
        contentsOf: (1...10).map { "A line put in above, number \($0).\n" }.joined() + "\n",
        at: sand.upperBound)
      try Data(text.utf8).write(to: soil)
      try pane.type("clear; " + run)
      screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter 2 of 4") }
      #expect(screen.split(separator: "\n").first.map(String.init) == top, "\(screen)")
      #expect(ReadTerminalTests.bottomRow(screen).contains("Soil › Clay"), "\(screen)")
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
    }
  }

  /// Sections read are kept across runs: read through the first chapter,
  /// leave, and `isle where BOOK` counts them; the contents mark them,
  /// and `U` goes to the first one not read.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func readMarksAreKeptAcrossRuns() throws {
    try Self.withBook { folder in
      let pane = try Pane(tmux: Self.tmux!, columns: 100, rows: 20)
      let state = "XDG_STATE_HOME='\(folder.path)/state'"
      let run =
        "\(state) isle read --reduce-motion --color never '\(folder.path)/book'; echo \"[$?]\""
      let book = folder.appendingPathComponent("book").path
      let before = Harness.run(
        ["where", book], environment: ["XDG_STATE_HOME": folder.path + "/state"])
      #expect(before.stdout == "0 of 15 sections read, 0% of the book, 6 min left\n", "\(before)")
      try pane.type("clear; " + run)
      var screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter 1 of 4") }
      while !ReadTerminalTests.bottomRow(screen).contains("chapter 2 of 4") {
        try pane.keys("Space")
        screen = try pane.next(after: screen)
      }
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
      let after = Harness.run(
        ["where", book], environment: ["XDG_STATE_HOME": folder.path + "/state"])
      #expect(after.stdout.hasPrefix("5 of 15 sections read, "), "\(after)")
      try pane.type("clear; " + run)
      screen = try pane.wait { ReadTerminalTests.bottomRow($0).contains("chapter 2 of 4") }
      try pane.keys("Tab")
      screen = try pane.next(after: screen)
      for title in ["Before You Start", "Tools", "Buying seed", "Keeping tools"] {
        #expect(
          screen.split(separator: "\n").contains { $0.contains("✓") && $0.contains(title) },
          "\(title) marked read: \(screen)")
      }
      #expect(!screen.split(separator: "\n").contains { $0.contains("✓") && $0.contains("Clay") })
      try pane.keys("Escape")
      screen = try pane.next(after: screen)
      try pane.literal("U")
      screen = try pane.next(after: screen)
      #expect(ReadTerminalTests.bottomRow(screen).contains("Soil › Sand"), "\(screen)")
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
    }
  }

  /// `isle where BOOK` with no place says how much is read, by the marks
  /// the pager keeps: none at first, then the sections marked.
  @Test func whereOnABookSaysHowMuchIsRead() throws {
    try Self.withBook { folder in
      let state = ["XDG_STATE_HOME": folder.path + "/state"]
      let book = folder.appendingPathComponent("book").path
      var outcome = Harness.run(["where", book], environment: state)
      #expect(outcome.stdout == "0 of 15 sections read, 0% of the book, 6 min left\n", "\(outcome)")
      ReadMarks(file: folder.path + "/state/isle/read").save(
        ["before-you-start", "before-you-start/tools"], for: book + "/src/intro.md")
      outcome = Harness.run(["where", "--format", "json", book], environment: state)
      #expect(outcome.stdout.contains("\"sections\":15,\"sectionsRead\":2,"), "\(outcome)")
      #expect(outcome.status == 0)
    }
  }
}
