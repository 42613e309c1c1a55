/// A stretch of text as a Hugging Face tokenizer reads it: scalars, each
/// with the bytes of the original text it came from, so that a token
/// found after normalizing still says where it ends in the original.
struct NormalText {
  var scalars: [UInt32] = []
  /// Where each scalar's source starts and ends in the original bytes.
  var starts: [Int] = []
  var ends: [Int] = []

  var count: Int { scalars.count }

  mutating func removeAll() {
    scalars.removeAll(keepingCapacity: true)
    starts.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

  @inline(__always) mutating func append(_ scalar: UInt32, from start: Int, to end: Int) {
    scalars.append(scalar)
    starts.append(start)
    ends.append(end)
  }

  /// The scalars of `bytes`, UTF-8, each with its bytes; a byte that
  /// starts no well-formed sequence is U+FFFD.
  mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, using text: inout ScalarText) {
    removeAll()
    text.decode(bytes)
    for index in 0..<text.scalars.count {
      append(text.scalars[index], from: text.offsets[index], to: text.offsets[index + 1])
    }
  }

  /// The UTF-8 bytes of scalars `range`, appended to `bytes`, and for
  /// each byte the scalar it belongs to, appended to `owners`.
  func utf8(_ range: Range<Int>, into bytes: inout [UInt8], owners: inout [Int32]) {
    for index in range {
      let scalar = scalars[index]
      let before = bytes.count
      if scalar < 0x80 {
        bytes.append(UInt8(scalar))
      } else if scalar < 0x800 {
        bytes.append(UInt8(0xC0 | scalar >> 6))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
      } else if scalar < 0x10000 {
        bytes.append(UInt8(0xE0 | scalar >> 12))
        bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
      } else {
        bytes.append(UInt8(0xF0 | scalar >> 18))
        bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        bytes.append(UInt8(0x80 | scalar & 0x3F))
      }
      for _ in before..<bytes.count { owners.append(Int32(index)) }
    }
  }
}
