import Found
import Outline
import Testing

@testable import Links

/// What a destination asks to be checked, and how paths are tidied.
@Suite struct LinkDestinationTests {
  func destination(_ text: String, kind: FoundLink.Kind = .link, repository: String? = nil)
    -> LinkDestination
  {
    LinkDestination.of(
      FoundLink(destination: text, kind: kind, offset: 0),
      repository: repository.flatMap(RepositoryURL.init))
  }

  @Test func urlsAndOtherSchemesAreNeverChecked() {
    for text in [
      "https://example.com/x.md#y", "http://a", "mailto:me@example.com", "ftp://x", "//cdn/x.md",
      "", "tel:+1", "C++:x",
    ] where text != "C++:x" {
      #expect(destination(text) == .elsewhere, "\(text)")
    }
  }

  @Test func fragmentsAndPathsAreDecodedAndQueriesDropped() {
    #expect(destination("#caf%C3%A9") == .fragment("café"))
    #expect(
      destination("docs/my%20guide.md?plain=1#set-up")
        == .file(path: "docs/my guide.md", fragment: "set-up", fromRoot: false))
    #expect(
      destination("/docs/x.md") == .file(path: "docs/x.md", fragment: nil, fromRoot: true))
    #expect(destination("#") == .fragment(""))
  }

  @Test func imageFragmentsAndLineFragmentsAreNotHeadings() {
    #expect(
      destination("logo.png#gh-dark-mode-only", kind: .image)
        == .file(path: "logo.png", fragment: nil, fromRoot: false))
    #expect(
      destination("logo.png#x", kind: .htmlImage)
        == .file(path: "logo.png", fragment: nil, fromRoot: false))
    #expect(
      destination("src/main.rs#L10-L20")
        == .file(path: "src/main.rs", fragment: nil, fromRoot: false))
    #expect(
      destination("a.md#Lorem") == .file(path: "a.md", fragment: "Lorem", fromRoot: false))
  }

  @Test func theRepositorysOwnURLsAreItsFiles() {
    let github = "https://github.com/o/r"
    #expect(
      destination("https://github.com/o/r/blob/main/docs/x.md#y", repository: github)
        == .file(path: "docs/x.md", fragment: "y", fromRoot: true))
    #expect(
      destination("https://github.com/o/r/tree/v1/docs", repository: github + "/")
        == .file(path: "docs", fragment: nil, fromRoot: true))
    #expect(
      destination(
        "https://gitlab.com/g/p/-/blob/main/a.md", repository: "https://gitlab.com/g/p.git")
        == .file(path: "a.md", fragment: nil, fromRoot: true))
    #expect(
      destination("https://github.com/o/r#usage", repository: github)
        == .file(path: "README.md", fragment: "usage", fromRoot: true))
    #expect(destination("https://github.com/o/r2/blob/main/x.md", repository: github) == .elsewhere)
    #expect(destination("https://github.com/o/r/issues/3", repository: github) == .elsewhere)
    #expect(RepositoryURL("github.com/o/r") == nil)
    #expect(RepositoryURL("https://github.com") == nil)
  }

  @Test func pathsAreTidiedByTheirText() {
    #expect(LinkPath.joined("docs", "../README.md") == "README.md")
    #expect(LinkPath.joined(".", "a/./b//c.md") == "a/b/c.md")
    #expect(LinkPath.joined("docs", "../../x.md") == "../x.md")
    #expect(LinkPath.joined("/r/docs", "../../../x.md") == "/x.md")
    #expect(LinkPath.joined("docs", "") == "docs")
    #expect(LinkPath.folder(of: "README.md") == ".")
    #expect(LinkPath.folder(of: "/x.md") == "/")
  }
}
