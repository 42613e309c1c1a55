import Foundation
import TestSupport
import Testing

/// However `isle read` is ended from outside (SIGTERM, SIGHUP, the
/// terminal closed), the reader's place is kept as `q` keeps it, and the
/// terminal is put back.
@Suite struct ReadSignalTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux

  static func bottomRow(_ screen: String) -> String { ReadTerminalTests.bottomRow(screen) }

  /// 70 KB of Markdown in 40 sections, in which `word7 zzz` is not: two
  /// pieces for a search to look through, in a few milliseconds without
  /// `ISLE_TEST_BUSY`.
  static func bigDocument() -> String {
    var random = SplitMix(state: 11)
    var text = ""
    for part in 0..<40 {
      text += "## Part \(part)\n\n"
      text += (0..<250).map { _ in "word\(random.next() % 100)" }.joined(separator: " ") + "\n\n"
    }
    return text
  }

  /// Opens fixtures/recipe.md with places kept under `state`, goes three
  /// sections in and returns the island there; the pager's pid goes to
  /// `state.pid`.
  static func readThreeSectionsIn(_ pane: Pane, state: String) throws -> String {
    try pane.type(
      "clear; stty -g > \(state).before; XDG_STATE_HOME=\(state) sh -c 'echo $$ > \(state).pid; exec isle read --color never fixtures/recipe.md'; echo \"[$?]\"; stty -g > \(state).after"
    )
    _ = try pane.wait { bottomRow($0).contains("1 of 6") }
    try pane.literal("]]]")
    return bottomRow(try pane.wait { bottomRow($0).contains("4 of 6") })
  }

  /// True while process `pid` runs: not ended, nor a zombie (its shell,
  /// gone first, left it to a parent that may never reap it).
  static func isRunning(_ pid: String) -> Bool {
    guard let number = pid_t(pid), kill(number, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // The state follows the parenthesised command name.
    guard let close = stat.lastIndex(of: ")") else { return true }
    return !stat[close...].dropFirst().trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// Reopens the document in a new pane: the island there.
  static func reopened(state: String) throws -> String {
    let pane = try Pane(tmux: tmux!, columns: 70, rows: 16)
    try pane.type(
      "clear; XDG_STATE_HOME=\(state) isle read --color never fixtures/recipe.md; echo \"[$?]\"")
    let island = bottomRow(try pane.wait { bottomRow($0).contains("of 6") })
    try pane.literal("q")
    // Ended, and its place kept, before the caller clears the state away.
    _ = try pane.wait(PickTerminalTests.exited)
    return island
  }

  @Test(
    .enabled(if: tmux != nil, "tmux is not installed"),
    arguments: [("TERM", SIGTERM, 1), ("HUP", SIGHUP, 1), ("HUP", SIGHUP, 2)])
  func aSignalKeepsThePlace(name: String, number: Int32, times: Int) throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 70, rows: 16)
    let state = "/tmp/isle-read-\(name.lowercased())-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: state) }
    let left = try Self.readThreeSectionsIn(pane, state: state)
    let pid = try String(contentsOfFile: state + ".pid", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    // A closing window sends SIGHUP twice (the kernel, then the shell):
    // the pager keeps the place all the same. A guard more than a proof:
    // the pager ends within the 5 ms between the two, so this passed
    // before the handler ignored the second too.
    let kills = Array(repeating: "kill -\(name) \(pid)", count: times).joined(
      separator: "; sleep 0.005; ")
    _ = try Spawn.run("/bin/sh", ["-c", kills])
    let screen = try pane.wait(PickTerminalTests.exited)
    #expect(screen.contains("[\(128 + number)]"), "\(screen)")
    #expect(!screen.contains(left), "the alternate screen is gone")
    #expect(try PickTerminalTests.sameModes("\(state).before", "\(state).after"))
    #expect(try Self.reopened(state: state) == left, "reopened where it was left")
    for suffix in [".before", ".after", ".pid"] {
      try? FileManager.default.removeItem(atPath: state + suffix)
    }
  }

  /// The window closed under the pager (its pane killed): the place is
  /// kept all the same.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func closingTheTerminalKeepsThePlace() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 70, rows: 16)
    let state = "/tmp/isle-read-closed-\(UUID().uuidString.prefix(8))"
    defer {
      try? FileManager.default.removeItem(atPath: state)
      for suffix in [".before", ".after", ".pid"] {
        try? FileManager.default.removeItem(atPath: state + suffix)
      }
    }
    let left = try Self.readThreeSectionsIn(pane, state: state)
    let pid = try String(contentsOfFile: state + ".pid", encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try pane.run(["kill-server"])
    // The pager is gone once its process is (5 s, more on a slowed build).
    for _ in 0..<Int(100 * Harness.timeoutScale) where Self.isRunning(pid) {
      usleep(50_000)
    }
    #expect(!Self.isRunning(pid), "the pager ended with its terminal")
    #expect(try Self.reopened(state: state) == left, "reopened where it was left")
  }

  /// A signal while the pager is busy (laying the page out again for a
  /// new width, ten seconds long with `ISLE_TEST_BUSY`): it has two
  /// seconds to end itself, then isle ends all the same, the terminal put
  /// back.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func aBusyPagerStillEndsOnASignal() throws {
    var random = SplitMix(state: 12)
    var page = "<html><body>"
    for part in 0..<50 {
      page += "<h2>Part \(part)</h2><p>"
      page += (0..<250).map { _ in "word\(random.next() % 100)" }.joined(separator: " ") + "</p>\n"
    }
    try Harness.withTree(["big.html": page]) { root in
      let pane = try Pane(tmux: Self.tmux!, columns: 70, rows: 16)
      let state = root.appendingPathComponent("state").path
      let document = root.appendingPathComponent("big.html").path
      try pane.type(
        "clear; stty -g > \(state).before; sh -c 'echo $$ > \(state).pid; ISLE_TEST_BUSY=10000 exec isle read --no-remember --color never \(document)'; echo \"[$?]\"; stty -g > \(state).after"
      )
      _ = try pane.wait { Self.bottomRow($0).contains("1 of 50") }
      let pid = try String(contentsOfFile: state + ".pid", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      try pane.run(["resize-window", "-t", pane.name, "-x", "60", "-y", "16"])
      usleep(300_000)
      let sent = Date()
      _ = try Spawn.run("/bin/kill", ["-TERM", pid])
      let screen = try pane.wait(PickTerminalTests.exited)
      #expect(screen.contains("[143]"), "\(screen)")
      // By the grace's end, not before (the pager was busy), and within a
      // second of it, on a slowed build (sanitizers) as many times more
      // as its waits are given.
      let scale = Harness.timeoutScale
      let ended = Date().timeIntervalSince(sent)
      #expect(ended > 1.8, "ended by the grace's alarm, \(ended) s after")
      #expect(ended < 3 * scale, "ended within the grace, \(ended) s after")
      #expect(try PickTerminalTests.sameModes("\(state).before", "\(state).after"))
    }
  }

  /// Ctrl-C stops a long search, as in less, and the pager goes on (the
  /// search three seconds a piece with `ISLE_TEST_BUSY`).
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func ctrlCStopsALongSearch() throws {
    try Harness.withTree(["big.md": Self.bigDocument()]) { root in
      let pane = try Pane(tmux: Self.tmux!, columns: 70, rows: 16)
      let document = root.appendingPathComponent("big.md").path
      try pane.type(
        "clear; ISLE_TEST_BUSY=3000 isle read --no-remember --color never \(document); echo \"[$?]\""
      )
      _ = try pane.wait { Self.bottomRow($0).contains("1 of 40") }
      try pane.literal("/word7 zzz")
      try pane.keys("Enter")
      _ = try pane.wait { Self.bottomRow($0).hasPrefix("looking for word7 zzz") }
      try pane.keys("C-c")
      let stopped = try pane.wait { Self.bottomRow($0).hasPrefix("search stopped") }
      #expect(Self.bottomRow(stopped) == "search stopped: word7 zzz", "\(stopped)")
      try pane.literal("q")
      #expect(try pane.wait(PickTerminalTests.exited).contains("[0]"))
    }
  }
}
