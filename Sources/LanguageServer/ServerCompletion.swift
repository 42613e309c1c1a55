import Links

/// Completion of link destinations: a heading's id after `](#`, a
/// document's path after `](`, and that document's ids after `](path#`.
extension LanguageServer {
  /// The most items sent at once; the list says it is incomplete beyond.
  static let maxCompletions = 500

  func completion(_ params: JSONValue, _ request: Request) throws(ResponseError) -> JSONValue {
    let path = try documentPath(params)
    let position = try TextPosition(params["position"])
    guard let text = text(path), let facts = facts(path) else { return .array([]) }
    let cursor = text.offset(of: position)
    let lineStart = text.start(ofLine: position.line)
    let before = Array(text.bytes[lineStart..<cursor])
    // What is typed of the destination: after the last `](` on the line.
    var open: Int? = nil
    for index in before.indices.dropLast() where before[index] == 0x5D && before[index + 1] == 0x28
    {
      open = index + 2
    }
    guard let open else { return .array([]) }
    let typed = String(decoding: before[open...], as: UTF8.self)
    guard !typed.contains(where: { $0 == " " || $0 == ")" || $0 == "\t" }) else {
      return .array([])
    }
    var items: [JSONValue] = []
    func item(_ label: String, kind: Int, detail: String?, replacing count: Int) {
      let start = text.position(of: cursor - count)
      var members: [String: JSONValue] = [
        "label": .string(label), "kind": .int(kind), "filterText": .string(label),
        "textEdit": .object([
          "range": TextRange(start: start, end: position).json, "newText": .string(label),
        ]),
      ]
      if let detail { members["detail"] = .string(detail) }
      items.append(.object(members))
    }
    // 18 is Reference, 17 File.
    if let hash = typed.firstIndex(of: "#") {
      let file = String(typed[..<hash])
      let afterHash = typed[typed.index(after: hash)...].utf8.count
      let target: DocumentFacts?
      if file.isEmpty {
        target = facts
      } else {
        let root = root(of: path)
        let written =
          file.hasPrefix("/")
          ? LinkPath.joined(root, String(file.dropFirst()))
          : LinkPath.joined(LinkPath.folder(of: path), file)
        target = LinkChecker(root: root).resolve(written, targets: targets())
          .flatMap { $0.1 == .file ? self.facts($0.0) : nil }
      }
      var offered = Set<String>()
      for heading in target?.headings ?? [] {
        guard let id = heading.id, offered.insert(id).inserted else { continue }
        item(id, kind: 18, detail: heading.title, replacing: afterHash)
      }
      // Anchors written as HTML, which links reach as they reach headings.
      for anchor in target?.document.anchors ?? [] where offered.insert(anchor.id).inserted {
        item(anchor.id, kind: 18, detail: "HTML anchor", replacing: afterHash)
      }
      return .object(["isIncomplete": .bool(false), "items": .array(items)])
    }
    guard waitForIndex(unless: { request.isCancelled }) else { throw .requestCancelled }
    let folder = LinkPath.folder(of: path)
    var complete = true
    for document in allFacts() where document.path != path {
      let relative = Self.relativePath(from: folder, to: document.path)
      guard relative.hasPrefix(typed) || typed.isEmpty else { continue }
      guard items.count < Self.maxCompletions else {
        complete = false
        break
      }
      item(relative, kind: 17, detail: document.document.title, replacing: typed.utf8.count)
      for heading in document.headings {
        guard let id = heading.id, items.count < Self.maxCompletions else { continue }
        item(relative + "#" + id, kind: 18, detail: heading.title, replacing: typed.utf8.count)
      }
    }
    return .object(["isIncomplete": .bool(!complete), "items": .array(items)])
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
