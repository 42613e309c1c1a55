import Cells
import Files
import JSON
import JSONRPC
import LanguageServer
import Tokens
import Workspace

#if canImport(Glibc)
  import Glibc
#endif

/// The tools themselves: each reads its arguments, keeps its paths inside
/// the workspace, and runs the isle command that answers it (`toc`,
/// `show`, `where`, `check`, as JSON), handing back the command's JSON as
/// `structuredContent` and a text form of it. A tool that fails says so
/// in one sentence as a tool error; it never ends the server.
public final class ToolBox {
  /// Runs an isle command line (without the program name) in-process,
  /// reading only inside the folders given (real paths): its exit status,
  /// standard output and standard error.
  public typealias Runner = (_ arguments: [String], _ roots: [String]) -> (
    status: Int32, output: String, error: String
  )

  private let run: Runner
  /// What counts the tokens of a page.
  let tokenizer: Tokenizer
  /// The folders paths are resolved against and kept within, real paths.
  private(set) var roots: [String]
  let start: String
  /// What the call being answered passed over in its folders (a file past
  /// the size limit, a link out of the workspace), one sentence each.
  private var skipped: [String] = []

  /// Tools answering with `run`, paths kept within `start` (the folder
  /// the server was started in) until the client names its roots.
  public init(start: String, tokenizer: Tokenizer = .estimate, run: @escaping Runner) {
    self.tokenizer = tokenizer
    self.start = Self.real(start) ?? start
    self.roots = [self.start]
    self.run = run
  }

  /// The client's roots (`file://` URIs) as the folders paths are kept
  /// within; none named keeps the start folder.
  func adopt(roots uris: [String]) {
    let folders = uris.compactMap { uri -> String? in
      guard uri.hasPrefix("file://") else { return nil }
      return FileURI.path(uri).flatMap(Self.real)
    }
    roots = folders.isEmpty ? [start] : folders
  }

  /// The result of tool `name` with `arguments`: a tool error for bad
  /// arguments or a failing command, a JSON-RPC error for no such tool.
  func call(_ name: String, _ arguments: JSONValue, structured: Bool) throws(ResponseError)
    -> [String: JSONValue]
  {
    guard ToolCatalog.names.contains(name) else {
      throw .invalidParams(
        "no tool '\(name)'; the tools are " + ToolCatalog.names.joined(separator: ", "))
    }
    let given = ToolArguments(arguments)
    skipped = []
    do {
      var (content, summary) = try answer(name, given)
      if !skipped.isEmpty, case .object(var members) = content {
        members["skipped"] = .array(skipped.map(JSONValue.string))
        content = .object(members)
        summary = summary.map { $0 + "\n[skipped: " + skipped.joined(separator: "; ") + "]" }
      }
      var result: [String: JSONValue] = [
        "content": .array([
          .object(["type": .string("text"), "text": .string(summary ?? content.text)])
        ]),
        "isError": .bool(false),
      ]
      if structured { result["structuredContent"] = content }
      return result
    } catch {
      return [
        "content": .array([
          .object(["type": .string("text"), "text": .string(given.echoed(error.sentence))])
        ]),
        "isError": .bool(true),
      ]
    }
  }

  private func answer(_ name: String, _ given: ToolArguments) throws(ToolError) -> (
    JSONValue, String?
  ) {
    switch name {
    case "outline": return (try outline(given), nil)
    case "section": return try section(given)
    case "where": return (try place(given), nil)
    case "check": return (try check(given), nil)
    default: return (try find(given), nil)
    }
  }

  private func place(_ given: ToolArguments) throws(ToolError) -> JSONValue {
    try given.only(["path", "line", "offset", "percent", "chapter", "slug"])
    let path = try resolve(given.string("path"), argument: "path")
    let line = try given.integer("line", in: 1...Int.max)
    let offset = try given.integer("offset", in: 0...Int.max)
    let percent = try given.number("percent", in: 0...100)
    let chapter = try given.optionalString("chapter").map { chapter throws(ToolError) in
      try resolve(chapter, argument: "chapter")
    }
    guard [line != nil, offset != nil, percent != nil].filter({ $0 }).count == 1 else {
      throw ToolError("where takes a 'line', an 'offset' or a 'percent', one of them")
    }
    if chapter != nil && percent != nil {
      throw ToolError("a 'percent' is of the whole book: it takes no 'chapter'")
    }
    let position =
      line.map { ["--line", String($0)] } ?? offset.map { ["--offset", String($0)] }
      ?? ["--percent", String(percent!)]
    let answer: [JSONValue]
    do {
      answer = try records(
        ["where", "--format", "json"] + (chapter.map { ["--file", $0] } ?? []) + position
          + slug(given) + ["--", path])
    } catch {
      // "line N is past the end of …": the argument, named as the tool takes it.
      let named = line != nil ? "line" : offset != nil ? "offset" : "percent"
      if error.sentence.hasPrefix("where BOOK needs") {
        throw ToolError(
          "\(path) is a book: give 'chapter' (a chapter's file) with a 'line' or an 'offset', "
            + "or a 'percent' of the whole book")
      }
      guard error.sentence.hasPrefix(named + " ") else { throw error }
      throw ToolError("'\(named)': " + error.sentence)
    }
    guard case .object(var record) = answer.first else {
      throw ToolError("isle where gave no answer for \(path)")
    }
    // A book's answer: the place in the chapter's document, with the
    // book's count, fraction and times beside it.
    if case .object(let document)? = record["document"] {
      var place = Self.headed(document)
      for key in ["book", "chapter", "chapterCount", "title", "fraction", "chapterMinutesLeft"] {
        place[key] = record[key]
      }
      place["minutesLeft"] = record["minutesLeft"]
      place["path"] = record["path"] ?? place["path"]
      record = place
    } else {
      record = Self.headed(record)
    }
    return .object(record)
  }

  /// A `where` answer with the heading path from the top section down to
  /// the current one in place of the document's sections.
  private static func headed(_ answer: [String: JSONValue]) -> [String: JSONValue] {
    var record = answer
    let current = record["current"] ?? .null
    var titles: [JSONValue] = []
    var level = 7
    for section in (record["sections"]?.array ?? []).reversed() {
      guard let line = section["line"]?.int, let currentLine = current["line"]?.int,
        line <= currentLine, let depth = section["level"]?.int, depth < level
      else { continue }
      titles.insert(section["title"] ?? .null, at: 0)
      level = depth
    }
    record["sections"] = nil
    record["current"] = current
    record["headings"] = .array(titles)
    return record
  }

  func slug(_ given: ToolArguments) throws(ToolError) -> [String] {
    guard let slug = try given.optionalString("slug") else { return [] }
    return ["--slug", slug]
  }

  /// The JSON records (one a line) command `arguments` prints. A file
  /// its walk of a folder passed over (an error or a warning naming a
  /// file in the folder) is noted in `skipped`, and the rest answered;
  /// any other error line is the tool's failure. `check` exits 1 for
  /// broken links, which are its answer.
  func records(
    _ arguments: [String], brokenIsAnswer: Bool = false, badSelector: String? = nil
  ) throws(ToolError) -> [JSONValue] {
    if let badSelector {
      throw ToolError("'selectors' holds '\(badSelector)', which is not a selector")
    }
    let (status, output, error) = run(arguments, roots)
    let folders = arguments.drop { $0 != "--" }.dropFirst().map {
      $0.hasSuffix("/") ? $0 : $0 + "/"
    }
    var failure: String? = nil
    for line in error.split(separator: "\n") {
      var text = String(line)
      // The commands' advice to raise --max-size is not the tools' to give.
      let advice = " (raise it with --max-size)"
      if text.hasSuffix(advice) { text.removeLast(advice.count) }
      let warned = text.hasPrefix("isle: warning: ")
      for prefix in ["isle: error: ", "isle: warning: ", "isle: "] where text.hasPrefix(prefix) {
        text.removeFirst(prefix.count)
        break
      }
      if warned || folders.contains(where: { text.hasPrefix($0) }) {
        if !skipped.contains(text) { skipped.append(text) }
      } else if failure == nil {
        failure = text
      }
    }
    if status != 0, let failure { throw ToolError(failure) }
    if status != 0 && !(brokenIsAnswer && status == 1) && output.isEmpty && skipped.isEmpty {
      throw ToolError("isle \(arguments[0]) failed")
    }
    var values: [JSONValue] = []
    for line in output.split(separator: "\n") where !line.isEmpty {
      guard let value = try? JSONParser.parse(Array(line.utf8)) else { continue }
      values.append(value)
    }
    return values
  }

  /// `path` resolved against the first root, symbolic links followed;
  /// refused when it is outside every root (whether it is there or not),
  /// missing, or neither a file nor a folder (a FIFO would never end its
  /// read).
  func resolve(_ path: String, argument: String) throws(ToolError) -> String {
    let whole = path.hasPrefix("/") ? path : roots[0] + "/" + path
    guard ConfinedFiles(SystemFiles(), roots: roots).isInside(whole) else {
      throw ToolError(
        "'\(argument)': \(path) is outside the workspace (" + roots.joined(separator: ", ") + ")")
    }
    guard let real = Self.real(whole) else {
      throw ToolError("'\(argument)': \(path) does not exist")
    }
    var facts = stat()
    guard stat(real, &facts) == 0 else {
      throw ToolError("'\(argument)': \(path) cannot be read")
    }
    let kind = facts.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFDIR else {
      throw ToolError("'\(argument)': \(path) is neither a file nor a folder")
    }
    if real == start { return "." }
    return real.hasPrefix(start + "/") ? String(real.dropFirst(start.count + 1)) : real
  }

  /// The real path of `path`, links followed; nil when it does not exist.
  static func real(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
