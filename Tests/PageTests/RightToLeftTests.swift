import Cells
import Page
import Testing

/// Right-to-left paragraphs are not mangled: their characters go out in
/// the order written (a terminal's bidi turns them), their lines are set
/// flush right, and no line begins inside a grapheme (a letter's vowel
/// marks stay with it).
@Suite struct RightToLeftTests {
  /// Hebrew with points, Arabic with harakat, a number, and emoji joined
  /// by ZWJ: a paragraph of each, and one that starts in English.
  static let paragraphs = [
    "בְּרֵאשִׁית בָּרָא אֱלֹהִים אֵת הַשָּׁמַיִם וְאֵת הָאָרֶץ 2026 וְהָאָרֶץ הָיְתָה תֹהוּ",
    "اَلْقِرَاءَةُ فِي الْمَسَاءِ مُمْتِعَةٌ جِدًّا، وَالْكُتُبُ 👩‍👩‍👧 طَوِيلَةٌ أَحْيَانًا",
    "Reading עִבְרִית and العربية in one English paragraph 👨‍💻 that runs on",
  ]

  @Test(arguments: [4, 9, 17, 30, 80])
  func inOrderFlushRightAndWhole(_ width: Int) throws {
    for paragraph in Self.paragraphs {
      let lines = Page.lay(Array((paragraph + "\n").utf8), format: .markdown, width: width)
      let rightToLeft = Direction.of(paragraph) == .rightToLeft
      var joined = ""
      for line in lines {
        let characters = line.characters
        let text = String(characters.dropFirst(line.lead))
        if rightToLeft && line.width < width {
          Issue.record("width \(width): a right-to-left line not flush right: '\(line.text)'")
        }
        if !rightToLeft { #expect(line.lead == 0, "width \(width): '\(line.text)'") }
        if let first = text.unicodeScalars.first {
          #expect(
            first.properties.generalCategory != .nonspacingMark
              && first.properties.generalCategory != .spacingMark && first != "\u{200D}",
            "width \(width): a line starts inside a grapheme: '\(text)'")
        }
        joined += text + (line.continues ?? "")
      }
      #expect(joined == paragraph, "width \(width): the characters in the order written")
    }
  }
}
