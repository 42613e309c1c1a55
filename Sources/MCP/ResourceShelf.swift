import Files
import JSON
import JSONRPC
import Walk
import Workspace

/// The documents under the roots as resources: listed a page at a time
/// as `file://` URIs with their title, size and tokens, read whole or a
/// section at a time (`isle://section/{path}#{id}`) as Markdown. Nothing
/// outside the roots is listed or read.
extension ToolBox {
  static let resourcesPage = 100
  static let sectionScheme = "isle://section/"
  /// The code the protocol gives a resource that is not there.
  static let resourceNotFound = -32002

  /// The documents under the roots, real paths, sorted.
  func documents() -> [String] {
    Self.documents(under: roots)
  }

  static func documents(under roots: [String]) -> [String] {
    let walker = SourceWalker(fileSystem: ConfinedFiles(SystemFiles(), roots: roots))
    return walker.expand(roots).sources.compactMap { source in
      guard case .file(let path) = source else { return nil }
      return real(path)
    }.sorted()
  }

  /// `resources/list`: a page of the documents from the cursor on.
  func listResources(_ params: JSONValue, all: [String]) throws(ResponseError)
    -> [String: JSONValue]
  {
    let fingerprint = PageCursor.hash(Array(all.joined(separator: "\n").utf8))
    var start = 0
    if let text = params["cursor"]?.string {
      guard let cursor = PageCursor(text), cursor.tool == "resources/list" else {
        throw .invalidParams("'cursor' \(text.prefix(24)) is not a cursor this server gave")
      }
      guard cursor.files == fingerprint else {
        throw .invalidParams(
          "'cursor' \(text.prefix(24)) is stale: the documents under the roots changed since")
      }
      start = min(cursor.position, all.count)
    }
    let end = min(start + Self.resourcesPage, all.count)
    let page = Array(all[start..<end])
    let titles = Dictionary(
      (try? records(["toc", "--format", "json", "--max-level", "6", "--"] + page))?
        .compactMap { record -> (String, String)? in
          guard let path = record["path"]?.string, let title = record["title"]?.string else {
            return nil
          }
          return (realPaths([path])[0], title)
        } ?? [], uniquingKeysWith: { first, _ in first })
    var result: [String: JSONValue] = [
      "resources": .array(page.map { resource($0, title: titles[$0]) })
    ]
    if end < all.count {
      result["nextCursor"] = .string(
        PageCursor(tool: "resources/list", arguments: 0, files: fingerprint, position: end).text)
    }
    return result
  }

  /// One document as a resource: its URI, name, title, type, size and
  /// tokens (for a document of at most 4 MiB).
  private func resource(_ path: String, title: String?) -> JSONValue {
    let bytes = try? ConfinedFiles(SystemFiles(), roots: roots).bytes(
      .file(path), limit: 4 << 20)
    var counter = tokenizer.counter()
    var members: [String: JSONValue] = [
      "uri": .string(FileURI.uri(path)), "name": .string(relative(path)),
      "mimeType": .string(Self.mimeType(path)),
      "_meta": .object([
        "tokens": bytes.map { JSONValue.int(counter.count($0)) } ?? .null,
        "tokenizer": .string(tokenizer.name),
      ]),
    ]
    if let title { members["title"] = .string(title) }
    if let size = PageCursor.size(path) { members["size"] = .int(size) }
    return .object(members)
  }

  /// `resources/templates/list`: a section of a document.
  func resourceTemplates() -> [String: JSONValue] {
    [
      "resourceTemplates": .array([
        .object([
          "uriTemplate": .string(Self.sectionScheme + "{path}#{id}"), "name": .string("section"),
          "title": .string("A section of a document"),
          "description": .string(
            "The Markdown of one section (with its sub-sections): path relative to the root, "
              + "id as 'outline' gives it"),
          "mimeType": .string("text/markdown"),
        ])
      ])
    ]
  }

  /// `resources/read`: a document (`file://`) or a section
  /// (`isle://section/PATH#ID`), as Markdown.
  func readResource(_ params: JSONValue) throws(ResponseError) -> [String: JSONValue] {
    guard let uri = params["uri"]?.string else {
      throw .invalidParams("resources/read needs the resource's 'uri', a string")
    }
    let text: String
    do throws(ToolError) {
      if uri.hasPrefix(Self.sectionScheme) {
        let rest = String(uri.dropFirst(Self.sectionScheme.count))
        guard let hash = rest.lastIndex(of: "#"), rest.index(after: hash) < rest.endIndex else {
          throw ToolError("\(uri) names no section: it ends in #ID")
        }
        let file = FileURI.path("file:///" + rest[..<hash]).map { String($0.dropFirst()) } ?? ""
        let path = try resolve(file, argument: "uri")
        let id = String(rest[rest.index(after: hash)...])
        text = try records(["show", "--format", "json", "#" + id, "--", path])
          .compactMap { $0["text"]?.string }.joined()
      } else {
        guard let file = FileURI.path(uri) else {
          throw ToolError("\(uri) is neither a file:// nor an \(Self.sectionScheme) URI")
        }
        let path = try resolve(file, argument: "uri")
        text = try documentText(path)
      }
    } catch {
      throw ResponseError(
        code: Self.resourceNotFound, message: "resource \(uri): " + error.sentence)
    }
    return [
      "contents": .array([
        .object([
          "uri": .string(uri), "mimeType": .string("text/markdown"), "text": .string(text),
        ])
      ])
    ]
  }

  /// The real path of the file resource `uri` is of (a document, or a
  /// section's document), kept within the roots.
  func resourceFile(_ uri: String) throws(ResponseError) -> String {
    let file: String?
    if uri.hasPrefix(Self.sectionScheme) {
      let rest = uri.dropFirst(Self.sectionScheme.count)
      file = FileURI.path("file:///" + rest[..<(rest.lastIndex(of: "#") ?? rest.endIndex)])
        .map { String($0.dropFirst()) }
    } else {
      file = FileURI.path(uri)
    }
    do throws(ToolError) {
      guard let file else { throw ToolError("it is neither a file:// nor an isle:// URI") }
      return realPaths([try resolve(file, argument: "uri")])[0]
    } catch {
      throw ResponseError(
        code: Self.resourceNotFound, message: "resource \(uri): " + error.sentence)
    }
  }

  /// A document's Markdown: a Markdown file's own text, an HTML one's
  /// sections as `show` gives them.
  private func documentText(_ path: String) throws(ToolError) -> String {
    if Self.mimeType(path) == "text/markdown" {
      let files = ConfinedFiles(SystemFiles(), roots: roots)
      guard let bytes = try? files.bytes(.file(realPaths([path])[0]), limit: 64 << 20) else {
        throw ToolError("\(path) cannot be read (or is past 64 MiB)")
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return try records(["show", "--format", "json", "--all", "--", path])
      .compactMap { $0["text"]?.string }.joined()
  }

  static func mimeType(_ path: String) -> String {
    let name = path.lowercased()
    return name.hasSuffix(".html") || name.hasSuffix(".htm") ? "text/html" : "text/markdown"
  }

  /// `path` as a resource is named: relative to the first root holding it.
  func relative(_ path: String) -> String {
    for root in roots where path.hasPrefix(root + "/") {
      return String(path.dropFirst(root.count + 1))
    }
    return path
  }
}
