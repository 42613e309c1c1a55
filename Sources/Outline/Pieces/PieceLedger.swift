import Found

/// The labels of a document cut in pieces, and what each piece is given to
/// read as one parse of the whole would (see `MarkdownPieces`).
///
/// Links: a reference resolves to a definition anywhere; only whether it
/// resolves matters to an outline. Footnotes: a reference reads as text
/// unless some definition of its label exists; of the definitions of one
/// label only the first is kept, and only when something refers to it
/// (its text, headings included, goes otherwise).
///
/// A piece is parsed first with the others' candidates given and its own
/// probed, others' candidates for its own labels to fall back on
/// (`firstPlan`; of the others' candidates, those outside fenced code); the probes tell which definitions are real and
/// where footnotes are referred to (`Facts`); a piece whose first parse
/// could differ from the whole is parsed again with exactly what the whole
/// gives it (`exactPlan`).
struct PieceLedger {
  /// Every label once, numbered, with its key (`LabelKey`).
  private(set) var links: [[UInt8]] = []
  private(set) var linkKeys: [String] = []
  private(set) var footnotes: [[UInt8]] = []
  private(set) var footnoteKeys: [String] = []
  /// The links by the hash of their key (`LabelKey.hash(ofKey:)`), which
  /// two keys may share: a bracket's candidates, not its matches.
  var linksByHash: [UInt64: [Int]] = [:]
  var linksByKey: [String: [Int]] = [:]
  /// For each link key, how many pieces have a candidate definition
  /// outside fenced code (`PieceLabels.likelyLinks`).
  private var linkDefiners: [String: Int] = [:]
  /// The link labels with a candidate outside fenced code, in any piece
  /// and in each: the others' candidates a first parse is given.
  var likelyLinks: Set<Int> = []
  private var ownLikelyLinks: [Set<Int>] = []
  var footnoteByKey: [String: Int] = [:]
  /// Each piece's brackets, those that may be link references, and its
  /// own candidates.
  private(set) var brackets: [Set<UInt64>] = []
  var references: [Set<UInt64>] = []
  private(set) var ownLinks: [Set<Int>] = []
  private(set) var ownFootnotes: [Set<Int>] = []
  /// For each footnote key, the pieces with a candidate definition, and
  /// the pieces that mention it at all (a definition or a reference): a
  /// key only one piece mentions is that piece's own business.
  private var footnoteDefiners: [String: [Int]] = [:]
  /// Each piece's footnote keys with a candidate outside code, and for
  /// each key the piece taken to define it first: the first with such a
  /// candidate, else the first with any.
  private var likelyFootnotes: [Set<String>] = []
  private var guessedOwner: [String: Int] = [:]
  private var footnoteMentions: [String: Int] = [:]
  /// The hashes of the footnote marks that open no candidate definition,
  /// in any piece (`PieceLabels.noteMarks`): the footnotes that may be
  /// referred to.
  var noteMarks: Set<UInt64> = []
  /// Footnote keys probed in every piece that defines them: those whose
  /// first candidate definition turned out not to be one.
  var probedEverywhere: Set<String> = []

  init(_ labels: [PieceLabels]) {
    var linkNumbers: [[UInt8]: Int] = [:]
    var footnoteNumbers: [[UInt8]: Int] = [:]
    for piece in labels {
      var own = Set<Int>()
      var likely = Set<Int>()
      for label in piece.links {
        if let number = linkNumbers[label] {
          own.insert(number)
          if piece.likelyLinks.contains(label) { likely.insert(number) }
          continue
        }
        let number = links.count
        linkNumbers[label] = number
        links.append(label)
        linkKeys.append(LabelKey.of(label))
        linksByHash[LabelKey.hash(ofKey: linkKeys[number]), default: []].append(number)
        linksByKey[linkKeys[number], default: []].append(number)
        own.insert(number)
        if piece.likelyLinks.contains(label) { likely.insert(number) }
      }
      likelyLinks.formUnion(likely)
      ownLikelyLinks.append(likely)
      var ownNotes = Set<Int>()
      for label in piece.footnotes {
        if let number = footnoteNumbers[label] {
          ownNotes.insert(number)
          continue
        }
        let number = footnotes.count
        footnoteNumbers[label] = number
        footnotes.append(label)
        footnoteKeys.append(LabelKey.of([0x5E] + label))
        if footnoteByKey[footnoteKeys[number]] == nil {
          footnoteByKey[footnoteKeys[number]] = number
        }
        ownNotes.insert(number)
      }
      brackets.append(piece.brackets)
      references.append(piece.references)
      noteMarks.formUnion(piece.noteMarks)
      likelyFootnotes.append(Set(piece.likelyFootnotes.map { LabelKey.of([0x5E] + $0) }))
      ownLinks.append(own)
      ownFootnotes.append(ownNotes)
    }
    countFootnotes()
    countLinks()
  }

  private mutating func countLinks() {
    linkDefiners = [:]
    for likely in ownLikelyLinks {
      for key in Set(likely.map { linkKeys[$0] }) { linkDefiners[key, default: 0] += 1 }
    }
  }

  private mutating func countFootnotes() {
    footnoteDefiners = [:]
    footnoteMentions = [:]
    guessedOwner = [:]
    for (index, own) in ownFootnotes.enumerated() {
      for key in Set(own.map { footnoteKeys[$0] }).sorted() {
        footnoteDefiners[key, default: []].append(index)
      }
      for key in likelyFootnotes[index] where guessedOwner[key] == nil {
        guessedOwner[key] = index
      }
      for key in footnoteByKey.keys where brackets[index].contains(LabelKey.hash(ofKey: key)) {
        footnoteMentions[key, default: 0] += 1
      }
    }
  }

  /// Piece `index + 1` joined to piece `index`.
  mutating func join(_ index: Int) {
    brackets[index].formUnion(brackets.remove(at: index + 1))
    references[index].formUnion(references.remove(at: index + 1))
    ownLinks[index].formUnion(ownLinks.remove(at: index + 1))
    ownLikelyLinks[index].formUnion(ownLikelyLinks.remove(at: index + 1))
    ownFootnotes[index].formUnion(ownFootnotes.remove(at: index + 1))
    likelyFootnotes[index].formUnion(likelyFootnotes.remove(at: index + 1))
    countFootnotes()
    countLinks()
  }

  func linkLabels(_ numbers: some Sequence<Int>) -> [Label] {
    numbers.sorted().map { Label(bytes: links[$0], number: $0) }
  }

  func footnoteLabels(_ numbers: some Sequence<Int>) -> [Label] {
    numbers.sorted().map { Label(bytes: footnotes[$0], number: $0) }
  }

  /// How a piece's first parse treats a footnote key another piece
  /// mentions too.
  enum FootnoteGuess {
    /// Given: defined in another piece (the one taken to define it first,
    /// if before this one, is taken to be right: the piece's own
    /// definition is then dropped).
    case given
    /// Probed: the piece's own, and no piece before it is taken to define
    /// it.
    case probed
    /// Neither: no piece has a candidate outside code, so none is taken to
    /// define it (its references read as text).
    case absent
  }

  /// Why the document is better parsed whole, known before any piece is:
  /// a link label that begins with `^` (its probe would be a footnote
  /// reference, keeping a definition the whole drops), or first plans
  /// (`plans`, when they are weighed) that together give cmark more to
  /// read than the document's `size` times the cores but one (the pieces
  /// could not be done sooner).
  func declines(_ plans: [PiecePlan]?, size: Int, cores: Int) -> String? {
    if links.contains(where: { $0.first == 0x5E }) { return "a link label begins with ^" }
    guard let plans else { return nil }
    let read = plans.reduce(0) { $0 + $1.size }
    if read >= size * max(cores - 1, 1) {
      return "its pieces would be given more to read than they hold"
    }
    return nil
  }

  /// The footnote keys of piece `index`'s first parse.
  func footnoteGuesses(_ index: Int) -> [String: FootnoteGuess] {
    let own = Set(ownFootnotes[index].map { footnoteKeys[$0] })
    var guesses: [String: FootnoteGuess] = [:]
    for key in footnoteDefiners.keys where footnoteMentions[key, default: 0] > 1 {
      guard let owner = guessedOwner[key] else {
        guesses[key] = own.contains(key) ? .probed : .absent
        continue
      }
      let earlier = owner < index
      if own.contains(key) && (!earlier || probedEverywhere.contains(key)) {
        guesses[key] = .probed
      } else if !own.contains(key) || earlier {
        guesses[key] = .given
      }
    }
    return guesses
  }

  /// True when the last piece ends in a block that runs on to the end of
  /// the document (a fence left open): what it falls back on would stand
  /// in that block, so it has nothing after it.
  var lastRunsOn = false

  /// True when piece `index` may have definitions after it to fall back on.
  private func fallsBack(_ index: Int) -> Bool {
    index < brackets.count - 1 || !lastRunsOn
  }

  /// The keys of piece `index`'s own link candidates that another piece
  /// has candidates for outside fenced code: the piece's first parse
  /// falls back on those when its own turn out to be none (a `[label]:`
  /// line in code).
  func linkFallbackKeys(_ index: Int) -> Set<String> {
    guard fallsBack(index) else { return [] }
    let likely = Set(ownLikelyLinks[index].map { linkKeys[$0] })
    return Set(
      ownLinks[index].map { linkKeys[$0] }.filter {
        linkDefiners[$0, default: 0] > (likely.contains($0) ? 1 : 0)
      })
  }

  /// The first parse of piece `index`: the link definitions of other
  /// pieces its brackets could use, probes for its own and the others'
  /// definitions of its own labels to fall back on; footnotes as
  /// `footnoteGuesses` has them.
  func firstPlan(_ index: Int) -> PiecePlan {
    let ownKeys = Set(ownLinks[index].map { linkKeys[$0] })
    let given = references[index].flatMap { linksByHash[$0] ?? [] }.filter {
      likelyLinks.contains($0) && !ownKeys.contains(linkKeys[$0])
    }
    let guesses = footnoteGuesses(index)
    return PiecePlan(
      footnotesGiven: footnoteLabels(
        guesses.filter { $0.value == .given }.map { footnoteByKey[$0.key]! }),
      footnoteProbes: footnoteLabels(
        ownFootnotes[index].filter { guesses[footnoteKeys[$0]] == .probed }),
      linksGiven: linkLabels(given), linkProbes: linkLabels(ownLinks[index]),
      linksFallback: linkLabels(
        linkFallbackKeys(index).flatMap { linksByKey[$0] ?? [] }.filter(likelyLinks.contains)),
      footnotesFallback: footnoteLabels(
        footnoteFallbackKeys(index, guesses).map { footnoteByKey[$0]! }))
  }

  /// The footnote keys piece `index` probes that another piece has
  /// candidates for: its first parse falls back on one of those when its
  /// own turn out to be none.
  func footnoteFallbackKeys(_ index: Int, _ guesses: [String: FootnoteGuess]) -> Set<String> {
    guard fallsBack(index) else { return [] }
    return Set(
      guesses.filter {
        $0.value == .probed && guessedOwner[$0.key] != nil
          && footnoteDefiners[$0.key, default: []].count > 1
      }
      .map(\.key))
  }

  /// Footnote keys whose definition taken to be first, probed, is not
  /// real while later pieces took it to be: they must be probed
  /// everywhere.
  func misguessed(_ pieces: [PieceFindings]) -> Set<String> {
    var wrong = Set<String>()
    for (key, definers) in footnoteDefiners
    where definers.count > 1 && footnoteMentions[key, default: 0] > 1
      && !probedEverywhere.contains(key)
    {
      guard let first = guessedOwner[key] else { continue }
      if !pieces[first].footnoteDefines.contains(where: { footnoteKeys[$0] == key }) {
        wrong.insert(key)
      }
    }
    return wrong
  }

  /// The pieces with a candidate definition of one of `keys`.
  func definers(of keys: Set<String>) -> Set<Int> {
    Set(keys.flatMap { footnoteDefiners[$0] ?? [] })
  }
}
