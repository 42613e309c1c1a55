import Foundation
import Testing

@testable import IsleCLI

/// A folder walk and the documents it should read.
struct WalkCase: CustomTestStringConvertible, Sendable {
  var arguments: [String]
  /// The paths read, below the tree's top, in order.
  var read: [String]
  var status: Int32 = 0
  var stderr: String = ""
  /// Whether the tree is a git repository (a `.git` folder at its top).
  var repository = true
  var global: String? = nil

  var testDescription: String { arguments.joined(separator: " ") + (repository ? "" : " (no git)") }
}

/// Folders walked as ripgrep walks them, through the real ignore files of
/// a tree made for each case.
@Suite struct WalkIgnoreTests {
  static let files = [
    "README.md", "notes.md", "docs/a.md", "docs/draft.md", "node_modules/pkg/readme.md",
    "build/out.md", "vendor/v.md", ".hidden/h.md", "sub/x.md", "sub/deep/keep.md",
    "sub/deep/drop.md", "local.md",
  ]

  static let cases: [WalkCase] = [
    WalkCase(arguments: ["."], read: ["README.md", "docs/a.md", "sub/deep/keep.md"]),
    WalkCase(
      arguments: [".", "--no-ignore"],
      read: [
        "README.md", "build/out.md", "docs/a.md", "docs/draft.md", "local.md",
        "node_modules/pkg/readme.md",
        "notes.md", "sub/deep/drop.md", "sub/deep/keep.md", "sub/x.md", "vendor/v.md",
      ]),
    WalkCase(
      arguments: [".", "--hidden"],
      read: [".hidden/h.md", "README.md", "docs/a.md", "sub/deep/keep.md"]),
    WalkCase(arguments: ["sub"], read: ["sub/deep/keep.md"]),
    WalkCase(arguments: ["node_modules"], read: ["node_modules/pkg/readme.md"]),
    WalkCase(arguments: ["build/out.md"], read: ["build/out.md"]),
    // Outside a repository only .ignore counts.
    WalkCase(
      arguments: ["."],
      read: [
        "README.md", "build/out.md", "docs/a.md", "docs/draft.md", "local.md",
        "node_modules/pkg/readme.md",
        "sub/deep/drop.md", "sub/deep/keep.md", "sub/x.md",
      ], repository: false),
    // The global excludes: git's default file, or core.excludesFile.
    WalkCase(
      arguments: ["."], read: ["README.md", "sub/deep/keep.md"], global: "docs/\n"),
    WalkCase(
      arguments: ["docs"], read: [], status: 1,
      stderr: "isle: TOP/docs: no documents (.md, .markdown, .html, .htm)\n", global: "a.md\n"),
  ]

  @Test(arguments: cases)
  func walk(_ walk: WalkCase) throws {
    let manager = FileManager.default
    let top = manager.temporaryDirectory.appendingPathComponent("isle-walk-\(UUID())")
    defer { try? manager.removeItem(at: top) }
    for file in Self.files {
      let url = top.appendingPathComponent(file)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("# \(file)\n\ntext\n".utf8).write(to: url)
    }
    func write(_ text: String, _ path: String) throws {
      let url = top.appendingPathComponent(path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    if walk.repository { try write("local.md\n", ".git/info/exclude") }
    try write("node_modules/\n/build\nsub/**/drop.md\ndraft.md\n", ".gitignore")
    try write("notes.md\nvendor\n", ".ignore")
    try write("!x.md\nx.md\n", "sub/.gitignore")
    var environment = ["HOME": top.appendingPathComponent("home").path]
    if let global = walk.global {
      try write(global, "home/.config/git/ignore")
    }
    // Run from the tree's top: paths are given relative to it.
    let arguments =
      ["toc", "--format", "tsv", "-H", "--max-level", "1"]
      + walk.arguments.map { $0.hasPrefix("-") ? $0 : top.path + "/" + $0 }
    environment["XDG_CONFIG_HOME"] = top.appendingPathComponent("home/.config").path
    let outcome = Harness.run(arguments, environment: environment)
    let read = outcome.stdout.split(separator: "\n").dropFirst().map {
      String($0.split(separator: "\t")[0]).replacingOccurrences(of: top.path + "/", with: "")
        .replacingOccurrences(of: "./", with: "")
    }
    #expect(outcome.status == walk.status)
    #expect(outcome.stderr.replacingOccurrences(of: top.path, with: "TOP") == walk.stderr)
    #expect(read == walk.read)
  }
}
