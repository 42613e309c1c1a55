import CGumbo

/// The tokens of an HTML page in its data state, read from the bytes with
/// `memchr` for `<`, for the fast path: text runs, start and end tags with
/// their attributes, comments, a doctype, the end. Anything whose tokens
/// the fast path does not model (bogus comments, `--!>`, a tag cut off by
/// the end, odd characters in attributes) throws `UnmodelledError`.
struct HTMLTokenizer {
  enum Token {
    /// Bytes `range` of character data (references not yet decoded).
    case text(Range<Int>)
    /// A start tag at `offset`: its `GumboTag`, a hash of its lowercase
    /// name (for tags gumbo does not know), and whether it ends in `/>`.
    case start(tag: UInt32, name: UInt64, offset: Int, selfClosing: Bool)
    case end(tag: UInt32, name: UInt64)
    case comment
    /// `<!DOCTYPE html>`, the only doctype that is modelled (no quirks).
    case doctype
    case end_of_file
  }

  /// One attribute: its name and value as bytes of the page; the value
  /// with its quotes (`raw`) for decoding by gumbo when it holds `&` or CR.
  struct Attribute {
    var name: Range<Int>
    var value: Range<Int>
    var raw: Range<Int>
    var needsDecoding: Bool
  }

  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var position = 0
  /// The attributes of the last start tag.
  private(set) var attributes: [Attribute] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    attributes.reserveCapacity(16)
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
  }

  private static func isAlpha(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }

  private func byte(_ index: Int) -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  /// The next token.
  mutating func next() throws(UnmodelledError) -> Token {
    let count = bytes.count
    guard position < count else { return .end_of_file }
    let start = position
    if bytes[start] != 0x3C {
      let found = memchr(bytes.baseAddress! + start, 0x3C, count - start)
      position =
        found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! }
        ?? count
      return .text(start..<position)
    }
    guard let next = byte(start + 1) else { throw UnmodelledError() }
    if Self.isAlpha(next) { return try startTag() }
    if next == 0x2F {
      guard let first = byte(start + 2) else { throw UnmodelledError() }
      // `</>` is dropped, but gumbo then places the text after it oddly.
      guard Self.isAlpha(first) else { throw UnmodelledError() }
      position = start + 2
      let (tag, name) = tagName()
      try skipAttributes()
      return .end(tag: tag, name: name)
    }
    if next == 0x21 { return try markupDeclaration() }
    if next == 0x3F { throw UnmodelledError() }
    // A lone `<` is text.
    position = start + 1
    return .text(start..<position)
  }

  private mutating func startTag() throws(UnmodelledError) -> Token {
    let offset = position
    position += 1
    let (tag, name) = tagName()
    attributes.removeAll(keepingCapacity: true)
    let selfClosing = try parseAttributes(keep: true)
    return .start(tag: tag, name: name, offset: offset, selfClosing: selfClosing)
  }

  /// The tag name at `position`, as gumbo's tag and a hash of its lowercase form.
  private mutating func tagName() -> (UInt32, UInt64) {
    let start = position
    while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != 0x2F,
      bytes[position] != 0x3E
    {
      position += 1
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var lower = (UInt64(0), UInt64(0), UInt64(0))
    let length = position - start
    for index in start..<position {
      var byte = bytes[index]
      if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    guard length <= 24 else { return (GUMBO_TAG_UNKNOWN.rawValue, hash) }
    let tag = withUnsafeMutableBytes(of: &lower) { buffer -> GumboTag in
      for index in 0..<length {
        var byte = bytes[start + index]
        if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
        buffer[index] = byte
      }
      return gumbo_tagn_enum(
        buffer.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(length))
    }
    return (tag.rawValue, hash)
  }

  private mutating func skipAttributes() throws(UnmodelledError) {
    attributes.removeAll(keepingCapacity: true)
    _ = try parseAttributes(keep: false)
  }

  /// Reads attributes up to and past the tag's `>`; true when it was `/>`.
  private mutating func parseAttributes(keep: Bool) throws(UnmodelledError) -> Bool {
    let count = bytes.count
    while true {
      while position < count, Self.isSpace(bytes[position]) { position += 1 }
      guard position < count else { throw UnmodelledError() }
      switch bytes[position] {
      case 0x3E:
        position += 1
        return false
      case 0x2F:
        position += 1
        if byte(position) == 0x3E {
          position += 1
          return true
        }
        continue
      case 0x22, 0x27, 0x3C, 0x3D: throw UnmodelledError()
      default: break
      }
      let nameStart = position
      while position < count {
        let byte = bytes[position]
        if Self.isSpace(byte) || byte == 0x2F || byte == 0x3E || byte == 0x3D { break }
        if byte == 0x22 || byte == 0x27 || byte == 0x3C { throw UnmodelledError() }
        position += 1
      }
      let name = nameStart..<position
      while position < count, Self.isSpace(bytes[position]) { position += 1 }
      guard position < count else { throw UnmodelledError() }
      guard bytes[position] == 0x3D else {
        if keep {
          attributes.append(
            Attribute(
              name: name, value: position..<position, raw: position..<position, needsDecoding: false
            ))
        }
        continue
      }
      position += 1
      let (value, raw) = try parseAttributeValue()
      if keep {
        var needsDecoding = false
        for index in value where bytes[index] == 0x26 || bytes[index] == 0x0D {
          needsDecoding = true
          break
        }
        attributes.append(
          Attribute(name: name, value: value, raw: raw, needsDecoding: needsDecoding))
      }
    }
  }

  /// Reads the value after an attribute's `=` (and the spaces around it):
  /// quoted, empty before the tag's `>`, or bare. The value's bytes, and
  /// the bytes it was written as (with its quotes).
  private mutating func parseAttributeValue() throws(UnmodelledError) -> (
    value: Range<Int>, raw: Range<Int>
  ) {
    let count = bytes.count
    while position < count, Self.isSpace(bytes[position]) { position += 1 }
    guard position < count else { throw UnmodelledError() }
    let quote = bytes[position]
    if quote == 0x22 || quote == 0x27 {
      guard
        let found = memchr(bytes.baseAddress! + position + 1, Int32(quote), count - position - 1)
      else { throw UnmodelledError() }
      let end = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
      let start = position
      position = end + 1
      return ((start + 1)..<end, start..<(end + 1))
    }
    if quote == 0x3E {
      // `a=>`: an empty value.
      return (position..<position, position..<position)
    }
    let valueStart = position
    while position < count {
      let byte = bytes[position]
      if Self.isSpace(byte) || byte == 0x3E { break }
      if byte == 0x22 || byte == 0x27 || byte == 0x3C || byte == 0x3D || byte == 0x60 {
        throw UnmodelledError()
      }
      position += 1
    }
    return (valueStart..<position, valueStart..<position)
  }

  /// `<!--…-->` or `<!DOCTYPE html>`; anything else after `<!` is not modelled.
  private mutating func markupDeclaration() throws(UnmodelledError) -> Token {
    let start = position
    if byte(start + 2) == 0x2D && byte(start + 3) == 0x2D {
      let body = start + 4
      // `<!-->` and `<!--->` end at once.
      if byte(body) == 0x3E || (byte(body) == 0x2D && byte(body + 1) == 0x3E) {
        throw UnmodelledError()
      }
      var index = body
      while true {
        guard let found = memchr(bytes.baseAddress! + index, 0x2D, bytes.count - index) else {
          throw UnmodelledError()
        }
        index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
        if byte(index + 1) == 0x2D {
          if byte(index + 2) == 0x3E {
            position = index + 3
            return .comment
          }
          if byte(index + 2) == 0x21 { throw UnmodelledError() }
        }
        index += 1
      }
    }
    let word = Array("doctype".utf8)
    for (offset, letter) in word.enumerated() {
      guard let byte = byte(start + 2 + offset), byte | 0x20 == letter else { throw UnmodelledError() }
    }
    var index = start + 9
    guard let space = byte(index), Self.isSpace(space) else { throw UnmodelledError() }
    while let byte = byte(index), Self.isSpace(byte) { index += 1 }
    for letter in Array("html".utf8) {
      guard let byte = byte(index), byte | 0x20 == letter else { throw UnmodelledError() }
      index += 1
    }
    while let byte = byte(index), Self.isSpace(byte) { index += 1 }
    guard byte(index) == 0x3E else { throw UnmodelledError() }
    position = index + 1
    return .doctype
  }

  /// The content of a raw text or RCDATA element named by `name` (its
  /// lowercase name hash) up to its end tag, which is left to `next`.
  mutating func rawText(until name: [UInt8]) throws(UnmodelledError) -> Range<Int> {
    let start = position
    var index = start
    let count = bytes.count
    while true {
      guard let found = memchr(bytes.baseAddress! + index, 0x3C, count - index) else {
        throw UnmodelledError()
      }
      index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
      if byte(index + 1) == 0x2F, index + 2 + name.count < count {
        var matches = true
        for (offset, letter) in name.enumerated() where bytes[index + 2 + offset] | 0x20 != letter {
          matches = false
          break
        }
        let after = bytes[index + 2 + name.count]
        if matches && (Self.isSpace(after) || after == 0x2F || after == 0x3E) {
          position = index
          return start..<index
        }
      }
      index += 1
    }
  }

  /// Steps over a line feed (or CR LF, or CR) at `position`: the one that
  /// follows `<pre>`, `<listing>` and `<textarea>` is not text.
  mutating func skipLineFeed() {
    if byte(position) == 0x0A {
      position += 1
    } else if byte(position) == 0x0D {
      position += byte(position + 1) == 0x0A ? 2 : 1
    }
  }
}

/// A construct the fast path does not model: the page is parsed whole.
struct UnmodelledError: Error {}

#if canImport(Glibc)
  import Glibc
#endif
