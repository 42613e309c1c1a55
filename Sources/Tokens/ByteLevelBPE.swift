/// A byte-level BPE model (GPT-2's, RoBERTa's): a word's bytes, each
/// first a token of its own, joined by the merges in their order, the
/// pair of lowest rank first (the leftmost of equals). The vocabulary's
/// tokens are written in GPT-2's map of bytes to characters, read back to
/// bytes here. A byte with no token is the unknown token when there is
/// one (runs of them one token with `fuse_unk`), else dropped.
final class ByteLevelBPE: Sendable {
  /// Every token's bytes, by id.
  private let table: RankTable
  /// Each byte's token, `UInt32.max` for none.
  private let bytes: [UInt32]
  /// For a pair of ids (`first << 32 | second`), its rank and the id of
  /// their merge (`rank << 32 | id`).
  private let merges: [UInt64: UInt64]
  private let unknown: UInt32?
  private let fuseUnknown: Bool
  /// A word that is a token is that token, merges or not.
  private let ignoreMerges: Bool

  init(
    vocabulary: [(bytes: [UInt8], id: UInt32)], merges pairs: [([UInt8], [UInt8])],
    unknown: UInt32?, fuseUnknown: Bool, ignoreMerges: Bool
  ) throws(TokenizerError) {
    let table = RankTable(tokens: vocabulary.map { ($0.bytes, $0.id) })
    self.table = table
    var byteTokens = [UInt32](repeating: .max, count: 256)
    for byte in 0..<256 {
      byteTokens[byte] = [UInt8(byte)].withUnsafeBufferPointer { table.rank($0) }
    }
    bytes = byteTokens
    var merges: [UInt64: UInt64] = [:]
    for (rank, (first, second)) in pairs.enumerated() {
      let ids = [first, second, first + second].map { $0.withUnsafeBufferPointer { table.rank($0) } }
      guard ids[0] != .max, ids[1] != .max else { continue }
      guard ids[2] != .max else {
        throw TokenizerError("merge \(rank + 1) makes a token the vocabulary lacks")
      }
      let key = UInt64(ids[0]) << 32 | UInt64(ids[1])
      if merges[key] == nil { merges[key] = UInt64(rank) << 32 | UInt64(ids[2]) }
    }
    self.merges = merges
    self.unknown = unknown
    self.fuseUnknown = fuseUnknown
    self.ignoreMerges = ignoreMerges
  }

  /// The tokens of the word `word`: where each ends in it, appended to
  /// `ends` (a dropped byte ends none).
  func tokens(_ word: UnsafeBufferPointer<UInt8>, ends: inout [Int], scratch: inout BPEScratch) {
    if ignoreMerges, table.rank(word) != .max {
      ends.append(word.count)
      return
    }
    scratch.ids.removeAll(keepingCapacity: true)
    scratch.ends.removeAll(keepingCapacity: true)
    var unknownRun = false
    for (index, byte) in word.enumerated() {
      let id = bytes[Int(byte)]
      if id != .max {
        scratch.ids.append(id)
        scratch.ends.append(index + 1)
        unknownRun = false
      } else if let unknown {
        if unknownRun && fuseUnknown {
          scratch.ends[scratch.ends.count - 1] = index + 1
        } else {
          scratch.ids.append(unknown)
          scratch.ends.append(index + 1)
        }
        unknownRun = true
      }
    }
    merge(&scratch)
    ends.append(contentsOf: scratch.ends)
  }

  /// The merges applied to `scratch`'s tokens until none is left.
  private func merge(_ scratch: inout BPEScratch) {
    while scratch.ids.count > 1 {
      var lowest = UInt64.max
      var at = -1
      for index in 0..<(scratch.ids.count - 1) {
        let key = UInt64(scratch.ids[index]) << 32 | UInt64(scratch.ids[index + 1])
        if let merged = merges[key], merged < lowest {
          lowest = merged
          at = index
        }
      }
      guard at >= 0 else { return }
      scratch.ids[at] = UInt32(truncatingIfNeeded: lowest)
      scratch.ends[at] = scratch.ends[at + 1]
      scratch.ids.remove(at: at + 1)
      scratch.ends.remove(at: at + 1)
    }
  }
}

/// The buffers a `ByteLevelBPE` merges a word in, kept by each counter.
struct BPEScratch {
  var ids: [UInt32] = []
  var ends: [Int] = []
}
