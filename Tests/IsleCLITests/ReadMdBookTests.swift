import Foundation
import TestSupport
import Testing

/// `isle read` on `fixtures/mdbook` in a real terminal: the contents open
/// on the section the island names, Space at a chapter's end goes on to
/// the next, and the contents' filter goes to the best match.
@Suite(.serialized) struct ReadMdBookTerminalTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux

  static func start(_ pane: Pane, _ operand: String) throws -> String {
    try pane.type(
      "clear; isle read --no-remember --reduce-motion --color never \(operand); echo \"[$?]\"")
    return try pane.wait { ReadTerminalTests.bottomRow($0).contains(" of ") }
  }

  /// At the end (`G`) the island names the last section, though its
  /// heading is below the top line; the contents open on it too.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theIslandAndTheContentsNameOneSection() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 100, rows: 30)
    var screen = try Self.start(pane, "fixtures/mdbook/src/ch03-01-recoverable-errors.md")
    try pane.literal("G")
    screen = try pane.next(after: screen)
    let island = ReadTerminalTests.bottomRow(screen)
    #expect(island.contains("Passing Errors Up"), "\(island)")
    #expect(!screen.split(separator: "\n").first!.contains("Passing Errors Up"), "\(screen)")
    try pane.keys("Tab")
    screen = try pane.next(after: screen)
    let puck = screen.split(separator: "\n").filter { $0.contains("▌") }
    #expect(puck.count == 1 && puck[0].contains("Passing Errors Up"), "\(screen)")
    try pane.keys("Escape")
    try pane.literal("q")
    _ = try pane.wait(PickTerminalTests.exited)
  }

  /// Space pages to the chapter's end, then on into the next chapter's
  /// top, as mdBook's next arrow does.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func spaceAtAChaptersEndGoesOnToTheNext() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 90, rows: 8)
    var screen = try Self.start(pane, "fixtures/mdbook")
    #expect(ReadTerminalTests.bottomRow(screen).contains("chapter 1 of 7"), "\(screen)")
    var pages = 0
    while !ReadTerminalTests.bottomRow(screen).contains("chapter 2 of 7") && pages < 8 {
      try pane.keys("Space")
      screen = try pane.next(after: screen)
      pages += 1
    }
    #expect(ReadTerminalTests.bottomRow(screen).contains("Getting Started"), "\(screen)")
    #expect(pages >= 2, "the first chapter's end is shown before the next chapter")
    try pane.literal("q")
    _ = try pane.wait(PickTerminalTests.exited)
  }

  /// Tab, `slice`, Return: "The Slice Type", whose title has the word,
  /// not an earlier heading holding its letters apart.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theBooksContentsFilterGoesToTheBestMatch() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 90, rows: 20)
    var screen = try Self.start(pane, "fixtures/mdbook")
    try pane.keys("Tab")
    screen = try pane.next(after: screen)
    try pane.literal("slice")
    screen = try pane.wait { $0.contains("/slice") }
    #expect(screen.contains("Soil, Lime and Compost Ideas"), "both match: \(screen)")
    try pane.keys("Enter")
    screen = try pane.next(after: screen)
    #expect(ReadTerminalTests.bottomRow(screen).contains("The Slice Type"), "\(screen)")
    try pane.literal("q")
    _ = try pane.wait(PickTerminalTests.exited)
  }
}
