import Foundation
import TestSupport

/// The repository's `fixtures/` documents.
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

  /// Every fixture document's file name, sorted, and those in
  /// `binary/` (NUL bytes: the command line refuses them as grep does,
  /// but the outline reads them) as `binary/NAME`.
  static var names: [String] {
    func documents(_ folder: URL) -> [String] {
      let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      return all.filter { [".md", ".markdown"].contains(where: $0.hasSuffix) }.sorted()
    }
    return requiredCases(
      documents(directory)
        + documents(directory.appendingPathComponent("binary")).map { "binary/" + $0 },
      "Markdown fixtures")
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}
