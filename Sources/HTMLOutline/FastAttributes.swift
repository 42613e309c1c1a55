/// A start tag's attributes as the fast path's tokenizer found them:
/// names matched without regard to case, the first of a repeated name
/// winning, values with references or CRs decoded by gumbo.
struct FastAttributes: HTMLAttributeSource {
  let bytes: UnsafeBufferPointer<UInt8>
  let list: [HTMLTokenizer.Attribute]
  let decoder: HTMLReferenceDecoder

  init(
    _ bytes: UnsafeBufferPointer<UInt8>, _ list: [HTMLTokenizer.Attribute],
    _ decoder: HTMLReferenceDecoder
  ) {
    self.bytes = bytes
    self.list = list
    self.decoder = decoder
  }

  /// No attributes (an element gumbo implies).
  static func none(_ bytes: UnsafeBufferPointer<UInt8>, _ decoder: HTMLReferenceDecoder)
    -> FastAttributes
  {
    FastAttributes(bytes, [], decoder)
  }

  private func find(_ name: String) -> HTMLTokenizer.Attribute? {
    guard !list.isEmpty else { return nil }
    var name = name
    return name.withUTF8 { wanted in
      for attribute in list where attribute.name.count == wanted.count {
        var same = true
        for (index, letter) in wanted.enumerated() {
          var byte = bytes[attribute.name.lowerBound + index]
          if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
          if byte != letter {
            same = false
            break
          }
        }
        if same { return attribute }
      }
      return nil
    }
  }

  func value(_ name: String) -> String? {
    guard let attribute = find(name) else { return nil }
    if attribute.needsDecoding {
      return decoder.decodeValue(UnsafeBufferPointer(rebasing: bytes[attribute.raw]))
    }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[attribute.value]), as: UTF8.self)
  }

  func has(_ name: String) -> Bool {
    find(name) != nil
  }
}
