/// The kind of text a document is written in.
public enum DocumentFormat: String, Sendable, CaseIterable {
  case markdown
  case html

  /// The format named by a file's extension, if it names one.
  public static func fromExtension(of path: String) -> DocumentFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "md", "markdown", "mdown", "mkd", "mkdn": return .markdown
    case "html", "htm", "xhtml": return .html
    default: return nil
    }
  }

  /// The format the first bytes suggest: HTML for a doctype or `<html`
  /// (after a BOM and white space), else Markdown.
  static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> DocumentFormat {
    var i = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[i]) { i += 1 }
    let head = bytes[i..<min(bytes.count, i + 9)].map { $0 | 0x20 }
    let lowered = String(decoding: head, as: UTF8.self)
    if lowered.hasPrefix("<!doctype") || lowered.hasPrefix("<html") { return .html }
    return .markdown
  }
}
