import Found
import Outline

/// What a link's destination asks to be checked, read as a browser and a
/// Git host read it: nothing (another machine's), a fragment of this
/// document, or a file (with or without a fragment).
public enum LinkDestination: Equatable, Sendable {
  /// Not checked: a URL with a scheme (`https:`, `mailto:`), `//host`, or
  /// an empty destination.
  case elsewhere
  /// `#fragment`: a target in this document.
  case fragment(String)
  /// A file: relative to the linking document, or to the root when
  /// `fromRoot` (`/docs/x.md`, or a URL naming the repository's own file).
  /// `fragment` is nil when there is none or it is not checked.
  case file(path: String, fragment: String?, fromRoot: Bool)

  /// What `link` asks to be checked. Paths and fragments are percent-decoded;
  /// a query (`?plain=1`) is dropped; an image's fragment
  /// (`logo.png#gh-dark-mode-only`) and a line fragment (`#L10`, `#L10-L20`)
  /// name no heading and are not checked. With `repository`, a URL naming
  /// one of its files is that file, from the root.
  public static func of(_ link: FoundLink, repository: RepositoryURL? = nil) -> LinkDestination {
    var text = link.destination
    var fromRoot = false
    if let path = repository?.path(of: text) {
      text = path
      fromRoot = true
    } else if text.isEmpty || text.hasPrefix("//") || hasScheme(text) {
      return .elsewhere
    }
    var fragment: String? = nil
    if let hash = text.firstIndex(of: "#") {
      fragment = withoutDirective(String(text[text.index(after: hash)...]))
      text = String(text[..<hash])
    }
    if let question = text.firstIndex(of: "?") { text = String(text[..<question]) }
    if let written = fragment, isLine(written) || link.kind.isImage { fragment = nil }
    fragment = fragment.map(PercentDecoding.decoded)
    if text.isEmpty {
      guard let fragment else { return .elsewhere }
      return fromRoot ? .file(path: "", fragment: fragment, fromRoot: true) : .fragment(fragment)
    }
    if text.hasPrefix("/") {
      fromRoot = true
      text.removeFirst()
    }
    return .file(path: PercentDecoding.decoded(text), fragment: fragment, fromRoot: fromRoot)
  }

  /// The fragment of `link` as written (not percent-decoded, without a
  /// fragment directive), which a browser looks up before the decoded one;
  /// nil when it has none.
  public static func writtenFragment(of link: FoundLink) -> String? {
    guard let hash = link.destination.firstIndex(of: "#") else { return nil }
    return withoutDirective(String(link.destination[link.destination.index(after: hash)...]))
  }

  /// A fragment without its fragment directive (`:~:text=…`), which names
  /// text to find, not an element: what stands before it is the fragment
  /// (nothing: the top of the page).
  static func withoutDirective(_ fragment: String) -> String {
    let bytes = Array(fragment.utf8)
    let marker = Array(":~:".utf8)
    guard bytes.count >= marker.count,
      let start = (0...(bytes.count - marker.count)).first(where: {
        bytes[$0..<($0 + marker.count)].elementsEqual(marker)
      })
    else { return fragment }
    return String(decoding: bytes[..<start], as: UTF8.self)
  }

  /// True for `scheme:` at the start (RFC 3986: a letter, then letters,
  /// digits, `+`, `-` and `.`).
  static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = text[..<colon].unicodeScalars
    guard let first = scheme.first, isLetter(first) else { return false }
    return scheme.allSatisfy {
      isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
    }
  }

  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// GitHub's line fragments: `L10`, `L10-L20`, `L10C5-L12C2`.
  static func isLine(_ fragment: String) -> Bool {
    let parts = fragment.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    return parts.allSatisfy { part in
      guard part.first == "L" else { return false }
      let numbers = part.dropFirst().split(separator: "C", omittingEmptySubsequences: false)
      return (1...2).contains(numbers.count)
        && numbers.allSatisfy {
          !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber)
        }
    }
  }

}
