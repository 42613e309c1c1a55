import Found
import JSON
import JSONRPC
import Links
import Workspace

/// Renaming what is not a heading: a reference label (its definitions and
/// uses, in its document), an HTML anchor's id (and the fragment of every
/// link that names it), a path (every link to the file, each in its own
/// style, and the file itself when it is there) and a URL (every link to
/// it), in every document of the workspace.
extension LanguageServer {
  /// What a rename at a request's position renames when it is not a
  /// heading, with where it is written there; nil on a heading, or on
  /// nothing that is renamed.
  func renamedName(_ params: PositionParams) throws(ResponseError) -> (
    Named, Occurrence, DocumentFacts
  )? {
    let facts = try loadFacts(params.path)
    guard let text = text(facts.path),
      let (named, at) = named(at: params.position, in: facts, text: text)
    else { return nil }
    if case .target(let target) = named, target.heading != nil { return nil }
    return (named, at, facts)
  }

  /// `prepareRename`'s answer for a name: where it is written at the
  /// position, and what it says (a path percent-decoded).
  func preparedName(_ named: Named, _ at: Occurrence) throws(ResponseError) -> JSONValue {
    guard let name = at.name, let text = text(at.path) else { throw Self.notRenamed }
    let written = String(decoding: text.bytes[name], as: UTF8.self)
    let shown: String
    if case .file = named { shown = PercentDecoding.decoded(written) } else { shown = written }
    return .object(["range": at.range.json, "placeholder": .string(shown)])
  }

  static let notRenamed = ResponseError(
    code: -32803,
    message:
      "only a heading, a reference label, an HTML id, a link's path or a URL (not a link's text) is renamed"
  )

  /// Renames `named` to `newName` everywhere it is written; `facts` is the
  /// document the rename was asked in.
  func renameName(
    _ named: Named, to newName: String, from facts: DocumentFacts, _ request: Request
  ) throws(ResponseError) -> JSONValue {
    let found = try occurrences(of: named, from: facts.path, request)
    var moved: (from: String, to: String)? = nil
    // The edit of each occurrence: its range and new text, given its name's
    // bytes and its document's text; nil to leave it.
    let respelled: (Occurrence, Range<Int>, TextLines) -> (TextRange, String)?
    switch named {
    case .label:
      guard !newName.allSatisfy(\.isWhitespace),
        !newName.contains(where: { $0 == "[" || $0 == "]" })
      else { throw .invalidParams("'\(newName)' is no label: a label has text and no brackets") }
      respelled = { occurrence, _, _ in (occurrence.range, newName) }
    case .target:
      guard !newName.contains(where: { $0.isWhitespace || "\"'<>#%&\\".contains($0) }) else {
        throw .invalidParams(
          "'\(newName)' is no id: it has a space, a quote mark, <, >, #, %, & or \\")
      }
      guard found.allSatisfy({ !$0.isDeclaration || $0.name != nil }) else { throw Self.notRenamed }
      respelled = { occurrence, name, text in
        // Written with escapes: left for a person, as `check --fix` leaves it.
        text.bytes[name].contains { $0 == 0x25 || $0 == 0x5C || $0 == 0x26 }
          ? nil : (occurrence.range, newName)
      }
    case .url:
      respelled = { occurrence, name, text in
        occurrence.link.map { Self.destination(newName, replacing: name, of: $0, in: text) }
      }
    case .file(let old):
      let new = try newPath(newName, from: facts.path)
      moved = try moving(old, to: new)
      let goes = moved != nil
      respelled = { [self] occurrence, name, text in
        // A link in the moved document is written from where it goes.
        let from = goes && occurrence.path == old ? new : occurrence.path
        let path = spelled(new, asIn: text.bytes[name], at: from, typed: newName)
        return occurrence.link.map { Self.destination(path, replacing: name, of: $0, in: text) }
      }
    }
    var texts: [String: TextLines] = [:]
    var edits: [String: [TextEdit]] = [:]
    for occurrence in found {
      if texts[occurrence.path] == nil { texts[occurrence.path] = text(occurrence.path) }
      guard let name = occurrence.name, let source = texts[occurrence.path],
        let (range, newText) = respelled(occurrence, name, source)
      else { continue }
      edits[occurrence.path, default: []].append(TextEdit(range: range, newText: newText))
    }
    if let moved { edits[moved.from, default: []] += linksMoved(from: moved.from, to: moved.to) }
    return workspaceEdit(edits, moving: moved)
  }

  /// The edits of the relative links of the document at `old`, moved to
  /// `new`, to other files: each path written again from its new folder
  /// (its links to itself are among its occurrences).
  private func linksMoved(from old: String, to new: String) -> [TextEdit] {
    let folder = LinkPath.folder(of: new)
    guard folder != LinkPath.folder(of: old), let facts = facts(old), let text = text(old) else {
      return []
    }
    var edits: [TextEdit] = []
    for link in facts.links where link.role != .reference {
      guard case .file(_, _, fromRoot: false) = link.target, let written = link.written,
        let target = missing(link, in: facts)?.path, target != old
      else { continue }
      let end = text.bytes[written].firstIndex { $0 == 0x23 || $0 == 0x3F } ?? written.upperBound
      let name = written.lowerBound..<end
      var path = LinkPath.relative(target, from: folder)
      if text.bytes[name].starts(with: "./".utf8), !path.hasPrefix("../") { path = "./" + path }
      let (range, newText) = Self.destination(path, replacing: name, of: link, in: text)
      edits.append(TextEdit(range: range, newText: newText))
    }
    return edits
  }

  /// The file `old` moved to `new` along with its links, when it is
  /// there: nil when it is not (only the links change).
  private func moving(_ old: String, to new: String) throws(ResponseError) -> (
    from: String, to: String
  )? {
    let targets = self.targets()
    guard targets.kind(of: old) != .missing, new != old else { return nil }
    guard targets.kind(of: new) == .missing else {
      throw .invalidParams("cannot rename \(old) to \(new): \(new) is there already")
    }
    guard state.withLock({ $0.documentChanges }) else {
      throw .invalidParams("cannot rename \(old): the editor takes no file renames")
    }
    return (old, new)
  }

  /// The absolute path `typed` names from the document at `path`: from its
  /// root when it begins with `/`, else from its folder.
  private func newPath(_ typed: String, from path: String) throws(ResponseError) -> String {
    guard !typed.contains(where: { $0 == "#" || $0 == "?" }), !typed.hasSuffix("/") else {
      throw .invalidParams("'\(typed)' is no file's path: a path has no # or ? and names a file")
    }
    return typed.hasPrefix("/")
      ? LinkPath.joined(root(of: path), String(typed.dropFirst()))
      : LinkPath.joined(LinkPath.folder(of: path), typed)
  }

  /// The new path `new` as a link in the document at `path` writes it, in
  /// the style of its old path `old`: from the root after a `/`, else from
  /// the document's folder (with `./` when the name typed has one).
  private func spelled(_ new: String, asIn old: ArraySlice<UInt8>, at path: String, typed: String)
    -> String
  {
    if old.first == 0x2F { return "/" + LinkPath.relative(new, from: root(of: path)) }
    let relative = LinkPath.relative(new, from: LinkPath.folder(of: path))
    return typed.hasPrefix("./") && !relative.hasPrefix("../") ? "./" + relative : relative
  }

  /// The edit that writes `new` in place of bytes `name` of `link`'s
  /// destination: in a Markdown link or definition, in angle brackets
  /// when the destination needs them (a space, a parenthesis that does not
  /// pair), without them when it no longer does; elsewhere (an HTML
  /// attribute, an autolink) as given.
  static func destination(
    _ new: String, replacing name: Range<Int>, of link: LinkFact, in text: TextLines
  ) -> (TextRange, String) {
    let bytes = text.bytes
    guard link.link.destinationRange != nil, let written = link.written else {
      return (text.range(of: name), new)
    }
    let angled =
      written.lowerBound > 0 && bytes[written.lowerBound - 1] == 0x3C
      && written.upperBound < bytes.count && bytes[written.upperBound] == 0x3E
    let kept = String(decoding: bytes[name.upperBound..<written.upperBound], as: UTF8.self)
    let whole = new + kept
    if needsAngles(whole) {
      if angled { return (text.range(of: name), escapedInAngles(new)) }
      return (text.range(of: written), "<" + escapedInAngles(whole) + ">")
    }
    if angled, name == written {
      return (text.range(of: (written.lowerBound - 1)..<(written.upperBound + 1)), whole)
    }
    return (text.range(of: name), new)
  }

  /// True when CommonMark reads `destination` bare only in part: it is
  /// empty, holds a space or a control character, begins with `<`, or
  /// has a parenthesis that does not pair.
  static func needsAngles(_ destination: String) -> Bool {
    var depth = 0
    var escaped = false
    for byte in destination.utf8 {
      if escaped {
        escaped = false
        continue
      }
      switch byte {
      case 0x5C: escaped = true
      case 0x28: depth += 1
      case 0x29:
        depth -= 1
        if depth < 0 { return true }
      case 0...0x20, 0x7F: return true
      default: break
      }
    }
    return destination.isEmpty || destination.hasPrefix("<") || depth != 0
  }

  /// `destination` as angle brackets hold it: `<` and `>` escaped.
  static func escapedInAngles(_ destination: String) -> String {
    var out = ""
    for character in destination {
      if character == "<" || character == ">" { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
