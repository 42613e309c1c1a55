import Book

/// Which `##` section of a book's llms.txt each chapter goes under: each
/// part of the book a section (a part inside a part goes with the
/// outer one: llms.txt has no deeper level), the chapters before any part
/// under `## Docs`, and under `## Optional`, last, what a reader may skip:
/// mdBook's suffix chapters, anything titled Appendix or Appendices (a
/// part, a MkDocs nav section, a chapter, with everything under it) and
/// the chapters under a draft. A draft itself, a separator and a part
/// have no page, so no link.
public struct LlmsPlan: Sendable, Equatable {
  /// One `##` section: its title and the chapters in it (indices into the
  /// book's entries), in the book's order.
  public struct Section: Sendable, Equatable {
    public var title: String
    public var entries: [Int]
  }

  /// The sections, in the order their first chapter comes, `Optional` last.
  public var sections: [Section]

  /// The section of chapters before any part.
  public static let untitled = "Docs"
  /// The section llmstxt.org lets a reader skip.
  public static let optional = "Optional"

  /// The plan of `book`'s entries whose page is there (`present`), each
  /// entry titled `titles` (as `toc BOOK` titles it).
  public init(_ book: Book, titles: [String], present: (Int) -> Bool) {
    var order: [String] = []
    var members: [String: [Int]] = [:]
    var part: (title: String, depth: Int, optional: Bool)? = nil
    // Entries deeper than this are under an appendix or a draft.
    var optionalBelow: Int? = nil
    for (index, chapter) in book.chapters.enumerated() {
      if let depth = optionalBelow, chapter.depth <= depth { optionalBelow = nil }
      // A MkDocs section or a folder holds the entries deeper than it;
      // an mdBook part, those up to the next part.
      if book.form != .mdBook, let open = part, chapter.depth <= open.depth { part = nil }
      let appendix = Self.isAppendix(titles[index])
      switch chapter.kind {
      case .part:
        if book.form == .mdBook || part == nil {
          part = (titles[index], chapter.depth, appendix)
        } else if appendix, optionalBelow == nil {
          optionalBelow = chapter.depth
        }
        continue
      case .separator: continue
      case .draft:
        if optionalBelow == nil { optionalBelow = chapter.depth }
        continue
      case .prefix, .numbered, .suffix: break
      }
      let optional =
        part?.optional == true || optionalBelow != nil || chapter.kind == .suffix || appendix
      if appendix, optionalBelow == nil { optionalBelow = chapter.depth }
      guard present(index) else { continue }
      let section = optional ? Self.optional : part?.title ?? Self.untitled
      if members[section] == nil { order.append(section) }
      members[section, default: []].append(index)
    }
    let last = order.filter { $0 != Self.optional } + order.filter { $0 == Self.optional }
    sections = last.map { Section(title: $0, entries: members[$0] ?? []) }
  }

  /// True for a title that names an appendix: `Appendix A: Keywords`,
  /// `Appendices` (any case).
  static func isAppendix(_ title: String) -> Bool {
    let lowered = title.lowercased()
    return lowered.hasPrefix("appendix") || lowered.hasPrefix("appendices")
  }

  /// Every chapter linked, in the order llms.txt lists them.
  public var entries: [Int] { sections.flatMap(\.entries) }
}
