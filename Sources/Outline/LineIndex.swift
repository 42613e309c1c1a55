/// The first byte of every line of a document, so lines and byte offsets
/// convert both ways.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as cmark counts them. A final
/// line ending does not open a new, empty line: `"a\nb\n"` has two lines.
public struct LineIndex: Sendable, Equatable {
  /// The offset of the first byte of each line; `starts[0] == 0`.
  public let starts: [Int]
  /// The size of the document in bytes.
  public let size: Int

  /// Indexes the lines of `bytes`.
  public init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var starts = [0]
    let count = bytes.count
    var i = 0
    while i < count {
      let byte = bytes[i]
      if byte == 0x0A {
        i += 1
      } else if byte == 0x0D {
        i += (i + 1 < count && bytes[i + 1] == 0x0A) ? 2 : 1
      } else {
        i += 1
        continue
      }
      if i < count { starts.append(i) }
    }
    self.starts = starts
    self.size = count
  }

  /// Indexes the lines of `bytes`.
  public init(_ bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { LineIndex($0) }
  }

  /// The number of lines; 0 for an empty document.
  public var lineCount: Int { size == 0 ? 0 : starts.count }

  /// The offset of the first byte of 1-based line `line`, clamped to the
  /// document (a line past the last one starts at the end).
  public func offset(ofLine line: Int) -> Int {
    if line < 1 { return 0 }
    if line > lineCount { return size }
    return starts[line - 1]
  }

  /// The 1-based line that holds byte `offset` (the last line for the end of
  /// the document). Binary search.
  public func line(ofOffset offset: Int) -> Int {
    max(starts.countAtOrBefore(offset) { $0 }, 1)
  }
}
