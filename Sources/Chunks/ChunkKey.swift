import Cells
import Progress

/// A record's key: what names it from one run to the next. The document's
/// path (`-` for standard input), `#`, and the steps from the top heading
/// down to its section joined by `/`: each heading's id (a heading without
/// one by its title), with `%`, `/`, `@` and `~` written `%25`, `%2F`,
/// `%40`, `%7E`, and `~N` after it for the Nth heading of that name under
/// the same parent (N from 2: an HTML page can repeat an id, or leave two
/// headings of one title without any); `@N` after the whole for part N of
/// a cut section, N from 2. An edit in another section leaves it as it
/// was; renaming the section or one above it, or adding one of the same
/// name before it under the same parent, moves it.
public struct ChunkKey: Sendable {
  private let path: String
  private let steps: [String]
  private let parents: [Int?]

  /// The keys of the sections of `tree`, from `path` (nil: standard input),
  /// made in one pass.
  public init(path: String?, tree: HeadingTree) {
    self.path = path ?? "-"
    parents = tree.parents
    var seen: [Pair: Int] = [:]
    steps = tree.headings.indices.map { index in
      let found = tree.headings[index]
      let name = Self.escaped(found.id ?? found.title)
      let pair = Pair(parent: tree.parents[index] ?? -1, name: name)
      let count = (seen[pair] ?? 0) + 1
      seen[pair] = count
      return count > 1 ? name + "~\(count)" : name
    }
  }

  /// The key of the section of `heading` (nil: the text before the first).
  public func of(heading: Int?) -> String {
    var chain: [String] = []
    var at = heading
    while let index = at {
      chain.append(steps[index])
      at = parents[index]
    }
    return path + "#" + chain.reversed().joined(separator: "/")
  }

  /// `key` for part `part`.
  public static func part(_ key: String, _ part: Int) -> String {
    part > 1 ? key + "@\(part)" : key
  }

  private struct Pair: Hashable {
    var parent: Int
    var name: String
  }

  /// `id` with `%`, `/`, `@` and `~` percent-encoded; most ids hold none,
  /// which a look at the bytes tells.
  private static func escaped(_ id: String) -> String {
    guard id.utf8.contains(where: { $0 == 0x25 || $0 == 0x2F || $0 == 0x40 || $0 == 0x7E }) else {
      return id
    }
    return PercentEncoding.escaped(id, reserving: ["%", "/", "@", "~"])
  }
}
