import Outline

/// Where the reader is in a document: the current section and how much of
/// the document has been read.
public struct Place: Equatable, Sendable {
  /// The index of the current section in the document's sections; nil when
  /// there are none.
  public var currentIndex: Int?
  /// How far the position has travelled, 0 at the top and 1 at the end.
  public var fraction: Double
  /// The byte offset the position stands for.
  public var offset: Int

  /// Creates a place from its parts.
  public init(currentIndex: Int?, fraction: Double, offset: Int) {
    self.currentIndex = currentIndex
    self.fraction = fraction
    self.offset = offset
  }

  /// The place of `position` in `document`. The current section
  /// is the last one starting at or before the position; for a line, the
  /// last one starting on or before that line. With a viewport, once the
  /// last line is in view and the first is not, the last section, unless
  /// one starts on the top line.
  ///
  /// - Lines: `travel = lineCount - max(viewport, 1)`, `fraction = (N - 1) / travel`.
  /// - Bytes: `travel = size - 1`, `fraction = B / travel`; with a viewport,
  ///   the line formula on the offset's line, since a viewport is counted in
  ///   lines.
  /// - Percent: `fraction = P / 100`, at the byte that far through.
  /// - No travel: fully read. `progress` overrides the fraction.
  public static func locate(
    _ position: Position, in document: Document, viewport: Int? = nil, progress: Double? = nil
  ) -> Place {
    let lines = document.lines
    let offset: Int
    // A line is seen whole: a section whose heading starts anywhere on it
    // (HTML may put two on one line) has started.
    var lookup: Int? = nil
    var fraction: Double
    // The top line, when the position is counted in lines.
    var top: Int? = nil
    switch position {
    case .offset(let bytes):
      offset = bytes
      if viewport != nil {
        top = lines.line(ofOffset: bytes)
        fraction = lineFraction(top!, lines: lines, viewport: viewport)
      } else {
        fraction = ratio(bytes, lines.size - 1)
      }
    case .line(let line):
      offset = lines.offset(ofLine: line)
      lookup = max(lines.offset(ofLine: line + 1) - 1, offset)
      top = line
      fraction = lineFraction(line, lines: lines, viewport: viewport)
    case .percent(let percent):
      fraction = percent / 100
      offset = Int((fraction * Double(max(lines.size - 1, 0))).rounded(.down))
    }
    var current = CurrentSection.index(in: document.sections, atOffset: lookup ?? offset)
    if let top, let viewport, let index = current, top > 1,
      top + max(viewport, 1) - 1 >= lines.lineCount,
      !(lines.offset(ofLine: top)..<lines.offset(ofLine: top + 1))
        .contains(document.sections[index].offset)
    {
      // Travelled to the end (the last line in view, the first not): the
      // last section is the reader's, though its heading stands below the
      // top; unless a heading is on the top line, where the reader put it.
      current = document.sections.count - 1
    }
    if let progress { fraction = progress }
    return Place(currentIndex: current, fraction: min(max(fraction, 0), 1), offset: offset)
  }

  /// The place of the reader on section `index` with no position given: the
  /// fraction is estimated from the section's place, `(index + 0.5) / count`.
  public static func estimate(section index: Int, in document: Document, progress: Double? = nil)
    -> Place
  {
    let count = document.sections.count
    let fraction = progress ?? (count == 0 ? 1 : (Double(index) + 0.5) / Double(count))
    let offset = index < count ? document.sections[index].offset : 0
    return Place(
      currentIndex: count == 0 ? nil : index, fraction: min(max(fraction, 0), 1), offset: offset)
  }

  /// The line formula: `(N - 1) / (lineCount - max(viewport, 1))`.
  static func lineFraction(_ line: Int, lines: LineIndex, viewport: Int?) -> Double {
    ratio(line - 1, lines.lineCount - max(viewport ?? 1, 1))
  }

  /// `distance / travel` clamped to 0…1; no travel is fully read.
  static func ratio(_ distance: Int, _ travel: Int) -> Double {
    guard travel > 0 else { return 1 }
    return min(max(Double(distance) / Double(travel), 0), 1)
  }
}
