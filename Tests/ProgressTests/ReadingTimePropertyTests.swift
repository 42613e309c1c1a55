import Outline
import TestSupport
import Testing

@testable import Progress

/// Reading times over random documents: the rows add up, and the time left
/// runs down from the whole to nothing.
@Suite struct ReadingTimePropertyTests {
  static let pieces = [
    "word ", "several more words here ", "数据结构与算法", "![a picture](p.png) ", "`code` ",
    "\n\n", "\n\n- a list item\n", "\n\n> a quote with words\n", "\n\n```\nsome code\n```\n",
  ]

  /// A document of random headings (any level, some with nothing under
  /// them) and bodies of prose, CJK, images, lists, quotes and code.
  static func document(_ random: inout SplitMix) -> (text: String, document: Document) {
    var text = ""
    if Bool.random(using: &random) {
      text += String(repeating: "preamble words ", count: Int.random(in: 1...200, using: &random))
      text += "\n\n"
    }
    for _ in 0..<Int.random(in: 0...30, using: &random) {
      text += String(repeating: "#", count: Int.random(in: 1...6, using: &random)) + " Heading\n\n"
      let length = [0, 1, 5, 40, 300][Int.random(in: 0..<5, using: &random)]
      for _ in 0..<length { text += pieces.randomElement(using: &random)! }
      text += "\n\n"
    }
    var options = OutlineOptions()
    options.levels = 1...Int.random(in: 1...6, using: &random)
    return (text, try! Outliner.outline(Array(text.utf8), path: nil, options: options))
  }

  @Test func rowsAndThePreambleAddUpAndTheTimeLeftRunsDown() {
    var random = SplitMix(state: 15)
    for round in 0..<150 {
      let (_, document) = Self.document(&random)
      // The document's minutes are its seconds rounded once; the rows and
      // the preamble share them, each its exact minutes rounded down or up.
      let timeline = document.timeline
      #expect(document.minutes == Int((timeline.total / 60).rounded(.toNearestOrAwayFromZero)))
      let rows = document.sections.map(\.minutes).reduce(0, +)
      let firstOffset = document.sections.first?.offset ?? document.size
      let preamble = timeline.seconds(from: 0, to: firstOffset) / 60
      let preambleShare = document.minutes - rows
      #expect(
        Double(preambleShare) >= preamble.rounded(.down)
          && Double(preambleShare) <= preamble.rounded(.up), "round \(round)")
      for section in document.sections {
        let exact = timeline.seconds(from: section.offset, to: section.endOffset) / 60
        #expect(
          Double(section.minutes) >= exact.rounded(.down)
            && Double(section.minutes) <= exact.rounded(.up), "round \(round): \(section.title)")
      }
      for section in document.sections where section.reading.isEmpty {
        #expect(section.minutes == 0 && section.seconds == 0)
      }

      // The time left: the whole at the top, nothing at the end, never
      // growing as the reader goes on.
      let top = TimeLeft(Place.locate(.offset(0), in: document), in: document)
      #expect(top.minutes == document.minutes, "round \(round)")
      let end = TimeLeft(
        Place.locate(.offset(max(document.size - 1, 0)), in: document), in: document)
      #expect(end.minutes == 0 && end.seconds == 0)
      var last = top
      let step = max(document.size / 40, 1)
      for offset in stride(from: 0, to: document.size, by: step) {
        let place = Place.locate(.offset(offset), in: document)
        let left = TimeLeft(place, in: document)
        #expect(left.seconds <= last.seconds && left.minutes <= last.minutes, "at \(offset)")
        if let index = place.currentIndex {
          #expect(left.sectionMinutes <= document.sections[index].minutes)
          #expect(left.sectionSeconds <= document.sections[index].seconds + 1)
        }
        last = left
      }
    }
  }
}

/// The guide's worked example of sharing minutes out (doc/sections.md).
@Suite struct MinuteSharesTests {
  @Test func sharesByTheLargestRemainder() {
    // 100, 50 and 50 seconds: 200 s is 3 min, shared 1, 1, 1 (rounded up
    // one by one they would say 2, 1 and 1).
    let document = try! Outliner.outline(
      Array(
        ("# A\n\n" + String(repeating: "word ", count: 397) + "\n\n# B\n\n"
          + String(repeating: "word ", count: 198) + "\n\n# C\n\n"
          + String(repeating: "word ", count: 198) + "\n").utf8), path: nil)
    #expect(document.sections.map(\.seconds) == [100, 50, 50])
    #expect(document.sections.map(\.minutes) == [1, 1, 1])
    #expect(document.minutes == 3)
  }
}
