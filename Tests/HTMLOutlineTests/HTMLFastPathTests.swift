import Foundation
import TestSupport
import Testing

@testable import HTMLOutline

/// The fast path against gumbo's whole parse: the same headings (levels,
/// titles, ids, offsets), reading, title, links and anchors, on every page
/// of the shared corpus, every HTML fixture, and pages made of random
/// pieces of HTML (where the fast path declines, the whole parse answers,
/// so declining is always correct).
@Suite struct HTMLFastPathTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("shared/corpus/html")

  static var corpusPages: [String] {
    guard let walker = FileManager.default.enumerator(atPath: corpus.path) else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }.sorted()
  }

  /// Both readings of `bytes`; nil for the fast one when it declined.
  static func both(_ bytes: [UInt8], scope: HTMLScope = .whole, findsLinks: Bool = true)
    -> (fast: HTMLFindings?, whole: HTMLFindings)
  {
    bytes.withUnsafeBufferPointer {
      (
        HTMLFastPath.parse($0, mapOffset: nil, scope: scope, findsLinks: findsLinks),
        HTMLParser.parse($0, scope: scope, findsLinks: findsLinks)
      )
    }
  }

  /// Each real page, side by side: the fast path is for real pages, so it
  /// must take every one of the corpus's (published specifications) and
  /// read it as the whole parse does.
  @Test(
    .enabled(if: FileManager.default.fileExists(atPath: corpus.path), "no corpus of HTML pages"),
    arguments: corpusPages)
  func realPagesReadAsTheWholeParseReadsThem(_ page: String) throws {
    let bytes = Array(try Data(contentsOf: Self.corpus.appendingPathComponent(page)))
    // The scope isle reads a page with unless told otherwise.
    let (fast, whole) = Self.both(bytes, scope: .auto)
    #expect(fast != nil, "the fast path declined \(page)")
    if let fast { #expect(fast == whole, "\(page)") }
  }

  @Test(arguments: Fixtures.htmlNames)
  func fixturesReadAsTheWholeParseReadsThem(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    let (fast, whole) = Self.both(bytes)
    // A fixture the fast path declines is read whole; those it takes must
    // read as the whole parse does, and it must take most of them.
    if let fast { #expect(fast == whole) }
    #expect(fast != nil || Self.declined.contains(name), "the fast path declined \(name)")
  }

  /// The fixtures the fast path declines, each a page it leaves to the
  /// whole parse on purpose: other encodings (read once transcoded),
  /// unclosed tables, and pages whose headings sit where only the tree
  /// builder's rules can place them.
  static let declined: Set<String> = [
    "article.html", "euc-jp.html", "gb18030.html", "iso-8859-15.html", "published-page.html",
    "shift-jis.html", "tables-unclosed.html", "windows-1252-undeclared.html", "windows-1252.html",
  ]

  /// Pieces that stress tree building, joined at random.
  static let pieces: [String] = [
    "<h1>One</h1>", "<h2 id=two>Two &amp; a half</h2>", "<h3><a id=x></a>Three</h3>",
    "<h2> <a name=n href=#n>¶</a>Mark</h2>", "<p>Some words here", "</p>", "<p>", "<div>",
    "</div>", "<section id=s>", "</section>", "<b>", "</b>", "<i>", "</i>", "<code>x</code>",
    "<a href=#y>", "</a>", "<em>", "</em>", "<span>", "</span>", "<ul>", "<li>item", "</li>",
    "</ul>", "<ol>", "<dl><dt>term<dd>def", "</dl>", "<table>", "<tr>", "<td>cell", "</td>",
    "<th>head", "</tr>", "</table>", "<tbody>", "<caption>cap</caption>", " text ", "\n",
    "&nbsp;", "&notin;", "&#233;", "&#x1F600;", "&amp", "&bogus;", "<pre>\ncode</pre>",
    "<script>var a = '<h1>no</h1>';</script>", "<style>h1 {}</style>", "<!-- a comment -->",
    "<img alt=picture src=p.png>", "<br>", "<hr>", "<h4 class=no-toc>Hidden?</h4>",
    "<div hidden><h2>Hidden</h2></div>", "<title>Page</title>", "<h5>five", "<h6>six</h6>",
    "<foo>", "</foo>", "<bar>", "</bar>", "</h2>", "<textarea>\nx</textarea>", "<button>b",
    "</button>", "<svg><title>t</title></svg>", "<template><h1>t</h1></template>", "<main>",
    "<article>", "<noscript><h2>n</h2></noscript>", "\r\n", "<p class=\"a&amp;b\">",
    "<a href='#z' id=\"z\">z</a>", "<html id=h>", "<body hidden>", "</body>", "</html>",
    "<form>", "<select><option>o</select>", "<xmp><h1>x</h1></xmp>", "<li>", "<dd>", "</dd>",
    "<strong>", "</strong>", "<s>", "<u>", "</u>", "<font>", "<td>", "<tr><td>r</td></tr>",
    "<table><tr><td><h2>in cell</h2></td></tr></table>", "<h1><div><h2>nested</h2></div></h1>",
    "<iframe>frame <b>text</b></iframe>", "<!DOCTYPE html>", "< lone", "a < b", "</>",
    "<img alt='a &lt; b'>", "<p title=x/>", "<wbr>", "<bdi>b</bdi>", "<dialog>d</dialog>",
  ]

  static let prologues = [
    "<!DOCTYPE html>", "<!DOCTYPE html><html><head><title>T</title></head><body>",
    "<!doctype html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n<style>p{}</style>\n</head>\n<body>\n",
    "<!DOCTYPE html><title>Only a title</title>", "", "<html><body>",
  ]

  @Test func randomPagesReadAsTheWholeParseReadsThem() {
    var random = SplitMix(state: 19)
    var taken = 0
    let count = 1500
    for _ in 0..<count {
      var page = Self.prologues[Int(random.next() % UInt64(Self.prologues.count))]
      for _ in 0..<(3 + Int(random.next() % 30)) {
        page += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
      }
      let (fast, whole) = Self.both(
        Array(page.utf8), scope: random.next() % 4 == 0 ? .auto : .whole)
      if let fast {
        taken += 1
        #expect(fast == whole, "\(page.debugDescription)")
        if fast != whole { return }
      }
    }
    #expect(taken >= count / 10, "the fast path took \(taken) of \(count)")
  }
}
