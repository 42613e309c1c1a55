import Found
import JSON
import JSONRPC
import Links
import Outline
import Workspace

/// Completion of link destinations: a heading's id after `](#`, a
/// document's path after `](` (`./`, `../`, `/` and `<` too, a folder's
/// documents after `folder/`), and that document's ids after `](path#`;
/// no ids for an image, whose fragment names no place.
extension LanguageServer {
  /// The most items sent at once; the list says it is incomplete beyond.
  static let maxCompletions = 500

  /// The destination being typed at the end of `before` (a line up to the
  /// cursor): where it starts (after the last `](`, and after `<` when it
  /// is written in angle brackets), and whether the link is an image.
  /// Nil when the cursor is not in a destination.
  static func typedDestination(_ before: [UInt8]) -> (start: Int, angled: Bool, image: Bool)? {
    guard
      let close = before.indices.dropLast().last(where: {
        before[$0] == 0x5D && before[$0 + 1] == 0x28
      })
    else { return nil }
    var start = close + 2
    let angled = start < before.count && before[start] == 0x3C
    if angled { start += 1 }
    let typed = before[start...]
    let ended: Set<UInt8> = angled ? [0x3E] : [0x20, 0x09, 0x29]
    guard !typed.contains(where: { ended.contains($0) }) else { return nil }
    // The `[` the `]` closes, brackets balancing, and a `!` before it.
    var depth = 0
    var index = close
    while index >= 0 {
      if before[index] == 0x5D && (index == 0 || before[index - 1] != 0x5C) { depth += 1 }
      if before[index] == 0x5B && (index == 0 || before[index - 1] != 0x5C) {
        depth -= 1
        if depth == 0 { break }
      }
      index -= 1
    }
    return (start, angled, index > 0 && before[index - 1] == 0x21)
  }

  func completion(_ params: PositionParams, _ request: Request) throws(ResponseError)
    -> JSONValue
  {
    let (path, position) = (params.path, params.position)
    guard let text = text(path), let facts = facts(path) else { return .array([]) }
    let cursor = text.offset(of: position)
    let before = Array(text.bytes[text.start(ofLine: position.line)..<cursor])
    guard let typing = TypedDestination.of(before) else {
      return labelCompletion(before, facts: facts, text: text, cursor: cursor, position: position)
    }
    let typed = String(decoding: before[typing.start...], as: UTF8.self)
    // A URL is another machine's.
    guard !typed.hasPrefix("//"), !Self.hasScheme(typed) else { return .array([]) }
    var items = CompletionItems(text: text, cursor: cursor, position: position)
    if let hash = typed.firstIndex(of: "#") {
      guard !typing.image else { return items.json }
      let file = typing.decoded(String(typed[..<hash]))
      let target = file.isEmpty ? facts : resolveDocument(file, from: path).flatMap(self.facts)
      items.ids(of: target, prefix: "", replacing: typed[typed.index(after: hash)...].utf8.count)
      return items.json
    }
    guard waitForIndex(unless: { request.isCancelled }) else { throw .requestCancelled }
    // The folder typed so far (`./`, `../sub/`, `/`), and the name being
    // typed in it, which the items replace.
    let slash = typed.lastIndex(of: "/")
    let folderTyped = slash.map { String(typed[...$0]) } ?? ""
    let name = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let replacing = name.utf8.count
    let folder = LinkPath.folder(of: path)
    let base: String? =
      folderTyped.isEmpty
      ? nil
      : folderTyped.hasPrefix("/")
        ? LinkPath.joined(root(of: path), String(typing.decoded(folderTyped).dropFirst()))
        : LinkPath.joined(folder, typing.decoded(folderTyped))
    let found = documents(under: base, from: path)
    // The documents whose path begins with the name typed first, then
    // this document's own ids (as after `](#`), then the rest: the editor
    // filters them itself.
    let typedName = typing.decoded(name).lowercased()
    let begins = name.isEmpty ? [] : found.filter { $0.relative.lowercased().hasPrefix(typedName) }
    let others = found.filter { name.isEmpty || !$0.relative.lowercased().hasPrefix(typedName) }
    func offer(_ relative: String, _ document: DocumentFacts) {
      let written = typing.written(relative)
      items.add(relative, written, kind: 17, detail: document.document.title, replacing: replacing)
      // This document's own ids are offered after `#`.
      guard !typing.image, document.path != path else { return }
      for heading in document.headings {
        guard let id = heading.id else { continue }
        items.add(
          relative + "#" + id, written + "#" + id, kind: 18, detail: heading.title,
          replacing: replacing)
      }
    }
    for (relative, document) in begins { offer(relative, document) }
    if base == nil && !typing.image { items.ids(of: facts, prefix: "#", replacing: replacing) }
    for (relative, document) in others { offer(relative, document) }
    for file in otherFiles(in: base ?? folder) {
      items.add(file, typing.written(file), kind: 17, detail: nil, replacing: replacing)
    }
    return items.json
  }

  /// The documents of the workspace, each with its path from the folder
  /// `base`, under which they are; without `base` every one, from
  /// `path`'s folder (`../x.md`). The one at `path` only once it is saved:
  /// a link to it then names a file that is there.
  private func documents(under base: String?, from path: String) -> [(
    relative: String, document: DocumentFacts
  )] {
    var found: [(relative: String, document: DocumentFacts)] = []
    let saved = host.kind(of: path) == .file
    for document in allFacts() where document.path != path || saved {
      guard let base else {
        let relative = Self.relativePath(from: LinkPath.folder(of: path), to: document.path)
        found.append((relative, document))
        continue
      }
      let inside = base == "/" ? "/" : base + "/"
      guard document.path.hasPrefix(inside) else { continue }
      found.append((String(document.path.dropFirst(inside.count)), document))
    }
    return found
  }

  /// The names of the files in `folder` that are not documents (images,
  /// PDFs), hidden ones (`.git`) left out: links reach them too.
  private func otherFiles(in folder: String) -> [String] {
    host.fileNames(in: folder).filter {
      !$0.hasPrefix(".") && DocumentFormat.fromExtension(of: $0) == nil
    }
    .sorted()
  }

  /// The document a typed path names (`/` from the root, else from the
  /// folder of the document at `path`), as links resolve it.
  private func resolveDocument(_ file: String, from path: String) -> String? {
    let root = root(of: path)
    let written =
      file.hasPrefix("/")
      ? LinkPath.joined(root, String(file.dropFirst()))
      : LinkPath.joined(LinkPath.folder(of: path), file)
    guard let (found, kind) = LinkChecker(root: root).resolve(written, targets: targets()),
      kind == .file
    else { return nil }
    return found
  }

  /// ASCII punctuation: what a backslash escapes.
  private static func isPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  /// A typed path as links read it: backslash escapes resolved, then
  /// `%XX` escapes.
  static func decodedPath(_ typed: String) -> String {
    let bytes = Array(typed.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x5C, index + 1 < bytes.count, Self.isPunctuation(bytes[index + 1]) {
        index += 1
      }
      out.append(bytes[index])
      index += 1
    }
    return PercentDecoding.decoded(String(decoding: out, as: UTF8.self))
  }

  /// `path` written as a link destination: in angle brackets, with `<`,
  /// `>` and `\` escaped; else also with white space, `%` and the control
  /// characters percent-encoded, and the parentheses that do not pair
  /// escaped (CommonMark's rules for a destination).
  static func escapedPath(_ path: String, angled: Bool) -> String {
    let bytes = Array(path.utf8)
    // The parentheses that pair are left as they are.
    var unpaired = Set<Int>()
    if !angled {
      var open: [Int] = []
      for (index, byte) in bytes.enumerated() {
        if byte == 0x28 { open.append(index) }
        if byte == 0x29 {
          if open.isEmpty { unpaired.insert(index) } else { open.removeLast() }
        }
      }
      unpaired.formUnion(open)
    }
    var out: [UInt8] = []
    for (index, byte) in bytes.enumerated() {
      if byte == 0x3C || byte == 0x3E || byte == 0x5C || unpaired.contains(index) {
        out += [0x5C, byte]
      } else if !angled && (byte <= 0x20 || byte == 0x25 || byte == 0x7F) {
        out += Array("%\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// True for `scheme:` at the start (RFC 3986: a letter, then letters,
  /// digits, `+`, `-` and `.`).
  static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let scheme = text[..<colon].unicodeScalars
    guard let first = scheme.first, first.isASCII, first.properties.isAlphabetic else {
      return false
    }
    return scheme.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "+-.".unicodeScalars.contains($0))
    }
  }

  /// `path` as a link from `folder` writes it (both absolute and tidied).
  static func relativePath(from folder: String, to path: String) -> String {
    let from = folder.split(separator: "/")
    let to = path.split(separator: "/")
    var shared = 0
    while shared < from.count && shared < to.count - 1 && from[shared] == to[shared] { shared += 1 }
    let up = Array(repeating: "..", count: from.count - shared)
    return (up + to[shared...].map(String.init)).joined(separator: "/")
  }
}

/// The items of one completion, each replacing what was typed before the
/// cursor, at most `LanguageServer.maxCompletions` of them.
struct CompletionItems {
  let text: TextLines
  let cursor: Int
  let position: TextPosition
  private var items: [JSONValue] = []
  private var complete = true

  init(text: TextLines, cursor: Int, position: TextPosition) {
    self.text = text
    self.cursor = cursor
    self.position = position
  }

  /// An item shown as `label` that writes `newText` over the `replacing`
  /// bytes before the cursor; `kind` 18 is Reference, 17 File.
  mutating func add(_ label: String, _ newText: String, kind: Int, detail: String?, replacing: Int)
  {
    guard items.count < LanguageServer.maxCompletions else {
      complete = false
      return
    }
    let start = text.position(of: cursor - replacing)
    var members: [String: JSONValue] = [
      "label": .string(label), "kind": .int(kind), "filterText": .string(newText),
      "textEdit": .object([
        "range": TextRange(start: start, end: position).json, "newText": .string(newText),
      ]),
    ]
    if let detail { members["detail"] = .string(detail) }
    items.append(.object(members))
  }

  /// The ids of `document`'s headings, then of its anchors written as
  /// HTML (which links reach as they reach headings), each once.
  mutating func ids(of document: DocumentFacts?, prefix: String, replacing: Int) {
    var offered = Set<String>()
    for heading in document?.headings ?? [] {
      guard let id = heading.id, offered.insert(id).inserted else { continue }
      add(prefix + id, prefix + id, kind: 18, detail: heading.title, replacing: replacing)
    }
    for anchor in document?.found.anchors ?? [] where offered.insert(anchor.id).inserted {
      add(
        prefix + anchor.id, prefix + anchor.id, kind: 18, detail: "HTML anchor",
        replacing: replacing)
    }
  }

  var json: JSONValue {
    .object(["isIncomplete": .bool(!complete), "items": .array(items)])
  }
}
