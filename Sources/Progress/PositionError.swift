import Outline

/// A position that is not in the document, or not a number.
public struct PositionError: Error, Equatable, Sendable {
  /// The document's extent, for saying what was allowed.
  public struct Limits: Equatable, Sendable {
    public var size: Int
    public var lineCount: Int
  }

  /// What is wrong with the value.
  public enum Problem: Equatable, Sendable {
    case notANumber
    /// A number, but not a whole one (`1.5`, `1e1`, `0x2`) where only a
    /// whole one will do.
    case notWhole
    case negative
    case beforeStart
    case pastEnd
    case outsideRange
  }

  /// The option the value came with.
  public let kind: Position.Kind
  /// The value as typed.
  public let text: String
  /// What is wrong with it.
  public let problem: Problem
  /// The document's extent.
  public let limits: Limits

  /// One line naming the value, what was allowed, and the document's size:
  /// `offset 9000 is past the end of doc.md (4210 bytes; offsets run 0 to 4210)`,
  /// `line 'x' is not a number (doc.md: 80 lines, 4210 bytes; lines run 1 to 80)`.
  public func message(document name: String) -> String {
    let size = "\(limits.size) byte\(limits.size == 1 ? "" : "s")"
    let extent: String
    switch kind {
    case .offset: extent = "\(size); offsets run 0 to \(limits.size)"
    case .line:
      extent =
        "\(limits.lineCount) line\(limits.lineCount == 1 ? "" : "s"), \(size); "
        + "lines run 1 to \(max(limits.lineCount, 1))"
    case .percent: extent = "\(size); percent runs 0 to 100"
    }
    let what: String
    switch problem {
    case .notANumber: what = "is not a number"
    case .notWhole: what = "is not a whole number"
    case .negative: what = "is negative"
    case .beforeStart: what = "is before the first line"
    case .pastEnd: what = "is past the end"
    case .outsideRange: what = "is outside 0 to 100"
    }
    let value = problem == .notANumber || problem == .notWhole ? "'\(text)'" : text
    if problem == .pastEnd { return "\(kind.rawValue) \(value) \(what) of \(name) (\(extent))" }
    return "\(kind.rawValue) \(value) \(what) (\(name): \(extent))"
  }
}
