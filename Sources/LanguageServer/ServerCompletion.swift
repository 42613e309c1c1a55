import Found
import JSON
import JSONRPC
import Links
import Outline
import Workspace

/// Completion of link destinations: a heading's id after `](#`, a path
/// after `](` (`./`, `../`, `/` and `<` too) a folder at a time, as VS
/// Code completes it (the documents, files and folders of the folder
/// typed, `sub/` opening the next), and a document's ids after
/// `](path#`; no ids for an image, whose fragment names no target.
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
    let found = pathEntries(in: base ?? folder, from: path)
    // The names that begin with the one typed first, then this
    // document's own ids (as after `](#`), then the rest: the editor
    // filters them itself.
    let typedName = typing.decoded(name).lowercased()
    let begins = name.isEmpty ? [] : found.filter { $0.name.lowercased().hasPrefix(typedName) }
    let others = found.filter { name.isEmpty || !$0.name.lowercased().hasPrefix(typedName) }
    for entry in begins { items.add(entry, typing, replacing: replacing) }
    if base == nil && !typing.image { items.ids(of: facts, prefix: "#", replacing: replacing) }
    for entry in others { items.add(entry, typing, replacing: replacing) }
    return items.json
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
  /// bytes before the cursor; `kind` 18 is Reference, 17 File, 19 Folder.
  /// `command` is run once it is written.
  mutating func add(
    _ label: String, _ newText: String, kind: Int, detail: String?, replacing: Int,
    command: JSONValue? = nil
  ) {
    guard items.count < LanguageServer.maxCompletions else {
      complete = false
      return
    }
    let start = text.position(of: cursor - replacing)
    var members: [String: JSONValue] = [
      "label": .string(label), "kind": .int(kind), "filterText": .string(newText),
      "textEdit": TextEdit(range: TextRange(start: start, end: position), newText: newText)
        .jsonValue,
    ]
    if let detail { members["detail"] = .string(detail) }
    if let command { members["command"] = command }
    items.append(.object(members))
  }

  /// `entry` as `typing` writes it; a folder as `sub/`, which asks the
  /// editor for the next completion (VS Code's command for it: other
  /// editors that do not know it do nothing, or complete again anyway).
  mutating func add(_ entry: PathEntry, _ typing: TypedDestination, replacing: Int) {
    let written = typing.written(entry.name)
    switch entry.kind {
    case .document(let document):
      add(entry.name, written, kind: 17, detail: document.document.title, replacing: replacing)
    case .file:
      add(entry.name, written, kind: 17, detail: nil, replacing: replacing)
    case .folder:
      let suggest = JSONValue.object([
        "title": .string(""), "command": .string("editor.action.triggerSuggest"),
      ])
      add(
        entry.name + "/", written + "/", kind: 19, detail: nil, replacing: replacing,
        command: suggest)
    }
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
