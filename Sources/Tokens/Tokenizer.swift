/// What counts a text's tokens: an embedder's own tokenizer read from its
/// file, or an estimate when there is none. Made once and shared; each
/// thread counts with a `TokenCounter` of its own.
public struct Tokenizer: Sendable {
  /// What records say counted their tokens: `estimate`, or the file's name.
  public let name: String
  let model: Model

  enum Model: Sendable {
    /// No tokenizer: an estimate from the bytes (`TokenEstimate`).
    case estimate
    /// A tiktoken rank file and its encoding's pre-split.
    case ranks(RankTable, PreSplit)
    /// A Hugging Face `tokenizer.json`.
    case huggingFace(HuggingFace)
  }

  /// Counts that are an estimate.
  public static let estimate = Tokenizer(name: "estimate", model: .estimate)

  /// Whether the counts are exact, a real tokenizer's.
  public var isExact: Bool {
    if case .estimate = model { return false }
    return true
  }

  /// The tokenizer in `bytes`, the file named `name`: a Hugging Face
  /// `tokenizer.json` when it starts with `{`, else a tiktoken rank file.
  public init(name: String, bytes: [UInt8]) throws(TokenizerError) {
    if bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == 0x7B {
      self.init(name: name, model: .huggingFace(try TokenizerJSON.read(bytes)))
      return
    }
    let tokens = try RankFile.tokens(bytes)
    let split = RankFile.preSplit(name: name, tokens: tokens.count)
    self.init(name: name, model: .ranks(RankTable(tokens: tokens), split))
  }

  init(name: String, model: Model) {
    self.name = name
    self.model = model
  }

  /// A counter of this tokenizer's tokens, for one thread.
  public func counter() -> TokenCounter { TokenCounter(model: model) }

  /// How many tokens `text` is, counted by a counter of its own.
  public func count(_ text: String) -> Int {
    var counter = counter()
    return counter.count(Array(text.utf8))
  }
}
