/// A document's bytes, lent as a `Span` for as long as their holder lives:
/// an array, or a mapping (`LoadedBytes`) a page reads as it lays the
/// document out, never copied whole.
public protocol DocumentBytes {
  /// Calls `body` with the bytes.
  func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result
}

extension Array: DocumentBytes where Element == UInt8 {
  public func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    try body(span)
  }
}
