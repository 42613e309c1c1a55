/// One of N shares of a corpus (`--shard K/N`), chosen by a hash of each
/// document's path, so that N processes or machines given the same files
/// or records split them with no word between them, and together read
/// each exactly once.
///
/// The hash is 64-bit FNV-1a over the path's UTF-8 bytes as isle names
/// the document (the path as given or walked, a record's `path`),
/// written out here so that it is the same on every machine and in every
/// version: the share is the hash modulo N, counted from 1.
public struct Shard: Equatable, Sendable {
  /// Which share, from 1 to `count`.
  public let index: Int
  /// How many shares.
  public let count: Int

  /// The largest N taken.
  public static let most = 1 << 20

  /// `K/N`, with 1 ≤ K ≤ N ≤ `most`; nil for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) }),
      let index = Int(parts[0]), let count = Int(parts[1]),
      (1...Self.most).contains(count), (1...count).contains(index)
    else { return nil }
    self.index = index
    self.count = count
  }

  /// The share `path` falls in, from 1 to `count`.
  public func share(of path: String) -> Int {
    Int(Self.hash(path) % UInt64(count)) + 1
  }

  /// True when `path` is in this share.
  public func keeps(_ path: String) -> Bool { share(of: path) == index }

  /// True when line `number` is in this share: a line that names no path
  /// (it is no JSON object) falls in one share by its number, so that one
  /// process of N, not all of them, reports it.
  public func keeps(line number: Int) -> Bool { (number - 1) % count + 1 == index }

  /// 64-bit FNV-1a of `path`'s UTF-8 bytes.
  public static func hash(_ path: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return hash
  }
}
