/// A text's scalars decoded once for a pre-split: each scalar's value, its
/// class and the offset of its first byte (one more offset at the end), in
/// buffers kept from one text to the next.
struct ScalarText {
  var scalars: [UInt32] = []
  var classes: [UInt8] = []
  var offsets: [Int] = []

  /// The scalars of `bytes`, UTF-8. A byte that starts no well-formed
  /// sequence is a scalar of its own, of no class (as U+FFFD has none).
  mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>) {
    scalars.removeAll(keepingCapacity: true)
    classes.removeAll(keepingCapacity: true)
    offsets.removeAll(keepingCapacity: true)
    let count = bytes.count
    var index = 0
    while index < count {
      let lead = bytes[index]
      offsets.append(index)
      if lead < 0x80 {
        scalars.append(UInt32(lead))
        classes.append(ScalarClass.table[Int(lead)])
        index += 1
        continue
      }
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      var value = UInt32(lead) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
      var valid = length > 1 && index + length <= count
      if valid {
        for next in 1..<length {
          let byte = bytes[index + next]
          if byte & 0xC0 != 0x80 { valid = false; break }
          value = value << 6 | UInt32(byte & 0x3F)
        }
      }
      if valid {
        scalars.append(value)
        classes.append(ScalarClass.of(value))
        index += length
      } else {
        scalars.append(0xFFFD)
        classes.append(0)
        index += 1
      }
    }
    offsets.append(count)
  }
}
