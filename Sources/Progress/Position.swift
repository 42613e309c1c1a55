import Outline

/// Where the reader is, as a pager or editor would say it: the top of what
/// they see.
public enum Position: Equatable, Sendable {
  /// A 0-based byte offset.
  case offset(Int)
  /// A 1-based line.
  case line(Int)
  /// A percentage of the way through, 0–100.
  case percent(Double)

  /// The kinds of position, by the option that gives them.
  public enum Kind: String, Sendable {
    case offset
    case line
    case percent
  }

  /// Reads `text` as a position of `kind` in `document`, checking it lies
  /// inside the document: offsets 0…size (size is the end, after the last
  /// byte), lines 1…the last line, percent 0–100.
  public static func parse(_ text: String, as kind: Kind, in document: Document)
    throws(PositionError)
    -> Position
  {
    let limits = PositionError.Limits(size: document.size, lineCount: document.lineCount)
    func failure(_ problem: PositionError.Problem) -> PositionError {
      PositionError(kind: kind, text: text, problem: problem, limits: limits)
    }
    switch kind {
    case .offset, .line:
      guard let value = Int(text) else {
        // A number too big for Int is past the end, not "not a number".
        if let number = Double(text), number.isFinite {
          throw failure(number < 0 ? .negative : .pastEnd)
        }
        throw failure(.notANumber)
      }
      if kind == .offset {
        guard value >= 0 else { throw failure(.negative) }
        guard value <= document.size else { throw failure(.pastEnd) }
        return .offset(value)
      }
      guard value >= 1 else { throw failure(value < 0 ? .negative : .beforeStart) }
      guard value <= max(document.lineCount, 1) else { throw failure(.pastEnd) }
      return .line(value)
    case .percent:
      guard let value = Double(text), value.isFinite else { throw failure(.notANumber) }
      guard (0...100).contains(value) else { throw failure(.outsideRange) }
      return .percent(value == 0 ? 0 : value)
    }
  }
}

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
    case .negative: what = "is negative"
    case .beforeStart: what = "is before the first line"
    case .pastEnd: what = "is past the end"
    case .outsideRange: what = "is outside 0 to 100"
    }
    let value = problem == .notANumber ? "'\(text)'" : text
    if problem == .pastEnd { return "\(kind.rawValue) \(value) \(what) of \(name) (\(extent))" }
    return "\(kind.rawValue) \(value) \(what) (\(name): \(extent))"
  }
}
