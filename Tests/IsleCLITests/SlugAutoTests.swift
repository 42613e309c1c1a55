import Foundation
import Testing

/// `--slug auto` on a project on disk (`SlugFlavorDetectorTests`, beside
/// the Walk module, holds the detector's rules on trees in memory).
@Suite struct SlugAutoTests {
  /// The CLI on a project on disk: the JSON names the flavour, `--slug`
  /// wins, and standard input is GitHub's.
  @Test func theJSONNamesTheFlavourUsed() throws {
    let project = FileManager.default.temporaryDirectory
      .appendingPathComponent("isle-slug-auto-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: project) }
    let docs = project.appendingPathComponent("docs")
    try FileManager.default.createDirectory(
      at: project.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
    try "site_name: x\n".write(
      to: docs.appendingPathComponent("mkdocs.yml"), atomically: true, encoding: .utf8)
    let text = "# Hello World\n\n## Hello World\n"
    let page = docs.appendingPathComponent("page.md")
    try text.write(to: page, atomically: true, encoding: .utf8)
    let readme = project.appendingPathComponent("README.md")
    try text.write(to: readme, atomically: true, encoding: .utf8)

    let auto = Harness.run(["toc", "--format", "json", page.path, readme.path])
    let lines = auto.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.contains(#""slug":"mkdocs""#) == true)
    #expect(lines.first?.contains(#""id":"hello-world_1""#) == true)
    #expect(lines.last?.contains(#""slug":"github""#) == true)
    #expect(lines.last?.contains(#""id":"hello-world-1""#) == true)

    let fixed = Harness.run(["toc", "--format", "json", "--slug", "mkdocs", readme.path])
    #expect(fixed.stdout.contains(#""slug":"mkdocs""#))
    #expect(fixed.stdout.contains(#""id":"hello-world_1""#))

    let piped = try Harness.runBinary(["toc", "--format", "json"], stdin: Data(text.utf8))
    let json = String(decoding: piped.stdout, as: UTF8.self)
    #expect(json.contains(#""slug":"github""#))
    #expect(json.contains(#""id":"hello-world-1""#))
  }
}
