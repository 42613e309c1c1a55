import Testing

@testable import Slugs

@Suite struct SluggerTests {
  private func slugs(_ titles: [String], flavor: SlugFlavor = .github) -> [String] {
    var slugger = Slugger(flavor: flavor)
    return titles.map { slugger.slug($0) }
  }

  @Test func dropsPunctuationAndLowercases() throws {
    #expect(Slugger.base("Hello, World!", flavor: .github) == "hello-world")
    #expect(Slugger.base("What's new? (v2.0)", flavor: .github) == "whats-new-v20")
    #expect(Slugger.base("snake_case & kebab-case", flavor: .github) == "snake_case--kebab-case")
  }

  @Test func keepsSpacesAtEitherEndAsHyphens() throws {
    #expect(Slugger.base(" padded ", flavor: .github) == "-padded-")
    #expect(Slugger.base("a  b", flavor: .github) == "a--b")
  }

  @Test func dropsEmojiButKeepsTheSpaceAfterThem() throws {
    #expect(Slugger.base("🍲 Soup", flavor: .github) == "-soup")
    #expect(Slugger.base("Done ✅", flavor: .github) == "done-")
  }

  @Test func keepsNonLatinScriptsAndCombiningMarks() throws {
    #expect(Slugger.base("Ελληνικά Кириллица", flavor: .github) == "ελληνικά-кириллица")
    #expect(Slugger.base("日本語の見出し", flavor: .github) == "日本語の見出し")
    #expect(Slugger.base("مرحبا بالعالم", flavor: .github) == "مرحبا-بالعالم")
    // e + COMBINING ACUTE ACCENT keeps its mark.
    #expect(Slugger.base("Cafe\u{301}", flavor: .github) == "cafe\u{301}")
  }

  @Test func usesFullUnicodeCaseMapping() throws {
    // İ lowercases to i + COMBINING DOT ABOVE; ẞ to ß.
    #expect(Slugger.base("İstanbul", flavor: .github) == "i\u{307}stanbul")
    #expect(Slugger.base("GROẞ", flavor: .github) == "groß")
  }

  @Test func makesDuplicatesUniqueSkippingTakenSuffixes() throws {
    #expect(
      slugs(["echo", "echo", "echo 1", "echo-1", "echo"])
        == ["echo", "echo-1", "echo-1-1", "echo-1-2", "echo-2"])
  }

  @Test func emptySlugsAreMadeUniqueToo() throws {
    #expect(slugs(["🎉", "🎉"]) == ["", "-1"])
  }

  @Test func gitlabCollapsesRunsOfHyphens() throws {
    #expect(Slugger.base("a -- b", flavor: .gitlab) == "a-b")
    #expect(Slugger.base("Hello, World!", flavor: .gitlab) == "hello-world")
    #expect(slugs(["x", "x"], flavor: .gitlab) == ["x", "x-1"])
  }

  /// The byte-by-byte path for ASCII titles agrees with the Unicode one on
  /// every ASCII character and on random titles.
  @Test func asciiTitlesTakeAShortcutToTheSameIds() {
    var state: UInt64 = 42
    var titles = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    for _ in 0..<2_000 {
      var title = ""
      for _ in 0..<Int(state % 24) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        title.unicodeScalars.append(UnicodeScalar(UInt8((state >> 33) % 128)))
      }
      titles.append(title)
    }
    for title in titles {
      #expect(
        GitHubSlug.asciiBase(title) == GitHubSlug.unicodeBase(title),
        "\(title.unicodeScalars.map(\.value))")
    }
    #expect(GitHubSlug.asciiBase("Café") == nil)
  }

  /// White space is never collapsed or trimmed, whatever it is: a space is
  /// `-`, any other white space (no-break space, line separator, a soft
  /// break's line feed) is dropped.
  @Test func whiteSpaceIsTakenAsWritten() {
    #expect(Slugger.base("A_B-C  D", flavor: .github) == "a_b-c--d")
    #expect(Slugger.base("Foo\u{a0}Bar", flavor: .github) == "foobar")
    #expect(Slugger.base("a\u{2028}b", flavor: .github) == "ab")
    #expect(Slugger.base("one\ntwo", flavor: .github) == "onetwo")
  }

  /// Other_Number goes, alphabetic symbols stay (github-slugger's fixtures).
  @Test func numbersAndSymbolsByGitHubsProperties() {
    #expect(Slugger.base("½ ² ①", flavor: .github) == "--")
    #expect(Slugger.base("Ⓐ🅰", flavor: .github) == "ⓐ🅰")
  }

  /// Hugo lowercases rune by rune (Go's simple mapping), found on the corpus.
  @Test func hugoLowercasesOneToOne() {
    #expect(Slugger.base("İçindekiler", flavor: .hugo) == "içindekiler")
  }
}
