import Foundation

/// The repository's fixture documents, and scratch trees of files, for
/// the tests of every module.
public enum Fixtures {
  /// The repository's root.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `fixtures/`, the documents the tests read.
  public static let folder = root.appendingPathComponent("fixtures")

  /// Every Markdown fixture's file name, sorted, and those in `binary/`
  /// (NUL bytes: the command line refuses them as grep does, but the
  /// outline reads them) as `binary/NAME`.
  public static var names: [String] {
    func documents(_ folder: URL) -> [String] {
      let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return all.filter { [".md", ".markdown"].contains(where: $0.hasSuffix) }.sorted()
    }
    return requiredCases(
      documents(folder) + documents(folder.appendingPathComponent("binary")).map { "binary/" + $0 },
      "Markdown fixtures")
  }

  /// Every HTML fixture's file name, sorted.
  public static var htmlNames: [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return requiredCases(
      all.filter { $0.hasSuffix(".html") || $0.hasSuffix(".htm") }.sorted(), "HTML fixtures")
  }

  /// The bytes of the fixture `name`.
  public static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// A scratch tree, removed afterwards: `files` maps relative paths to
  /// contents.
  public static func withTree(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("isle-tree-\(UUID())")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    try body(root)
  }
}
