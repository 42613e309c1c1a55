import Files

/// The paths a list names (`--files-from`): one a line, as `rg --files`
/// and `find` write them, or each ended by a NUL (`-0`, as `find
/// -print0` writes them, for names holding a line feed). A line's
/// carriage return before its line feed goes (a list written on
/// Windows); empty entries are passed over. A name's bytes that are not
/// UTF-8 are kept (`PathBytes`).
public enum PathList {
  /// The paths in `bytes`, in order.
  public static func paths(in bytes: [UInt8], nulSeparated: Bool) -> [String] {
    let separator: UInt8 = nulSeparated ? 0 : 0x0A
    return bytes.split(separator: separator, omittingEmptySubsequences: true).compactMap {
      var entry = $0
      if !nulSeparated, entry.last == 0x0D { entry = entry.dropLast() }
      return entry.isEmpty ? nil : PathBytes.name(entry)
    }
  }
}
