import Cells
import Progress

/// A record's key: what names it from one run to the next. The document's
/// path (`-` for standard input), `#`, and the ids of the headings from
/// the top down to its section joined by `/` (each id's `%`, `/` and `@`
/// written `%25`, `%2F`, `%40`; a heading without an id by its title);
/// `@N` after it for part N of a cut section, N from 2. An edit in another
/// section leaves it as it was; renaming the section or one above it
/// moves it.
public enum ChunkKey {
  /// The key of the section of `heading` (nil: the text before the first).
  public static func of(path: String?, heading: Int?, in tree: HeadingTree) -> String {
    var chain: [String] = []
    var at = heading
    while let index = at {
      let found = tree.headings[index]
      chain.append(escaped(found.id ?? found.title))
      at = tree.parents[index]
    }
    return (path ?? "-") + "#" + chain.reversed().joined(separator: "/")
  }

  /// `key` for part `part`.
  public static func part(_ key: String, _ part: Int) -> String {
    part > 1 ? key + "@\(part)" : key
  }

  private static func escaped(_ id: String) -> String {
    PercentEncoding.escaped(id, reserving: ["%", "/", "@"])
  }

}
