import JSON
import Links
import Outline
import Parallel
import TestSupport
import Testing

@testable import LanguageServer
@testable import Workspace

#if canImport(Glibc)
  import Glibc
#endif

/// The waits on the workspace's index (a request for its symbols or its
/// links, the shutdown for its keeping) sleep until the index moves on or
/// the request is cancelled, and wake then: no polling meanwhile.
@Suite struct IndexWaitTests {
  static let scale = getenv("ISLE_TIMEOUT_SCALE").flatMap { Double(String(cString: $0)) } ?? 1

  /// A workspace whose walk and whose keeping of the index wait until the
  /// test opens their gates.
  struct GatedHost: WorkspaceHost {
    let stamped = WorkspaceIndexTests.StampedHost(["/ws/a.md": "# Alpha\n", "/ws/b.md": "# Beta\n"])
    let walk = Condition(false)
    let keep = Condition(false)

    func documents(under folder: String) -> [String] {
      walk.wait { $0 ? () : nil }
      return stamped.documents(under: folder)
    }
    func keepIndex(_ bytes: [UInt8], named name: String) {
      keep.wait { $0 ? () : nil }
      stamped.keepIndex(bytes, named: name)
    }
    func load(_ path: String) -> [UInt8]? { stamped.load(path) }
    func kind(of path: String) -> TargetKind { stamped.kind(of: path) }
    func outlineOptions(forDocumentAt path: String) -> OutlineOptions { OutlineOptions() }
    func repositoryRoot(of path: String) -> String? { nil }
    func updatedToc(of bytes: [UInt8], path: String) -> [UInt8]? { nil }
    func stamp(of path: String) -> FileStamp? { stamped.stamp(of: path) }
    func keptIndex(named name: String) -> [UInt8]? { stamped.keptIndex(named: name) }

    /// Lets the walk and the keeping go.
    func open() {
      walk.withLock { $0 = true }
      keep.withLock { $0 = true }
    }
  }

  /// Runs `wait` on a thread of its own; what it spent once it is done.
  static func waiting(_ wait: @escaping @Sendable () -> Bool) -> Condition<Woken?> {
    waitingOnItsOwnThread(wait)
  }

  /// Waits 300 ms, checks the waiter still waits, lets it go with `go`
  /// and checks it woke at once, having slept meanwhile (a poll every
  /// 2 ms would have given up the processor 150 times); what it returned.
  static func sleepsUntil(
    _ woken: Condition<Woken?>, _ go: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool? {
    usleep(300_000)
    #expect(woken.read { $0 == nil }, "still waiting", sourceLocation: sourceLocation)
    let released = ThreadUsage.clock()
    go()
    guard let outcome = woken.wait(for: { $0 }, seconds: 10 * scale) else {
      Issue.record("never woke", sourceLocation: sourceLocation)
      return nil
    }
    #expect(
      outcome.usage.switches < 10, "woken \(outcome.usage.switches) times",
      sourceLocation: sourceLocation)
    #expect(
      outcome.at - released < 0.5 * scale, "woke \(outcome.at - released) s after",
      sourceLocation: sourceLocation)
    return outcome.result
  }

  @Test func aRequestForTheSymbolsSleepsUntilTheyAreKnown() {
    let host = GatedHost()
    defer { host.open() }
    let index = WorkspaceIndex(host: host, version: "test")
    index.build(folders: ["/ws"])
    let woken = Self.waiting { index.waitForSymbols(unless: { false }) }
    #expect(Self.sleepsUntil(woken) { host.walk.withLock { $0 = true } } == true)
  }

  @Test func theShutdownSleepsUntilTheIndexIsKept() {
    let host = GatedHost()
    defer { host.open() }
    host.walk.withLock { $0 = true }
    let index = WorkspaceIndex(host: host, version: "test")
    index.build(folders: ["/ws"])
    let woken = Self.waiting {
      index.waitUntilKept()
      return true
    }
    #expect(Self.sleepsUntil(woken) { host.keep.withLock { $0 = true } } == true)
    #expect(host.stamped.kept.withLock { !$0.isEmpty })
  }

  /// A server for the folder `/ws` of `host`, initialized: its index is
  /// being built.
  static func server(_ host: GatedHost) -> LanguageServer {
    let server = LanguageServer(host: host, version: "test") { _ in }
    _ = server.receive(
      Array(
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///ws","capabilities":{}}}"#
          .utf8))
    _ = server.receive(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8))
    return server
  }

  @Test func aRequestWaitingForTheIndexSleepsUntilItIsDoneOrCancelled() {
    let host = GatedHost()
    defer { host.open() }
    let server = Self.server(host)
    let cancelled = Self.waiting { server.waitForIndex(unless: { server.isCancelled(.int(7)) }) }
    #expect(Self.sleepsUntil(cancelled) { server.cancel(.int(7)) } == false)
    let done = Self.waiting { server.waitForIndex(unless: { server.isCancelled(.int(8)) }) }
    #expect(Self.sleepsUntil(done) { host.open() } == true)
  }

  @Test func aShutdownAnsweredEarlyWakesTheRequestWaitingForTheIndex() throws {
    let host = GatedHost()
    defer { host.open() }
    let server = Self.server(host)
    let woken = Self.waiting { server.waitForIndex(unless: { server.isCancelled(.int(7)) }) }
    let asked = ThreadUsage.clock()
    server.shutdownWatch.arrived(.int(9)) { _ in }
    let outcome = try #require(woken.wait(for: { $0 }, seconds: 10 * Self.scale))
    #expect(outcome.result == false)
    // The watch answers after its patience, half a second.
    #expect(outcome.at - asked < 0.5 + 0.5 * Self.scale)
    #expect(outcome.usage.switches < 10, "woken \(outcome.usage.switches) times")
  }
}
