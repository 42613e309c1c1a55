import Outline
import Page
import Progress

/// Where the reader is, in the source's lines, as `isle where` places them.
extension ReaderState {
  /// Where the reader is, as `where` would place line L with H lines in
  /// view.
  public func place(in document: Document) -> Place {
    Place.locate(
      .line(topLine(in: document)), in: document, viewport: linesInView(in: document))
  }

  /// The source lines the rows show, counted as `--viewport` counts them:
  /// from the top row's line to the bottom row's, and to the document's
  /// last once its last row is on the screen. Rows are not lines (a
  /// paragraph wraps, blank lines and link definitions are not drawn), so
  /// the end is the end however the rows fall.
  public func linesInView(in document: Document) -> Int {
    let bottom = page.moved(top, by: textRows - 1)
    let last =
      page.moved(bottom, by: 1) == bottom
      ? document.lineCount
      : document.lines.line(ofOffset: page.line(at: bottom)?.bytes.lowerBound ?? 0)
    return max(last - topLine(in: document) + 1, 1)
  }

  /// The source line of the top line's first byte; 1 on the page's first
  /// line, as nothing before it is drawn (an HTML page's head, the part
  /// `--within` leaves out): the top is the top, as the end is the end.
  public func topLine(in document: Document) -> Int {
    top == page.first ? 1 : document.lines.line(ofOffset: topByte)
  }
}
