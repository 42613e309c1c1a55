import Foundation
import TestSupport
import Testing

@testable import IsleCLI

/// However `isle pick` is ended from outside, by a signal or by a crash, the
/// terminal's modes come back as they were, the picker's lines are
/// cleared, and nothing waits for a key.
@Suite(.serialized) struct PickSignalTests {
  typealias Pane = PickTerminalTests.Pane

  /// A signal, the status the shell shows for it, and whether isle ends by
  /// it as a crash (a line on stderr) rather than as a request to stop.
  struct Ending: CustomTestStringConvertible, Sendable {
    let name: String
    let number: Int32
    let crash: Bool
    var testDescription: String { "SIG\(name)" }
  }

  static let endings = [
    Ending(name: "TERM", number: SIGTERM, crash: false),
    Ending(name: "HUP", number: SIGHUP, crash: false),
    Ending(name: "INT", number: SIGINT, crash: false),
    Ending(name: "SEGV", number: SIGSEGV, crash: true),
    Ending(name: "ILL", number: SIGILL, crash: true),
    Ending(name: "ABRT", number: SIGABRT, crash: true),
    Ending(name: "BUS", number: SIGBUS, crash: true),
    Ending(name: "TRAP", number: SIGTRAP, crash: true),
  ]

  @Test(
    .enabled(if: PickTerminalTests.tmux != nil, "tmux is not installed"),
    arguments: endings)
  func aSignalPutsTheTerminalBack(ending: Ending) throws {
    let pane = try Pane(tmux: PickTerminalTests.tmux!)
    let mark = "sig\(ending.name.lowercased())-\(UUID().uuidString.prefix(8))"
    let before = "/tmp/isle-\(mark)-before"
    let after = "/tmp/isle-\(mark)-after"
    defer {
      try? FileManager.default.removeItem(atPath: before)
      try? FileManager.default.removeItem(atPath: after)
    }
    try pane.type(
      "clear; stty -g > \(before); isle pick --title \(mark) fixtures/recipe.md; echo \"[$?]\"; stty -g > \(after)"
    )
    _ = try pane.wait { $0.contains("○ \(mark)") }
    _ = try Spawn.run("/usr/bin/pkill", ["-\(ending.name)", "-f", "pick --title \(mark)"])
    let screen = try pane.wait(PickTerminalTests.exited)
    #expect(screen.contains("[\(128 + ending.number)]"), "\(screen)")
    #expect(!screen.contains("○ \(mark)"), "the picker's lines are cleared")
    #expect(!screen.contains("Press space"), "no backtracer waits for a key")
    #expect(screen.contains("isle: internal error") == ending.crash, "\(screen)")
    #expect(try PickTerminalTests.sameModes(before, after))
  }
}
