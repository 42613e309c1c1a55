#if canImport(Glibc)
  import Glibc
#endif

/// A tiktoken encoding's ranks: each token's bytes and its rank, in a hash
/// table open-addressed over one pool of bytes, looked up by a stretch of
/// a text's bytes without copying it. Made once, read by every thread.
final class RankTable: @unchecked Sendable {
  /// Every token's bytes, one after another.
  private let pool: UnsafeMutableBufferPointer<UInt8>
  /// Where each token's bytes start in `pool`, one more at the end.
  private let starts: UnsafeMutableBufferPointer<Int>
  private let ranks: UnsafeMutableBufferPointer<UInt32>
  /// For each slot, its token's index plus one; 0 for an empty slot.
  private let slots: UnsafeMutableBufferPointer<Int32>
  private let mask: Int
  /// How many tokens there are.
  let count: Int

  /// The table of `tokens`: each one's bytes and rank.
  init(tokens: [(bytes: [UInt8], rank: UInt32)]) {
    count = tokens.count
    let total = tokens.reduce(0) { $0 + $1.bytes.count }
    pool = .allocate(capacity: max(total, 1))
    starts = .allocate(capacity: count + 1)
    ranks = .allocate(capacity: max(count, 1))
    var capacity = 16
    while capacity < count * 2 { capacity <<= 1 }
    mask = capacity - 1
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0)
    var offset = 0
    for (index, token) in tokens.enumerated() {
      starts[index] = offset
      for byte in token.bytes {
        pool[offset] = byte
        offset += 1
      }
      ranks[index] = token.rank
    }
    starts[count] = offset
    for index in 0..<count {
      let bytes = UnsafeBufferPointer(rebasing: pool[starts[index]..<starts[index + 1]])
      var slot = Self.hash(bytes) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index + 1)
    }
  }

  deinit {
    pool.deallocate()
    starts.deallocate()
    ranks.deallocate()
    slots.deallocate()
  }

  /// The rank of the token whose bytes are `bytes`, `UInt32.max` when
  /// there is none.
  @inline(__always) func rank(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var slot = Self.hash(bytes) & mask
    let length = bytes.count
    while true {
      let entry = Int(slots[slot])
      if entry == 0 { return .max }
      let start = starts[entry - 1]
      if starts[entry] - start == length,
        length == 0 || memcmp(pool.baseAddress! + start, bytes.baseAddress!, length) == 0
      {
        return ranks[entry - 1]
      }
      slot = (slot + 1) & mask
    }
  }

  /// FNV-1a over the bytes, mixed at the end so low bits spread.
  @inline(__always) static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    hash ^= hash >> 29
    hash = hash &* 0xbf58_476d_1ce4_e5b9
    hash ^= hash >> 32
    return Int(truncatingIfNeeded: hash)
  }
}
