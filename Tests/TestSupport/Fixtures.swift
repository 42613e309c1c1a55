import Foundation

/// The repository's fixture documents, and scratch trees of files, for
/// the tests of every module.
public enum Fixtures {
  /// The repository's root.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `fixtures/`, the documents the tests read.
  public static let folder = root.appendingPathComponent("fixtures")

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
