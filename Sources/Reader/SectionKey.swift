import Cells
import Outline
import Progress

/// A section named so that edits elsewhere leave the name as it was: the
/// chain of heading ids from its top-level ancestor down to it (`install/
/// from-source`), each id with `%`, `/`, a blank, a tab and a line end
/// percent-encoded. The text before the first heading is the empty key.
/// A place is a key and the bytes from its heading: a chapter edited above
/// the place reopens at the same sentence.
public enum SectionKey {
  /// The key of section `index` of `document`.
  public static func of(_ index: Int, in document: Document) -> String {
    let sections = document.sections
    guard sections.indices.contains(index) else { return "" }
    var chain = [escaped(sections[index].id ?? "")]
    var level = sections[index].level
    for earlier in sections[..<index].reversed() where earlier.level < level {
      chain.append(escaped(earlier.id ?? ""))
      level = earlier.level
    }
    return chain.reversed().joined(separator: "/")
  }

  /// The keys of every section of `document`, in order, in one pass.
  public static func all(in document: Document) -> [String] {
    var open: [(level: Int, key: String)] = []
    return document.sections.map { section in
      while let last = open.last, last.level >= section.level { open.removeLast() }
      let id = escaped(section.id ?? "")
      let key = open.last.map { $0.key + "/" + id } ?? id
      open.append((section.level, key))
      return key
    }
  }

  /// The key of the section `byte` is in, and how far into it `byte` is.
  public static func place(ofByte byte: Int, in document: Document) -> (key: String, within: Int) {
    guard let index = CurrentSection.index(in: document.sections, atOffset: byte),
      document.sections[index].offset <= byte
    else { return ("", max(byte, 0)) }
    return (of(index, in: document), byte - document.sections[index].offset)
  }

  /// The byte `within` bytes into the section `key` names (no further than
  /// its end); a section gone since is looked for by its last id alone (a
  /// heading moved under another), else by the nearest ancestor left, at
  /// its heading. Nil when nothing of the chain is there.
  public static func byte(of key: String, within: Int, in document: Document) -> Int? {
    let sections = document.sections
    if key.isEmpty { return min(within, sections.first?.offset ?? document.size) }
    let keys = all(in: document)
    func inside(_ index: Int) -> Int {
      let length = sections[index].endOffset - sections[index].offset
      return sections[index].offset + min(max(within, 0), max(length - 1, 0))
    }
    if let index = keys.firstIndex(of: key) { return inside(index) }
    let chain = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if let last = chain.last, !last.isEmpty,
      let index = sections.indices.first(where: { sections[$0].id.map(escaped) == last })
    {
      return inside(index)
    }
    for length in (1..<chain.count).reversed() {
      let ancestor = chain.prefix(length).joined(separator: "/")
      if let index = keys.firstIndex(of: ancestor) { return sections[index].offset }
    }
    return nil
  }

  /// `id` with the characters a key or a kept line uses percent-encoded.
  static func escaped(_ id: String) -> String {
    PercentEncoding.escaped(id, reserving: ["%", "/", " ", "\t", "\n", "\r"])
  }

}
