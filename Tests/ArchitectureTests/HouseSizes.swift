/// The house's sizes, held to the code: no module over 40 files, no file
/// over 400 lines, no function over 80 (from its `func` line to the brace
/// that closes it at the same indent, as swift-format lays code out).
enum HouseSizes {
  static let filesAModule = 40
  static let linesAFile = 400
  static let linesAFunction = 80

  /// Every size over its limit in `sources` (path under `Sources/` to text).
  static func breaches(_ sources: [String: String]) -> [String] {
    var found: [String] = []
    var files: [String: Int] = [:]
    for path in sources.keys {
      if let module = Architecture.module(path) { files[module, default: 0] += 1 }
    }
    for (module, count) in files.sorted(by: { $0.key < $1.key }) where count > filesAModule {
      found.append("Sources/\(module): \(count) files, more than \(filesAModule)")
    }
    for (path, text) in sources.sorted(by: { $0.key < $1.key }) {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let count = lines.last == "" ? lines.count - 1 : lines.count
      if count > linesAFile { found.append("\(path): \(count) lines, more than \(linesAFile)") }
      for (line, length) in functions(lines) where length > linesAFunction {
        found.append("\(path):\(line): a function of \(length) lines, more than \(linesAFunction)")
      }
    }
    return found
  }

  /// Each function with a body: the line its `func` is on (from 1) and how
  /// many lines it spans.
  static func functions(_ lines: [Substring]) -> [(line: Int, length: Int)] {
    var found: [(Int, Int)] = []
    for (index, line) in lines.enumerated() {
      let code = line.drop { $0 == " " }
      guard isDeclaration(code) else { continue }
      let indent = String(repeating: " ", count: line.count - code.count)
      var end = index
      var body = false
      while end < lines.count {
        let text = lines[end]
        if text.hasSuffix("{") || text.contains("{ ") && text.hasSuffix("}") { body = true }
        if body && (text == indent + "}" || (end == index && text.hasSuffix("}"))) { break }
        if !body && end > index && (text.isEmpty || isDeclaration(text.drop { $0 == " " })) { break }
        end += 1
      }
      if body && end < lines.count { found.append((index + 1, end - index + 1)) }
    }
    return found
  }

  private static func isDeclaration(_ code: Substring) -> Bool {
    let words = code.split(separator: " ", maxSplits: 6)
    guard let at = words.firstIndex(where: { $0 == "func" || $0.hasPrefix("init(") || $0.hasPrefix("init<") }) else {
      return false
    }
    let modifiers: Set<Substring> = [
      "public", "package", "private", "fileprivate", "internal", "static", "mutating",
      "override", "final", "nonisolated", "@inlinable", "@discardableResult", "@usableFromInline",
      "convenience", "required", "nonmutating", "consuming", "borrowing", "@inline(__always)",
    ]
    return words[..<at].allSatisfy { modifiers.contains($0) || $0.hasPrefix("private(") }
  }
}
