/// The smallest stretch of a record's text a part is made of: a block,
/// or when one block is too long, a line of its code, a row of its table,
/// a paragraph, a sentence, a word or a token of it.
struct ChunkUnit {
  /// Its bytes in the record's text.
  var range: Range<Int>
  /// Its tokens, counted alone.
  var tokens: Int
  /// The block it was cut from, when that block is a fenced code block or
  /// a table whose parts need its fence or header again (an index into
  /// the cutter's blocks); nil otherwise.
  var block: Int?
}

/// A code block or a table a part may start or end inside of, and what
/// such a part's embed needs then.
struct WrappedBlock {
  /// Put before a part that starts inside it: the opening fence line, or
  /// the header and delimiter rows.
  var open: [UInt8]
  /// Put after a part that ends inside it: the closing fence (none for a table).
  var close: [UInt8]
  /// Where its first unit that needs `open` starts: after the opening
  /// fence's line, or after the delimiter row.
  var inner: Int
  /// Where its closing fence starts (its end for a table).
  var closeStart: Int
  /// The tokens of `open` and `close`.
  var tokens: Int
}
