import Found

/// What the first parses' probes say about the whole document, and the
/// second plans they lead to.
extension PieceLedger {
  /// What the probes of the first parses say about the whole document.
  struct Facts {
    /// The link definitions that are real, and their keys.
    var links: Set<Int> = []
    var linkKeys: Set<String> = []
    /// For each footnote key really defined, the pieces defining it, in
    /// order: the first one's definition is the one kept.
    var footnoteOwners: [String: [Int]] = [:]
    /// For each footnote key, the pieces referring to it.
    var footnoteReferrers: [String: Set<Int>] = [:]
    /// The real link definitions no first parse was given: all their
    /// candidates stand in what the scan took for fenced code.
    var linksNotGiven: [Int] = []
  }

  /// The facts of the first parses; nil when a probe shows labels that
  /// cmark takes as one but the keys do not, or when a footnote probe
  /// was taken by a link definition that is none.
  func facts(_ pieces: [PieceFindings]) -> Facts? {
    var facts = Facts()
    for (index, piece) in pieces.enumerated() {
      if piece.probesReached.contains(where: { linkKeys[$0.key] != linkKeys[$0.value] })
        || piece.footnoteProbesReached.contains(where: {
          footnoteKeys[$0.key] != footnoteKeys[$0.value]
        })
      {
        return nil
      }
      facts.links.formUnion(piece.defines)
      var numberOfKey: [String: Int] = [:]
      for (probe, number) in piece.footnoteProbeNumbers {
        let key = footnoteKeys[probe]
        if let seen = numberOfKey[key], seen != number { return nil }
        numberOfKey[key] = number
      }
      for key in numberOfKey.keys.sorted() { facts.footnoteOwners[key, default: []].append(index) }
    }
    // A footnote probe that a given link definition took: right (no
    // footnote is referred to by that label anywhere) when the definition
    // is real; else what the probe would have said is unknown.
    if pieces.contains(where: { !$0.footnoteProbeLinks.isSubset(of: facts.links) }) { return nil }
    facts.linkKeys = Set(facts.links.map { linkKeys[$0] })
    facts.linksNotGiven = facts.links.filter { number in
      !(linksByKey[linkKeys[number]] ?? []).contains(where: likelyLinks.contains)
    }.sorted()
    refer(pieces, in: &facts)
    return facts
  }

  /// The footnote references of `pieces` recorded in `facts`.
  func refer(_ pieces: [PieceFindings], in facts: inout Facts) {
    facts.footnoteReferrers = [:]
    for (index, piece) in pieces.enumerated() {
      for number in piece.footnotesUsedGiven.union(piece.footnotesReferred) {
        facts.footnoteReferrers[footnoteKeys[number], default: []].insert(index)
      }
    }
  }

  /// True when the first parse of piece `index` may differ from what the
  /// whole reads there.
  func differs(_ index: Int, _ piece: PieceFindings, facts: Facts) -> Bool {
    if !piece.usesGiven.isSubset(of: facts.links) { return true }
    // A real definition it was not given, which its brackets may use.
    let ownKeys = Set(ownLinks[index].map { linkKeys[$0] })
    if facts.linksNotGiven.contains(where: {
      references[index].contains(LabelKey.hash(ofKey: linkKeys[$0]))
        && !ownKeys.contains(linkKeys[$0])
    }) {
      return true
    }
    // A label of its own that is defined only elsewhere: read as the
    // whole reads it when the piece had definitions to fall back on.
    let fallback = linkFallbackKeys(index)
    if ownLinks[index].contains(where: {
      !piece.defines.contains($0) && facts.linkKeys.contains(linkKeys[$0])
        && !fallback.contains(linkKeys[$0])
    }) {
      return true
    }
    if piece.footnotesUsedGiven.contains(where: { facts.footnoteOwners[footnoteKeys[$0]] == nil }) {
      return true
    }
    // Whether it refers to a footnote matters when no other piece does:
    // the first definition is then kept or not by this piece alone.
    for number in piece.footnotesMaybeUsed {
      let key = footnoteKeys[number]
      guard let owner = facts.footnoteOwners[key]?.first else { continue }
      if facts.footnoteReferrers[key]?.contains(where: { $0 != owner }) != true { return true }
    }
    let defined = Set(piece.footnoteDefines.map { footnoteKeys[$0] })
    let guesses = footnoteGuesses(index)
    let noteFallback = footnoteFallbackKeys(index, guesses)
    // A footnote taken to be defined nowhere that is: the piece's
    // references to it read as text.
    for (key, guess) in guesses where guess == .absent && facts.footnoteOwners[key] != nil {
      if brackets[index].contains(LabelKey.hash(ofKey: key)) { return true }
    }
    for key in Set(ownFootnotes[index].map({ footnoteKeys[$0] })) {
      switch guesses[key] {
      case nil: continue  // no other piece mentions it
      case .absent: continue  // not its own: never guessed for one
      case .given:
        // Its own definitions dropped for an earlier one: right when an
        // earlier piece really has one.
        if let first = facts.footnoteOwners[key]?.first, first < index { continue }
        return true
      case .probed: break
      }
      if defined.contains(key) {
        // Kept by its probe, and dropped as the pieces join unless it is
        // the first definition and one something refers to (`keeps`):
        // right, unless a reference the visit does not see may keep it (in
        // a definition cmark dropped).
        if facts.footnoteOwners[key]?.first == index && facts.footnoteReferrers[key] == nil
          && noteMarks.contains(LabelKey.hash(ofKey: key))
        {
          return true
        }
      } else if facts.footnoteOwners[key] != nil && !noteFallback.contains(key) {
        // Its references read as text, while the whole has a definition.
        return true
      }
    }
    return false
  }

  /// True when the whole keeps footnote definition `number` (cmark's) of
  /// piece `index`, which a probe kept: it is the first definition of its
  /// label, and something refers to it.
  func keeps(_ number: Int, of piece: PieceFindings, at index: Int, facts: Facts) -> Bool {
    guard let asked = piece.footnoteProbeNumbers.first(where: { $0.value == number })?.key else {
      return true
    }
    let key = footnoteKeys[asked]
    return facts.footnoteOwners[key]?.first == index && facts.footnoteReferrers[key] != nil
  }

  /// What the whole gives piece `index`: the real link definitions its
  /// brackets could use, every footnote first defined elsewhere, and a
  /// reference to each footnote it defines first that another piece
  /// refers to.
  func exactPlan(_ index: Int, facts: Facts) -> PiecePlan {
    let given = references[index].flatMap { linksByHash[$0] ?? [] }.filter {
      facts.links.contains($0)
    }
    var notesGiven: [Int] = []
    var keep: [Int] = []
    for (key, owners) in facts.footnoteOwners {
      guard let number = footnoteByKey[key] else { continue }
      if owners.first != index {
        notesGiven.append(number)
      } else if facts.footnoteReferrers[key]?.contains(where: { $0 != index }) == true {
        keep.append(number)
      }
    }
    return PiecePlan(
      footnotesGiven: footnoteLabels(notesGiven), footnoteProbes: footnoteLabels(keep),
      linksGiven: linkLabels(given), linkProbes: [])
  }
}
