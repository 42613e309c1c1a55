/// What is wrong with a tokenizer's file, said after its name.
public struct TokenizerError: Error, Sendable {
  public let reason: String

  init(_ reason: String) { self.reason = reason }
}
