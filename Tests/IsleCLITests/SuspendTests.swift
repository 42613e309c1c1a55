import Foundation
import TestSupport
import Testing

/// Ctrl-Z stops `isle read` and `isle pick` as it stops less, the terminal
/// put back for the shell; after `fg` they are raw again (a key acts at
/// once, unechoed) and drawn anew. The same after SIGTSTP from outside.
@Suite struct SuspendTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux

  static func bottomRow(_ screen: String) -> String { ReadTerminalTests.bottomRow(screen) }

  /// Each step on its own command line: bash gives up the rest of a list
  /// whose job stops.
  static func stopped(_ screen: String) -> Bool {
    screen.contains("Stopped") && screen.hasSuffix("\n$")
  }

  /// Stops the pager by `stop` (run with the pane and the pager's pid),
  /// checks the shell has its modes, brings it back with `fg` and steps
  /// three sections on: the island there, and the modes before, while
  /// stopped and after.
  func readStoppedAndContinued(_ stop: (Pane, String) throws -> Void) throws {
    try Harness.withTree(["x": ""]) { root in
      let state = root.path
      let pane = try Pane(tmux: Self.tmux!, columns: 70, rows: 16)
      try pane.type("clear; stty -g > \(state)/before")
      try pane.type(
        "sh -c 'echo $$ > \(state)/pid; exec isle read --no-remember --color never fixtures/recipe.md'"
      )
      _ = try pane.wait { Self.bottomRow($0).contains("1 of 6") }
      let pid = try String(contentsOfFile: state + "/pid", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      try stop(pane, pid)
      let shell = try pane.wait(Self.stopped)
      #expect(Self.stopped(shell), "stopped, the shell's prompt shown: \(shell)")
      #expect(!shell.contains("1 of 6"), "the main screen is back: \(shell)")
      try pane.type("stty -g > \(state)/during; fg")
      let back = try pane.wait { Self.bottomRow($0).contains("1 of 6") }
      #expect(Self.bottomRow(back).contains("1 of 6"), "drawn anew: \(back)")
      try pane.literal("]]]")
      let moved = try pane.wait { Self.bottomRow($0).contains("4 of 6") }
      #expect(Self.bottomRow(moved).contains("4 of 6"), "raw: keys act at once: \(moved)")
      try pane.literal("q")
      _ = try pane.wait { $0.hasSuffix("\n$") }
      try pane.type("echo \"[$?]\"; stty -g > \(state)/after")
      #expect(try pane.wait(PickTerminalTests.exited).contains("[0]"))
      #expect(try PickTerminalTests.sameModes("\(state)/before", "\(state)/during"))
      #expect(try PickTerminalTests.sameModes("\(state)/before", "\(state)/after"))
    }
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func ctrlZStopsThePager() throws {
    try readStoppedAndContinued { pane, _ in try pane.keys("C-z") }
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func sigtstpFromOutsideStopsThePager() throws {
    try readStoppedAndContinued { _, pid in _ = try Spawn.run("/bin/kill", ["-TSTP", pid]) }
  }

  /// The picker's lines are cleared while it is stopped, and made again
  /// below the prompt after `fg`.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func ctrlZStopsThePicker() throws {
    let pane = try Pane(tmux: Self.tmux!)
    try pane.type("clear")
    try pane.type("isle pick --title MARK fixtures/recipe.md")
    _ = try pane.wait { $0.contains("○ MARK") }
    try pane.keys("C-z")
    let shell = try pane.wait(Self.stopped)
    #expect(Self.stopped(shell) && !shell.contains("○ MARK"), "cleared, stopped: \(shell)")
    try pane.type("fg")
    let back = try pane.wait { $0.contains("○ MARK") }
    #expect(back.contains("○ MARK") && back.contains("Method"), "drawn anew: \(back)")
    // Escape closes the contents, and again ends the pick: keys act at once.
    try pane.keys("Escape")
    _ = try pane.wait { !$0.contains("Method") }
    try pane.keys("Escape")
    _ = try pane.wait { $0.hasSuffix("\n$") }
    try pane.type("echo \"[$?]\"")
    #expect(try pane.wait(PickTerminalTests.exited).contains("[1]"))
  }
}
