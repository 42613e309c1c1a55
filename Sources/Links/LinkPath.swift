/// Paths as links name them: joined and tidied by their text alone, as a
/// browser and a Git host resolve them (`docs/../x.md` is `x.md` even when
/// `docs` is a symbolic link).
public enum LinkPath {
  /// `relative` from `folder`, tidied.
  public static func joined(_ folder: String, _ relative: String) -> String {
    tidied(relative.isEmpty ? folder : folder + "/" + relative)
  }

  /// The folder holding `path` (`.` for a bare name).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` without `.` segments, empty ones, or a `..` that follows a
  /// name; a relative path keeps its leading `..`s, and `/..` is `/`.
  public static func tidied(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    var segments: [Substring] = []
    for segment in path.split(separator: "/") {
      if segment == "." { continue }
      if segment == ".." {
        if let last = segments.last, last != ".." {
          segments.removeLast()
        } else if !absolute {
          segments.append(segment)
        }
        continue
      }
      segments.append(segment)
    }
    let joined = segments.joined(separator: "/")
    if absolute { return "/" + joined }
    return joined.isEmpty ? "." : joined
  }

  /// Absolute `path` as a link from absolute `folder` writes it: up with
  /// `..` to the folder they share, then down (`.` for the folder itself).
  public static func relative(_ path: String, from folder: String) -> String {
    let to = tidied(path).split(separator: "/")
    let from = tidied(folder).split(separator: "/")
    var shared = 0
    while shared < min(to.count, from.count) && to[shared] == from[shared] { shared += 1 }
    let segments =
      Array(repeating: Substring(".."), count: from.count - shared) + to[shared...]
    return segments.isEmpty ? "." : segments.joined(separator: "/")
  }

  /// The extension of the last segment, lowercased; nil when it has none.
  static func pathExtension(_ path: String) -> String? {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    return name[name.index(after: dot)...].lowercased()
  }
}
