import Foundation

/// The rules doc/how-it-is-built.md states, checked over a repository's
/// text: its module table, its manifest and its sources. Each breach is a
/// line naming the file and what is wrong.
struct Architecture {
  /// A module's row in the doc's table: its name and what it uses (nil
  /// for "all of the above").
  struct Row: Equatable {
    let module: String
    let uses: Set<String>?
  }

  /// The files allowed to call each C parser, by its functions' prefix:
  /// the parsers' own files (doc/how-it-is-built.md points here).
  static let parserFiles: [String: Set<String>] = [
    // The one file that talks to cmark-gfm, its memory and its extensions'
    // table of special characters.
    "cmark_": [
      "Sources/Outline/Markdown/Cmark.swift", "Sources/Outline/Markdown/ParseArena.swift",
      "Sources/Outline/Markdown/SpecialCharacters.swift",
    ],
    "gumbo_": ["Sources/HTMLOutline/HTMLBodyRules.swift", "Sources/HTMLOutline/HTMLParser.swift", "Sources/HTMLOutline/HTMLPrologueRules.swift", "Sources/HTMLOutline/HTMLReferenceDecoder.swift", "Sources/HTMLOutline/HTMLScopeFinder.swift", "Sources/HTMLOutline/HTMLTokenizer.swift", "Sources/HTMLOutline/HTMLTree.swift"],
  ]

  /// Types no public or package declaration may name: unsafe pointers,
  /// and C's (its aliases, and the C libraries' and the system's types).
  static func isUnsafeOrC(_ word: Substring) -> Bool {
    (word.hasPrefix("Unsafe") && word.hasSuffix("Pointer")) || cTypes.contains(word)
      || ["cmark_", "gumbo_", "Gumbo", "yaml_", "utf8proc_"].contains { word.hasPrefix($0) }
      || (word.hasSuffix("_t") && word.first?.isLowercase == true)
  }

  static let cTypes: Set<Substring> = [
    "OpaquePointer", "CChar", "CInt", "CUnsignedInt", "CShort", "CUnsignedShort", "CLong",
    "CUnsignedLong", "CLongLong", "CUnsignedLongLong", "CBool", "CFloat", "CDouble",
    "CUnsignedChar", "CSignedChar", "CWideChar", "CVarArg", "stat", "termios", "winsize",
    "timespec", "sigaction", "dirent", "FILE", "DIR",
  ]

  /// What the checks need of one source file, read once.
  struct Source {
    /// The modules it imports.
    let imports: [String]
    /// Its declarations other modules see.
    let visible: [SwiftText.Header]
    /// Each line's identifiers that start as a C parser's functions do,
    /// with the line's number.
    let parserWords: [(line: Int, word: Substring)]

    /// The facts of `text`.
    init(_ text: String) {
      imports = SwiftText.imports(text)
      visible = SwiftText.visibleHeaders(text)
      var words: [(line: Int, word: Substring)] = []
      let prefixes = Architecture.parserFiles.keys.sorted()
      for (number, line) in SwiftText.code(text).split(
        separator: "\n", omittingEmptySubsequences: false
      ).enumerated() where prefixes.contains(where: line.contains) {
        for word in Architecture.words(line) where prefixes.contains(where: word.hasPrefix) {
          words.append((number + 1, word))
        }
      }
      parserWords = words
    }
  }

  let rows: [Row]
  /// Each target's dependencies, as the manifest names them.
  let targets: [String: [String]]
  /// Each source file's facts, by its path from the repository's root.
  let sources: [String: Source]

  /// The table in `doc`: the rows under its `| module | … | it uses |` head.
  static func rows(_ doc: String) -> [Row] {
    var rows: [Row] = []
    var inTable = false
    for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      if cells.count >= 5, cells[1] == "module", cells[3] == "it uses" {
        inTable = true
        continue
      }
      guard inTable else { continue }
      guard cells.count >= 5 else { break }
      guard cells[1].hasPrefix("`") else { continue }
      let module = cells[1].trimmingCharacters(in: ["`"])
      let uses =
        cells[3] == "all of the above"
        ? nil
        : Set(
          cells[3].split(separator: ",").map { $0.trimmingCharacters(in: [" ", "`"]) }
            .filter { $0 != "—" && !$0.isEmpty })
      rows.append(Row(module: module, uses: uses))
    }
    return rows
  }

  /// Each target's name and dependencies in the manifest `text`.
  static func targets(_ text: String) -> [String: [String]] {
    let code = SwiftText.code(text)
    let bytes = Array(text.utf8)
    let codeBytes = Array(code.utf8)
    var result: [String: [String]] = [:]
    var index = 0
    func literals(_ range: Range<Int>) -> [String] {
      var found: [String] = []
      var at = range.lowerBound
      while at < range.upperBound {
        if codeBytes[at] == UInt8(ascii: "\"") {
          var end = at + 1
          while end < range.upperBound, codeBytes[end] != UInt8(ascii: "\"") { end += 1 }
          found.append(String(decoding: bytes[(at + 1)..<end], as: UTF8.self))
          at = end
        }
        at += 1
      }
      return found
    }
    func closing(_ open: Int) -> Int {
      var depth = 0
      var at = open
      repeat {
        if codeBytes[at] == UInt8(ascii: "(") || codeBytes[at] == UInt8(ascii: "[") { depth += 1 }
        if codeBytes[at] == UInt8(ascii: ")") || codeBytes[at] == UInt8(ascii: "]") { depth -= 1 }
        at += 1
      } while depth > 0 && at < codeBytes.count
      return at
    }
    let starts = [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("]
    while index < codeBytes.count {
      guard let start = starts.first(where: { codeBytes[index...].starts(with: $0.utf8) }) else {
        index += 1
        continue
      }
      let open = index + start.utf8.count - 1
      let end = closing(open)
      let call = String(decoding: codeBytes[open..<end], as: UTF8.self)
      if let name = call.range(of: "name:") {
        let offset = open + call.utf8.distance(from: call.startIndex, to: name.upperBound)
        let target = literals(offset..<end).first ?? ""
        var dependencies: [String] = []
        if let list = call.range(of: "dependencies:") {
          let listOpen = open + call.utf8.distance(from: call.startIndex, to: list.upperBound)
          var bracket = listOpen
          while codeBytes[bracket] != UInt8(ascii: "[") { bracket += 1 }
          dependencies = literals(bracket..<closing(bracket))
        }
        result[target] = dependencies
      }
      index = end
    }
    return result
  }
}

extension Architecture {
  /// Every breach: a module the table lacks or a row naming no module; a
  /// target's dependency or a file's import of a module not above it in
  /// the table; a row whose "it uses" is not its dependencies in the
  /// manifest; an unsafe or C type in a declaration other modules see; a
  /// C parser's function named outside the parser's own files.
  func breaches() -> [String] {
    var found: [String] = []
    var order: [String: Int] = [:]
    for (position, row) in rows.enumerated() where order[row.module] == nil {
      order[row.module] = position
    }
    let modules = Set(sources.keys.compactMap(Self.module))
    for module in modules.sorted() where order[module] == nil {
      found.append("Sources/\(module): no row in doc/how-it-is-built.md's module table")
    }
    for row in rows where !modules.contains(row.module) && targets[row.module] == nil {
      found.append("doc/how-it-is-built.md: the table's `\(row.module)` is no module")
    }
    for row in rows {
      let position = order[row.module]!
      let dependencies = targets[row.module] ?? []
      for dependency in dependencies where (order[dependency] ?? -1) >= position {
        found.append("Package.swift: \(row.module) depends on \(dependency), not above it in the table")
      }
      if let uses = row.uses, uses != Set(dependencies) {
        found.append(
          "doc/how-it-is-built.md: \(row.module) uses \(uses.sorted()) in the table, "
            + "\(dependencies.sorted()) in Package.swift")
      }
    }
    for (path, source) in sources.sorted(by: { $0.key < $1.key }) {
      found += breaches(in: path, source, order: order)
    }
    return found
  }

  /// The breaches of one source file.
  private func breaches(in path: String, _ source: Source, order: [String: Int]) -> [String] {
    var found: [String] = []
    if let module = Self.module(path), let position = order[module] {
      for imported in source.imports where (order[imported] ?? -1) >= position {
        found.append("\(path): \(module) imports \(imported), not above it in the table")
      }
    }
    for header in source.visible {
      if let word = Self.words(header.text).first(where: Self.isUnsafeOrC) {
        found.append("\(path):\(header.line): \(word) in a declaration other modules see")
      }
    }
    for (line, word) in source.parserWords {
      let prefix = Self.parserFiles.keys.first(where: word.hasPrefix)!
      if !Self.parserFiles[prefix]!.contains(path) {
        found.append("\(path):\(line): \(word) outside the parser's own files")
      }
    }
    return found
  }

  /// The module a source file's path is in: `Sources/NAME/…`.
  static func module(_ path: String) -> String? {
    let parts = path.split(separator: "/")
    return parts.count >= 3 && parts[0] == "Sources" ? String(parts[1]) : nil
  }

  /// The identifiers in `text`.
  static func words(_ text: some StringProtocol) -> [Substring] {
    Substring(text).split { !($0.isLetter || $0.isNumber || $0 == "_") }
  }
}
