import Cells
import Outline

/// A section as `isle show` is asked for it: as `jump` names one, by the
/// path of headings down to it, a range of numbers, or a position in it.
public enum Selector: Equatable, Sendable {
  /// What `jump` takes: a number, an id, a link, a title or a part of
  /// one, `first`, `last`… (`0` is the text before the first section).
  case jump(String)
  /// Titles or ids from an ancestor down (`Install/Linux`,
  /// `Install > Linux`), each step under the one before at any depth;
  /// `text` as typed, tried as a title when the path finds nothing
  /// (`TCP/IP`).
  case path([String], text: String)
  /// The sections numbered `first` through `last` (nil: the last there is).
  case range(Int, Int?)
  /// The section shown that holds this position (`--line`, `--offset`),
  /// its value as typed: whether it is in range depends on the document.
  case position(Position.Kind, String)

  /// Reads a selector as typed. A `#` makes a link or an id, never a path;
  /// `>` with spaces around it or `/` between steps makes a path; digits,
  /// `..` and digits (or nothing) a range.
  public init(_ text: String) {
    if let range = Self.range(text) {
      self = .range(range.0, range.1)
    } else if !text.contains("#"), let steps = Self.steps(text) {
      self = .path(steps, text: text)
    } else {
      self = .jump(text)
    }
  }

  /// The text as the user gave it, for messages.
  public var text: String {
    switch self {
    case .jump(let text), .path(_, let text): return text
    case .range(let first, let last): return "\(first)..\(last.map(String.init) ?? "")"
    case .position(let kind, let value): return "--\(kind.rawValue) \(value)"
    }
  }

  /// True for a range whose end comes before its start (`5..3`).
  public var isBackwards: Bool {
    if case .range(let first, let last?) = self { return last < first }
    return false
  }

  private static func range(_ text: String) -> (Int, Int?)? {
    let halves = text.split(separator: "..", omittingEmptySubsequences: false)
    func digits(_ part: Substring) -> Bool { part.allSatisfy { $0.isASCII && $0.isNumber } }
    guard halves.count == 2, let head = halves.first, let tail = halves.last, !head.isEmpty,
      digits(head), digits(tail), let first = Int(head)
    else { return nil }
    if tail.isEmpty { return (first, nil) }
    guard let last = Int(tail) else { return nil }
    return (first, last)
  }

  /// The steps of a path: split at ` > ` when it has one, else at `/`;
  /// nil for a single step.
  private static func steps(_ text: String) -> [String]? {
    let separator = text.contains(" > ") ? ">" : "/"
    let steps = text.split(separator: Character(separator)).map {
      $0.trimmingSpaces()
    }
    .filter { !$0.isEmpty }
    return steps.count > 1 ? steps : nil
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}

extension Selector {
  /// The headings this selector names in `tree`, made from `document`
  /// (nil: the text before the first section), in document order. A name
  /// reaches headings at every level, as an id names one whatever the
  /// levels shown; numbers, ranges and positions count the sections shown.
  public func resolve(in tree: HeadingTree, document: Document) throws(SelectorError) -> [Int?] {
    switch self {
    case .jump(let text):
      return [try Self.jump(text, in: tree, document: document)]
    case .path(let steps, let text):
      do {
        return [try Self.path(steps, in: tree)]
      } catch .noMatch(let closest) {
        // A title with a slash of its own (`TCP/IP`), taken whole.
        if let whole = try? Self.jump(text, in: tree, document: document) { return [whole] }
        throw .noMatch(closest: closest)
      }
    case .range(let first, let last):
      let count = tree.shown.count
      guard first <= count, first > 0 || tree.preamble() != nil else {
        throw first == 0 ? .noPreamble : .noMatch(closest: tree.shown.suffix(1))
      }
      var result: [Int?] = first == 0 ? [nil] : []
      let upper = min(last ?? count, count)
      if upper >= max(first, 1) { result += tree.shown[(max(first, 1) - 1)..<upper].map { $0 } }
      return result
    case .position(let kind, let text):
      let position: Position
      do {
        position = try Position.parse(text, as: kind, in: document)
      } catch {
        throw .position(error)
      }
      return [try Self.holding(position, in: tree, size: document.size)]
    }
  }

  /// The heading a jump names, as `jump` finds it, or one the levels
  /// shown leave out that it names; `0` the text before the first section.
  private static func jump(_ text: String, in tree: HeadingTree, document: Document)
    throws(SelectorError) -> Int?
  {
    if text == "0" {
      guard tree.preamble() != nil else { throw .noPreamble }
      return nil
    }
    do {
      return tree.shown[try Jump(text).resolve(in: document.sections, folded: document.folded)]
    } catch {
      switch error {
      case .folded(let index): return tree.folded[index]
      case .foldedAmbiguous(let matches): throw .ambiguous(matches.map { tree.folded[$0] })
      case .noMatch(let closest):
        // A number past the end names the last; a name, the sections
        // near it only.
        if case .number = Jump(text) { throw .noMatch(closest: closest.map { tree.shown[$0] }) }
        let name = LooseText.folded(Jump.fragment(of: text) ?? text)
        throw .noMatch(closest: close(to: name, among: tree.shown, in: tree))
      case .ambiguous(let matches): throw .ambiguous(matches.map { tree.shown[$0] })
      }
    }
  }

  /// The section shown that holds `position`; before the first, the text
  /// before it (or the first, when that is empty).
  private static func holding(_ position: Position, in tree: HeadingTree, size: Int)
    throws(SelectorError) -> Int?
  {
    let before: Int
    switch position {
    case .offset(let offset):
      before = tree.shown.countAtOrBefore(offset) { tree.headings[$0].offset }
    case .line(let line):
      before = tree.shown.countAtOrBefore(line) { tree.headings[$0].line }
    case .percent(let percent):
      let offset = Int(Double(size) * percent / 100)
      before = tree.shown.countAtOrBefore(offset) { tree.headings[$0].offset }
    }
    if before > 0 { return tree.shown[before - 1] }
    if tree.preamble() != nil { return nil }
    guard let first = tree.shown.first else { throw .noMatch(closest: []) }
    return first
  }

  /// The one heading the last step names with every step before it
  /// matched by an ancestor, in order: ids and whole titles first, then
  /// parts of titles, as `jump` tries them.
  private static func path(_ steps: [String], in tree: HeadingTree) throws(SelectorError) -> Int {
    let titles = tree.headings.map { LooseText.folded($0.title) }
    let wanted = steps.map { LooseText.folded($0.hasPrefix("#") ? String($0.dropFirst()) : $0) }
    func matches(_ step: Int, _ heading: Int, exact: Bool) -> Bool {
      if let id = tree.headings[heading].id, id.lowercased() == wanted[step] { return true }
      return titles[heading] == wanted[step] || !exact && titles[heading].contains(wanted[step])
    }
    for exact in [true, false] {
      let found = tree.headings.indices.filter { heading in
        guard matches(steps.count - 1, heading, exact: exact) else { return false }
        var step = steps.count - 2
        var above = tree.parents[heading]
        while step >= 0, let ancestor = above {
          if matches(step, ancestor, exact: exact) { step -= 1 }
          above = tree.parents[ancestor]
        }
        return step < 0
      }
      if found.count == 1 { return found[0] }
      if found.count > 1 { throw .ambiguous(found) }
    }
    throw .noMatch(closest: close(to: wanted[wanted.count - 1], among: titles.indices, in: tree))
  }

  /// Up to three of `candidates` near enough to `wanted` (folded) to be
  /// what was meant, as `Jump.closest` finds them among a document's
  /// sections.
  static func close(to wanted: String, among candidates: some Sequence<Int>, in tree: HeadingTree)
    -> [Int]
  {
    let indices = Array(candidates)
    return Jump.closest(
      to: wanted, titles: indices.map { LooseText.folded(tree.headings[$0].title) },
      ids: indices.map { tree.headings[$0].id }
    ).map { indices[$0] }
  }
}
