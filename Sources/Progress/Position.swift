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
        // Digits too many for Int are past the end (or negative), not "not
        // a number"; a number written otherwise (`1.5`, `1e1`, `0x2`) is
        // not a whole one, however near it lies.
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
          throw failure(text.first == "-" ? .negative : .pastEnd)
        }
        if let number = Double(text), number.isFinite { throw failure(.notWhole) }
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
