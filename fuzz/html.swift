import HTMLOutline

@testable import Outline

// libFuzzer: the HTML outline (gumbo, the charset sniffing and decoding,
// the nesting probe), on any bytes; and the fast path, where it answers,
// gives exactly what gumbo's whole parse gives.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTML(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  if let document = try? Outliner.outline(
    bytes.span, path: nil, options: OutlineOptions(format: .html, levels: 1...6))
  {
    for section in document.sections {
      precondition(section.offset >= 0 && section.offset < max(size, 1))
      precondition(section.offset <= section.endOffset && section.endOffset <= size)
    }
  }
  if NestingProbe.depth(of: bytes, limit: 20_000) <= 20_000 {
    for scope in [HTMLScope.whole, .auto] {
      if let fast = HTMLFastPath.parse(bytes, mapOffset: nil, scope: scope, findsLinks: true) {
        let whole = HTMLParser.parse(bytes, scope: scope, findsLinks: true)
        precondition(fast == whole, "the fast path differs from the whole parse")
      }
    }
  }
  return 0
}
