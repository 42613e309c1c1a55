/// The HTML blocks of Markdown as cmark-gfm 0.29 starts them, for
/// `HeadingScan`: those that run to an end mark, over blank lines
/// (`<script`, `<pre`, `<style`, `<!--`, `<?`, `<!X`, `<![CDATA[`), told
/// apart from the rest, which end at a blank line.
package enum HTMLBlockStart {
  /// What ends an HTML block that starts at `at`: its end mark (and
  /// whether its case is ignored); nil for a block that ends at a blank
  /// line, or for no block at all.
  package static func endMark(_ bytes: Span<UInt8>, at: Int, end: Int) -> (
    mark: [UInt8], ignoresCase: Bool
  )? {
    func has(_ text: String, ignoringCase: Bool = false) -> Bool {
      let wanted = Array(text.utf8)
      guard end - at >= wanted.count else { return false }
      for (index, byte) in wanted.enumerated() {
        let found = bytes[at + index]
        if found != byte && !(ignoringCase && isCapital(found) && found | 0x20 == byte) {
          return false
        }
      }
      return true
    }
    for name in ["script", "pre", "style"] where has("<" + name, ignoringCase: true) {
      let after = at + 1 + name.utf8.count
      if after == end || [0x20, 0x09, 0x3E].contains(bytes[after]) {
        return (Array("</\(name)>".utf8), true)
      }
    }
    if has("<!--") { return (Array("-->".utf8), false) }
    if has("<?") { return (Array("?>".utf8), false) }
    if has("<![CDATA[") { return (Array("]]>".utf8), false) }
    if has("<!"), at + 2 < end, bytes[at + 2] >= 0x41, bytes[at + 2] <= 0x5A {
      return ([0x3E], false)
    }
    return nil
  }

  private static func isCapital(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }

  /// Whether `mark` is in `from..<end`.
  package static func contains(
    _ mark: [UInt8], ignoringCase: Bool, in bytes: Span<UInt8>, from: Int, end: Int
  ) -> Bool {
    guard end - from >= mark.count else { return false }
    for start in from...(end - mark.count) {
      var index = 0
      while index < mark.count {
        let found = bytes[start + index]
        let byte = mark[index]
        guard found == byte || (ignoringCase && isCapital(found) && found | 0x20 == byte) else {
          break
        }
        index += 1
      }
      if index == mark.count { return true }
    }
    return false
  }

  /// Whether `from..<end` holds `<h1` to `<h6` in any case: an HTML
  /// heading the outline would read.
  package static func holdsHeading(_ bytes: Span<UInt8>, from: Int, end: Int) -> Bool {
    var index = from
    while index + 2 < end {
      if bytes[index] == 0x3C && bytes[index + 1] | 0x20 == 0x68
        && (0x31...0x36).contains(bytes[index + 2])
      {
        return true
      }
      index += 1
    }
    return false
  }
}
