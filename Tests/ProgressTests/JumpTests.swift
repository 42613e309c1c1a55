import Outline
import Testing

@testable import Progress

/// `jump`'s names: ids as links carry them, titles as people type them,
/// headings the level filter hides, and the closest when nothing matches.
@Suite struct JumpTests {
  static let text = """
    # Über uns

    ## Install

    ### Café — menu

    ##### Deep Thing

    ## C# basics

    ## Method

    ## Math

    ## ﬁle formats

    """

  static func resolve(_ name: String, levels: ClosedRange<Int> = 1...3) throws(JumpError)
    -> String
  {
    let document = try! Outliner.outline(
      Array(text.utf8), path: "doc.md", options: OutlineOptions(levels: levels))
    let index = try Jump(name).resolve(in: document.sections, folded: document.folded)
    return document.sections[index].title
  }

  @Test(arguments: [
    ("uber", "Über uns"), ("ÜBER UNS", "Über uns"), ("cafe", "Café — menu"),
    ("file formats", "ﬁle formats"), ("#install", "Install"),
    ("docs/guide.html#install", "Install"), ("https://example.org/doc#c-basics", "C# basics"),
    ("doc.md#caf%C3%A9--menu", "Café — menu"), ("#INSTALL", "Install"),
    ("c# basics", "C# basics"), ("#method", "Method"),
  ])
  func namesAUserHasAtHand(name: String, title: String) throws {
    #expect(try Self.resolve(name) == title)
  }

  @Test(arguments: ["deep-thing", "#deep-thing", "guide.html#deep-thing", "deep thing", "DEEP"])
  func aHeadingTheLevelsHideIsStillFound(_ name: String) throws {
    #expect(throws: JumpError.folded(0)) { try Self.resolve(name) }
    #expect(try Self.resolve(name, levels: 1...5) == "Deep Thing")
  }

  static func closest(_ name: String) -> [Int] {
    do {
      _ = try resolve(name)
    } catch .noMatch(let closest) {
      return closest
    } catch {}
    return []
  }

  @Test func theClosestComeByEditDistance() {
    // Method (1 away), Math (2); nothing else is near.
    #expect(Self.closest("methd") == [4, 5])
    // Four letters or fewer: one edit at most, so Math alone.
    #expect(Self.closest("maht") == [5])
    // A fragment is compared as one: Install's id is 1 away.
    #expect(Self.closest("guide.html#instll").first == 1)
    // A run of as many of a title's words counts: "formts" is one edit
    // from the word "formats" of "ﬁle formats".
    #expect(Self.closest("formts") == [6])
  }

  @Test func nothingNearIsNoneRatherThanTheLeastFar() {
    #expect(Self.closest("nope") == [])
    #expect(Self.closest("zebra crossing") == [])
  }

  @Test func fragmentsArePercentDecoded() {
    #expect(Jump.fragment(of: "a.html#caf%C3%A9") == "café")
    #expect(Jump.fragment(of: "#50%") == "50%")
    #expect(Jump.fragment(of: "install") == nil)
  }
}
