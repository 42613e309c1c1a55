import ReadingTime

#if canImport(Glibc)
  import Glibc
#endif

/// The first byte of every line of a document, so lines and byte offsets
/// convert both ways.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as cmark counts them. A final
/// line ending does not open a new, empty line: `"a\nb\n"` has two lines.
public struct LineIndex: Sendable, Equatable {
  /// The offset of the first byte of each line, in four bytes each while
  /// the document is smaller than 4 GiB (half the memory of `Int`s: a
  /// 50 MB document has half a million lines).
  private let narrow: [UInt32]
  /// The same, for a document of 4 GiB or more.
  private let wide: [Int]
  /// The size of the document in bytes.
  public let size: Int

  /// The offset of the first byte of each line; `starts[0] == 0`.
  public var starts: [Int] { wide.isEmpty ? narrow.map { Int($0) } : wide }

  /// Indexes the lines of `bytes`, calling `release` with each stretch
  /// of bytes it has passed, of about `step` bytes (see `Outliner.Release`).
  init(
    _ bytes: UnsafeBufferPointer<UInt8>, release: Outliner.Release? = nil,
    step: Int = Outliner.releaseStep
  ) {
    if bytes.count <= Int(UInt32.max) {
      narrow = Self.scan(bytes, release: release, step: step, as: UInt32.self)
      wide = []
    } else {
      narrow = []
      wide = Self.scan(bytes, release: release, step: step, as: Int.self)
    }
    size = bytes.count
  }

  private static func scan<Offset: FixedWidthInteger>(
    _ bytes: UnsafeBufferPointer<UInt8>, release: Outliner.Release?, step: Int, as: Offset.Type
  ) -> [Offset] {
    var starts: [Offset] = [0]
    let count = bytes.count
    guard let base = bytes.baseAddress else { return starts }
    var i = 0
    var released = 0
    while i < count {
      // A stretch at a time, memchr finding the line feeds up to each
      // carriage return, which ends a line alone or with a line feed.
      let stretchEnd = min(i + step, count)
      while i < stretchEnd {
        let returnAt =
          memchr(base + i, 0x0D, stretchEnd - i).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
          } ?? stretchEnd
        while i < returnAt, let found = memchr(base + i, 0x0A, returnAt - i) {
          i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
          if i < count { starts.append(Offset(i)) }
        }
        i = returnAt
        if i < stretchEnd {
          i += (i + 1 < count && bytes[i + 1] == 0x0A) ? 2 : 1
          if i < count { starts.append(Offset(i)) }
        }
      }
      release?(released..<i)
      released = i
    }
    return starts
  }

  /// The lines of a document of `size` bytes read in another encoding:
  /// `decoded` indexes its UTF-8, and `mapOffset` takes a UTF-8 offset to the
  /// raw one. The raw bytes cannot be scanned for line feeds themselves
  /// (in UTF-16 a byte 0x0A may be half of any character).
  init(_ decoded: LineIndex, size: Int, mapOffset: (Int) -> Int) {
    let starts = decoded.starts.map(mapOffset)
    if size <= Int(UInt32.max) {
      self.init(narrow: starts.map { UInt32($0) }, wide: [], size: size)
    } else {
      self.init(narrow: [], wide: starts, size: size)
    }
  }

  /// Indexes the lines of `bytes`.
  public init(_ bytes: [UInt8]) {
    self = bytes.withUnsafeBufferPointer { LineIndex($0) }
  }

  private init(narrow: [UInt32], wide: [Int], size: Int) {
    self.narrow = narrow
    self.wide = wide
    self.size = size
  }

  /// The lines of `bytes`, which are the text these lines index with the
  /// bytes in `old` replaced by `count` bytes: only the bytes around the
  /// edit are read. Whether a line starts at `p` depends on the bytes at
  /// `p - 1` and `p` alone (a line feed, or a carriage return not before
  /// one), so the lines before the edit stand, those after it move by its
  /// change in length, and only the starts from its first byte to one past
  /// its last are looked for again.
  public func edited(replacing old: Range<Int>, with count: Int, in bytes: [UInt8]) -> LineIndex {
    guard size - old.count + count == bytes.count, old.upperBound <= size,
      (bytes.count <= Int(UInt32.max)) == wide.isEmpty
    else { return LineIndex(bytes) }
    let delta = count - old.count
    let lastNew = old.lowerBound + count  // the first byte after the new ones
    func splice<Offset: FixedWidthInteger>(_ starts: [Offset]) -> [Offset] {
      let before = starts.countAtOrBefore(old.lowerBound - 1) { Int($0) }
      let after = starts.countAtOrBefore(old.upperBound) { Int($0) }
      var result: [Offset] = []
      result.reserveCapacity(starts.count + count / 16 + 1)
      result += starts[..<max(before, 1)]
      var position = max(old.lowerBound, 1)
      while position <= lastNew && position < bytes.count {
        let previous = bytes[position - 1]
        if previous == 0x0A || (previous == 0x0D && bytes[position] != 0x0A) {
          result.append(Offset(position))
        }
        position += 1
      }
      for start in starts[after...] { result.append(Offset(Int(start) + delta)) }
      return result
    }
    return wide.isEmpty
      ? LineIndex(narrow: splice(narrow), wide: [], size: bytes.count)
      : LineIndex(narrow: [], wide: splice(wide), size: bytes.count)
  }

  /// The number of lines; 0 for an empty document.
  public var lineCount: Int { size == 0 ? 0 : wide.isEmpty ? narrow.count : wide.count }

  /// The offset of the first byte of 1-based line `line`, clamped to the
  /// document (a line past the last one starts at the end).
  public func offset(ofLine line: Int) -> Int {
    if line < 1 { return 0 }
    if line > lineCount { return size }
    return wide.isEmpty ? Int(narrow[line - 1]) : wide[line - 1]
  }

  /// The bytes of 1-based line `line` of `bytes` (the document indexed),
  /// without its line ending.
  func text(ofLine line: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    let start = offset(ofLine: line)
    let end = Self.textEnd(from: start, to: max(offset(ofLine: line + 1), start)) { bytes[$0] }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Where the text of 1-based line `line` of `bytes` (the document
  /// indexed) ends: before its line ending.
  public func textEnd(ofLine line: Int, in bytes: [UInt8]) -> Int {
    let start = offset(ofLine: line)
    return Self.textEnd(from: start, to: max(offset(ofLine: line + 1), start)) { bytes[$0] }
  }

  /// `end` with the line ending that closes `start..<end` taken off.
  private static func textEnd(from start: Int, to end: Int, _ byte: (Int) -> UInt8) -> Int {
    var end = end
    if end > start && byte(end - 1) == 0x0A { end -= 1 }
    if end > start && byte(end - 1) == 0x0D { end -= 1 }
    return end
  }

  /// Just past 1-based line `line`, its line ending included: where the
  /// next line starts (the end for the last line).
  public func endOffset(ofLine line: Int) -> Int { offset(ofLine: line + 1) }

  /// The offset of 1-based `column` (in bytes, as cmark counts them) on
  /// 1-based `line`, clamped to the document.
  public func offset(ofLine line: Int, column: Int) -> Int {
    min(offset(ofLine: line) + max(column - 1, 0), size)
  }

  /// Where the line holding byte `offset` starts.
  public func lineStart(at offset: Int) -> Int { self.offset(ofLine: line(ofOffset: offset)) }

  /// Just past the line holding byte `offset`: where the next one starts.
  public func lineEnd(at offset: Int) -> Int { self.offset(ofLine: line(ofOffset: offset) + 1) }

  /// The 1-based line that holds byte `offset` (the last line for the end of
  /// the document). Binary search.
  public func line(ofOffset offset: Int) -> Int {
    let count =
      wide.isEmpty
      ? narrow.countAtOrBefore(offset) { Int($0) } : wide.countAtOrBefore(offset) { $0 }
    return max(count, 1)
  }
}
