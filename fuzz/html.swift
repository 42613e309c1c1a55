import Outline

// libFuzzer: the HTML outline (gumbo, the charset sniffing and decoding,
// the nesting probe), on any bytes.
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
  return 0
}
