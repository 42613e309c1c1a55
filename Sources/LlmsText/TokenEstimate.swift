/// How many tokens a text is, estimated without a tokenizer: a token for
/// every four ASCII bytes (rounded up) and one for every other character,
/// so that CJK text, a token or more a character in the common
/// tokenizers, is not undercounted. An estimate of the parts of a text,
/// added, is never below the estimate of the whole, so a file made of
/// parts each counted stays within what they add up to.
public enum TokenEstimate {
  /// The estimate for `text`.
  public static func tokens(in text: some StringProtocol) -> Int {
    var ascii = 0
    var other = 0
    for scalar in text.unicodeScalars {
      if scalar.isASCII { ascii += 1 } else { other += 1 }
    }
    return (ascii + 3) / 4 + other
  }
}
