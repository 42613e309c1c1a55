import Found

@testable import Outline

// libFuzzer: a Markdown document parsed in pieces, cut before every heading
// the scan allows, gives what one parse of the whole gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPieces(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let lines = LineIndex(bytes)
  let hidden = FrontMatter.find(in: bytes, lines: lines)?.endOffset ?? 0
  guard
    let whole = try? MarkdownParser.parse(bytes, lines: lines, hiddenPrefix: hidden),
    let split = try? MarkdownPieces.parse(
      bytes, lines: lines, hiddenPrefix: hidden, maxDepth: 20_000, split: true, pieceSize: 1,
      smallest: 0, weighsCost: false)
  else { return 0 }
  precondition(split.text.compacted() == whole.compacted(), "pieces differ from the whole")
  return 0
}
