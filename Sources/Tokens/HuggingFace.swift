/// A Hugging Face tokenizer as `tokenizer.json` describes it, read by
/// `TokenizerJSON`: added tokens found first, the rest normalized, cut
/// into words and each word given to the model, as the `tokenizers`
/// package's `encode(text, add_special_tokens=False)` does.
final class HuggingFace: Sendable {
  /// How a normalized text is cut into words.
  enum Words: Sendable {
    /// BertPreTokenizer: at white space (dropped) and around each
    /// punctuation character.
    case bert
    /// ByteLevel: a space put before a text that starts with none
    /// (`prefixSpace`), then, with `split`, GPT-2's pattern, which is
    /// r50k_base's.
    case byteLevel(prefixSpace: Bool, split: Bool)
  }

  enum Model: Sendable {
    case wordPiece(WordPiece)
    case bpe(ByteLevelBPE)
  }

  let normalizer: TextNormalizer
  let words: Words
  let model: Model
  let added: AddedTokens

  init(normalizer: TextNormalizer, words: Words, model: Model, added: AddedTokens) {
    self.normalizer = normalizer
    self.words = words
    self.model = model
    self.added = added
  }
}
