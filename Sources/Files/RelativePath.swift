#if canImport(Glibc)
  import Glibc
#endif

/// Paths as links between files: `path` as seen from the folder `base`,
/// worked out from their names alone (`.` and `..` resolved), the way a
/// Markdown link from a file in `base` reaches it.
public enum RelativePath {
  /// `path` relative to the folder `base`; both relative to `directory`
  /// (the working directory when nil) unless absolute.
  public static func from(_ base: String, to path: String, directory: String? = nil) -> String {
    let here = directory ?? workingDirectory()
    let from = components(absolute(base, in: here))
    let to = components(absolute(path, in: here))
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    let steps = Array(repeating: "..", count: from.count - common) + to[common...]
    return steps.isEmpty ? "." : steps.joined(separator: "/")
  }

  private static func absolute(_ path: String, in directory: String) -> String {
    path.hasPrefix("/") ? path : directory + "/" + path
  }

  /// The names along a path, `.` dropped and `..` stepping back.
  private static func components(_ path: String) -> [String] {
    var result: [String] = []
    for part in path.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if !result.isEmpty { result.removeLast() }
        continue
      }
      result.append(String(part))
    }
    return result
  }

  private static func workingDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
