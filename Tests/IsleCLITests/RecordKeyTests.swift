import Foundation
import Testing

/// A record's key names one section: an HTML page's repeated titles
/// without ids, or a repeated id, are told apart by `~N` in the order they
/// come under one parent, and a `~` of an id is escaped so it cannot pose
/// as one.
@Suite struct RecordKeyTests {
  static func keys(_ files: [String: String], _ name: String) throws -> [String] {
    var keys: [String] = []
    try Harness.withTree(files) { root in
      keys = try TokensTests.records([root.appendingPathComponent(name).path]).map {
        String(($0["key"] as! String).split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[1])
      }.filter { !$0.isEmpty }
    }
    return keys
  }

  @Test func repeatedTitlesWithoutIdsHaveKeysOfTheirOwn() throws {
    let page = """
      <html><body><h1 id="p">Page</h1>
      <h2>Internal Slots</h2><p>one</p>
      <h2>Internal Slots</h2><p>two</p>
      <h2 id="x">Other</h2><h3>Internal Slots</h3><p>three</p>
      <h2>Internal Slots</h2><p>four</p>
      <h2 id="x">Again</h2><p>five</p>
      </body></html>
      """
    let keys = try Self.keys(["page.html": page], "page.html")
    #expect(
      keys == [
        "p", "p/Internal Slots", "p/Internal Slots~2", "p/x", "p/x/Internal Slots",
        "p/Internal Slots~3", "p/x~2",
      ], "\(keys)")
    #expect(Set(keys).count == keys.count)
  }

  @Test func aTildeOfAnIdIsEscaped() throws {
    let page = "<h1 id=\"a~2\">A</h1><p>one</p><h1 id=\"a\">A</h1><p>two</p><h1 id=\"a\">A</h1><p>3</p>"
    let keys = try Self.keys(["a.html": page], "a.html")
    #expect(keys == ["a%7E2", "a", "a~2"], "\(keys)")
  }
}
