import Island
import Page
import Testing

@testable import Reader

/// How the pager sends a line: matches in reverse video, links as OSC 8
/// with nothing in a destination able to end the sequence early, colour
/// only when asked.
@Suite struct ReadScreenTests {
  @Test func matchesAreReversedInAnyCaseUnlessACapitalIsTyped() {
    let screen = ReadScreen(paint: .none)
    let line = PageLine(runs: [Run("Bees and bees", offset: 0)], bytes: 0..<13)
    #expect(
      screen.render(line, lit: Search.ranges(of: "bees", in: line.characters))
        == "\u{1B}[7mBees\u{1B}[0m and \u{1B}[7mbees\u{1B}[0m")
    #expect(
      screen.render(line, lit: Search.ranges(of: "Bees", in: line.characters))
        == "\u{1B}[7mBees\u{1B}[0m and bees")
    #expect(screen.render(line) == "Bees and bees")
  }

  @Test func aLinkIsAHyperlinkWhoseDestinationCannotEscape() {
    let hostile = "https://x.example/\u{1B}]0;owned\u{7}\u{1B}\\"
    let line = PageLine(
      runs: [Run("here", style: .underline, link: hostile, offset: 0)], bytes: 0..<4)
    let colored = ReadScreen(paint: Paint(enabled: true)).render(line)
    #expect(colored.hasPrefix("\u{1B}]8;;https://x.example/%1B]0;owned%07%1B\\\u{1B}\\"))
    #expect(colored.hasSuffix("\u{1B}]8;;\u{1B}\\"))
    #expect(ReadScreen(paint: .none).render(line) == "\u{1B}[4mhere\u{1B}[0m")
  }

  @Test func colourOnlyWhenItIsOn() {
    let line = PageLine(runs: [Run("Title", style: [.bold, .accent], offset: 0)], bytes: 0..<5)
    #expect(ReadScreen(paint: .none).render(line) == "\u{1B}[1mTitle\u{1B}[0m")
    #expect(
      ReadScreen(paint: Paint(enabled: true)).render(line).contains("38;5;"))
  }
}
