import Found
import Outline

/// The options a document keeps for its contents list, so that a later
/// `--write` or `--check` makes the same list: isle's own note beside the
/// markers (`<!-- isle: --max-level 2 --ordered -->`), and what the other
/// tools' markers say that isle reads too: mdformat-toc's `--maxlevel`,
/// `--minlevel` and `--slug`, Markdown All in One's older `depthFrom:`,
/// `depthTo:` and `orderedList:`.
package enum NotedOptions {
  /// The marker that starts isle's note.
  package static let notePrefix = "isle:"

  /// The noted options of a list, as isle's words (`--max-level`,
  /// `2`), the note's after the marker's so that the note wins.
  /// Markdown All in One counts its depths from the document's shallowest
  /// heading, at level `shallowest` (a list made with `depthTo:2` in a
  /// document of `##` headings lists `##` and `###`).
  package static func words(opening: TocMarker, note: TocMarker?, shallowest: Int = 1) -> [String] {
    var words: [String] = []
    let tokens = opening.words.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    switch opening.kind {
    case .mdformatStart:
      for token in tokens where token.hasPrefix("--") {
        let parts = token.dropFirst(2).split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        let name: OptionName? = ["maxlevel": .maxLevel, "minlevel": .minLevel, "slug": .slug][
          parts[0].lowercased()]
        if let name { words += ["--" + name.rawValue, String(parts[1])] }
      }
    case .toc:
      for token in tokens.dropFirst() {
        let parts = token.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { continue }
        switch parts[0].lowercased() {
        case "depthfrom", "depthto":
          guard let depth = Int(parts[1]) else { continue }
          let name: OptionName = parts[0].lowercased() == "depthfrom" ? .minLevel : .maxLevel
          words += ["--" + name.rawValue, String(min(max(depth + shallowest - 1, 1), 6))]
        case "orderedlist" where parts[1] == "1" || parts[1].lowercased() == "true":
          words.append("--\(OptionName.ordered)=increment")
        default: break
        }
      }
    default: break
    }
    if let note {
      words += split(String(note.words.dropFirst(notePrefix.count)))
    }
    return words
  }

  /// The options to record: for each one a document notes (`kept`,
  /// in their order), the last typed on the command line, else the one it
  /// noted.
  package static func recorded(
    noted: [GivenOption], typed: [GivenOption], kept: [OptionSpec]
  ) -> [GivenOption] {
    kept.compactMap { spec in
      typed.last { $0.name == spec.name } ?? noted.last { $0.name == spec.name }
    }
  }

  /// True when the command line gives an option a document notes
  /// (one of `kept`).
  package static func given(in raw: RawArguments, kept: [OptionSpec]) -> Bool {
    raw.options.contains { option in
      option.origin == nil && kept.contains { $0.name == option.name }
    }
  }

  /// isle's note for `options`, `--max-level 2 --details="On this page"`.
  package static func note(_ options: [GivenOption]) -> String {
    let words = options.map { option -> String in
      guard let value = option.value else { return "--" + option.name.rawValue }
      let plain = !value.isEmpty && !value.contains { $0 == " " || $0 == "\"" || $0 == "\\" }
      if plain { return "--\(option.name)=\(value)" }
      let escaped = String(value.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] })
      return "--\(option.name)=\"\(escaped)\""
    }
    return "<!-- \(notePrefix) \(words.joined(separator: " ")) -->"
  }

  /// The words of a note, split at white space outside double quotes (in
  /// which `\"` and `\\` stand for themselves).
  package static func split(_ text: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quoted = false
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
      } else if quoted && character == "\\" {
        escaped = true
      } else if character == "\"" {
        quoted.toggle()
        inWord = true
      } else if !quoted && (character == " " || character == "\t" || character == "\n") {
        if inWord { words.append(word) }
        word = ""
        inWord = false
      } else {
        word.append(character)
        inWord = true
      }
    }
    if inWord { words.append(word) }
    return words
  }

  /// mdformat-toc's opening marker with `options`' levels and slug in its
  /// own words, its other words kept; nil when it would not change.
  package static func mdformatMarker(_ marker: TocMarker, options: [GivenOption]) -> String? {
    var own: [(name: String, value: String)] = []
    for option in options {
      switch option.name {
      case .maxLevel: own.append(("maxlevel", option.value ?? ""))
      case .minLevel: own.append(("minlevel", option.value ?? ""))
      case .slug where option.value == "github" || option.value == "gitlab":
        own.append(("slug", option.value ?? ""))
      default: break
      }
    }
    guard !own.isEmpty else { return nil }
    var tokens = marker.words.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      .map(String.init)
    for (name, value) in own {
      let token = "--\(name)=\(value)"
      if let index = tokens.firstIndex(where: { $0.lowercased().hasPrefix("--\(name)=") }) {
        tokens[index] = token
      } else {
        tokens.append(token)
      }
    }
    return "<!-- \(tokens.joined(separator: " ")) -->"
  }

  /// The options mdformat-toc's marker records itself, left out of the note.
  package static func inMdformatMarker(_ option: GivenOption) -> Bool {
    option.name == .maxLevel || option.name == .minLevel
      || (option.name == .slug && (option.value == "github" || option.value == "gitlab"))
  }
}
