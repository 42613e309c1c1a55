/// `mkdocs.yml`: its `docs_dir` (default `docs`) and its `nav`, read as
/// MkDocs reads them; everything else in the file is left alone.
public enum MkDocsNav {
  /// The most entries a nav may hold: aliases can make a small file name
  /// billions (a "billion laughs"), which isle refuses rather than walks.
  public static let largest = 100_000

  /// The docs folder (relative to the file's folder) and the nav's entries
  /// (nil when the file has no `nav`: MkDocs' own order then).
  public static func parse(_ bytes: [UInt8], file: String) throws(BookError) -> (
    docsDir: String, nav: [Chapter]?
  ) {
    let root = try YAMLNode.parse(bytes, file: file)
    var docsDir = "docs"
    if let node = root?["docs_dir"] {
      guard case .scalar(let value, _) = node else {
        throw BookError(file, line: node.line, "docs_dir is not a path")
      }
      docsDir = value
    }
    guard let nav = root?["nav"] else { return (docsDir, nil) }
    guard case .sequence(let items, _) = nav else {
      throw BookError(file, line: nav.line, "nav is not a list")
    }
    var chapters: [Chapter] = []
    try entries(items, depth: 0, into: &chapters, file: file)
    return (docsDir, chapters)
  }

  /// The site's name (`site_name`) and whether its pages are served at
  /// folder URLs (`use_directory_urls`, true unless YAML says false, as
  /// PyYAML reads `false`, `no` or `off`). A file that does not parse has
  /// neither: `parse` says why.
  public static func site(_ bytes: [UInt8]) -> (name: String?, directoryURLs: Bool) {
    guard let root = try? YAMLNode.parse(bytes, file: "") else { return (nil, true) }
    var name: String? = nil
    if case .scalar(let value, _) = root["site_name"] { name = value }
    var directoryURLs = true
    if case .scalar(let value, _) = root["use_directory_urls"] {
      directoryURLs = !["false", "no", "off"].contains(value.lowercased())
    }
    return (name, directoryURLs)
  }

  private static func entries(
    _ items: [YAMLNode], depth: Int, into chapters: inout [Chapter], file: String
  ) throws(BookError) {
    for item in items {
      guard chapters.count < largest else {
        throw BookError(file, line: item.line, "the nav holds more than \(largest) entries")
      }
      switch item {
      case .scalar(let path, let line):
        if let chapter = try page(title: nil, path: path, depth: depth, line: line, file: file) {
          chapters.append(chapter)
        }
      case .sequence(_, let line):
        throw BookError(file, line: line, "a nav entry that is a list in a list")
      case .mapping(let pairs, let line):
        guard pairs.count == 1, let (title, value) = pairs.first.map({ ($0.key, $0.value) }) else {
          throw BookError(file, line: line, "a nav entry with \(pairs.count) keys (one title each)")
        }
        switch value {
        case .scalar(let path, _):
          if let chapter = try page(title: title, path: path, depth: depth, line: line, file: file)
          {
            chapters.append(chapter)
          }
        case .sequence(let children, _):
          chapters.append(Chapter(kind: .part, title: title, depth: depth, line: line))
          try entries(children, depth: depth + 1, into: &chapters, file: file)
        case .mapping:
          throw BookError(
            file, line: line, "a nav entry '\(title)' that is a mapping of mappings")
        }
      }
    }
  }

  /// A page of the nav, nil for a link to a site (MkDocs shows it, isle
  /// has nothing to read).
  private static func page(title: String?, path: String, depth: Int, line: Int, file: String)
    throws(BookError) -> Chapter?
  {
    if path.contains("://") || path.hasPrefix("mailto:") { return nil }
    guard let inside = BookPath.inside(SummaryParser.withoutFragment(path)) else {
      throw BookError(file, line: line, "'\(path)' leaves the book's folder")
    }
    return Chapter(kind: .numbered, title: title, path: inside, depth: depth, line: line)
  }
}
