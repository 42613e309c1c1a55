import Foundation
import TestSupport

/// The repository's `fixtures/` documents.
enum Fixtures {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("fixtures")

  /// Every fixture document's file name, sorted.
  static var names: [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return requiredCases(
      all.filter { [".md", ".markdown"].contains(where: $0.hasSuffix) }.sorted(),
      "Markdown fixtures")
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}
