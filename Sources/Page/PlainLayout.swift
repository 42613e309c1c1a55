import Outline

/// The source as it is, as `less` shows it: each line wrapped at the width
/// by cells, tabs to the terminal's stops (`TabStops`), control characters
/// shown as visible symbols, nothing drawn or hidden.
enum PlainLayout {
  /// The lines of `bytes` (the document's bytes from `base`).
  static func lay(_ bytes: [UInt8], base: Int, width: Int) -> [PageLine] {
    let source = LineIndex(bytes)
    var lines: [PageLine] = []
    for (index, start) in source.starts.enumerated() {
      let end = source.endOffset(ofLine: index + 1)
      let content = source.textEnd(ofLine: index + 1, in: bytes)
      let text = TabStops.expand(String(decoding: bytes[start..<content], as: UTF8.self))
      lines += Wrapper.fold(
        [Run(text, offset: base + start)], width: width, bytes: base + start..<base + end)
    }
    return lines
  }
}
