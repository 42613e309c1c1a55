import Foundation
import JSON
import JSONRPC
import Parallel
import TestSupport
import Testing
import Workspace

/// `isle lsp` waiting for its workspace's index: a request that needs it
/// sleeps (the server gives up the processor no more than it would idle)
/// until the index moves on or the request is cancelled, and is answered
/// at once then. The index is held up where it reads the index an
/// earlier run kept: a FIFO there, which blocks until the test opens it.
@Suite struct LspWaitTests {
  /// The server's voluntary context switches, over all its threads.
  static func switches(_ pid: String) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.reduce(0) { sum, task in
      let status =
        (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
      let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches") }
      return sum + (line.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? 0)
    }
  }

  /// The server's messages so far, read from the file it writes.
  static func sent(_ path: String) -> [[String: Any]] {
    LspTests.messages((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
  }

  /// The reply to request `id` once it came (or nil after `seconds`).
  static func reply(_ id: Int, in path: String, within seconds: Double) -> [String: Any]? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if let found = sent(path).first(where: { $0["id"] as? Int == id && $0["method"] == nil }) {
        return found
      }
      usleep(10_000)
    }
    return nil
  }

  @Test func aRequestWaitingForTheIndexSleepsAndWakesWhenItMovesOrIsCancelled() throws {
    try Harness.withTree(["a.md": "# Alpha\n\nSee [b](b.md).\n", "b.md": "# Beta\n"]) { root in
      let folder = root.path
      let scale = Harness.timeoutScale
      try FileManager.default.createDirectory(
        atPath: folder + "/cache/isle", withIntermediateDirectories: true)
      let kept = folder + "/cache/isle/" + IndexCache.name(folders: [folder])
      #expect(mkfifo(kept, 0o600) == 0)
      #expect(mkfifo(folder + "/in", 0o600) == 0)
      var cacheHome = ProcessInfo.processInfo.environment
      cacheHome["XDG_CACHE_HOME"] = folder + "/cache"
      let environment = cacheHome
      // The server, from a shell that writes its pid, on a thread that
      // waits for its end.
      let ended = Condition<Result<Spawn.Outcome, Spawn.SpawnError>?>(nil)
      let binary = Harness.binary.path
      Worker.run("test.lsp") {
        let outcome = Result { () throws(Spawn.SpawnError) in
          try Spawn.run(
            "/bin/sh",
            ["-c", #"echo $$ > "$0/pid"; exec "$1" lsp < "$0/in" > "$0/out""#, folder, binary],
            environment: environment, timeout: 60 * scale)
        }
        ended.withLock { $0 = outcome }
      }
      var input = open(folder + "/in", O_WRONLY)
      #expect(input >= 0)
      // However the test ends, the index and the input are let go.
      defer {
        let release = open(kept, O_WRONLY | O_NONBLOCK)
        if release >= 0 { close(release) }
        if input >= 0 { close(input) }
      }
      func send(_ message: String) {
        let bytes = MessageFramer.frame(message)
        #expect(bytes.withUnsafeBytes { write(input, $0.baseAddress, $0.count) } == bytes.count)
      }
      send(
        LspHostileTests.request(
          1, "initialize",
          .object(["rootUri": .string("file://" + folder), "capabilities": .object([:])])))
      send(LspHostileTests.notification("initialized", .object([:])))
      send(LspHostileTests.request(2, "workspace/symbol", .object(["query": .string("")])))
      let out = folder + "/out"
      #expect(Self.reply(1, in: out, within: 10 * scale) != nil, "initialized")
      let pid = try String(contentsOfFile: folder + "/pid", encoding: .utf8)
        .trimmingCharacters(in: .whitespacesAndNewlines)

      // Cancelled while it waits: answered so at once.
      usleep(200_000)
      send(LspHostileTests.notification("$/cancelRequest", .object(["id": .int(2)])))
      let cancelled = Self.reply(2, in: out, within: 1 * scale)
      #expect(
        (cancelled?["error"] as? [String: Any])?["code"] as? Int == -32800, "\(cancelled ?? [:])")

      // Waiting a second: the server sleeps. A poll every 2 ms would have
      // given up the processor hundreds of times.
      send(LspHostileTests.request(3, "workspace/symbol", .object(["query": .string("")])))
      usleep(200_000)
      let before = Self.switches(pid)
      usleep(1_000_000)
      let slept = Self.switches(pid) - before
      #expect(Self.reply(3, in: out, within: 0) == nil, "waits for the index")
      #expect(slept < 30, "gave up the processor \(slept) times in a second")

      // The index moves on: answered at once.
      let release = open(kept, O_WRONLY | O_NONBLOCK)
      #expect(release >= 0, "the index waits at the FIFO")
      close(release)
      let answered = Self.reply(3, in: out, within: 1 * scale)
      let names = (answered?["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
      #expect(names?.sorted() == ["Alpha", "Beta"], "\(answered ?? [:])")

      send(LspHostileTests.request(4, "shutdown", .null))
      send(LspHostileTests.notification("exit", .null))
      close(input)
      input = -1
      let outcome = ended.wait(for: { $0 }, seconds: 60 * scale)
      #expect((try? outcome?.get().status) == 0, "\(String(describing: outcome))")
    }
  }
}
