import Foundation
import TestSupport
import Testing

/// The pictures under doc/ are of the program as it is: scripts/screenshots
/// takes them again with this build, in tmux, and they must be the same.
@Suite struct ScreenshotTests {
  @Test(.enabled(if: PickTerminalTests.tmux != nil, "tmux is not installed"))
  func theDocumentationsPicturesAreCurrent() throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("isle-screenshots-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let script = Harness.root.appendingPathComponent("scripts/screenshots").path
    let made = try Spawn.run(
      script, [Harness.binary.path, scratch.path], timeout: 60 * Harness.timeoutScale)
    try #require(made.status == 0, "scripts/screenshots failed: \(made.errors)")
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
    #expect(names == ["pick.svg", "read.svg"])
    for name in names {
      let now = try String(contentsOf: scratch.appendingPathComponent(name), encoding: .utf8)
      let kept = try? String(
        contentsOf: Harness.root.appendingPathComponent("doc").appendingPathComponent(name),
        encoding: .utf8)
      #expect(kept == now, "doc/\(name) is not what isle draws now: run make screenshots")
    }
  }

  /// The converter keeps each cell in its column with the colours SGR set:
  /// 256-colour and 24-bit (either separator), reverse, bold, underline,
  /// wide and combining characters, and draws no OSC 8 link's escapes.
  @Test func theConverterDrawsWhatSGRSays() throws {
    let screen =
      "\u{1B}[38;5;196mred\u{1B}[0m plain\n\u{1B}[7mrev\u{1B}[27m \u{1B}[1;4;32mok\u{1B}[0m\n"
      + "界x e\u{301}\n\u{1B}[48:2::1:2:3mZ\u{1B}[49m\u{1B}]8;;https://x\u{1B}\\link\u{1B}]8;;\u{1B}\\\n"
    let drawn = try Spawn.run(
      Harness.root.appendingPathComponent("scripts/ansi_svg.py").path, ["20", "5"],
      stdin: Array(screen.utf8))
    try #require(drawn.status == 0, "scripts/ansi_svg.py failed: \(drawn.errors)")
    let lines = drawn.output.split(separator: "\n").map(String.init)
    func text(_ x: Int, _ row: Int, _ cells: Int, _ rest: String) -> String {
      "<text x=\"\(14 + 9 * x)\" y=\"\(58 + 19 * row)\" \(rest.isEmpty ? "" : rest + " ")"
        + "textLength=\"\(9 * cells)\" lengthAdjust=\"spacingAndGlyphs\""
    }
    for expected in [
      text(0, 0, 3, "fill=\"#ff0000\"") + ">red</text>",
      text(3, 0, 6, "fill=\"#d4d4d4\"") + "> plain</text>",
      "<rect x=\"14\" y=\"63\" width=\"27\" height=\"19\" fill=\"#d4d4d4\"/>",
      text(0, 1, 3, "fill=\"#1e1e1e\"") + ">rev</text>",
      text(4, 1, 2, "fill=\"#0dbc79\"")
        + " font-weight=\"bold\" text-decoration=\"underline\">ok</text>",
      text(0, 2, 5, "fill=\"#d4d4d4\"") + ">界x e\u{301}</text>",
      "<rect x=\"14\" y=\"101\" width=\"9\" height=\"19\" fill=\"#010203\"/>",
      text(1, 3, 4, "fill=\"#d4d4d4\"") + ">link</text>",
    ] {
      #expect(lines.contains(expected), "no \(expected) in:\n\(drawn.output)")
    }
  }
}
