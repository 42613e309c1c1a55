import Foundation
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
}
