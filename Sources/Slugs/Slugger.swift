/// Turns heading texts into anchor ids, unique within one document, the
/// way the flavour's tool makes them unique.
///
/// Most add `-1`, `-2`… after the first, skipping any id already taken, as
/// github-slugger does: `echo`, `echo`, `echo 1`, `echo-1`, `echo` become
/// `echo`, `echo-1`, `echo-1-1`, `echo-1-2`, `echo-2`. MkDocs adds `_1`
/// (and counts on from an id that already ends `_N`); kramdown counts each
/// base without looking at what is taken.
public struct Slugger: Sendable {
  /// The flavour of every id this slugger makes.
  public let flavor: SlugFlavor
  private var occurrences: [String: Int] = [:]

  /// A slugger that has handed out no ids yet.
  public init(flavor: SlugFlavor = .github) {
    self.flavor = flavor
  }

  /// Room for `count` ids, handed out without growing the table on the way.
  public mutating func reserveCapacity(_ count: Int) {
    occurrences.reserveCapacity(count)
  }

  /// Reserves `id` as taken, as an explicit HTML `id` is.
  public mutating func reserve(_ id: String) {
    if occurrences[id] == nil { occurrences[id] = 0 }
  }

  /// The unique id for a heading that says `text`.
  public mutating func slug(_ text: HeadingText) -> String {
    var base = flavor.base(text)
    switch flavor {
    case .pandoc where base.isEmpty: base = "section"
    case .hugo where base.isEmpty: base = "heading"
    default: break
    }
    switch flavor {
    case .mkdocs: return underscored(base)
    case .kramdown: return counted(base)
    default: return unique(base)
    }
  }

  /// The unique id for a heading whose text is `text`, with no images.
  public mutating func slug(_ text: String) -> String {
    slug(HeadingText(text))
  }

  /// `base`, or the first of `base-1`, `base-2`… not yet taken.
  private mutating func unique(_ base: String) -> String {
    var result = base
    while occurrences[result] != nil {
      let count = occurrences[base, default: 0] + 1
      occurrences[base] = count
      result = "\(base)-\(count)"
    }
    occurrences[result] = 0
    return result
  }

  /// Python-Markdown's `unique`: an empty or taken id becomes `id_1` (or,
  /// when it ends `_N`, the stem with the next free number).
  private mutating func underscored(_ id: String) -> String {
    var result = id
    if occurrences[id] != nil || id.isEmpty {
      var stem = id
      var count = 0
      if let underscore = id.lastIndex(of: "_"),
        let number = Int(id[id.index(after: underscore)...]),
        id[id.index(after: underscore)...].allSatisfy(\.isASCII)
      {
        stem = String(id[..<underscore])
        count = number
      }
      repeat {
        count += 1
        result = "\(stem)_\(count)"
      } while occurrences[result] != nil
    }
    occurrences[result] = 0
    return result
  }

  /// kramdown's counter: the n-th time a base comes, `base-n`, taken or not.
  private mutating func counted(_ base: String) -> String {
    let key = "\u{0}" + base
    let count = occurrences[key].map { $0 + 1 } ?? 0
    occurrences[key] = count
    return count == 0 ? base : "\(base)-\(count)"
  }

  /// The id for `title` before duplicates are considered.
  public static func base(_ title: String, flavor: SlugFlavor) -> String {
    flavor.base(HeadingText(title))
  }
}
