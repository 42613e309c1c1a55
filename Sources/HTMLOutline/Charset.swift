/// The character encoding an HTML page declares, and which decoder reads
/// it: every encoding of the WHATWG Encoding Standard (`Encoding`), through
/// iconv (`Transcoder`), windows-1252 by a table of its own.
///
/// Offsets must stay those of the raw bytes, so a transcoded page keeps a
/// map from its UTF-8 bytes back to the raw ones. A page that declares no
/// encoding is UTF-8 when it is valid UTF-8, else windows-1252, as browsers
/// read it. A label the standard does not know, or its `replacement`
/// encoding, is not decoded: the page is read as UTF-8 (non-ASCII text
/// becomes U+FFFD) and the JSON says `"decoded": false`.
package struct Charset {
  /// The label as declared, lowercased; nil when none is declared.
  package let label: String?

  /// True when the page can be read: undeclared, or a label the standard
  /// knows and iconv decodes.
  package var isDecodable: Bool {
    guard let label else { return true }
    guard let encoding = Encoding(label: label) else { return false }
    return encoding == .utf8 || encoding.iconvName != nil || encoding.name.hasPrefix("utf-16")
  }

  /// The decoder `bytes` need, or nil to read them as UTF-8 as they are.
  /// A `<meta>` naming UTF-16 means UTF-8, as in browsers: only a byte
  /// order mark makes a page UTF-16.
  package func decoding(_ bytes: Span<UInt8>) -> Encoding? {
    bytes.withUnsafeBufferPointer { decoding($0) }
  }

  /// The same over a buffer, for this module's own callers.
  func decoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Encoding? {
    if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
      return Encoding(label: "utf-16le")
    }
    if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
      return Encoding(label: "utf-16be")
    }
    guard let label else {
      return Transcoder.isValidUTF8(bytes) ? nil : .windows1252
    }
    guard let encoding = Encoding(label: label), encoding.iconvName != nil,
      !encoding.name.hasPrefix("utf-16")
    else { return nil }
    return encoding
  }

  /// The encoding a Markdown document's byte order mark names, when it is
  /// not UTF-8 (which is read as it is): UTF-32 (`FF FE 00 00`, `00 00 FE
  /// FF`) or UTF-16 (`FF FE`, `FE FF`). Nil without one: Markdown is UTF-8.
  package static func byteOrderMark(of bytes: Span<UInt8>) -> Encoding? {
    bytes.withUnsafeBufferPointer { byteOrderMark(of: $0) }
  }

  /// The same over a buffer, for this module's own callers.
  static func byteOrderMark(of bytes: UnsafeBufferPointer<UInt8>) -> Encoding? {
    let head = Array(bytes.prefix(4))
    if head == [0xFF, 0xFE, 0, 0] { return .utf32le }
    if head == [0, 0, 0xFE, 0xFF] { return .utf32be }
    if head.starts(with: [0xFF, 0xFE]) { return Encoding(label: "utf-16le") }
    if head.starts(with: [0xFE, 0xFF]) { return Encoding(label: "utf-16be") }
    return nil
  }

  /// The charset a page declares in its first 1024 bytes: a BOM, a
  /// `<meta charset>`, or a `<meta http-equiv="Content-Type" content="…;
  /// charset=…">`. A simplified form of the HTML prescan.
  package static func declared(in bytes: Span<UInt8>) -> Charset {
    bytes.withUnsafeBufferPointer { declared(in: $0) }
  }

  /// The same over a buffer, for this module's own callers.
  static func declared(in bytes: UnsafeBufferPointer<UInt8>) -> Charset {
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      return Charset(label: "utf-8")
    }
    if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
      return Charset(label: "utf-16le")
    }
    if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
      return Charset(label: "utf-16be")
    }
    let head = String(
      decoding: bytes.prefix(1024).map {
        $0 < 0x80 ? $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) : 0x3F
      }, as: UTF8.self)
    var rest = Substring(head)
    while let meta = rest.firstRange(of: "<meta") {
      let end = rest[meta.upperBound...].firstIndex(of: ">") ?? rest.endIndex
      let tag = rest[meta.upperBound..<end]
      if let found = tag.firstRange(of: "charset") {
        var value = tag[found.upperBound...].drop { $0 == " " }
        if value.first == "=" {
          value = value.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
          let label = value.prefix { !" \"';/>".contains($0) }
          if !label.isEmpty { return Charset(label: String(label)) }
        }
      }
      rest = rest[end...]
    }
    return Charset(label: nil)
  }

  /// The windows-1252 characters of bytes 0x80–0x9F (the rest of the upper
  /// half is Latin-1); 0 where the byte is undefined and kept as its C1 code.
  private static let high: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
  ]

  /// `bytes` from windows-1252 to UTF-8, with the map back to raw offsets.
  package static func transcodeWindows1252(_ bytes: Span<UInt8>) -> Transcoded {
    bytes.withUnsafeBufferPointer { transcodeWindows1252($0) }
  }

  /// The same over a buffer, for this module's own callers.
  static func transcodeWindows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> Transcoded {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count + bytes.count / 8)
    var marks: [(utf8: Int, raw: Int)] = []
    for (raw, byte) in bytes.enumerated() {
      if byte < 0x80 {
        utf8.append(byte)
        continue
      }
      marks.append((utf8.count, raw))
      let scalar = Unicode.Scalar(byte < 0xA0 ? high[Int(byte) - 0x80] : UInt32(byte))!
      utf8 += Array(String(Character(scalar)).utf8)
      marks.append((utf8.count, raw + 1))
    }
    return Transcoded(utf8: utf8, marks: marks)
  }

  /// A page turned into UTF-8, and the way back to its raw offsets.
  package struct Transcoded {
    package let utf8: [UInt8]
    /// Points where the two offsets part: from each `utf8` offset on, raw
    /// offsets run alongside until the next mark.
    package let marks: [(utf8: Int, raw: Int)]

    /// The raw offset of UTF-8 offset `offset` (a byte inside a multi-byte
    /// character maps to the character's raw byte).
    package func rawOffset(_ offset: Int) -> Int {
      var low = 0
      var high = marks.count
      while low < high {
        let mid = (low + high) / 2
        if marks[mid].utf8 <= offset { low = mid + 1 } else { high = mid }
      }
      guard low > 0 else { return offset }
      let mark = marks[low - 1]
      // Inside a character's expansion, the even marks open one.
      if (low - 1) % 2 == 0 { return mark.raw }
      return mark.raw + (offset - mark.utf8)
    }
  }
}
