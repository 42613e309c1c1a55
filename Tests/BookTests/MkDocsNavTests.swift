import Testing

@testable import Book

/// mkdocs.yml's nav and docs_dir, read past the tags real files hold.
@Suite struct MkDocsNavTests {
  @Test func readsNavWithSectionsTagsAndAliases() throws {
    let yaml = """
      site_name: !ENV [SITE, "Docs"]
      docs_dir: pages
      markdown_extensions:
        - pymdownx.superfences:
            custom_fences:
              - name: mermaid
                format: !!python/name:pymdownx.superfences.fence_code_format
      common: &guide
        - Install: guide/install.md
      nav:
        - index.md
        - Guide: *guide
        - Reference:
            - API: ref/api.md#top
            - Site: https://example.com
        - About: about.md

      """
    let (docsDir, nav) = try MkDocsNav.parse(Array(yaml.utf8), file: "mkdocs.yml")
    #expect(docsDir == "pages")
    let chapters = try #require(nav)
    #expect(chapters.map(\.kind) == [.numbered, .part, .numbered, .part, .numbered, .numbered])
    #expect(
      chapters.map { $0.title ?? "-" } == ["-", "Guide", "Install", "Reference", "API", "About"])
    #expect(
      chapters.compactMap(\.path) == ["index.md", "guide/install.md", "ref/api.md", "about.md"])
    #expect(chapters.map(\.depth) == [0, 0, 1, 0, 1, 0])
  }

  @Test func withoutNavTheOrderIsMkDocsOwn() throws {
    let (docsDir, nav) = try MkDocsNav.parse(Array("site_name: x\n".utf8), file: "mkdocs.yml")
    #expect(docsDir == "docs")
    #expect(nav == nil)
  }

  @Test func aMappingOfMappingsIsAnErrorNamingTheLine() {
    let yaml = "nav:\n  - Home: index.md\n  - Guide:\n      Install: install.md\n"
    #expect(
      throws: BookError("mkdocs.yml", line: 3, "a nav entry 'Guide' that is a mapping of mappings")
    ) {
      try MkDocsNav.parse(Array(yaml.utf8), file: "mkdocs.yml")
    }
  }

  @Test func yamlThatDoesNotParseIsAnErrorNamingTheLine() {
    let yaml = "nav:\n  - a.md\n - [b.md\n"
    #expect(throws: BookError.self) { try MkDocsNav.parse(Array(yaml.utf8), file: "m.yml") }
    do {
      _ = try MkDocsNav.parse(Array(yaml.utf8), file: "m.yml")
    } catch {
      #expect(error.message.hasPrefix("m.yml:"))
    }
  }

  @Test func aPathLeavingTheDocsIsAnError() {
    #expect(throws: BookError("m.yml", line: 1, "'../secret.md' leaves the book's folder")) {
      try MkDocsNav.parse(Array("nav: [../secret.md]".utf8), file: "m.yml")
    }
  }

  @Test func aliasesThatMultiplyTheNavPastTheLimitAreRefused() {
    var lines = ["a0: &a0 [" + Array(repeating: "x.md", count: 10).joined(separator: ", ") + "]"]
    for level in 1...8 {
      let items = Array(repeating: "{S: *a\(level - 1)}", count: 10).joined(separator: ", ")
      lines.append("a\(level): &a\(level) [\(items)]")
    }
    lines.append("nav: *a8")
    #expect(throws: BookError.self) {
      try MkDocsNav.parse(Array(lines.joined(separator: "\n").utf8), file: "mkdocs.yml")
    }
  }
}
