import Records
import Testing

/// The paths `--files-from` reads.
@Suite struct PathListTests {
  @Test func oneALineOrEachEndedByNUL() {
    let lines = Array("a.md\r\ndocs/b c.md\n\nlast.md".utf8)
    #expect(PathList.paths(in: lines, nulSeparated: false) == ["a.md", "docs/b c.md", "last.md"])
    let nul = Array("a\nb.md\0c.md\0".utf8)
    #expect(PathList.paths(in: nul, nulSeparated: true) == ["a\nb.md", "c.md"])
  }
}
