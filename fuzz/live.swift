@testable import Outline

// libFuzzer: an outline kept between edits (`LiveOutline`, cut before
// every heading the scan allows) gives after each of a few edits what an
// outline of the whole new text gives. The first two bytes choose the
// edits; the rest is the document.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLive(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 2 else { return 0 }
  var state = UInt64(data[0]) << 8 | UInt64(data[1])
  func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(max(bound, 1)))
  }
  let marks = [
    "\n", "# ", "\n# Cut\n", "```\n", "<div>\n", "-->", "[", "]", "[r]: /u\n", "[^n]",
    "[^n]: note\n", "\r", ">", "    ", "===\n", "---\n", "{: .no_toc}\n", "<!-- omit in toc -->\n",
  ]
  var bytes = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
  let options = OutlineOptions(levels: 1...6)
  var whole = options
  whole.split = false
  guard
    var live = try? LiveOutline(
      bytes, path: "doc.md", options: options, lines: nil, smallest: 0, pieceSize: 1)
  else { return 0 }
  for _ in 0..<4 {
    let start = next(bytes.count + 1)
    let end = min(bytes.count, start + next(3) * next(9))
    var inserted: [UInt8]
    if next(3) == 0, !bytes.isEmpty {
      // A stretch of the document itself, copied elsewhere.
      let from = next(bytes.count)
      inserted = Array(bytes[from..<min(bytes.count, from + 1 + next(40))])
    } else {
      inserted = next(4) == 0 ? [] : Array(marks[next(marks.count)].utf8)
    }
    bytes.replaceSubrange(start..<end, with: inserted)
    guard (try? live.edit(bytes, replacing: start..<end, with: inserted.count)) != nil,
      let expected = try? Outliner.outline(bytes, path: "doc.md", options: whole)
    else { return 0 }
    let document = live.document
    precondition(document.sections == expected.sections, "sections differ from the whole's")
    precondition(document.title == expected.title, "the title differs from the whole's")
    precondition(document.reading == expected.reading, "the reading differs from the whole's")
    precondition(document.markers == expected.markers, "markers differ from the whole's")
  }
  return 0
}
