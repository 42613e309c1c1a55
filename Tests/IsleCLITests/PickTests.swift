import Foundation
import TestSupport
import Testing

@testable import IsleCLI
@testable import Terminal

/// `isle pick` in a real terminal: tmux runs it, keys are sent, and the
/// pane is read as a person would see it.
@Suite(.serialized) struct PickTerminalTests {
  static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// A tmux server of its own (its own socket, so no other test's pane
  /// ending can take it down), with a plain shell and a `$ ` prompt.
  final class Pane {
    let name = "isle-\(UUID().uuidString.prefix(8))"
    let tmux: String

    init(tmux: String, columns: Int = 60, rows: Int = 20) throws {
      self.tmux = tmux
      let start = try Spawn.run(
        tmux,
        [
          "-L", name, "-f", "/dev/null", "new-session", "-d", "-s", name,
          "-x", "\(columns)", "-y", "\(rows)", "bash --norc --noprofile",
        ], timeout: 20)
      guard start.status == 0 else {
        throw Spawn.SpawnError(description: "tmux new-session failed: \(start.errors)")
      }
      let bin = Harness.binary.deletingLastPathComponent().path
      try type("PS1='$ '; PATH='\(bin)':$PATH; cd '\(Harness.root.path)'; clear")
      _ = try wait { $0.hasPrefix("$") }
    }

    deinit { _ = try? run(["kill-server"]) }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
      // The first command starts the tmux server, which is to start its
      // shells with no signal blocked: Spawn sees to that.
      try Spawn.run(tmux, ["-L", name] + arguments, timeout: 20).output
    }

    func type(_ line: String) throws {
      try run(["send-keys", "-t", name, "-l", line])
      try keys("Enter")
    }
    func keys(_ names: String...) throws { try run(["send-keys", "-t", name] + names) }
    func literal(_ text: String) throws { try run(["send-keys", "-t", name, "-l", text]) }

    /// The screen, trailing blank lines and spaces dropped.
    func screen() throws -> String {
      let lines = try run(["capture-pane", "-p", "-t", name]).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .map { String($0.reversed().drop { $0 == " " }.reversed()) }
      return lines.reversed().drop { $0.isEmpty }.reversed().joined(separator: "\n")
    }

    /// The screen once `condition` holds of it (or after 5 s).
    func wait(_ condition: (String) -> Bool) throws -> String {
      var text = try screen()
      let scale = Int(Harness.timeoutScale.rounded(.up))
      for _ in 0..<(100 * scale) where !condition(text) {
        usleep(50_000)
        text = try screen()
      }
      return text
    }

    /// The screen once it has changed from `previous` and settled (or
    /// after 5 s more).
    func next(after previous: String) throws -> String {
      var text = try wait { $0 != previous }
      for _ in 0..<80 {
        usleep(60_000)
        let again = try screen()
        if again == text { return text }
        text = again
      }
      return text
    }
  }

  let isle = "isle"

  /// A prefix that runs a command with SIGTERM, SIGHUP and SIGINT blocked.
  static let blocking =
    "python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_BLOCK, "
    + "{signal.SIGTERM, signal.SIGHUP, signal.SIGINT}); os.execvp(sys.argv[1], sys.argv[1:])'"

  /// True when the `stty -g` saved before isle ran equals the one after.
  static func sameModes(_ before: String, _ after: String) throws -> Bool {
    try String(contentsOfFile: before, encoding: .utf8)
      == String(contentsOfFile: after, encoding: .utf8)
  }

  /// True once the pane shows the exit line the commands below end with,
  /// and the prompt after it (so what runs after isle has run too).
  static func exited(_ screen: String) -> Bool {
    showsExit(screen) && screen.hasSuffix("\n$")
  }

  static func showsExit(_ screen: String) -> Bool {
    screen.split(separator: "\n").contains {
      $0.hasPrefix("[") && $0.hasSuffix("]") && $0.dropFirst().dropLast().allSatisfy(\.isNumber)
    }
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed: make test-deps installs it"))
  func openMoveFilterAndPickAsARecording() throws {
    let pane = try Pane(tmux: Self.tmux!)
    try pane.type(
      "stty -g > /tmp/isle-stty-before; \(isle) pick --reduce-motion --color never fixtures/recipe.md; echo \"[$?]\"; stty -g > /tmp/isle-stty-after"
    )
    var frame = try pane.wait { $0.contains("Contents") }
    var recording = "--- opened\n" + frame + "\n"
    for (label, key) in [("Down", "Down"), ("Down", "Down"), ("Down", "Down")] {
      try pane.keys(key)
      frame = try pane.next(after: frame)
      recording += "--- \(label)\n" + frame + "\n"
    }
    for letter in ["s", "e"] {
      try pane.literal(letter)
      frame = try pane.next(after: frame)
      recording += "--- typed \(letter)\n" + frame + "\n"
    }
    try pane.keys("Enter")
    frame = try pane.wait(Self.exited)
    recording += "--- Enter\n" + frame + "\n"
    #expect(frame.contains("\n61\n[0]"))
    #expect(
      try Self.sameModes("/tmp/isle-stty-before", "/tmp/isle-stty-after"),
      "the terminal is left as it was found")
    if let mismatch = try Snapshot.mismatch(recording, named: "pick-recording.txt") {
      Issue.record(Comment(rawValue: mismatch))
    }
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func everyWayOutRestoresTheTerminal() throws {
    let pane = try Pane(tmux: Self.tmux!)
    for (keys, status) in [(["Escape", "Escape"], 1), (["Escape", "q"], 1), (["C-c"], 130)] {
      try pane.type(
        "clear; stty -g > /tmp/isle-b; \(isle) pick fixtures/recipe.md; echo \"[$?]\"; stty -g > /tmp/isle-a"
      )
      _ = try pane.wait { $0.contains("Contents") }
      for key in keys {
        try pane.keys(key)
        usleep(150_000)
      }
      let screen = try pane.wait(Self.exited)
      #expect(screen.contains("[\(status)]"), "\(keys)")
      #expect(!screen.contains("Contents"), "the lines it used are cleared")
      #expect(try Self.sameModes("/tmp/isle-b", "/tmp/isle-a"))
    }
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func sigtermRestoresTheTerminal() throws {
    let pane = try Pane(tmux: Self.tmux!)
    // A title of its own, to find this picker among the processes.
    let mark = "sigterm-\(UUID().uuidString.prefix(8))"
    // Started with SIGTERM, SIGHUP and SIGINT blocked, as a parent on a
    // worker thread may leave them: the picker unblocks what it handles.
    try pane.type(
      "clear; stty -g > /tmp/isle-tb; \(Self.blocking) \(isle) pick --title \(mark) fixtures/recipe.md; echo \"[$?]\"; stty -g > /tmp/isle-ta"
    )
    _ = try pane.wait { $0.contains("○ \(mark)") }
    _ = try Spawn.run("/usr/bin/pkill", ["-TERM", "-f", mark])
    let screen = try pane.wait(Self.exited)
    #expect(screen.contains("[143]"))
    #expect(!screen.contains("○ \(mark)"))
    #expect(try Self.sameModes("/tmp/isle-tb", "/tmp/isle-ta"))
  }

  /// The pane closes under the picker (the terminal hangs up): isle ends
  /// instead of waiting on a terminal that is gone.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func aTerminalThatGoesAwayEndsThePicker() throws {
    let pane = try Pane(tmux: Self.tmux!)
    let mark = "gone-\(UUID().uuidString.prefix(8))"
    try pane.type("clear; \(Self.blocking) \(isle) pick --title \(mark) fixtures/recipe.md")
    _ = try pane.wait { $0.contains("○ \(mark)") }
    let running = { try Spawn.run("/usr/bin/pgrep", ["-f", "pick --title \(mark)"]).status == 0 }
    #expect(try running(), "the picker is running before the pane closes")
    try pane.run(["kill-session", "-t", pane.name])
    var waited = 0
    while try running(), waited < 100 {
      usleep(50_000)
      waited += 1
    }
    #expect(try !running(), "the picker ended within 5 s of its terminal going away")
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theDocumentMayComeOnStandardInputAndTheMouseClicks() throws {
    let pane = try Pane(tmux: Self.tmux!)
    try pane.type(
      "clear; cat fixtures/recipe.md | \(isle) pick --print id --color never; echo \"[$?]\"")
    let screen = try pane.wait { $0.contains("Contents") }
    // The region starts on the third screen row; Method is its fourth line.
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(lines.firstIndex { $0.contains("Method") }) + 1
    try pane.literal("\u{1B}[<0;10;\(row)M")
    try pane.literal("\u{1B}[<0;10;\(row)m")
    let after = try pane.wait(Self.exited)
    #expect(after.hasPrefix("method\n[0]"))
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theClosedBarStepsAndCommits() throws {
    let pane = try Pane(tmux: Self.tmux!)
    try pane.type(
      "clear; \(isle) pick --closed --reduce-motion --color never fixtures/recipe.md; echo \"[$?]\""
    )
    var screen = try pane.wait { $0.contains("1 of 6") }
    #expect(screen.contains("○ Weeknight Lentil Soup  1 of 6 ⌃"))
    try pane.keys("Right")
    screen = try pane.next(after: screen)
    #expect(screen.contains("↑ ○ Overview  2 of 6 ⌃"))
    try pane.keys("Enter")
    screen = try pane.wait(Self.exited)
    #expect(screen.hasPrefix("6\n[0]"))
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theFilterIgnoresCaseAndAccentsAsJumpDoes() throws {
    let pane = try Pane(tmux: Self.tmux!)
    try pane.type(
      "clear; printf '# Einleitung\\n\\n## Überschrift\\n\\n## Ende\\n' | "
        + "\(isle) pick --reduce-motion --color never; echo \"[$?]\"")
    var screen = try pane.wait { $0.contains("Contents") }
    #expect(screen.contains("Überschrift"))
    try pane.literal("UBER")
    screen = try pane.wait { $0.contains("/UBER") }
    #expect(screen.contains("2  Überschrift"), "\(screen)")
    #expect(!screen.contains("Einleitung"))
    try pane.keys("Enter")
    screen = try pane.wait(Self.exited)
    #expect(screen.hasPrefix("3\n[0]"), "\(screen)")
  }

  /// `iter` puts the puck on "Iterating Over Rows", which begins with
  /// it, not on the earlier title that only holds its letters apart.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theFilterPutsThePuckOnTheBestMatch() throws {
    let pane = try Pane(tmux: Self.tmux!)
    try pane.type(
      "clear; \(isle) pick --reduce-motion --color never fixtures/mdbook/src/ch02-00-slices.md;"
        + " echo \"[$?]\"")
    var screen = try pane.wait { $0.contains("Contents") }
    try pane.literal("iter")
    screen = try pane.wait { $0.contains("/iter") }
    #expect(screen.contains("Storing Seeds"), "both match: \(screen)")
    try pane.keys("Enter")
    screen = try pane.wait(Self.exited)
    #expect(screen.hasPrefix("9\n[0]"), "\(screen)")
  }

  @Test func noSectionsDrawsNothingAndExits1() throws {
    let result = try Harness.runBinary(["pick", "fixtures/no-headings.md"])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
  }
}
