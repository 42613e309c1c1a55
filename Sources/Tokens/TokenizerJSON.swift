import JSON

/// A Hugging Face `tokenizer.json` read into what counts with it: a
/// WordPiece model after the BERT pre-tokenizer, or a byte-level BPE
/// model after the ByteLevel pre-tokenizer, with the normalizers
/// `TextNormalizer` has and the added tokens. Anything else is an error
/// naming it. Truncation and padding are left out: a count is of the
/// whole text.
enum TokenizerJSON {
  /// The tokenizer in `bytes`, a JSON object.
  static func read(_ bytes: [UInt8]) throws(TokenizerError) -> HuggingFace {
    let top = try members(bytes, "the file")
    guard let model = top.first(where: { $0.key == "model" }) else {
      throw TokenizerError("a JSON object without \"model\": not a Hugging Face tokenizer.json")
    }
    let modelBytes = Array(bytes[model.text])
    let modelMembers = try members(modelBytes, "\"model\"")
    let type = value(modelMembers, "type")?.string ?? (value(modelMembers, "merges") != nil ? "BPE" : "WordPiece")
    guard type == "WordPiece" || type == "BPE" else {
      throw TokenizerError("model \(type) is not supported (WordPiece or byte-level BPE)")
    }
    let normalizer = try normalizerSteps(value(top, "normalizer"))
    let words = try preTokenizer(value(top, "pre_tokenizer"))
    guard let vocab = modelMembers.first(where: { $0.key == "vocab" }) else {
      throw TokenizerError("model \(type) has no \"vocab\"")
    }
    let entries = try members(Array(modelBytes[vocab.text]), "\"vocab\"")
    let added = try addedTokens(value(top, "added_tokens"), normalizer: normalizer)
    switch type {
    case "WordPiece":
      guard case .bert = words else {
        throw TokenizerError("model WordPiece wants the pre-tokenizer BertPreTokenizer")
      }
      let prefix = value(modelMembers, "continuing_subword_prefix")?.string ?? "##"
      let most = value(modelMembers, "max_input_chars_per_word")?.int ?? 100
      let pieces = entries.map { Array($0.key.utf8) }
      let wordPiece = WordPiece(vocabulary: pieces, prefix: Array(prefix.utf8), maxCharacters: most)
      return HuggingFace(normalizer: normalizer, words: words, model: .wordPiece(wordPiece), added: added)
    default:
      guard case .byteLevel = words else {
        throw TokenizerError("model BPE wants the pre-tokenizer ByteLevel (byte-level BPE)")
      }
      let bpe = try byteLevelBPE(modelMembers, entries)
      return HuggingFace(normalizer: normalizer, words: words, model: .bpe(bpe), added: added)
    }
  }

  private static func members(_ bytes: [UInt8], _ what: String) throws(TokenizerError)
    -> [JSONParser.Member]
  {
    do {
      return try JSONParser.members(bytes)
    } catch {
      throw TokenizerError("\(what) is not a JSON object (\(error.problem) at byte \(error.offset))")
    }
  }

  private static func value(_ members: [JSONParser.Member], _ key: String) -> JSONValue? {
    members.last(where: { $0.key == key })?.value
  }

  /// A BPE model's vocabulary, merges and options.
  private static func byteLevelBPE(_ model: [JSONParser.Member], _ entries: [JSONParser.Member])
    throws(TokenizerError) -> ByteLevelBPE
  {
    for key in ["continuing_subword_prefix", "end_of_word_suffix"] {
      if let text = value(model, key)?.string, !text.isEmpty {
        throw TokenizerError("model BPE with \(key) \"\(text)\" is not supported")
      }
    }
    if value(model, "byte_fallback")?.bool == true {
      throw TokenizerError("model BPE with byte_fallback is not supported")
    }
    if case .number(let dropout) = value(model, "dropout") ?? .null, dropout != 0 {
      throw TokenizerError("model BPE with dropout \(dropout) is not supported (its counts vary)")
    }
    var vocabulary: [(bytes: [UInt8], id: UInt32)] = []
    var ids: [[UInt8]: UInt32] = [:]
    for entry in entries {
      guard let id = entry.value.int, id >= 0, id < Int(UInt32.max) else {
        throw TokenizerError("the id of \"\(entry.key)\" is not a number")
      }
      ids[Array(entry.key.utf8)] = UInt32(id)
      if let bytes = ByteCharacters.decode(entry.key) { vocabulary.append((bytes, UInt32(id))) }
    }
    var merges: [([UInt8], [UInt8])] = []
    for (index, merge) in (value(model, "merges")?.array ?? []).enumerated() {
      var parts: [String]
      if let text = merge.string, let space = text.firstIndex(of: " ") {
        parts = [String(text[..<space]), String(text[text.index(after: space)...])]
      } else {
        parts = merge.array?.compactMap(\.string) ?? []
      }
      guard parts.count == 2 else { throw TokenizerError("merge \(index + 1) is not a pair") }
      if let first = ByteCharacters.decode(parts[0]), let second = ByteCharacters.decode(parts[1]) {
        merges.append((first, second))
      }
    }
    let unknown = value(model, "unk_token")?.string.flatMap { ids[Array($0.utf8)] }
    return try ByteLevelBPE(
      vocabulary: vocabulary, merges: merges, unknown: unknown,
      fuseUnknown: value(model, "fuse_unk")?.bool ?? false,
      ignoreMerges: value(model, "ignore_merges")?.bool ?? false)
  }

  /// The steps of a normalizer (none for `null`).
  static func normalizerSteps(_ value: JSONValue?) throws(TokenizerError) -> TextNormalizer {
    guard let value, value != .null else { return TextNormalizer() }
    let type = value["type"]?.string ?? "?"
    switch type {
    case "BertNormalizer":
      var steps: [TextNormalizer.Step] = []
      let lowercase = value["lowercase"]?.bool ?? true
      if value["clean_text"]?.bool ?? true { steps.append(.clean) }
      if value["handle_chinese_chars"]?.bool ?? true { steps.append(.spaceChinese) }
      if value["strip_accents"]?.bool ?? lowercase { steps += [.decompose(compatible: false), .dropMarks] }
      if lowercase { steps.append(.lowercase) }
      return TextNormalizer(steps: steps)
    case "Lowercase": return TextNormalizer(steps: [.lowercase])
    case "NFD": return TextNormalizer(steps: [.decompose(compatible: false)])
    case "NFKD": return TextNormalizer(steps: [.decompose(compatible: true)])
    case "StripAccents": return TextNormalizer(steps: [.dropMarks])
    case "Sequence":
      var steps: [TextNormalizer.Step] = []
      for inner in value["normalizers"]?.array ?? [] { steps += try normalizerSteps(inner).steps }
      return TextNormalizer(steps: steps)
    default:
      throw TokenizerError(
        "normalizer \(type) is not supported (BertNormalizer, Lowercase, NFD, NFKD, StripAccents, Sequence)")
    }
  }

  /// How text is cut into words.
  private static func preTokenizer(_ value: JSONValue?) throws(TokenizerError) -> HuggingFace.Words {
    let type = value?["type"]?.string ?? "none"
    switch type {
    case "BertPreTokenizer": return .bert
    case "ByteLevel":
      return .byteLevel(
        prefixSpace: value?["add_prefix_space"]?.bool ?? true,
        split: value?["use_regex"]?.bool ?? true)
    default:
      throw TokenizerError("pre-tokenizer \(type) is not supported (BertPreTokenizer or ByteLevel)")
    }
  }

  /// The added tokens, those matched after normalizing normalized.
  private static func addedTokens(_ value: JSONValue?, normalizer: TextNormalizer) throws(TokenizerError)
    -> AddedTokens
  {
    var added = AddedTokens()
    for entry in value?.array ?? [] {
      guard let content = entry["content"]?.string, !content.isEmpty else { continue }
      var token = AddedTokens.Token(
        scalars: content.unicodeScalars.map(\.value),
        singleWord: entry["single_word"]?.bool ?? false,
        leftStrip: entry["lstrip"]?.bool ?? false, rightStrip: entry["rstrip"]?.bool ?? false)
      let special = entry["special"]?.bool ?? false
      guard entry["normalized"]?.bool ?? !special else {
        added.raw.append(token)
        continue
      }
      var text = NormalText()
      for scalar in token.scalars { text.append(scalar, from: 0, to: 0) }
      var out = NormalText()
      normalizer.normalize(text, 0..<text.count, into: &out)
      token.scalars = out.scalars
      if !token.scalars.isEmpty { added.normalized.append(token) }
    }
    return added
  }
}
