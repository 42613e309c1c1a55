import CUtf8proc

/// A Hugging Face normalizer, as the steps it takes in order: the BERT
/// normalizer's (clean the text, space out Chinese characters, strip
/// accents, lowercase) and those of `Lowercase`, `NFD`, `NFKD`,
/// `StripAccents` and a `Sequence` of them.
struct TextNormalizer: Sendable {
  enum Step: Sendable {
    /// Drop NUL, U+FFFD and controls; any white space becomes a space.
    case clean
    /// A space before and after each Chinese character.
    case spaceChinese
    /// Canonical (or, `compatible`, compatibility) decomposition.
    case decompose(compatible: Bool)
    /// Drop nonspacing marks.
    case dropMarks
    /// Rust's `char::to_lowercase`.
    case lowercase
  }

  var steps: [Step] = []

  /// `text` normalized into `out` (its scalars keep their sources).
  func normalize(_ text: NormalText, _ range: Range<Int>, into out: inout NormalText) {
    out.removeAll()
    for index in range {
      out.append(text.scalars[index], from: text.starts[index], to: text.ends[index])
    }
    var next = NormalText()
    for step in steps {
      next.removeAll()
      apply(step, out, into: &next)
      swap(&out, &next)
    }
  }

  private func apply(_ step: Step, _ text: NormalText, into out: inout NormalText) {
    for index in 0..<text.count {
      let scalar = text.scalars[index]
      let (start, end) = (text.starts[index], text.ends[index])
      switch step {
      case .clean:
        if scalar == 0 || scalar == 0xFFFD || ScalarKind.isControl(scalar) { continue }
        out.append(ScalarKind.isSpace(scalar) ? 0x20 : scalar, from: start, to: end)
      case .spaceChinese:
        guard ScalarKind.isChinese(scalar) else {
          out.append(scalar, from: start, to: end)
          continue
        }
        out.append(0x20, from: start, to: start)
        out.append(scalar, from: start, to: end)
        out.append(0x20, from: end, to: end)
      case .decompose(let compatible):
        Self.decompose(scalar, compatible: compatible, from: start, to: end, into: &out)
      case .dropMarks:
        if !ScalarKind.isNonspacingMark(scalar) { out.append(scalar, from: start, to: end) }
      case .lowercase:
        Self.lowercase(scalar, from: start, to: end, into: &out)
      }
    }
    if case .decompose = step { Self.reorder(&out) }
  }

  private static func lowercase(_ scalar: UInt32, from start: Int, to end: Int, into out: inout NormalText) {
    if scalar < 0x80 {
      out.append((0x41...0x5A).contains(scalar) ? scalar + 0x20 : scalar, from: start, to: end)
    } else if scalar == 0x130 {
      // The one unconditional lowercase of two characters: İ is i and a dot.
      out.append(0x69, from: start, to: end)
      out.append(0x307, from: start, to: end)
    } else {
      out.append(UInt32(bitPattern: utf8proc_tolower(Int32(bitPattern: scalar))), from: start, to: end)
    }
  }

  private static func decompose(
    _ scalar: UInt32, compatible: Bool, from start: Int, to end: Int, into out: inout NormalText
  ) {
    if scalar < 0xC0 && !(compatible && scalar >= 0xA0) {
      out.append(scalar, from: start, to: end)
      return
    }
    let options = utf8proc_option_t(
      rawValue: UTF8PROC_DECOMPOSE.rawValue | (compatible ? UTF8PROC_COMPAT.rawValue : 0))
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { buffer in
      var boundary: Int32 = 0
      let written = utf8proc_decompose_char(
        Int32(bitPattern: scalar), buffer.baseAddress, 32, options, &boundary)
      guard written > 0, written <= 32 else {
        out.append(scalar, from: start, to: end)
        return
      }
      for index in 0..<written { out.append(UInt32(bitPattern: buffer[index]), from: start, to: end) }
    }
  }

  /// Canonical ordering: each run of combining marks sorted by combining
  /// class, equals keeping their order.
  private static func reorder(_ text: inout NormalText) {
    func combining(_ scalar: UInt32) -> Int16 {
      scalar < 0x300 ? 0 : utf8proc_get_property(Int32(bitPattern: scalar)).pointee.combining_class
    }
    var index = 1
    while index < text.count {
      let own = combining(text.scalars[index])
      var at = index
      while own != 0, at > 0, combining(text.scalars[at - 1]) > own {
        text.scalars.swapAt(at, at - 1)
        text.starts.swapAt(at, at - 1)
        text.ends.swapAt(at, at - 1)
        at -= 1
      }
      index += 1
    }
  }
}
