/// Collects a heading's text as a reader walks its inline content.
///
/// The smart forms are kept apart only once they differ: most headings
/// have no `--` or `...`, and a 10 MB heading should not be copied twice.
package struct HeadingTextBuilder {
  private var plain: [UInt8] = []
  private var withAlt: [UInt8] = []
  /// Both forms with smart punctuation, from the first text that has some.
  private var smart: (plain: [UInt8], withAlt: [UInt8])? = nil

  /// A builder that has collected nothing yet.
  package init() {}

  /// Adds text; `inImage` for an image's alt text, `isCode` for a code
  /// span's, which smart punctuation leaves as it is.
  package mutating func add(_ bytes: Span<UInt8>, inImage: Bool, isCode: Bool = false) {
    bytes.withUnsafeBufferPointer { add($0, inImage: inImage, isCode: isCode) }
  }

  /// The same over a buffer, for this module's own callers.
  mutating func add(
    _ bytes: UnsafeBufferPointer<UInt8>, inImage: Bool, isCode: Bool = false
  ) {
    let typographic = !isCode && SmartPunctuation.changes(bytes)
    if typographic, smart == nil { smart = (plain, withAlt) }
    if smart != nil {
      if typographic {
        if !inImage { SmartPunctuation.append(bytes, to: &smart!.plain) }
        SmartPunctuation.append(bytes, to: &smart!.withAlt)
      } else {
        if !inImage { smart!.plain.append(contentsOf: bytes) }
        smart!.withAlt.append(contentsOf: bytes)
      }
    }
    if !inImage { plain.append(contentsOf: bytes) }
    withAlt.append(contentsOf: bytes)
  }

  /// Adds a line break, which ids drop and titles read as a space.
  package mutating func addBreak() {
    plain.append(0x0A)
    withAlt.append(0x0A)
    smart?.plain.append(0x0A)
    smart?.withAlt.append(0x0A)
  }

  /// Where the text stands now, in every form.
  package struct Position {
    var plain: Int
    var withAlt: Int
    var smartPlain: Int
    var smartWithAlt: Int
  }

  /// Where the text stands now. Until the smart forms part, they stand
  /// where the others do.
  package var position: Position {
    Position(
      plain: plain.count, withAlt: withAlt.count, smartPlain: smart?.plain.count ?? plain.count,
      smartWithAlt: smart?.withAlt.count ?? withAlt.count)
  }

  /// The text (with alt) between two positions.
  package func text(from start: Position, to end: Position) -> String {
    String(decoding: withAlt[start.withAlt..<max(start.withAlt, end.withAlt)], as: UTF8.self)
  }

  /// Removes the text between two positions.
  package mutating func remove(from start: Position, to end: Position) {
    plain.removeSubrange(start.plain..<max(start.plain, end.plain))
    withAlt.removeSubrange(start.withAlt..<max(start.withAlt, end.withAlt))
    smart?.plain.removeSubrange(start.smartPlain..<max(start.smartPlain, end.smartPlain))
    smart?.withAlt.removeSubrange(start.smartWithAlt..<max(start.smartWithAlt, end.smartWithAlt))
  }

  /// The text collected. Forms that read the same share one string:
  /// a large document keeps the texts of thousands of headings.
  package var text: HeadingText {
    let plainText = String(decoding: plain, as: UTF8.self)
    let withAltText = withAlt == plain ? plainText : String(decoding: withAlt, as: UTF8.self)
    return HeadingText(
      plain: plainText, withAlt: withAltText,
      smartPlain: smart.map {
        $0.plain == plain ? plainText : String(decoding: $0.plain, as: UTF8.self)
      },
      smartWithAlt: smart.map {
        $0.withAlt == withAlt ? withAltText : String(decoding: $0.withAlt, as: UTF8.self)
      })
  }
}
