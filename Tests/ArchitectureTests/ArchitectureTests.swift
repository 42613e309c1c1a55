import Foundation
import TestSupport
import Testing

/// The layering doc/how-it-is-built.md draws, held to the code: the
/// repository as it is has no breach, and each kind of breach, made in a
/// copy of it, is found.
@Suite struct ArchitectureTests {
  /// The repository's table, manifest and sources, read once.
  static let repository: Architecture = {
    let root = Fixtures.root
    func read(_ path: String) -> String {
      (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }
    var sources: [String: Architecture.Source] = [:]
    let folder = root.appendingPathComponent("Sources")
    let walk = FileManager.default.enumerator(atPath: folder.path)
    while let path = walk?.nextObject() as? String {
      if path.hasSuffix(".swift") {
        sources["Sources/" + path] = Architecture.Source(read("Sources/" + path))
      }
    }
    return Architecture(
      rows: Architecture.rows(read("doc/how-it-is-built.md")),
      targets: Architecture.targets(read("Package.swift")), sources: sources)
  }()

  @Test func theCodeKeepsToTheLayeringTheDocDraws() throws {
    let repository = Self.repository
    // What the test reads is there: a table, a manifest, the sources.
    #expect(repository.rows.count >= 30)
    #expect(repository.targets["Outline"]?.contains("CCmarkGFM") == true)
    #expect(repository.sources.count >= 300)
    #expect(repository.breaches() == [])
  }

  /// The sources as written, path to text.
  static let texts: [String: String] = {
    var texts: [String: String] = [:]
    let folder = Fixtures.root.appendingPathComponent("Sources")
    let walk = FileManager.default.enumerator(atPath: folder.path)
    while let path = walk?.nextObject() as? String {
      if path.hasSuffix(".swift") {
        texts["Sources/" + path] =
          (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
      }
    }
    return texts
  }()

  @Test func theHouseKeepsItsSizes() throws {
    #expect(Self.texts.count >= 300)
    #expect(HouseSizes.breaches(Self.texts) == [])
    // Each limit is found when passed: 41 files, a file of 401 lines, a
    // function of 81 (and one of 80 is none).
    var many: [String: String] = [:]
    for index in 0...40 { many["Sources/Big/F\(index).swift"] = "" }
    #expect(HouseSizes.breaches(many) == ["Sources/Big: 41 files, more than 40"])
    let long = String(repeating: "let x = 1\n", count: 401)
    #expect(HouseSizes.breaches(["Sources/A/A.swift": long]) == [
      "Sources/A/A.swift: 401 lines, more than 400"
    ])
    func function(_ lines: Int) -> String {
      "struct S {\n  public static func f(\n    a: Int\n  ) -> Int {\n"
        + String(repeating: "    _ = 1\n", count: lines - 5) + "    0\n  }\n  func g() { }\n}\n"
    }
    #expect(HouseSizes.breaches(["Sources/A/A.swift": function(80)]) == [])
    #expect(HouseSizes.breaches(["Sources/A/A.swift": function(81)]) == [
      "Sources/A/A.swift:2: a function of 81 lines, more than 80"
    ])
  }

  /// The repository with `path` holding `text` (a new file, or one changed).
  func with(_ path: String, _ text: String) -> Architecture {
    var sources = Self.repository.sources
    sources[path] = Architecture.Source(text)
    return Architecture(
      rows: Self.repository.rows, targets: Self.repository.targets, sources: sources)
  }

  @Test func anImportOfAModuleBelowIsABreach() throws {
    let breaches = with("Sources/Workspace/Upward.swift", "import Island\n").breaches()
    #expect(breaches == ["Sources/Workspace/Upward.swift: Workspace imports Island, not above it in the table"])
  }

  @Test func aDependencyOnAModuleBelowIsABreach() throws {
    var targets = Self.repository.targets
    let listed = targets["Files"] ?? []
    targets["Files"] = ["Page"]
    let repository = Architecture(
      rows: Self.repository.rows, targets: targets, sources: Self.repository.sources)
    #expect(
      repository.breaches() == [
        "Package.swift: Files depends on Page, not above it in the table",
        "doc/how-it-is-built.md: Files uses \(listed) in the table, [\"Page\"] in Package.swift",
      ])
  }

  @Test func aModuleOutsideTheTableIsABreach() throws {
    let breaches = with("Sources/Newcomer/Thing.swift", "struct Thing {}\n").breaches()
    #expect(breaches == ["Sources/Newcomer: no row in doc/how-it-is-built.md's module table"])
  }

  @Test func anUnsafePointerInAPublicDeclarationIsABreach() throws {
    let source = """
      /// Bytes.
      public enum Probe {
        /// Not seen: private.
        private static func hidden(_ bytes: UnsafeBufferPointer<UInt8>) {}
        /// Seen across lines.
        public static func count(
          of bytes: UnsafeBufferPointer<UInt8>
        ) -> Int { bytes.count }
      }
      """
    #expect(
      with("Sources/Tokens/Probe.swift", source).breaches() == [
        "Sources/Tokens/Probe.swift:6: UnsafeBufferPointer in a declaration other modules see"
      ])
  }

  @Test func aCTypeInAPackageDeclarationOrAProtocolIsABreach() throws {
    let source = """
      package protocol Device {
        var descriptor: CInt { get }
      }
      public enum Node {
        case parsed(OpaquePointer)
      }
      package func mode(_ path: String) -> mode_t { 0 }
      """
    #expect(
      with("Sources/Files/Device.swift", source).breaches() == [
        "Sources/Files/Device.swift:2: CInt in a declaration other modules see",
        "Sources/Files/Device.swift:5: OpaquePointer in a declaration other modules see",
        "Sources/Files/Device.swift:7: mode_t in a declaration other modules see",
      ])
  }

  @Test func aParserCalledOutsideItsFilesIsABreach() throws {
    let source = """
      import CCmarkGFM
      // cmark_parser_new in a comment is no call, nor "gumbo_parse" in a string.
      let parser = cmark_parser_new(0)
      let output = gumbo_parse("")
      """
    #expect(
      with("Sources/Outline/Markdown/Elsewhere.swift", source).breaches() == [
        "Sources/Outline/Markdown/Elsewhere.swift:3: cmark_parser_new outside the parser's own files",
        "Sources/Outline/Markdown/Elsewhere.swift:4: gumbo_parse outside the parser's own files",
      ])
  }

  @Test func theTableIsReadAsTheDocWritesIt() throws {
    let doc = """
      | module | what it holds | it uses |
      | --- | --- | --- |
      | `A` | a | — |
      | `B` | b | `A`, CZlib |
      | `C` | c | all of the above |

      After.
      """
    #expect(
      Architecture.rows(doc) == [
        Architecture.Row(module: "A", uses: []), Architecture.Row(module: "B", uses: ["A", "CZlib"]),
        Architecture.Row(module: "C", uses: nil),
      ])
  }
}
