import Foundation
import Island
import Outline
import Page
import TestSupport
import Testing

@testable import Reader
@testable import Terminal

/// The reader's state alone, with no terminal: random inputs keep its
/// promises, as `PickerState`'s tests hold the picker to its own.
@Suite struct ReaderStateTests {
  static let keys: [Key] =
    Array("jkfbdugG]}[{/?nNt%h=x 5am'<>p").map { .character($0) } + [
      .up, .down, .pageUp, .pageDown, .home, .end, .enter, .space, .escape, .backspace, .tab,
      .left, .right, .control("d"), .control("u"),
    ]

  /// A reader on the fixtures run together, in a window of random size.
  static func state(_ random: inout SplitMix, outlined: Bool = true) throws -> ReaderState {
    var text = ""
    for name in ["beekeeping.md", "gfm-extras.md", "cjk.md", "recipe.md"] {
      text += try String(contentsOf: Fixtures.folder.appendingPathComponent(name), encoding: .utf8)
      text += "\n\n"
    }
    let bytes = Array(text.utf8)
    var options = OutlineOptions()
    options.levels = 1...6
    let document = try Outliner.outline(bytes, path: nil, options: options)
    let page = try Page(bytes: bytes, options: PageOptions(drawing: .markdown, pieceSize: 2 << 10))
    return ReaderState(
      page: page, document: outlined ? document : nil, columns: Int(random.next() % 120) + 3,
      rows: Int(random.next() % 40) + 2, measure: nil,
      startByte: Int(random.next() % UInt64(bytes.count)))
  }

  /// A random key or mouse report; never `q`, `v` or Ctrl-C, which end
  /// the reader.
  static func input(_ random: inout SplitMix, _ state: ReaderState) -> TerminalInput {
    if random.next() % 8 == 0 {
      let button = [0, 64, 65][Int(random.next() % 3)]
      return .mouse(
        button: button, column: Int(random.next() % UInt64(state.columns)) + 1,
        row: Int(random.next() % UInt64(state.rows)) + 1, pressed: false)
    }
    return .key(keys[Int(random.next() % UInt64(keys.count))])
  }

  /// Whatever is typed, the top is a line of the page, every outcome is
  /// one the keys typed can have, and a search asked for is one the state
  /// can run.
  @Test(arguments: 0..<6)
  func theTopStaysOnThePage(_ seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 0x9E37_79B9 &+ 1)
    var state = try Self.state(&random, outlined: seed % 3 != 2)
    for step in 0..<200 {
      if random.next() % 25 == 0 {
        let before = state.topByte
        state.resize(columns: Int(random.next() % 120) + 3, rows: Int(random.next() % 40) + 2)
        let line = try #require(state.page.line(at: state.top))
        #expect(
          line.bytes.lowerBound <= before, "seed \(seed) step \(step): the top moved down a resize")
        continue
      }
      let outcome = state.handle(Self.input(&random, state))
      switch outcome {
      case .going, .moved, .document, .browse: break
      case .search(let forward, let isNew):
        state.search(forward: forward, isNew: isNew) { false }
      case .quit, .interrupted, .edit, .chapter:
        Issue.record("seed \(seed) step \(step): \(outcome) from a key that does not end")
      }
      #expect(state.page.line(at: state.top) != nil, "seed \(seed) step \(step): top off the page")
      #expect((0...state.page.size).contains(state.topByte))
    }
  }

  /// A mark set, then any moves (no resize), then the mark: the top byte
  /// marked is at the top again; and `''` goes back to where that jump
  /// began.
  @Test(arguments: 0..<6)
  func aMarkComesBackToItsByte(_ seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 0xA24B_AED4 &+ 7)
    var state = try Self.state(&random)
    // Out of any mode the random keys left, then m and a letter.
    _ = state.handle(.key(.escape))
    state.mode = .reading
    let marked = state.topByte
    _ = state.handle(.key(.character("m")))
    _ = state.handle(.key(.character("a")))
    #expect(state.message == "marked 'a'")
    for _ in 0..<Int(random.next() % 30) + 1 {
      let key: [Key] = [.down, .up, .pageDown, .pageUp, .character("G"), .character("g")]
      _ = state.handle(.key(key[Int(random.next() % UInt64(key.count))]))
    }
    let before = state.topByte
    _ = state.handle(.key(.character("'")))
    _ = state.handle(.key(.character("a")))
    #expect(state.topByte == marked, "seed \(seed): the mark was at \(marked)")
    guard before != marked else { return }
    _ = state.handle(.key(.character("'")))
    _ = state.handle(.key(.character("'")))
    #expect(state.topByte == before, "seed \(seed): '' goes back to where the jump began")
  }

  /// Ctrl-C interrupts in every mode, and `q` leaves while reading; an
  /// Escape always brings a search being typed back to the page.
  @Test(arguments: 0..<6)
  func theWaysOutAreAlwaysOpen(_ seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 0x632B_E59B &+ 3)
    var state = try Self.state(&random)
    for step in 0..<150 {
      var copy = state
      #expect(copy.handle(.key(.interrupt)) == .interrupted, "seed \(seed) step \(step)")
      if case .reading = state.mode, state.pending == nil {
        var reading = state
        #expect(reading.handle(.key(.character("q"))) == .quit, "seed \(seed) step \(step)")
      }
      if case .searching = state.mode {
        var typing = state
        _ = typing.handle(.key(.escape))
        guard case .reading = typing.mode else {
          Issue.record("seed \(seed) step \(step): Escape left the search open")
          continue
        }
      }
      if case .search(let forward, let isNew) = state.handle(Self.input(&random, state)) {
        state.search(forward: forward, isNew: isNew) { false }
      }
    }
  }

  /// The state is a value: a copy given the same inputs ends the same, and
  /// the original is untouched by what the copy is given.
  @Test(arguments: 0..<4)
  func copiesGoTheirOwnWay(_ seed: Int) throws {
    var random = SplitMix(state: UInt64(seed) &* 0x1656_67B1 &+ 5)
    var state = try Self.state(&random)
    let start = state.topByte
    var first = state
    var second = state
    for _ in 0..<100 {
      let input = Self.input(&random, state)
      for copy in [0, 1] {
        if case .search(let forward, let isNew) =
          copy == 0 ? first.handle(input) : second.handle(input)
        {
          if copy == 0 {
            first.search(forward: forward, isNew: isNew) { false }
          } else {
            second.search(forward: forward, isNew: isNew) { false }
          }
        }
      }
    }
    #expect(first.topByte == second.topByte && first.message == second.message)
    #expect(state.topByte == start, "the original kept its place")
  }

  /// A search stopped at once finds nothing and says so; the top stays.
  @Test func aStoppedSearchSaysSoAndStays() throws {
    var random = SplitMix(state: 11)
    var state = try Self.state(&random)
    state.mode = .reading
    let top = state.topByte
    for character in "/zzzz-nowhere" { _ = state.handle(.key(.character(character))) }
    let outcome = state.handle(.key(.enter))
    #expect(outcome == .search(forward: true, isNew: true))
    #expect(state.message?.hasPrefix("looking for zzzz-nowhere") == true)
    state.search(forward: true, isNew: true) { true }
    #expect(state.message == "search stopped: zzzz-nowhere")
    #expect(state.topByte == top)
    #expect(state.handle(.key(.character("n"))) == .search(forward: true, isNew: false))
  }
}
