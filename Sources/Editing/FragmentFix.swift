import Links
import Outline

/// `isle check --fix`: a broken fragment with exactly one close suggestion
/// (a heading renamed) rewritten where the link writes it.
///
/// The fragment is rewritten in the destination's bytes as written (a
/// reference's in its definition), from its `#` to its end.
public enum FragmentFix {
  /// `bytes` with each fixable link of `broken` rewritten, and the links
  /// that were.
  public static func apply(_ broken: [BrokenLink], to bytes: [UInt8]) -> (
    bytes: [UInt8], fixed: [BrokenLink]
  ) {
    var edits: [(range: Range<Int>, text: [UInt8], link: BrokenLink)] = []
    for link in broken where link.isFixable {
      guard let destination = WrittenDestination.range(for: link.link, in: bytes),
        let hash = bytes[destination].lastIndex(of: 0x23)
      else { continue }
      let range = (hash + 1)..<destination.upperBound
      guard !edits.contains(where: { $0.range.overlaps(range) || $0.range == range }) else {
        continue
      }
      edits.append((range, Array(link.suggestion!.utf8), link))
    }
    var result = bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      result.replaceSubrange(edit.range, with: edit.text)
    }
    return (result, edits.map(\.link).sorted { ($0.line, $0.column) < ($1.line, $1.column) })
  }
}
