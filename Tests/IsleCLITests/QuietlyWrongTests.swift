import Foundation
import Testing

/// What a new user found quietly wrong in an hour with isle, each run as
/// they ran it: the real binary, its exit status, its two streams.
@Suite struct QuietlyWrongTests {
  struct Run {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The binary on `arguments`, from the repository root, `stdin` as its
  /// input, `environment` added to the test's own.
  static func isle(
    _ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]
  ) throws -> Run {
    if environment.isEmpty {
      let run = try Harness.runBinary(arguments, stdin: stdin)
      return Run(
        status: run.status, stdout: String(decoding: run.stdout, as: UTF8.self),
        stderr: run.stderr)
    }
    let words =
      (environment.map { "\($0.key)='\($0.value)'" } + ["isle"]
      + arguments.map {
        "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
      }).joined(separator: " ")
    let run = try Harness.shell(words)
    return Run(status: run.status, stdout: run.stdout, stderr: run.stderr)
  }

  static func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  static func words(_ count: Int) -> String {
    (0..<count).map { "word\($0 % 50)" }.joined(separator: " ")
  }

  // MARK: 2. The rows add up to the bar, at every level.

  @Test func textBeforeTheFirstHeadingHasARowAndTheRowsAddUp() throws {
    let run = try Self.isle(["toc", "fixtures/text-before-the-first-heading.md"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
              Introduction  1 min
           1  Install     < 1 min
           2  Use         < 1 min
         ○ Contents         1 min ⌄

        """)
    let named = try Self.isle([
      "toc", "--preamble-text", "Before it all", "fixtures/text-before-the-first-heading.md",
    ])
    #expect(named.stdout.hasPrefix("      Before it all  1 min\n"))
  }

  /// A page as W3C publishes one: an abstract and a status before the
  /// first heading, and level-4 headings with long titles.
  static let page = """
    <!doctype html><title>A Specification</title>
    <p>\(words(700))</p>
    <h2>Introduction</h2><p>\(words(600))</p>
    <h3>Goals</h3><p>\(words(300))</p>
    <h4>A level four heading whose title runs on for quite a number of words</h4>
    <p>\(words(300))</p>
    <h4>Another level four heading with a title nearly as long as the first</h4>
    <p>\(words(300))</p>
    <h2>Conformance</h2><p>\(words(500))</p>
    """

  @Test(arguments: ["2", "3", "4", "6"])
  func theTotalIsTheSameAtEveryLevelAndTheRowsAddUpToIt(_ level: String) throws {
    try Harness.withTree(["spec.html": Self.page]) { (root: URL) throws in
      let path = root.appendingPathComponent("spec.html").path
      let run = try Self.isle(["toc", "--format", "json", "--max-level", level, path])
      let document = try Self.json(run.stdout)
      let sections = try #require(document["sections"] as? [[String: Any]])
      let preamble = try #require(document["preamble"] as? [String: Any])
      #expect(preamble["title"] as? String == "A Specification")
      #expect(document["minutes"] as? Int == 11, "the same at --max-level \(level)")
      let rows = sections.map { $0["minutes"] as! Int } + [preamble["minutes"] as! Int]
      #expect(rows.reduce(0, +) == 11)
      // The text drawn says the same: its row first, named by the title.
      let text = try Self.isle(["toc", "--max-level", level, path]).stdout
      let first = try #require(text.split(separator: "\n").first)
      #expect(first.hasPrefix("      A Specification "))
      #expect(first.hasSuffix(" 3 min"))
      #expect(text.contains(" 11 min ⌄\n"))
    }
  }

  // MARK: 3. UTF-16 and UTF-32 Markdown.

  static let unicodeDocument = "# Über uns\n\nWir schreiben.\n\n## Überschrift\n\nMehr Text.\n"

  /// `text` in `encoding` (`UTF-16LE`…), its byte order mark first.
  static func encoded(_ text: String, _ encoding: String) -> Data {
    let little = encoding.hasSuffix("LE")
    if encoding.hasPrefix("UTF-16") {
      let units = text.utf16.flatMap { unit in
        little ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
      }
      return Data((little ? [0xFF, 0xFE] : [0xFE, 0xFF]) + units)
    }
    let scalars = text.unicodeScalars.flatMap { scalar in
      let bytes = (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) }
      return little ? bytes : bytes.reversed()
    }
    return Data((little ? [0xFF, 0xFE, 0, 0] : [0, 0, 0xFE, 0xFF]) + scalars)
  }

  @Test(arguments: ["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"])
  func markdownWithAByteOrderMarkIsDecoded(_ encoding: String) throws {
    let bytes = Self.encoded(Self.unicodeDocument, encoding)
    let listed = Self.encoded("# A\n\n<!-- toc -->\n<!-- tocstop -->\n\n## B\n", encoding)
    try Harness.withTree([:]) { (root: URL) throws in
      let url = root.appendingPathComponent("wide.md")
      try bytes.write(to: url)
      let toc = try Self.isle(["toc", url.path])
      #expect(toc.status == 0)
      #expect(toc.stdout.contains("1  Über uns"))
      #expect(toc.stdout.contains("2    Überschrift"))
      let document = try Self.json(try Self.isle(["toc", "--format", "json", url.path]).stdout)
      let sections = try #require(document["sections"] as? [[String: Any]])
      #expect(document["charset"] as? String == encoding.lowercased())
      #expect(document["lines"] as? Int == 7)
      #expect(document["size"] as? Int == bytes.count)
      #expect(sections.map { $0["line"] as! Int } == [1, 5])
      // Offsets are the raw bytes': the second heading starts after the
      // mark and the first four lines, each character 2 or 4 bytes wide.
      let unit = encoding.hasPrefix("UTF-16") ? 2 : 4
      let before = "# Über uns\n\nWir schreiben.\n\n".unicodeScalars.count
      #expect(sections[1]["offset"] as? Int == unit + before * unit)
      #expect(sections.map { $0["words"] as! Int } == [2, 2])
      let bar = try Self.isle(["where", "--line", "6", url.path]).stdout
      #expect(bar.contains("Überschrift  2 of 2"))
      // A list is never written into it: UTF-8 would break the file.
      let file = root.appendingPathComponent("listed.md")
      try listed.write(to: file)
      let write = try Self.isle(["toc", "--write", file.path])
      #expect(write.status == 2)
      #expect(
        write.stderr.contains("a \(encoding) document; isle keeps contents lists in UTF-8"))
      #expect(try Data(contentsOf: file) == listed)
    }
  }

  // MARK: 4. Binary files.

  @Test func aBinaryFileNamedIsOneLineAndExitTwo() throws {
    let binary = Harness.binary.path
    let commands = [
      ["toc", binary], ["where", "--line", "1", binary], ["jump", "1", binary], ["check", binary],
      ["read", binary], ["pick", binary], ["toc", "--write", binary],
    ]
    for arguments in commands {
      let run = try Self.isle(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.stdout.isEmpty)
      #expect(run.stderr == "isle: error: \(binary): binary file, not a document\n")
    }
    let piped = try Self.isle(["toc"], stdin: Data([0x23, 0x20, 0x41, 0, 0x0A]))
    #expect(piped.stderr == "isle: error: <stdin>: binary file, not a document\n")
    #expect(piped.status == 2)
  }

  @Test func aBinaryFileInAFolderIsSkippedAndCounted() throws {
    let tree = ["docs/guide.md": "# Guide\n\n[Up](../README.md)\n", "docs/logo.md": "PNG\0\0\0"]
    try Harness.withTree(tree) { (root: URL) throws in
      let docs = root.appendingPathComponent("docs").path
      let toc = try Self.isle(["toc", docs])
      #expect(toc.status == 0)
      #expect(toc.stderr.isEmpty)
      #expect(toc.stdout.contains("Guide"))
      let stats = try Self.isle(["toc", "--stats", docs])
      #expect(stats.stderr.contains("isle: stats: \(docs)/logo.md: binary file, skipped\n"))
      let check = try Self.isle(["check", "--stats", docs])
      #expect(check.stderr.contains("1 binary file skipped"))
      #expect(!check.stderr.contains("error"))
    }
  }

  // MARK: 5. doctoc's title line.

  static let doctoc = """
    # Project

    <!-- START doctoc generated TOC please keep comment here to allow auto update -->
    <!-- DON'T EDIT THIS SECTION, INSTEAD RE-RUN doctoc TO UPDATE -->
    ## Table of Contents

    - [Install](#install)
    - [Usage](#usage)

    <!-- END doctoc generated TOC please keep comment here to allow auto update -->

    ## Install

    Text.

    ## Usage

    More.

    """

  @Test func doctocsTitleLineIsKept() throws {
    let stale = Self.doctoc.replacingOccurrences(of: "- [Usage](#usage)\n", with: "")
    try Harness.withTree(["README.md": Self.doctoc, "STALE.md": stale]) { (root: URL) throws in
      let current = root.appendingPathComponent("README.md").path
      #expect(try Self.isle(["toc", "--check", current]).status == 0, "doctoc calls it current")
      let path = root.appendingPathComponent("STALE.md").path
      #expect(try Self.isle(["toc", "--write", path]).stdout == path + "\n")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.doctoc)
      // Noted options go below it, and it stays on later writes.
      #expect(try Self.isle(["toc", "--write", "--max-level", "2", path]).status == 0)
      let noted = try String(contentsOfFile: path, encoding: .utf8)
      #expect(
        noted.contains(
          "UPDATE -->\n## Table of Contents\n<!-- isle: --max-level=2 -->\n\n- [Install]"))
      #expect(try Self.isle(["toc", "--write", path]).stdout.isEmpty)
      #expect(try Self.isle(["toc", "--check", path]).status == 0)
    }
  }

  // MARK: 6, 9, 10. jump.

  static let deep = "# Guide\n\n## Scope\n\nText.\n\n#### Scope and assignment\n\nMore.\n"

  @Test func anIdNamesAHeadingWhateverTheLevelsShown() throws {
    try Harness.withTree(["doc.md": Self.deep]) { (root: URL) throws in
      let path = root.appendingPathComponent("doc.md").path
      for target in [
        "scope-and-assignment", "#scope-and-assignment", "doc.md#scope-and-assignment",
      ] {
        let run = try Self.isle(["jump", target, path])
        #expect(run.status == 0, "\(target): \(run.stderr)")
        #expect(run.stdout == "7\n")
      }
      let json = try Self.json(
        try Self.isle(["jump", "--print", "json", "scope-and-assignment", path]).stdout)
      #expect(json["level"] as? Int == 4)
      #expect(json["title"] as? String == "Scope and assignment")
      // From standard input too, as an editor sends its buffer.
      let piped = try Self.isle(["jump", "scope-and-assignment"], stdin: Data(Self.deep.utf8))
      #expect(piped.stdout == "7\n")
    }
  }

  @Test func aForgottenTargetIsSaidToBeMissing() throws {
    let run = try Self.isle(["jump", "fixtures/recipe.md"])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("isle: error: jump needs a TARGET before the document"))
    #expect(run.stderr.contains("'isle jump next fixtures/recipe.md'"))
    // With '-', the word is a target looked for in standard input.
    let piped = try Self.isle(
      ["jump", "fixtures/recipe.md", "-"], stdin: Data("# fixtures/recipe.md\n".utf8))
    #expect(piped.stdout == "1\n")
  }

  @Test func onlyCloseSectionsAreOffered() throws {
    let far = try Self.isle(["jump", "nope", "fixtures/recipe.md"])
    #expect(far.status == 1)
    #expect(
      far.stderr
        == "isle: error: no section matches 'nope' in fixtures/recipe.md (none is close; "
        + "'isle toc' lists them)\n")
    let near = try Self.isle(["jump", "methd", "fixtures/recipe.md"])
    #expect(near.stderr.hasSuffix("; closest: 4 Method (#method)\n"))
    // --section reads its target as jump does.
    let section = try Self.isle(["where", "--section", "nope", "fixtures/recipe.md"])
    #expect(section.stderr.contains("(none is close;"))
  }

  // MARK: 7. where --line with a number that is not whole.

  @Test(arguments: ["1.5", "0x2", "1e1"])
  func aNumberThatIsNotWholeIsSaidToBe(_ value: String) throws {
    let run = try Self.isle(["where", "--line", value, "fixtures/recipe.md"])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "isle: error: line '\(value)' is not a whole number (fixtures/recipe.md: 72 lines, "
        + "2566 bytes; lines run 1 to 72)\n")
    let abc = try Self.isle(["where", "--line", "abc", "fixtures/recipe.md"])
    #expect(abc.stderr.contains("line 'abc' is not a number"))
  }

  // MARK: 14. toc --write as a filter.

  @Test func writeOnStandardInputWritesTheDocumentToStandardOutput() throws {
    let stale = try String(
      contentsOfFile: "\(Harness.root.path)/fixtures/toc-stale.md", encoding: .utf8)
    let run = try Self.isle(["toc", "--write", "-"], stdin: Data(stale.utf8))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.stdout.contains("- [Getting started](#getting-started)\n"))
    #expect(!run.stdout.contains("Old name"))
    #expect(run.stdout.hasPrefix(String(stale.prefix(20))))
    // What comes out is current, and goes through unchanged.
    let again = try Self.isle(["toc", "--write", "-"], stdin: Data(run.stdout.utf8))
    #expect(again.stdout == run.stdout)
    #expect(try Self.isle(["toc", "--check", "-"], stdin: Data(run.stdout.utf8)).status == 0)
    let check = try Self.isle(["toc", "--check", "-"], stdin: Data(stale.utf8))
    #expect(check.status == 1)
    #expect(check.stdout == "-\n")
    // No markers: the document as it came, and a note.
    let plain = try Self.isle(["toc", "--write", "-"], stdin: Data("# A\n\ntext\n".utf8))
    #expect(plain.stdout == "# A\n\ntext\n")
    #expect(plain.stderr == "isle: <stdin>: no contents markers; unchanged\n")
    // Markers that do not pair: an error, and nothing on standard output.
    let broken = try Self.isle(
      ["toc", "--write", "-"], stdin: Data("<!-- tocstop -->\n# A\n".utf8))
    #expect(broken.status == 2)
    #expect(broken.stdout.isEmpty)
  }

  // MARK: 15. check --exclude.

  static let book = [
    "book/src/ch1.md": "# One\n\n[Vec](../std/vec.html)\n[Box](../std/boxed.html#new)\n"
      + "[Logo](logo.png)\n[Two](ch2.md#nothing)\n",
    "book/src/ch2.md": "# Two\n",
  ]

  @Test func excludedPathsAreLeftUnreportedAndCounted() throws {
    try Harness.withTree(Self.book) { (root: URL) throws in
      let book = root.appendingPathComponent("book").path
      let all = try Self.isle(["check", book])
      #expect(all.stdout.split(separator: "\n").count == 4)
      let run = try Self.isle([
        "check", "--stats", "--exclude", "\(book)/std/**", "--exclude", "*.png", book,
      ])
      #expect(run.status == 1)
      #expect(run.stdout == "\(book)/src/ch1.md:6:1: no heading #nothing in \(book)/src/ch2.md\n")
      #expect(
        run.stderr == "isle: stats: 2 documents, 4 links, 1 broken, 3 excluded by --exclude\n")
      // A folder's name excludes everything under it.
      let folder = try Self.isle(["check", "--exclude", "\(book)/std", book])
      #expect(folder.stdout.split(separator: "\n").count == 2)
      // The config file's list, added to the command line's.
      let config = root.appendingPathComponent("config")
      try FileManager.default.createDirectory(
        at: config.appendingPathComponent("isle"), withIntermediateDirectories: true)
      try "check.exclude = [\"\(book)/std/**\", '*.png']  # built with the site\n".write(
        to: config.appendingPathComponent("isle/config"), atomically: true, encoding: .utf8)
      let configured = try Self.isle(
        ["check", book], environment: ["XDG_CONFIG_HOME": config.path])
      #expect(configured.stdout == run.stdout)
      let both = try Self.isle(
        ["check", "--exclude", "**/ch2.md", book], environment: ["XDG_CONFIG_HOME": config.path])
      #expect(both.status == 0)
      #expect(both.stdout.isEmpty)
    }
  }
}
