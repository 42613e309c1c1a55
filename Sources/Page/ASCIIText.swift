/// Byte by byte shortcuts for text of ASCII alone, which most of a page
/// is: each gives what the Character by Character way gives (a test holds
/// them to it), or nil when the text is not one it can read.
///
/// In ASCII every byte is a character but CR followed by LF (one
/// character), a printable byte takes one cell, and white space is tab,
/// line feed, vertical tab, form feed, carriage return and space.
enum ASCIIText {
  /// `text` with each white space character turned into a space (a CR LF
  /// pair into one); nil when `text` is not ASCII.
  static func spaced(_ text: String) -> String? {
    var text = text
    let (ascii, spaces) = text.withUTF8 { bytes -> (Bool, Bool) in
      var spaces = false
      for byte in bytes {
        if byte >= 0x80 { return (false, false) }
        if byte >= 0x09 && byte <= 0x0D { spaces = true }
      }
      return (true, spaces)
    }
    guard ascii else { return nil }
    guard spaces else { return text }
    return text.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { spaced in
        var count = 0
        var index = 0
        while index < bytes.count {
          let byte = bytes[index]
          let pair = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
          spaced[count] = byte >= 0x09 && byte <= 0x0D ? 0x20 : byte
          count += 1
          index += pair ? 2 : 1
        }
        return count
      }
    }
  }

  /// Appends the cells of `run` (run number `index` of a paragraph) to
  /// `cells` when its text is printable ASCII, tabs and line feeds alone:
  /// a tab is a space, a line feed takes no cell. False, and nothing
  /// appended, for any other text.
  static func appendCells(_ run: Run, index: Int, to cells: inout [Wrapper.Cell]) -> Bool {
    var text = run.text
    return text.withUTF8 { bytes -> Bool in
      for byte in bytes where (byte < 0x20 || byte > 0x7E) && byte != 0x09 && byte != 0x0A {
        return false
      }
      var offset = run.offset
      for byte in bytes {
        cells.append(
          Wrapper.Cell(
            character: characters[Int(byte)], run: index, offset: offset,
            width: byte == 0x0A ? 0 : 1))
        offset = offset.map { $0 + 1 }
      }
      return true
    }
  }

  /// The character each ASCII byte stands for as a cell (a tab as a space).
  private static let characters: [Character] = (0..<0x80).map {
    $0 == 0x09 ? " " : Character(Unicode.Scalar(UInt8($0)))
  }
}
