import JSONRPC
import Parallel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The queue from the reading thread to the handling one: bodies in the
/// order put, the end last, and a handler that sleeps while none waits.
@Suite struct MessageQueueTests {
  static let scale = getenv("ISLE_TIMEOUT_SCALE").flatMap { Double(String(cString: $0)) } ?? 1

  @Test func theHandlerSleepsUntilABodyComesAndTakesThemInOrder() throws {
    let queue = MessageQueue()
    let taken = Condition<(bodies: [[UInt8]], usage: ThreadUsage?, at: Double)?>(nil)
    Worker.run("test.handler") {
      var bodies: [[UInt8]] = []
      let before = ThreadUsage.now()
      guard case .body(let first) = queue.take() else { return }
      let usage = ThreadUsage.now().since(before)
      let at = ThreadUsage.clock()
      bodies.append(first)
      while case .body(let body) = queue.take() { bodies.append(body) }
      taken.withLock { $0 = (bodies, usage, at) }
    }
    usleep(300_000)
    #expect(taken.read { $0 == nil })
    let put = ThreadUsage.clock()
    for number in 0..<100 { queue.put(.body([UInt8(number)])) }
    queue.put(.end(nil))
    let outcome = try #require(taken.wait(for: { $0 }, seconds: 10 * Self.scale))
    #expect(outcome.bodies == (0..<100).map { [UInt8($0)] })
    #expect(queue.isEmpty)
    // A poll every 2 ms would have given up the processor 150 times.
    #expect((outcome.usage?.switches ?? 99) < 10, "woken \(outcome.usage?.switches ?? -1) times")
    #expect(outcome.at - put < 0.5 * Self.scale)
  }
}
