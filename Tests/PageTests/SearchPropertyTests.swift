import Foundation
import Page
import TestSupport
import Testing

/// A search finds text as it was written, however the page wrapped it:
/// words on both sides of a break, a word broken in two, inside a quote
/// or a list, and lights every character of the match that is drawn.
@Suite struct SearchPropertyTests {
  /// The characters of the page's lines lit for `query`, in order.
  static func litText(_ page: Page, _ query: String) -> String {
    var lit = ""
    var spot = page.first
    while true {
      if let line = page.line(at: spot) {
        let characters = line.characters
        for range in page.highlights(of: query, at: spot) {
          lit += String(characters[range])
        }
      }
      let next = page.moved(spot, by: 1)
      if next == spot { return lit }
      spot = next
    }
  }

  @Test(arguments: 0..<12)
  func wordsAcrossABreakAreFoundAndLit(_ seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &+ 77)
    let count = Int(random.next() % 60) + 10
    let words = (0..<count).map { index in
      // Now and then a word longer than a line, broken between characters.
      index % 17 == 5 ? "long\(index)" + String(repeating: "x", count: 50) : "w\(index)z"
    }
    let containers = ["", "> ", "- ", "1. > "]
    let container = containers[seed % containers.count]
    let source = "# Title\n\n" + container + words.joined(separator: " ") + "\n"
    let bytes = Array(source.utf8)
    let width = Int(random.next() % 30) + 12
    let page = try Page(bytes: bytes, options: PageOptions(drawing: .markdown, width: width))
    for _ in 0..<10 {
      let first = Int(random.next() % UInt64(count))
      let length = min(Int(random.next() % 4) + 1, count - first)
      let query = words[first..<first + length].joined(separator: " ")
      let found = try #require(
        page.find(query, after: page.first), "seed \(seed): '\(query)' at width \(width)")
      let line = try #require(page.line(at: found))
      #expect(
        line.text.contains(String(words[first].prefix(1))),
        "seed \(seed): '\(query)' found on '\(line.text)'")
      // Every character of the match is lit, but the spaces the wrap took.
      let lit = Self.litText(page, query)
      #expect(
        lit.filter { $0 != " " } == query.filter { $0 != " " },
        "seed \(seed): '\(query)' at width \(width) lit '\(lit)'")
      #expect(page.find(query, after: found) == nil, "seed \(seed): one match of '\(query)'")
      if found != page.last {
        #expect(page.find(query, after: page.last, forward: false) == found)
      }
    }
  }
}
