/// mdBook's `SUMMARY.md`: an optional `# Title`, prefix chapters (links
/// on their own lines), numbered chapters in lists (nested by indent,
/// grouped under `# Part` titles, with `---` separators), then suffix
/// chapters. A draft chapter is a link without a destination:
/// `[Title]()`.
public enum Summary {
  /// The entries of `text`, read from `file` (named in errors). Paths are
  /// as written, tidied, relative to the book's `src` folder.
  public static func parse(_ text: String, file: String) throws(BookError) -> [Chapter] {
    var reader = SummaryParser(file: file)
    var inComment = false
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = Substring(raw.hasSuffix("\r") ? raw.dropLast() : raw)
      // HTML comments are passed over, as mdBook passes them.
      if inComment || line.contains("<!--") {
        inComment = Self.endsInComment(&line, open: inComment)
      }
      try reader.take(line, line: index + 1)
    }
    return reader.entries
  }

  /// `line` with its comments removed; true when one is still open at its end.
  static func endsInComment(_ line: inout Substring, open: Bool) -> Bool {
    var kept = ""
    var rest = line
    var inside = open
    while !rest.isEmpty {
      if inside {
        guard let end = rest.firstRange(of: "-->") else {
          line = Substring(kept)
          return true
        }
        rest = rest[end.upperBound...]
        inside = false
      } else if let start = rest.firstRange(of: "<!--") {
        kept += rest[..<start.lowerBound]
        rest = rest[start.upperBound...]
        inside = true
      } else {
        kept += rest
        rest = ""
      }
    }
    line = Substring(kept)
    return inside
  }

  /// The title and destination of a link that is the whole of `text`
  /// (`[Title](path)`, the title holding brackets and code), or nil.
  static func link(_ text: Substring) -> (title: String, destination: String)? {
    guard text.first == "[" else { return nil }
    var depth = 0
    var inCode = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "`" { inCode.toggle() }
      if !inCode && character == "\\" {
        index = text.index(after: index)
      } else if !inCode && character == "[" {
        depth += 1
      } else if !inCode && character == "]" {
        depth -= 1
        if depth == 0 { break }
      }
      if index < text.endIndex { index = text.index(after: index) }
    }
    guard index < text.endIndex else { return nil }
    let title = text[text.index(after: text.startIndex)..<index]
    let rest = text[text.index(after: index)...]
    guard rest.first == "(", rest.last == ")" else { return nil }
    var destination = trim(rest.dropFirst().dropLast())
    if destination.first == "<", destination.last == ">" {
      destination = destination.dropFirst().dropLast()
    } else if let space = destination.firstIndex(of: " ") {
      destination = destination[..<space]  // a link title after it
    }
    return (plain(title), String(destination))
  }

  /// A chapter title as plain text: code spans' backticks and emphasis
  /// marks dropped, backslash escapes undone.
  static func plain(_ title: Substring) -> String {
    var out = ""
    var escaped = false
    for character in title {
      if escaped {
        out.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character != "`" && character != "*" {
        out.append(character)
      }
    }
    return String(trim(Substring(out)))
  }
}

/// `text` without spaces and tabs at either end.
func trim(_ text: Substring) -> Substring {
  var start = text.startIndex
  var end = text.endIndex
  while start < end, text[start] == " " || text[start] == "\t" { start = text.index(after: start) }
  while end > start, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
    end = text.index(before: end)
  }
  return text[start..<end]
}
