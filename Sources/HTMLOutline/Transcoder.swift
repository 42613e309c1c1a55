#if canImport(Glibc)
  import Glibc
#endif

/// Any encoding glibc's iconv knows, into UTF-8, one character at a time so
/// that each keeps the raw bytes it came from: offsets stay those of the
/// page as given. A byte that starts no character becomes U+FFFD, as a
/// browser's decoder makes it.
package enum Transcoder {
  /// `bytes` in `encoding` as UTF-8 with the map back to raw offsets; nil
  /// when iconv does not know the encoding.
  package static func transcode(_ bytes: Span<UInt8>, from encoding: Encoding)
    -> Charset.Transcoded?
  {
    bytes.withUnsafeBufferPointer { transcode($0, from: encoding) }
  }

  /// The same over a buffer, for this module's own callers.
  static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, from encoding: Encoding)
    -> Charset.Transcoded?
  {
    guard let name = encoding.iconvName, let start = bytes.baseAddress else { return nil }
    let converter = iconv_open("UTF-8", name)
    guard converter != iconv_t(bitPattern: -1) else { return nil }
    defer { iconv_close(converter) }
    let ascii = encoding.isASCIICompatible
    var utf8: [UInt8] = []
    utf8.reserveCapacity(bytes.count + bytes.count / 2)
    var marks: [(utf8: Int, raw: Int)] = []
    var output = [UInt8](repeating: 0, count: 32)
    var raw = 0
    while raw < bytes.count {
      if ascii && bytes[raw] < 0x80 {
        utf8.append(bytes[raw])
        raw += 1
        continue
      }
      // The shortest run of bytes that makes a whole character.
      var consumed = 0
      var produced = 0
      for length in 1...min(4, bytes.count - raw) {
        var input: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: start + raw)
          .assumingMemoryBound(to: CChar.self)
        var inputLeft = length
        let illegal = output.withUnsafeMutableBytes { buffer -> Bool in
          var out: UnsafeMutablePointer<CChar>? = buffer.baseAddress!.assumingMemoryBound(
            to: CChar.self)
          var outLeft = buffer.count
          let answer = iconv(converter, &input, &inputLeft, &out, &outLeft)
          produced = buffer.count - outLeft
          return answer == size_t.max && errno == EILSEQ
        }
        // glibc may answer an incomplete character without -1: what was
        // consumed tells.
        if inputLeft < length {
          consumed = length - inputLeft
          break
        }
        if illegal { break }
      }
      marks.append((utf8.count, raw))
      if consumed == 0 {
        // No character starts here: U+FFFD for the byte, the state reset.
        _ = iconv(converter, nil, nil, nil, nil)
        utf8 += [0xEF, 0xBF, 0xBD]
        consumed = 1
      } else {
        utf8 += output[0..<produced]
      }
      raw += consumed
      marks.append((utf8.count, raw))
    }
    return Charset.Transcoded(utf8: utf8, marks: marks)
  }

  /// True when `bytes` are valid UTF-8 throughout (the standard
  /// library's own check, which copies nothing).
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    (try? UTF8Span(validating: bytes.span)) != nil
  }
}
