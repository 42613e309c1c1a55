import JSON
import Outline
import Slugs

/// The tools `tools/list` names, each with its input and output as JSON
/// Schema (`ToolSchema`), written by themselves.
enum ToolCatalog {
  /// What the server tells the agent of itself at `initialize`.
  static let instructions =
    "isle reads Markdown and HTML documents by their sections. Call 'outline' first for a "
    + "document's or folder's sections (each with its tokens and minutes), then 'section' for "
    + "the text of only the ones you need, instead of reading whole files. Each answer is a page "
    + "within 'max_tokens' (10000 unless asked) and 'max_bytes'; when 'next_cursor' is not null, "
    + "call the same tool with the same arguments and 'cursor' set to it for the next page. "
    + "'find' finds sections by title in a folder, 'where' names the section holding a line, "
    + "'check' reports broken links. The documents are resources too (file:// URIs, and "
    + "isle://section/{path}#{id} for one section), to read or subscribe to."

  /// `tools/list`'s result at `revision`: before 2025-06-18 the tools
  /// have no title and no output schema; a stateless revision's result
  /// says how long it may be kept.
  struct Listing: JSONWritable {
    var revision: String
    var stateless: Bool

    func write(to writer: inout JSONWriter) {
      let structured = ProtocolRevision.hasStructuredResults(revision)
      writer.open()
      if stateless {
        writer.add("cacheScope", "private")
        writer.add("resultType", "complete")
      }
      writer.key("tools")
      writer.openArray()
      for tool in tools {
        writer.element()
        tool.write(to: &writer, structured: structured)
      }
      writer.closeArray()
      if stateless { writer.add("ttlMs", 0) }
      writer.close()
    }
  }

  struct Tool: Sendable {
    var name: String
    var title: String
    var description: String
    var input: [String: ToolSchema]
    var required: [String]
    var output: ToolSchema

    /// The tool as `tools/list` names it; with its title and output
    /// schema when `structured`.
    func write(to writer: inout JSONWriter, structured: Bool) {
      writer.open()
      writer.key("annotations")
      writer.open()
      writer.add("openWorldHint", false)
      writer.add("readOnlyHint", true)
      writer.close()
      writer.add("description", description)
      writer.add("inputSchema", ToolSchema.object(input, required: required))
      writer.add("name", name)
      if structured {
        writer.add("outputSchema", output)
        writer.add("title", title)
      }
      writer.close()
    }
  }

  static let names = tools.map(\.name)

  static let tools: [Tool] = [
    Tool(
      name: "outline", title: "Outline",
      description:
        "The sections of a Markdown or HTML document, or of every document in a folder: number, "
        + "level, id, title, line and byte range, words, reading time and tokens. A page holds at "
        + "most max_tokens and max_bytes of JSON, whole sections; 'next_cursor' is then the "
        + "'cursor' that gets the next page ('next_skip' the 'skip').",
      input: [
        "path": string("A file or folder, relative to the workspace"),
        "min_level": level("The shallowest heading level listed (default 1)"),
        "max_level": level("The deepest heading level listed (default 3)"),
        "max_bytes": ToolSchema(
          "integer",
          "The most JSON returned (default 65536; more is taken as 1 MiB); whole sections, "
            + "at least one", minimum: 1),
        "skip": ToolSchema(
          "integer", "Leave out this many sections first (a 'next_skip')", minimum: 0),
        "slug": slug,
      ].merging(pagingInput) { $1 }, required: ["path"],
      output: .object(
        [
          "documents": .array(
            .anyOf([document, book]),
            "Each document's outline, in path order; a book's, its chapters in the book's order"),
          "bytes": integer("The bytes of JSON the documents take"),
          "max_bytes": integer("The bound the outline was kept within"),
          "truncated": ToolSchema("boolean"),
          "omitted_sections": integer("The sections left out past max_bytes"),
          "next_skip": ToolSchema(
            "integer", "The 'skip' argument that gets the rest; null when nothing is",
            nullable: true),
          "note": ToolSchema("string", nullable: true),
          "skipped": skipped,
        ].merging(pagingOutput) { $1 },
        required: ["documents", "bytes", "max_bytes", "truncated", "omitted_sections", "next_skip"]
      )),
    Tool(
      name: "section", title: "Section text",
      description:
        "The text of the sections selectors name, as 'isle show' takes them: a number (3), a range "
        + "(3..5), an id (#install), a title or a path of titles (Install/Linux), 0 for the text "
        + "before the first section. At most max_bytes of text come back, cut between blocks (never "
        + "inside a fenced code block, a list item or a table), and within max_tokens; "
        + "'next_cursor' is then the 'cursor' that gets the next page ('next_offset' the 'offset'). A first block past max_bytes is cut at a line end, said in 'note'.",
      input: [
        "path": string("A document, relative to the workspace"),
        "selectors": .array(
          ToolSchema("string"), "The sections, as 'isle show' takes them", minItems: 1),
        "subsections": ToolSchema(
          "boolean", "Each section with its sub-sections (default true)"),
        "max_bytes": ToolSchema(
          "integer", "The most text returned (default 65536; more is taken as 1 MiB)", minimum: 1),
        "offset": ToolSchema(
          "integer", "Go on from this byte of the document (a 'next_offset')", minimum: 0),
        "slug": slug,
      ].merging(pagingInput) { $1 }, required: ["path", "selectors"],
      output: .object(
        [
          "path": string("The document"),
          "sections": .array(excerpt, "The sections' text, in document order"),
          "bytes": integer("The bytes of text returned"),
          "max_bytes": integer("The bound the text was kept within"),
          "truncated": ToolSchema("boolean"),
          "omitted_bytes": integer("The bytes of the sections left out"),
          "next_offset": ToolSchema(
            "integer", "The 'offset' argument that gets the rest; null when nothing is",
            nullable: true),
          "note": ToolSchema("string", nullable: true),
          "skipped": skipped,
        ].merging(pagingOutput) { $1 },
        required: [
          "path", "sections", "bytes", "max_bytes", "truncated", "omitted_bytes", "next_offset",
        ])),
    Tool(
      name: "where", title: "Section at a place",
      description:
        "The section holding a line (1-based), a byte offset (0-based) or a percent of a "
        + "document: its heading path, how much of the document is read and how long the rest "
        + "takes. For a book (its SUMMARY.md, mkdocs.yml or folder), the 'chapter' with a line "
        + "or an offset in it, or a percent of the whole book.",
      input: [
        "path": string("A document or a book, relative to the workspace"),
        "line": ToolSchema("integer", minimum: 1),
        "offset": ToolSchema("integer", minimum: 0),
        "percent": ToolSchema(
          "number", "How far through the document, or the whole book", minimum: 0, maximum: 100),
        "chapter": string("For a book: the chapter's file, relative to the workspace"),
        "slug": slug,
      ], required: ["path"],
      output: .object(
        [
          "path": string("The document"),
          "current": ToolSchema(
            "object", "The section holding the place; null before the first", nullable: true),
          "headings": .array(
            ToolSchema("string"), "The titles from the top section down to it"),
          "fraction": ToolSchema("number"),
          "minutesLeft": integer("Reading time left in the document (in a book, the book)"),
          "sectionMinutesLeft": integer("Reading time left in the section"),
          "book": string("For a book: the table of contents it is named by"),
          "chapter": integer("For a book: the chapter, 1-based among those with a file"),
          "chapterCount": integer("For a book: its chapters with a file"),
          "chapterMinutesLeft": integer("For a book: reading time left in the chapter"),
        ], required: ["path", "headings", "fraction"])),
    Tool(
      name: "check", title: "Broken links",
      description:
        "The broken links of documents or folders, as 'isle check --format json' reports them: "
        + "path, line, column, target, reason and a suggestion. Links whose resolved path an "
        + "'exclude' glob (or the config file's check.exclude) matches are left out.",
      input: [
        "paths": .array(
          ToolSchema("string"), "Files or folders, relative to the workspace", minItems: 1),
        "exclude": .array(
          ToolSchema("string"),
          "Globs of resolved link paths to leave out, as 'isle check --exclude' takes them "
            + "(../std/**, *.png)"),
      ].merging(pagingInput) { $1 }.merging(["max_bytes": maxBytes]) { $1 },
      required: ["paths"],
      output: .object(
        [
          "broken": .array(ToolSchema("object")),
          "count": integer("How many links are broken"),
          "skipped": skipped,
        ].merging(pagingOutput) { $1 }, required: ["broken", "count"])),
    Tool(
      name: "find", title: "Find sections",
      description:
        "Sections whose titles match a query in a folder's documents, best first: the title "
        + "itself, then titles starting with it, a word starting with it, holding it, holding its "
        + "letters in order.",
      input: [
        "query": string("Words of the title"),
        "path": string("A folder or file, relative to the workspace (default the workspace)"),
        "limit": ToolSchema(
          "integer", "The most sections returned (default 20, at most 200)", minimum: 1),
      ].merging(pagingInput) { $1 }.merging(["max_bytes": maxBytes]) { $1 },
      required: ["query"],
      output: .object(
        [
          "matches": .array(
            .object(
              [
                "path": string("The document"), "number": integer("The section's number"),
                "level": integer("Its heading level"), "title": string("Its title"),
                "id": ToolSchema("string", nullable: true),
                "line": integer("Its heading's line"), "rank": integer("0 is the best match"),
              ], required: ["path", "title", "line", "rank"])),
          "total": integer("How many sections matched"),
          "skipped": skipped,
        ].merging(pagingOutput) { $1 }, required: ["matches", "total"])),
  ]

  /// What every tool that returns text takes to page its answer.
  static let pagingInput: [String: ToolSchema] = [
    "max_tokens": ToolSchema(
      "integer",
      "The most tokens of text a page holds (default 10000), counted with the config file's "
        + "tokenizer, else an estimate", minimum: 1),
    "cursor": string(
      "A 'next_cursor' this tool gave, with the same other arguments: the next page"),
  ]

  static let maxBytes = ToolSchema(
    "integer", "The most bytes of text a page holds (default 65536, at most 1 MiB)", minimum: 1)

  /// What every page says of its budget.
  static let pagingOutput: [String: ToolSchema] = [
    "tokens": integer("The tokens of this page's text"),
    "max_tokens": integer("The bound the page was kept within"),
    "tokenizer": string("What counted the tokens: the tokenizer's file, or 'estimate'"),
    "next_cursor": ToolSchema(
      "string", "The 'cursor' that gets the next page; null on the last", nullable: true),
  ]

  static func string(_ description: String) -> ToolSchema { ToolSchema("string", description) }

  static func integer(_ description: String) -> ToolSchema { ToolSchema("integer", description) }

  static func level(_ description: String) -> ToolSchema {
    ToolSchema("integer", description, minimum: 1, maximum: 6)
  }

  /// What a folder's walk passed over, when it passed over anything.
  static let skipped = ToolSchema.array(
    ToolSchema("string"),
    "The files of the folders passed over, each with why: past the size limit, a link out of "
      + "the workspace, a link to nothing")

  static let slug = ToolSchema.choice(
    ["auto"] + SlugFlavor.allCases.map(\.rawValue),
    "Heading ids as this site makes them (default auto)")

  static let document = ToolSchema.object(
    [
      "path": string("The document"),
      "title": ToolSchema("string", nullable: true),
      "sections": .array(
        .object(
          [
            "number": integer("The section's number, as selectors name it"),
            "level": integer("Its heading level"), "title": string("Its title"),
            "id": ToolSchema("string", nullable: true),
            "line": integer("Its heading's line"), "endLine": integer("The line after it"),
            "minutes": integer("Its reading time"),
          ], required: ["level", "title", "line"])),
    ], required: ["path", "sections"])

  /// A book's outline (a table of contents named as `path`): its chapters,
  /// each a part, a draft or a chapter with its document's outline.
  static let book = ToolSchema.object(
    [
      "book": string("The table of contents the book is named by"),
      "chapters": .array(
        .object(
          [
            "kind": string("numbered, prefix, suffix, part, separator or draft"),
            "title": ToolSchema("string", nullable: true),
            "minutes": ToolSchema(
              "integer", "Its share of the book's minutes (the book's, rounded once, shared out)",
              nullable: true),
            "document": document,
          ], required: ["kind"])),
    ], required: ["book", "chapters"])

  static let excerpt = ToolSchema.object(
    [
      "number": ToolSchema("integer", nullable: true),
      "title": ToolSchema("string", nullable: true),
      "headings": .array(ToolSchema("string")),
      "bytes": .array(ToolSchema("integer")),
      "lines": .array(ToolSchema("integer")),
      "text": string("The section's text as written"),
    ], required: ["bytes", "text"])
}
