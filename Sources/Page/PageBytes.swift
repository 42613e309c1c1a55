/// A document's bytes as a page reads them, for as long as the page lives:
/// an array, or a mapping the caller keeps (never copied whole).
public protocol PageBytes {
  /// Calls `body` with the bytes.
  func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result
}

extension Array: PageBytes where Element == UInt8 {
  public func withSpan<Result>(_ body: (Span<UInt8>) throws -> Result) rethrows -> Result {
    try body(span)
  }
}
