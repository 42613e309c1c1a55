import Foundation

/// Swift source read as far as the architecture test needs: comments and
/// string literals blanked, the imports, and the headers of the
/// declarations other modules see.
enum SwiftText {
  /// `source` with the text of every comment and string literal made
  /// spaces (line breaks kept, so lines keep their numbers): code alone.
  static func code(_ source: String) -> String {
    let text = Array(source.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var index = 0
    func at(_ literal: StaticString) -> Bool {
      let count = literal.utf8CodeUnitCount
      guard index + count <= text.count else { return false }
      for offset in 0..<count where text[index + offset] != literal.utf8Start[offset] { return false }
      return true
    }
    func blank(_ count: Int = 1) {
      for _ in 0..<count where index < text.count {
        out.append(text[index] == 0x0A ? 0x0A : 0x20)
        index += 1
      }
    }
    while index < text.count {
      if at("//") {
        while index < text.count, text[index] != 0x0A { blank() }
      } else if at("/*") {
        var depth = 0
        repeat {
          if at("/*") {
            depth += 1
            blank(2)
          } else if at("*/") {
            depth -= 1
            blank(2)
          } else {
            blank()
          }
        } while depth > 0 && index < text.count
      } else if text[index] == UInt8(ascii: "\"") {
        let triple = at("\"\"\"")
        let quotes = triple ? 3 : 1
        out.append(contentsOf: repeatElement(UInt8(ascii: "\""), count: quotes))
        index += quotes
        while index < text.count, !(triple ? at("\"\"\"") : at("\"")) {
          blank(text[index] == UInt8(ascii: "\\") ? 2 : 1)
        }
        out.append(contentsOf: repeatElement(UInt8(ascii: "\""), count: quotes))
        index += quotes
      } else {
        out.append(text[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The modules `source` imports.
  static func imports(_ source: String) -> [String] {
    code(source).split(separator: "\n").compactMap { line in
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      while let first = words.first,
        first.hasPrefix("@") || ["public", "package", "internal"].contains(first)
      {
        words = words.dropFirst()
      }
      guard words.first == "import", words.count >= 2 else { return nil }
      var name = words[words.startIndex + 1]
      if declarationWords.contains(name), words.count >= 3 { name = words[words.startIndex + 2] }
      return String(name.split(separator: ".")[0])
    }
  }

  /// One declaration's header: its text up to its body, and its line.
  struct Header: Equatable {
    let text: String
    let line: Int
  }

  /// The headers of the declarations `source` shows outside its module:
  /// those marked `public`, `package` or `open`, a visible protocol's
  /// requirements and a visible enum's cases. A `@_cdecl` function is a C
  /// entry point, called by a C library with C's types, and is left out.
  static func visibleHeaders(_ source: String) -> [Header] {
    var result: [Header] = []
    var scopes: [Scope] = []
    for piece in pieces(code(source)) {
      let words = piece.text.split(whereSeparator: { $0 == " " })
      let plain = words.drop { $0.hasPrefix("@") }
      let visible = plain.prefix { !declarationWords.contains($0) }.contains {
        ["public", "package", "open"].contains($0)
      }
      let member =
        (scopes.last == .visibleProtocol && plain.first.map(declarationWords.contains) == true)
        || (scopes.last == .visibleEnum && plain.first == "case")
      if (visible || member) && !piece.text.contains("@_cdecl") {
        result.append(Header(text: piece.text, line: piece.line))
      }
      switch piece.end {
      case .open:
        let kind = plain.first(where: declarationWords.contains)
        scopes.append(
          !visible ? .other : kind == "protocol" ? .visibleProtocol : kind == "enum" ? .visibleEnum : .other)
      case .close: _ = scopes.popLast()
      case .line: break
      }
    }
    return result
  }

  private static let declarationWords: Set<Substring> = [
    "func", "var", "let", "init", "subscript", "struct", "class", "enum", "protocol", "typealias",
    "associatedtype", "case", "extension", "actor", "static", "mutating", "nonmutating", "deinit",
  ]

  private enum Scope { case visibleProtocol, visibleEnum, other }

  private enum End { case open, close, line }

  private struct Piece {
    let text: String
    let line: Int
    let end: End
  }

  /// The code cut where a body opens or closes, and at a line's end
  /// outside brackets unless the next line goes on with it (`->`,
  /// `throws`, `where`, an operator); attributes alone on their line go
  /// with what follows. Spaces in a piece are one space each.
  private static func pieces(_ code: String) -> [Piece] {
    let bytes = Array(code.utf8)
    var pieces: [Piece] = []
    var current: [UInt8] = []
    var line = 1
    var start = 1
    var depth = 0
    func cut(_ end: End) {
      let text = String(decoding: current, as: UTF8.self)
      if end == .line, text.hasPrefix("@"), !text.contains(" ") || text.hasSuffix(")") {
        current.append(0x20)
        return
      }
      if !current.isEmpty || end != .line { pieces.append(Piece(text: text, line: start, end: end)) }
      current = []
    }
    func space() { if let last = current.last, last != 0x20 { current.append(0x20) } }
    for (index, byte) in bytes.enumerated() {
      switch byte {
      case UInt8(ascii: "{"):
        cut(.open)
        depth = 0
      case UInt8(ascii: "}"):
        cut(.close)
        depth = 0
      case 0x0A:
        line += 1
        var next = index + 1
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
        let rest = bytes[next..<min(next + 8, bytes.count)]
        let goesOn = continuations.contains { rest.starts(with: $0.utf8) }
        if depth == 0 && !goesOn { cut(.line) } else { space() }
      case 0x20, 0x09, 0x0D: space()
      default:
        if current.isEmpty { start = line }
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
        if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth = max(0, depth - 1) }
        current.append(byte)
      }
    }
    cut(.line)
    return pieces
  }

  private static let continuations = [
    "->", "throws", "rethrows", "where", "async", ".", "&&", "||", "?", ":", "=", ",",
  ]
}
