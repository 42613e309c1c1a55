/// Every word the island shows that does not come from the document, so
/// each can be replaced. Templates fill `{n}`, `{count}` and `{percent}`.
public struct Wording: Sendable, Equatable {
  /// The title of the open contents.
  public var contentsTitle: String
  /// The section's place on the bar: `3 of 6`.
  public var position: String
  /// The section's place, spoken: `Section 3 of 6`.
  public var spokenPosition: String
  /// How much has been read: `62% read`.
  public var readAmount: String

  /// The English defaults.
  public init(
    contentsTitle: String = "Contents", position: String = "{n} of {count}",
    spokenPosition: String = "Section {n} of {count}", readAmount: String = "{percent}% read"
  ) {
    self.contentsTitle = contentsTitle
    self.position = position
    self.spokenPosition = spokenPosition
    self.readAmount = readAmount
  }

  /// `3 of 6`.
  public func position(_ number: Int, of count: Int) -> String {
    Self.fill(position, ["n": String(number), "count": String(count)])
  }

  /// `Section 3 of 6`.
  public func spokenPosition(_ number: Int, of count: Int) -> String {
    Self.fill(spokenPosition, ["n": String(number), "count": String(count)])
  }

  /// `62% read`, with the percent rounded down so 100% means all of it.
  public func readAmount(_ fraction: Double) -> String {
    Self.fill(readAmount, ["percent": String(Self.percent(fraction))])
  }

  /// The whole percent read, rounded down: only the end reads as 100.
  public static func percent(_ fraction: Double) -> Int {
    let clamped = min(max(fraction.isNaN ? 0 : fraction, 0), 1)
    return Int((clamped * 100).rounded(.down))
  }

  private static func fill(_ template: String, _ values: [String: String]) -> String {
    var result = template
    for (key, value) in values {
      result = result.split(separator: "{\(key)}", omittingEmptySubsequences: false)
        .joined(separator: value)
    }
    return result
  }
}
