import Foundation
import TestSupport
import Testing

@testable import Walk

/// One path against one ignore file, with what git says of it.
struct IgnoreCase: CustomTestStringConvertible, Sendable {
  var patterns: String
  /// Below the ignore file's folder; a trailing `/` marks a directory.
  var path: String
  var ignored: Bool

  var testDescription: String {
    "\(patterns.replacingOccurrences(of: "\n", with: " ⏎ ")) : \(path)"
  }
}

/// gitignore's rules, case by case, checked against `git check-ignore` too
/// when git is installed (scripts/install-deps installs it for the tests).
@Suite struct IgnoreTests {
  static let cases: [IgnoreCase] = [
    IgnoreCase(patterns: "node_modules/", path: "node_modules/", ignored: true),
    IgnoreCase(patterns: "node_modules/", path: "a/node_modules/", ignored: true),
    IgnoreCase(patterns: "node_modules/", path: "node_modules", ignored: false),
    IgnoreCase(patterns: "/build", path: "build/", ignored: true),
    IgnoreCase(patterns: "/build", path: "docs/build/", ignored: false),
    IgnoreCase(patterns: "*.md", path: "a/b/c.md", ignored: true),
    IgnoreCase(patterns: "docs/*.md", path: "docs/a.md", ignored: true),
    IgnoreCase(patterns: "docs/*.md", path: "docs/sub/a.md", ignored: false),
    IgnoreCase(patterns: "docs/*.md", path: "x/docs/a.md", ignored: false),
    IgnoreCase(patterns: "**/docs/a.md", path: "x/y/docs/a.md", ignored: true),
    IgnoreCase(patterns: "**/docs/a.md", path: "docs/a.md", ignored: true),
    IgnoreCase(patterns: "docs/**/a.md", path: "docs/a.md", ignored: true),
    IgnoreCase(patterns: "docs/**/a.md", path: "docs/x/y/a.md", ignored: true),
    IgnoreCase(patterns: "docs/**", path: "docs/x/y.md", ignored: true),
    IgnoreCase(patterns: "a**b.md", path: "axxb.md", ignored: true),
    IgnoreCase(patterns: "a**b.md", path: "ax/xb.md", ignored: false),
    IgnoreCase(patterns: "?.md", path: "a.md", ignored: true),
    IgnoreCase(patterns: "?.md", path: "ab.md", ignored: false),
    IgnoreCase(patterns: "[a-c].md", path: "b.md", ignored: true),
    IgnoreCase(patterns: "[a-c].md", path: "d.md", ignored: false),
    IgnoreCase(patterns: "[!a-c].md", path: "d.md", ignored: true),
    IgnoreCase(patterns: "[!a-c].md", path: "a.md", ignored: false),
    IgnoreCase(patterns: "*.md\n!keep.md", path: "keep.md", ignored: false),
    IgnoreCase(patterns: "!keep.md\n*.md", path: "keep.md", ignored: true),
    IgnoreCase(patterns: "# comment.md", path: "# comment.md", ignored: false),
    IgnoreCase(patterns: "\\#hash.md", path: "#hash.md", ignored: true),
    IgnoreCase(patterns: "\\!bang.md", path: "!bang.md", ignored: true),
    IgnoreCase(patterns: "space.md   ", path: "space.md", ignored: true),
    IgnoreCase(patterns: "space.md\\ ", path: "space.md ", ignored: true),
    IgnoreCase(patterns: "*.MD", path: "a.md", ignored: false),
    IgnoreCase(patterns: "\n\n", path: "a.md", ignored: false),
    IgnoreCase(patterns: "a/b", path: "a/b/", ignored: true),
    IgnoreCase(patterns: "/a/b/", path: "a/b/", ignored: true),
    IgnoreCase(patterns: "build*", path: "build-2/", ignored: true),
    IgnoreCase(patterns: "[md", path: "[md", ignored: false),
    IgnoreCase(patterns: "a[]]b", path: "a]b", ignored: true),
    IgnoreCase(patterns: "a\\*b", path: "a*b", ignored: true),
    IgnoreCase(patterns: "a\\*b", path: "axb", ignored: false),
  ]

  static func decide(_ habit: IgnoreCase) -> Bool {
    let isDirectory = habit.path.hasSuffix("/")
    let path = isDirectory ? String(habit.path.dropLast()) : habit.path
    let name = String(path.split(separator: "/").last ?? "")
    let rules = IgnoreRules(base: "/top", text: habit.patterns)
    return rules.decision("/top/" + path, name: name, isDirectory: isDirectory) ?? false
  }

  @Test(arguments: cases)
  func pattern(_ habit: IgnoreCase) {
    #expect(Self.decide(habit) == habit.ignored)
  }

  /// The table is git's own answer: each case asked of `git check-ignore`.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "git is not installed"))
  func gitAgrees() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-ignore-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let initialized = try Spawn.run(
      "/usr/bin/git", ["init", "-q", folder.path], directory: folder.path,
      environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path], timeout: 20)
    #expect(initialized.status == 0)
    for habit in Self.cases {
      try Data(habit.patterns.utf8).write(to: folder.appendingPathComponent(".gitignore"))
      let asked = try Spawn.run(
        "/usr/bin/git", ["check-ignore", "--no-index", "-q", habit.path],
        directory: folder.path, environment: ["PATH": "/usr/bin:/bin", "HOME": folder.path],
        timeout: 20)
      #expect((asked.status == 0) == habit.ignored, "git: \(habit.testDescription)")
    }
  }
}
