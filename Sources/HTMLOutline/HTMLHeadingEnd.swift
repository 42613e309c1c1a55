/// Where an HTML heading's element ends, for `isle show --body`: just past
/// its end tag, found by a scan from its start tag. A heading left open (a
/// parser closes it at the next block) has none before `limit`: nil.
public enum HTMLHeadingEnd {
  /// The offset past the `</hN>` that closes the level-`level` heading
  /// whose start tag is at `start`, looked for before `limit`.
  public static func find(in bytes: Span<UInt8>, from start: Int, level: Int, before limit: Int)
    -> Int?
  {
    let digit = UInt8(0x30 + min(max(level, 1), 6))
    let limit = min(limit, bytes.count)
    var index = start
    while index + 3 < limit {
      if bytes[index] == 0x3C, bytes[index + 1] == 0x2F, bytes[index + 2] | 0x20 == 0x68,
        bytes[index + 3] == digit
      {
        var close = index + 4
        while close < limit, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[close]) { close += 1 }
        if close < limit, bytes[close] == 0x3E { return close + 1 }
      }
      index += 1
    }
    return nil
  }
}
