import Outline
import Parallel

/// A link reference definition as a Markdown document writes it
/// (`[label]: destination "title"`): a link in the editor, with go to
/// definition, references and rename, as its uses are.
struct ReferenceDefinition: Sendable, Equatable {
  /// The `[` that opens its label.
  var offset: Int
  /// The label, inside its brackets.
  var label: Range<Int>
  /// The destination as written, inside its angle brackets if it has them.
  var destination: Range<Int>
  /// The destination as cmark gives it (escapes and entities resolved).
  var resolved: String
}

/// The link reference definitions of a Markdown document, as cmark reads
/// them.
///
/// The outline finds the links that use definitions, not the definitions
/// themselves: cmark keeps them to itself. A line scan finds the lines
/// that could be one (`[label]:` then a destination, after container marks
/// such as `>` and `-`); whether each is one depends on everything around
/// it (a paragraph it would continue, a fence or an HTML comment it stands
/// in), so the document is outlined once more with each candidate's label
/// made unique and a paragraph of probes before it, one `[label]` a
/// candidate: the probes that become links name the real definitions, and
/// give their destinations as cmark resolved them. Only documents with a
/// candidate pay for the second outline.
enum ReferenceDefinitions {
  /// The label a probe gives candidate `index`.
  static func probeLabel(_ index: Int) -> [UInt8] {
    Array("isle-definition-probe-\(index)".utf8)
  }

  /// The lines of the Markdown document `bytes` that could be
  /// definitions, outside front matter.
  static func candidates(in bytes: [UInt8]) -> [ReferenceDefinition] {
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return candidates(bytes, from: max(frontMatterEnd(bytes), bom))
  }

  /// Those of the `found` candidates that cmark takes for definitions
  /// (in `bytes`, the document at `path`), in document order.
  static func confirmed(
    _ found: [ReferenceDefinition], in bytes: [UInt8], path: String, options: OutlineOptions
  ) -> [ReferenceDefinition] {
    guard !found.isEmpty else { return [] }
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let hidden = max(frontMatterEnd(bytes), bom)
    var probed: [UInt8] = Array(bytes[0..<bom])
    var probes: [Int: Int] = [:]
    for index in found.indices {
      probes[probed.count] = index
      probed.append(0x5B)
      probed += probeLabel(index)
      probed += [0x5D, 0x0A]
    }
    probed.append(0x0A)
    let prefix = probed.count
    // Front matter is no longer at the top: its lines are left blank.
    probed += bytes[bom..<hidden].map { $0 == 0x0A || $0 == 0x0D ? $0 : 0x20 }
    var last = hidden
    for (index, candidate) in found.enumerated() {
      probed += bytes[last..<candidate.label.lowerBound]
      probed += probeLabel(index)
      last = candidate.label.upperBound
    }
    probed += bytes[last...]
    var outlining = OutlineFacts.options(options, links: true)
    outlining.format = .markdown
    guard let document = try? Outliner.outline(probed, path: path, options: outlining) else {
      return []
    }
    var real: [ReferenceDefinition] = []
    for link in document.links {
      guard link.offset < prefix else { continue }
      // A probe's answer is a reference-style link to the candidate's
      // destination (a bare URL that the autolink extension finds may be
      // placed anywhere).
      guard link.kind == .reference, let index = probes[link.offset],
        LinkSyntax.writes(link.destination, bytes, found[index].destination)
      else { continue }
      var definition = found[index]
      definition.resolved = link.destination
      real.append(definition)
    }
    return real.sorted { $0.offset < $1.offset }
  }

  /// Every line that could be a definition, after `start`: container marks
  /// (spaces, `>`, list markers), `[label]:` with a label on one line that
  /// is not a footnote's (`[^1]:`), then a destination (on the next line
  /// if not on this one) followed by white space or the line's end.
  static func candidates(_ bytes: [UInt8], from start: Int) -> [ReferenceDefinition] {
    var found: [ReferenceDefinition] = []
    var line = start
    while line < bytes.count {
      var end = line
      while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
      if let candidate = candidate(bytes, line: line, end: end) { found.append(candidate) }
      line = end
      if line < bytes.count, bytes[line] == 0x0D { line += 1 }
      if line < bytes.count, bytes[line] == 0x0A { line += 1 }
    }
    return found
  }

  /// The candidate on the line from `line` to `end`, if any.
  private static func candidate(_ bytes: [UInt8], line: Int, end: Int) -> ReferenceDefinition? {
    let open = afterContainerMarks(bytes, from: line, to: end)
    guard open + 1 < end, bytes[open] == 0x5B, bytes[open + 1] != 0x5E,
      let close = LinkSyntax.labelEnd(bytes, from: open + 1), close + 1 < end,
      bytes[close + 1] == 0x3A,
      bytes[(open + 1)..<close].contains(where: { $0 != 0x20 && $0 != 0x09 })
    else { return nil }
    guard let (destination, angled) = LinkSyntax.destination(bytes, from: close + 2),
      angled || !destination.isEmpty
    else { return nil }
    let after = destination.upperBound + (angled ? 1 : 0)
    guard after >= bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) else {
      return nil
    }
    return ReferenceDefinition(
      offset: open, label: (open + 1)..<close, destination: destination,
      resolved: LinkSyntax.unescaped(bytes, destination))
  }

  /// Past the spaces, tabs, quote marks and list markers (`-`, `*`, `+`,
  /// `1.`, `1)` followed by white space) that begin a line.
  private static func afterContainerMarks(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    var index = start
    func spaced(_ at: Int) -> Bool { at < end && (bytes[at] == 0x20 || bytes[at] == 0x09) }
    while index < end {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x3E {
        index += 1
      } else if (byte == 0x2D || byte == 0x2A || byte == 0x2B) && spaced(index + 1) {
        index += 2
      } else if (0x30...0x39).contains(byte) {
        var digit = index
        while digit < end && digit - index < 9 && (0x30...0x39).contains(bytes[digit]) {
          digit += 1
        }
        guard digit < end, bytes[digit] == 0x2E || bytes[digit] == 0x29, spaced(digit + 1) else {
          return index
        }
        index = digit + 2
      } else {
        return index
      }
    }
    return index
  }

  /// Where front matter (`---` or `+++` on the first line, not followed by
  /// a blank line, closed by the same fence or YAML's `...`) ends: no
  /// definition stands in it. 0 when there is none.
  static func frontMatterEnd(_ bytes: [UInt8]) -> Int {
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    func line(at start: Int) -> (text: ArraySlice<UInt8>, next: Int) {
      var end = start
      while end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D { end += 1 }
      var next = end
      if next < bytes.count, bytes[next] == 0x0D { next += 1 }
      if next < bytes.count, bytes[next] == 0x0A { next += 1 }
      var trimmed = end
      while trimmed > start && (bytes[trimmed - 1] == 0x20 || bytes[trimmed - 1] == 0x09) {
        trimmed -= 1
      }
      return (bytes[start..<trimmed], next)
    }
    let first = line(at: bom)
    let fence = Array(first.text)
    guard fence == Array("---".utf8) || fence == Array("+++".utf8) else { return 0 }
    // A fence followed by a blank line is a thematic break (`FrontMatter`).
    guard first.next < bytes.count, !line(at: first.next).text.isEmpty else { return 0 }
    var at = first.next
    while at < bytes.count {
      let current = line(at: at)
      if Array(current.text) == fence
        || (fence[0] == 0x2D && Array(current.text) == Array("...".utf8))
      {
        return current.next
      }
      at = current.next
    }
    return 0
  }
}

/// The reference definitions of one version of a document as links, found
/// the first time a request needs them (document links, or a definition,
/// references, rename or hover that a line which could be one may answer):
/// finding them outlines the document once more, which diagnostics,
/// symbols and completion never wait for. Shared by the copies of the
/// document's facts, so found once.
final class DefinitionLinks: Sendable {
  /// The lines that could be definitions, as links: what a request looks
  /// at before it asks for the real ones.
  let candidates: [LinkFact]
  /// What finding them takes; nil once they are found. Only a document
  /// with a line that could be a definition keeps its text for it.
  private let source:
    Lock<
      (text: TextLines, path: String, options: OutlineOptions, candidates: [ReferenceDefinition])?
    >
  private let found = Lock<[LinkFact]?>(nil)

  /// The definitions of Markdown `text`, at `path`; none without a text.
  init(text: TextLines?, path: String, options: OutlineOptions) {
    let lines = text.map { ReferenceDefinitions.candidates(in: $0.bytes) } ?? []
    if let text, !lines.isEmpty {
      candidates = LinkFact.placed(lines, text: text)
      source = Lock((text, path, options, lines))
    } else {
      candidates = []
      source = Lock(nil)
      found.withLock { $0 = [] }
    }
  }

  /// The definitions, each placed at its destination.
  var links: [LinkFact] {
    if let known = found.withLock({ $0 }) { return known }
    // One at a time: the second asker waits for the first one's answer.
    return source.withLock { source in
      if let known = found.withLock({ $0 }) { return known }
      guard let (text, path, options, candidates) = source else { return [] }
      let definitions = ReferenceDefinitions.confirmed(
        candidates, in: text.bytes, path: path, options: options)
      let placed = LinkFact.placed(definitions, text: text)
      found.withLock { $0 = placed }
      // The text is let go once read.
      source = nil
      return placed
    }
  }

  /// The definitions among those of the candidates `matching` says may
  /// be wanted: none found when no candidate is.
  func links(where matching: (LinkFact) -> Bool) -> [LinkFact] {
    guard candidates.contains(where: matching) else { return [] }
    return links.filter(matching)
  }
}
