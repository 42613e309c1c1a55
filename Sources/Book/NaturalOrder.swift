/// The order of names in a folder read as a book.
public enum NaturalOrder {
  /// True when `a` comes before `b` with runs of digits compared as
  /// numbers: `2-x` before `10-y`, as a person numbers files. Ties fall
  /// back to the bytes, so the order is total.
  public static func precedes(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    var i = 0
    var j = 0
    while i < x.count && j < y.count {
      if isDigit(x[i]) && isDigit(y[j]) {
        let (first, nextI) = run(x, from: i)
        let (second, nextJ) = run(y, from: j)
        if first != second {
          return first.count != second.count
            ? first.count < second.count : first.lexicographicallyPrecedes(second)
        }
        i = nextI
        j = nextJ
        continue
      }
      let p = lower(x[i])
      let q = lower(y[j])
      if p != q { return p < q }
      i += 1
      j += 1
    }
    if x.count - i != y.count - j { return x.count - i < y.count - j }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  /// True for the file that opens its folder: `index.md` or `README.md`.
  public static func isIndex(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return ["index.md", "readme.md", "index.markdown", "readme.markdown"].contains(lowered)
  }

  /// The digits from `start`, leading zeros dropped, and the index past them.
  private static func run(_ bytes: [UInt8], from start: Int) -> ([UInt8], Int) {
    var end = start
    while end < bytes.count && isDigit(bytes[end]) { end += 1 }
    var first = start
    while first < end - 1 && bytes[first] == UInt8(ascii: "0") { first += 1 }
    return (Array(bytes[first..<end]), end)
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
  }
}
