import Cells
import Testing

/// The nearest words, found within the limit and by length first, are
/// those the whole table finds for every candidate.
@Suite struct EditDistanceTests {
  /// The nearest as the whole table says: every candidate's distance.
  static func nearestByTable(to word: String, in candidates: [String]) -> [String] {
    let limit = word.count <= 4 ? 1 : 2
    let scored = candidates.map { ($0, EditDistance.between(word, $0)) }.filter { $0.1 <= limit }
    guard let best = scored.map(\.1).min() else { return [] }
    var seen = Set<String>()
    return scored.filter { $0.1 == best && seen.insert($0.0).inserted }.map(\.0)
  }

  @Test func nearestAgreesWithTheWholeTable() {
    var generator = SystemRandomNumberGenerator()
    let letters: [Character] = ["a", "b", "c", "-", "é", "日", "e\u{301}"]
    func word(_ length: Int) -> String {
      String((0..<length).map { _ in letters.randomElement(using: &generator)! })
    }
    for _ in 0..<400 {
      let candidates = (0..<30).map { _ in word(Int.random(in: 0...7, using: &generator)) }
      let target = word(Int.random(in: 0...7, using: &generator))
      #expect(
        EditDistance.nearest(to: target, in: candidates)
          == Self.nearestByTable(to: target, in: candidates), "\(target) in \(candidates)")
    }
  }

  @Test func slipsAndSwapsAreNear() {
    #expect(EditDistance.nearest(to: "wirte", in: ["write", "wrote", "other"]) == ["write"])
    #expect(EditDistance.nearest(to: "old-name", in: ["old-game", "new-name", "x"]) == ["old-game"])
    #expect(EditDistance.nearest(to: "abc", in: ["xyz"]).isEmpty)
  }
}
