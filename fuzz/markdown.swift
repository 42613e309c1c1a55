import Outline

// libFuzzer: the Markdown outline, on any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  if let document = try? Outliner.outline(
    bytes.span, path: nil, options: OutlineOptions(format: .markdown, levels: 1...6))
  {
    // Sections stay in order and inside the document.
    var previous = -1
    for section in document.sections {
      precondition(section.offset > previous || (previous == -1 && section.offset >= 0))
      precondition(section.offset <= section.endOffset && section.endOffset <= size)
      precondition(section.line >= 1 && section.line <= max(document.lineCount, 1))
      previous = section.offset
    }
  }
  return 0
}
