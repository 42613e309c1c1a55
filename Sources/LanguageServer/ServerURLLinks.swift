import Found
import Links
import Workspace

/// Document links to URLs, as VS Code gives them: the destination of an
/// inline link or image, of an autolink in angle brackets, of an HTML
/// `href` or `src`, of a definition and, at their labels, of its uses. A
/// URL written bare in the text (GFM's autolink extension) is no document
/// link: editors find those themselves, and VS Code's server leaves them.
extension LinkFact {
  /// The URL this link leads to, as written (`%XX` escapes kept, so the
  /// editor opens what the document says); nil for a local link, an empty
  /// destination, `//host` (no scheme to open it with) and a bare URL.
  func url(in bytes: [UInt8]) -> String? {
    guard isPositioned, target == .elsewhere, LanguageServer.hasScheme(link.destination) else {
      return nil
    }
    // An autolink has no destination written apart: `<` opens it, else it
    // is a bare URL.
    if link.kind == .link, link.destinationRange == nil {
      guard link.offset < bytes.count, bytes[link.offset] == 0x3C else { return nil }
    }
    return link.destination
  }
}
