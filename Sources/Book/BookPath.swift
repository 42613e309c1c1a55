/// Paths inside a book's folder: joined, tidied, and refused when they
/// leave it.
public enum BookPath {
  /// `path` relative to a book's folder with `.` and `..` resolved, or nil
  /// when it is absolute or climbs out of the folder: isle never reads
  /// outside the book.
  public static func inside(_ path: String) -> String? {
    guard !path.hasPrefix("/") else { return nil }
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(part)
      }
    }
    return parts.isEmpty ? nil : parts.joined(separator: "/")
  }

  /// `child` under `folder` (either may be empty or `.`).
  public static func join(_ folder: String, _ child: String) -> String {
    if folder.isEmpty || folder == "." { return child }
    if child.isEmpty || child == "." { return folder }
    return folder.hasSuffix("/") ? folder + child : folder + "/" + child
  }

  /// The folder holding `path` (`.` for a bare name).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last part of `path`.
  public static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
