import Book
import LlmsText
import Testing
import Tokens

/// The parts of an llms.txt: sentences, pages' URLs, sections, the audit
/// of one written before, and llms-full.txt in parts.
@Suite struct LlmsTextTests {
  @Test func theFirstSentenceEndsWhereASentenceEnds() {
    #expect(ChapterText.firstSentence(of: "A hive, e.g. a Langstroth. Each box.") == "A hive, e.g. a Langstroth.")
    #expect(ChapterText.firstSentence(of: "Ask J. Smith first. Then.") == "Ask J. Smith first.")
    #expect(ChapterText.firstSentence(of: "Version 1.2 is out. Yes") == "Version 1.2 is out.")
    #expect(ChapterText.firstSentence(of: "蜂を飼う。箱を置く。") == "蜂を飼う。")
    #expect(ChapterText.firstSentence(of: "No end") == "No end")
    let long = String(repeating: "word ", count: 100)
    let cut = ChapterText.firstSentence(of: long, limit: 50)
    #expect(cut.hasSuffix("…") && cut.count <= 51, "\(cut)")
  }

  @Test func theFirstParagraphIsPlainTextOnOneLine() {
    let text = "---\ntitle: x\n---\n# T\n\n[![b](b.svg)](x)\n\nSee *the* [guide](g.md)\nand `code`.\n"
    #expect(ChapterText.firstParagraph(Array(text.utf8)) == "See the guide and `code`.")
    #expect(ChapterText.firstParagraph(Array("# Only\n\n```\ncode\n```\n".utf8)) == nil)
  }

  static func book(_ form: Book.Form, _ paths: [String], directoryURLs: Bool = true) -> Book {
    var book = Book(
      form: form, source: "SUMMARY.md", folder: ".",
      chapters: paths.map { Chapter(kind: .numbered, title: nil, path: $0) })
    book.directoryURLs = directoryURLs
    return book
  }

  @Test func pagesAreWhereEachSiteServesThem() {
    let mdBook = Self.book(.mdBook, [])
    #expect(SiteURL.of("README.md", in: mdBook) == "index.html")
    #expect(SiteURL.of("a/readme.md", in: mdBook) == "a/index.html")
    #expect(SiteURL.of("a/b c (1).md", in: mdBook) == "a/b%20c%20%281%29.html")
    let mkDocs = Self.book(.mkDocs, [])
    #expect(SiteURL.of("index.md", in: mkDocs) == "./")
    #expect(SiteURL.of("index.md", in: mkDocs, base: "https://x.org/d") == "https://x.org/d/")
    #expect(SiteURL.of("a/README.md", in: mkDocs) == "a/")
    #expect(SiteURL.of("a/readme.md", in: mkDocs) == "a/readme/")
    #expect(SiteURL.of("a/b.md", in: mkDocs) == "a/b/")
    let flat = Self.book(.mkDocs, [], directoryURLs: false)
    #expect(SiteURL.of("a/b.md", in: flat) == "a/b.html")
    #expect(SiteURL.of("index.md", in: flat) == "index.html")
    #expect(SiteURL.of("a/b.md", in: Self.book(.folder, [])) == "a/b.md")
  }

  @Test func sectionsArePartsAndOptionalIsLast() {
    let chapters: [Chapter] = [
      Chapter(kind: .numbered, title: "Home", path: "index.md"),
      Chapter(kind: .part, title: "Guide"),
      Chapter(kind: .numbered, title: "Start", path: "start.md", depth: 1),
      Chapter(kind: .part, title: "Appendix", depth: 1),
      Chapter(kind: .numbered, title: "Words", path: "words.md", depth: 2),
      Chapter(kind: .numbered, title: "Later", path: "later.md", depth: 1),
      Chapter(kind: .numbered, title: "End", path: "end.md"),
    ]
    let book = Book(form: .mkDocs, source: "mkdocs.yml", folder: "docs", chapters: chapters)
    let plan = LlmsPlan(book, titles: chapters.map { $0.title ?? "" }) { $0 != 6 }
    #expect(plan.sections.map(\.title) == ["Docs", "Guide", "Optional"])
    #expect(plan.sections.map(\.entries) == [[0], [2, 5], [4]])
  }

  @Test func anMdBookDraftsChildrenAndSuffixAreOptional() {
    let chapters: [Chapter] = [
      Chapter(kind: .part, title: "Part"),
      Chapter(kind: .numbered, title: "One", path: "one.md"),
      Chapter(kind: .draft, title: "Two"),
      Chapter(kind: .numbered, title: "Two a", path: "two-a.md", depth: 1),
      Chapter(kind: .numbered, title: "Three", path: "three.md"),
      Chapter(kind: .suffix, title: "Thanks", path: "thanks.md"),
    ]
    let book = Book(form: .mdBook, source: "SUMMARY.md", folder: "src", chapters: chapters)
    let plan = LlmsPlan(book, titles: chapters.map { $0.title ?? "" }) { _ in true }
    #expect(plan.sections.map(\.title) == ["Part", "Optional"])
    #expect(plan.sections.map(\.entries) == [[1, 4], [3, 5]])
  }

  @Test func theAuditFindsTheSitesAddressAndWhatChanged() {
    let text = """
      # T

      ## Docs

      - [A](https://x.org/b/a.html): a
      - [Gone](https://x.org/b/gone.html#top)
      - [Elsewhere](https://github.com/o/r)
      """
    let audit = LlmsAudit(text, chapters: ["a.html", "c.html"])
    #expect(audit.stale.map(\.url) == ["https://x.org/b/gone.html#top"])
    #expect(audit.stale.first?.line == 6 && audit.stale.first?.column == 10)
    #expect(audit.unlinked == ["c.html"])
    let relative = LlmsAudit("- [H](./)\n- [A](a/)\n- [Z](z/)\n", chapters: ["./", "a/"])
    #expect(relative.stale.map(\.url) == ["z/"] && relative.unlinked.isEmpty)
  }

  @Test func partsJoinToTheWholeWithinTheBudget() throws {
    let paragraphs = (1...40).map { "Paragraph \($0) " + String(repeating: "word ", count: 30) }
    let chapters = (1...3).map {
      LlmsFull.Chapter(url: "c\($0).html", text: paragraphs.joined(separator: "\n\n"), path: "c\($0).md")
    }
    let whole = LlmsFull.text(title: "T", summary: "S", chapters: chapters)
    let parts = try LlmsFull.parts(
      title: "T", summary: "S", chapters: chapters, maxTokens: 300, count: Tokenizer.estimate.count)
    #expect(parts.count > 3)
    for (index, part) in parts.enumerated() {
      #expect(Tokenizer.estimate.count(part) <= 300)
      #expect(part.hasPrefix("# T (part \(index + 1) of \(parts.count))\n\n> S\n\n"))
    }
    let bodies = parts.map { $0.split(separator: "\n\n", maxSplits: 2)[2] }
    #expect(bodies.joined() == whole.split(separator: "\n\n", maxSplits: 2)[2])
  }
}
