import CGumbo

/// Character references (`&amp;`, `&#233;`, `&notin`) and carriage returns
/// decoded exactly as gumbo decodes them, for the fast path: each distinct
/// reference, and each attribute value that holds one, is handed to gumbo
/// once in a tiny page of its own, and the answer kept.
///
/// Asking gumbo keeps HTML's table of 2,231 named references and its
/// rules for references without `;` in one place, the parser's.
final class HTMLReferenceDecoder {
  private var references: [[UInt8]: [UInt8]] = [:]
  private var values: [[UInt8]: String] = [:]

  /// Appends text `bytes` to `out` with references decoded, CR LF and CR
  /// made LF.
  func decodeText(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte == 0x0D {
        out.append(0x0A)
        index += index + 1 < count && bytes[index + 1] == 0x0A ? 2 : 1
        continue
      }
      guard byte == 0x26 else {
        out.append(byte)
        index += 1
        continue
      }
      // The reference runs over `#`, letters and digits, and a `;`: what
      // follows cannot change how it reads in text.
      var end = index + 1
      if end < count && bytes[end] == 0x23 { end += 1 }
      while end < count, Self.isAlphanumeric(bytes[end]) { end += 1 }
      if end < count && bytes[end] == 0x3B { end += 1 }
      if end == index + 1 {
        out.append(byte)
        index += 1
        continue
      }
      let reference = Array(bytes[index..<end])
      if let known = references[reference] {
        out += known
      } else {
        let decoded = Self.bodyText(of: Array("<body>".utf8) + reference)
        references[reference] = decoded
        out += decoded
      }
      index = end
    }
  }

  /// Attribute value `raw` (with its quotes, if it had them) decoded.
  func decodeValue(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    let key = Array(raw)
    if let known = values[key] { return known }
    let decoded = Self.attributeValue(of: Array("<body><p a=".utf8) + key + Array(">".utf8))
    values[key] = decoded
    return decoded
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
  }

  /// gumbo's parse of `page`, handed to `body` with its `<body>` element.
  private static func withBody<Result>(
    of page: [UInt8], _ body: (GumboElement) -> Result
  ) -> Result? {
    page.withUnsafeBufferPointer { bytes in
      var options = kGumboDefaultOptions
      options.max_errors = 0
      let output = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        gumbo_parse_with_options(&options, $0, bytes.count)
      }
      guard let output else { return nil }
      defer { gumbo_destroy_output(&options, output) }
      let root = output.pointee.root.pointee.v.element
      for index in 0..<Int(root.children.length) {
        let child = root.children.data[index]!.assumingMemoryBound(to: GumboNode.self)
        if child.pointee.type == GUMBO_NODE_ELEMENT, child.pointee.v.element.tag == GUMBO_TAG_BODY {
          return body(child.pointee.v.element)
        }
      }
      return nil
    }
  }

  private static func bodyText(of page: [UInt8]) -> [UInt8] {
    withBody(of: page) { body -> [UInt8] in
      guard body.children.length > 0 else { return [] }
      let node = body.children.data[0]!.assumingMemoryBound(to: GumboNode.self)
      guard let text = node.pointee.v.text.text else { return [] }
      return Array(
        UnsafeBufferPointer(
          start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
    } ?? []
  }

  private static func attributeValue(of page: [UInt8]) -> String {
    withBody(of: page) { body -> String in
      guard body.children.length > 0 else { return "" }
      let node = body.children.data[0]!.assumingMemoryBound(to: GumboNode.self)
      return HTMLParser.attribute("a", of: node.pointee.v.element) ?? ""
    } ?? ""
  }
}

#if canImport(Glibc)
  import Glibc
#endif
