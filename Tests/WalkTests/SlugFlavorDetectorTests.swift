import Slugs
import TestFiles
import Testing

@testable import Walk

/// `--slug auto`: the flavour of the site generator whose project holds
/// the document, on file trees in memory (`SlugAutoTests` runs it on a
/// real one).
@Suite struct SlugFlavorDetectorTests {
  static func flavor(_ files: [String: String], _ document: String, directory: String = "/")
    -> SlugFlavor
  {
    let tree = MemoryFiles(files.merging([document: "# x\n"]) { $1 }, directory: directory)
    return SlugFlavorDetector(files: tree).flavor(forDocumentAt: document)
  }

  @Test(arguments: [
    ("mkdocs.yml", "site_name: x\n", SlugFlavor.mkdocs),
    ("mkdocs.yaml", "site_name: x\n", .mkdocs),
    ("hugo.toml", "title = 'x'\n", .hugo),
    ("hugo.yaml", "title: x\n", .hugo),
    ("config.toml", "baseURL = 'https://example.org/'\ntitle = 'x'\n", .hugo),
    ("config.toml", "title = 'x'\n[markup.goldmark.renderer]\nunsafe = true\n", .hugo),
    ("config.yaml", "languageCode: en-us\n", .hugo),
    ("config.json", "{\n  \"baseURL\": \"https://example.org/\"\n}\n", .hugo),
    // Zola's and Cargo's config.toml are not Hugo's.
    ("config.toml", "base_url = 'https://example.org'\ntheme = 'x'\n", .github),
    ("config.toml", "[build]\ntarget = 'x86_64'\n", .github),
    ("_config.yml", "title: x\n", .kramdown),
    ("docusaurus.config.js", "module.exports = {};\n", .docusaurus),
    ("docusaurus.config.ts", "export default {};\n", .docusaurus),
    ("package.json", "{}\n", .github),
  ])
  func eachGeneratorIsKnownByItsConfiguration(name: String, text: String, expected: SlugFlavor) {
    let files = ["/p/.git/HEAD": "ref\n", "/p/\(name)": text]
    #expect(Self.flavor(files, "/p/docs/guide/page.md") == expected)
  }

  @Test func theNearestConfigurationDecides() {
    let files = [
      "/p/.git/HEAD": "", "/p/mkdocs.yml": "", "/p/blog/_config.yml": "",
    ]
    #expect(Self.flavor(files, "/p/blog/posts/a.md") == .kramdown)
    #expect(Self.flavor(files, "/p/docs/a.md") == .mkdocs)
    #expect(Self.flavor(files, "/p/a.md") == .mkdocs)
  }

  @Test func theRepositoryRootEndsTheSearch() {
    let files = ["/home/u/mkdocs.yml": "", "/home/u/p/.git/HEAD": ""]
    #expect(Self.flavor(files, "/home/u/p/docs/a.md") == .github)
    // A worktree's .git is a file; it ends the search all the same.
    let worktree = ["/home/u/mkdocs.yml": "", "/home/u/p/.git": "gitdir: /x\n"]
    #expect(Self.flavor(worktree, "/home/u/p/docs/a.md") == .github)
    // Outside any repository the search goes on to the file system's root.
    #expect(Self.flavor(["/home/u/mkdocs.yml": ""], "/home/u/p/docs/a.md") == .mkdocs)
    #expect(Self.flavor(["/_config.yml": ""], "/a/b/c/d.md") == .kramdown)
  }

  @Test func relativePathsClimbPastTheCurrentFolder() {
    let files = ["/p/mkdocs.yml": "", "/p/.git/HEAD": ""]
    #expect(Self.flavor(files, "docs/a.md", directory: "/p") == .mkdocs)
    #expect(Self.flavor(files, "a.md", directory: "/p/docs") == .mkdocs)
    #expect(Self.flavor(files, "../docs/a.md", directory: "/p/src") == .mkdocs)
    #expect(Self.flavor(["/q/a.md": ""], "a.md", directory: "/q") == .github)
  }

  @Test func eachFolderIsListedOnce() {
    var files = ["/p/.git/HEAD": "", "/p/hugo.toml": ""]
    for index in 0..<20 { files["/p/content/posts/\(index).md"] = "# \(index)\n" }
    let tree = MemoryFiles(files)
    let detector = SlugFlavorDetector(files: tree)
    for index in 0..<20 {
      #expect(detector.flavor(forDocumentAt: "/p/content/posts/\(index).md") == .hugo)
    }
    // posts, content and p, once each.
    #expect(tree.listed == 3)
    #expect(detector.flavor(forDocumentAt: "/p/content/other.md") == .hugo)
    #expect(tree.listed == 3)
  }
}
