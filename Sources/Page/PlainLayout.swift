/// The source as it is, as `less` shows it: each line wrapped at the width
/// by cells, tabs to stops of eight, control characters shown as visible
/// symbols, nothing drawn or hidden.
enum PlainLayout {
  /// The lines of `bytes` (the document's bytes from `base`).
  static func lay(_ bytes: [UInt8], base: Int, width: Int) -> [PageLine] {
    let source = SourceLines(bytes)
    var lines: [PageLine] = []
    for (index, start) in source.starts.enumerated() {
      let end = index + 1 < source.starts.count ? source.starts[index + 1] : bytes.count
      var content = end
      while content > start && (bytes[content - 1] == 0x0A || bytes[content - 1] == 0x0D) {
        content -= 1
      }
      let text = expandTabs(String(decoding: bytes[start..<content], as: UTF8.self))
      lines += Wrapper.fold(
        [Run(text, offset: base + start)], width: width, bytes: base + start..<base + end)
    }
    return lines
  }

  static func expandTabs(_ text: String) -> String {
    guard text.contains("\t") else { return text }
    var result = ""
    var column = 0
    for character in text {
      if character == "\t" {
        let spaces = 8 - column % 8
        result += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        result.append(character)
        column += 1
      }
    }
    return result
  }
}
