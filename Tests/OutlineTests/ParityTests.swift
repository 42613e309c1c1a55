import Foundation
import TestSupport
import Testing

@testable import Found
@testable import HTMLOutline
@testable import Outline

/// Each fast path against the whole parse it models, on the small
/// documents kept in the repository (`Tests/TestFiles/parity/`), so that
/// they are held to it wherever the tests run, not only where the shared
/// corpus is: Markdown in pieces against one parse, the heading scan
/// against the outline, the HTML fast path against gumbo's tree.
@Suite struct ParityTests {
  static let folder = Fixtures.root.appendingPathComponent("Tests/TestFiles/parity")

  static func names(_ extensions: Set<String>) -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return all.filter { extensions.contains(($0 as NSString).pathExtension) }.sorted()
  }

  static let markdown = names(["md"])
  static let html = names(["html"])

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  /// The documents are there: a parity test over none would pass.
  @Test func theDocumentsAreThere() {
    #expect(Self.markdown.count >= 25, "\(Self.markdown)")
    #expect(Self.html.count >= 3, "\(Self.html)")
  }

  @Test(arguments: markdown)
  func piecesReadAsTheWholeReads(_ name: String) throws {
    let both = try PiecesTests.both(try Self.bytes(name))
    #expect(both.split == both.whole, "\(name)")
  }

  /// The comparison above means something only if the documents are
  /// really cut.
  @Test func mostDocumentsAreReallyCut() throws {
    let cut = try Self.markdown.filter { try PiecesTests.both(try Self.bytes($0)).pieces > 1 }
    #expect(cut.count * 4 >= Self.markdown.count * 3, "only \(cut) were cut")
  }

  @Test(arguments: markdown)
  func scannedHeadingsAreTheOutlines(_ name: String) throws {
    let bytes = try Self.bytes(name)
    let whole = try #require(
      Outliner.headingLines(bytes, options: OutlineOptions(), strategy: .whole))
    guard let fast = Outliner.headingLines(bytes, options: OutlineOptions(), strategy: .fast)
    else { return }
    #expect(fast == whole, "\(name)")
  }

  /// The scan is sure of most of them: otherwise the comparison above
  /// would hold it to nothing.
  @Test func theScanIsSureOfMost() throws {
    let sure = try Self.markdown.filter {
      Outliner.headingLines(try Self.bytes($0), options: OutlineOptions(), strategy: .fast) != nil
    }
    #expect(sure.count * 2 >= Self.markdown.count, "sure of only \(sure)")
  }

  @Test(arguments: html)
  func theHTMLFastPathReadsAsTheWholeParse(_ name: String) throws {
    let bytes = try Self.bytes(name)
    for scope in [HTMLScope.whole, .auto] {
      let fast = HTMLFastPath.parse(bytes.span, mapOffset: nil, scope: scope, findsLinks: true)
      let whole = ParseStrategy.whole.html(
        bytes.span, mapOffset: nil, scope: scope, findsLinks: true)
      // Real-shaped pages: the fast path must take each one, but for the
      // scope `auto` of a page with `<main>` or `<article>`, which it
      // leaves to the whole parse on purpose.
      let text = String(decoding: bytes, as: UTF8.self)
      if scope == .whole || !(text.contains("<main") || text.contains("<article")) {
        #expect(fast != nil, "the fast path declined \(name) (\(scope))")
      }
      if let fast { #expect(fast == whole, "\(name) (\(scope))") }
    }
  }

  /// Both strategies give every document the same outline, through the
  /// one way in.
  @Test(arguments: markdown + html)
  func bothStrategiesOutlineAlike(_ name: String) throws {
    let bytes = try Self.bytes(name)
    var whole = OutlineOptions(levels: 1...6)
    whole.split = false
    let fast = try Outliner.outlined(bytes, path: name, options: OutlineOptions(levels: 1...6))
    let slow = try Outliner.outlined(bytes, path: name, options: whole)
    #expect(fast.document.sections == slow.document.sections, "\(name)")
    #expect(!fast.document.sections.isEmpty, "\(name)")
  }
}
