/// What `isle check` says of an llms.txt beside a book: the links that
/// name no chapter of the book any longer, and the chapters no link
/// names. Links are read as llmstxt.org writes them, list items
/// `- [title](url)`; the site's address they start with is the one most
/// of them share before a chapter's URL (none, for relative links), and a
/// link elsewhere (another site, a page the book does not make) is left
/// alone unless it starts with that address.
public struct LlmsAudit: Sendable, Equatable {
  /// A link of the file, where it is (1-based line and column of its
  /// URL) and what it says.
  public struct Link: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var url: String
  }

  /// The links under the site's address that name no chapter.
  public var stale: [Link]
  /// The chapters (their relative URLs, as given) no link names.
  public var unlinked: [String]

  /// The audit of `text`, an llms.txt, against the chapters' URLs
  /// relative to the site's root (`SiteURL.of` without a base).
  public init(_ text: String, chapters: [String]) {
    let links = Self.links(in: text)
    let known = Set(chapters.map(Self.relative))
    let base = Self.base(of: links.map { Self.bare($0.url) }, known: known)
    var named: Set<String> = []
    var stale: [Link] = []
    for link in links {
      let url = Self.bare(link.url)
      guard let inside = Self.inside(url, base: base) else { continue }
      if known.contains(inside) { named.insert(inside) } else { stale.append(link) }
    }
    self.stale = stale
    unlinked = chapters.filter { !named.contains(Self.relative($0)) }
  }

  /// True when there is nothing to say.
  public var isEmpty: Bool { stale.isEmpty && unlinked.isEmpty }

  /// The list items' links of `text`, in order.
  static func links(in text: String) -> [Link] {
    var found: [Link] = []
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    {
      let item = line.drop { $0 == " " || $0 == "\t" }
      guard item.first == "-" || item.first == "*" || item.first == "+" else { continue }
      let rest = item.dropFirst().drop { $0 == " " || $0 == "\t" }
      guard rest.first == "[", let middle = rest.firstRange(of: "](") else { continue }
      let after = rest[middle.upperBound...]
      guard let close = after.firstIndex(of: ")") else { continue }
      let column = line.utf8.distance(from: line.startIndex, to: middle.upperBound) + 1
      found.append(Link(line: number + 1, column: column, url: String(after[..<close])))
    }
    return found
  }

  /// A URL without its fragment or query.
  static func bare(_ url: String) -> String {
    String(url.prefix { $0 != "#" && $0 != "?" })
  }

  /// A chapter's relative URL as compared: `./` is the root, "".
  static func relative(_ url: String) -> String {
    url == "./" ? "" : url.hasPrefix("./") ? String(url.dropFirst(2)) : url
  }

  /// The address most links share before a chapter's URL ("" for
  /// relative links; the shortest when as many share two).
  static func base(of urls: [String], known: Set<String>) -> String {
    var counts: [String: Int] = [:]
    for url in urls {
      for chapter in known where !chapter.isEmpty && url.hasSuffix(chapter) {
        let prefix = String(decoding: url.utf8.dropLast(chapter.utf8.count), as: UTF8.self)
        if prefix.isEmpty || prefix.hasSuffix("/") { counts[prefix, default: 0] += 1 }
      }
    }
    let best = counts.max { a, b in
      a.value != b.value ? a.value < b.value : a.key.utf8.count > b.key.utf8.count
    }
    return best.map { $0.key == "./" ? "" : $0.key } ?? ""
  }

  /// The URL relative to `base`, or nil when it is outside it (another
  /// site; with no base, any URL with a scheme, `/` or `#` first).
  static func inside(_ url: String, base: String) -> String? {
    if base.isEmpty {
      if url.contains("://") || url.hasPrefix("/") || url.hasPrefix("#") || url.hasPrefix("mailto:")
      {
        return nil
      }
      return relative(url)
    }
    guard url.hasPrefix(base) else { return nil }
    return String(decoding: url.utf8.dropFirst(base.utf8.count), as: UTF8.self)
  }
}
