import Files

/// The sections read in each document, kept across runs: one line a
/// document, its sections' keys (`SectionKey`, space-separated) then a
/// tab and the document's real path. Kept by the path alone, not the
/// version: an edit leaves the sections' keys as they were.
public struct ReadMarks {
  let store: ReadPlaces

  /// Marks kept in `file`.
  public init(file: String) {
    store = ReadPlaces(file: file)
  }

  /// The keys of the sections read in the document at `path`.
  public func keys(for path: String) -> Set<String> {
    guard let real = PathBytes.real(path) else { return [] }
    for line in store.lines().reversed() {
      guard let tab = line.lastIndex(of: "\t"), line[line.index(after: tab)...] == real else {
        continue
      }
      return Set(line[..<tab].split(separator: " ").map(String.init))
    }
    return []
  }

  /// Keeps `keys` as the sections read in the document at `path`.
  public func save(_ keys: Set<String>, for path: String) {
    guard let real = PathBytes.real(path), !real.contains("\t"), !real.contains("\n") else {
      return
    }
    let words = keys.filter { !$0.isEmpty }.sorted()
    store.keep(words.joined(separator: " ") + "\t" + real, forPath: real)
  }
}
