/// A unified diff of two texts, line by line, with three lines of context,
/// as `diff -u` prints it.
public enum UnifiedDiff {
  /// The diff from `old` (named `oldName`) to `new` (`newName`); just the
  /// two names when they are the same.
  public static func render(old: String, new: String, oldName: String, newName: String) -> String {
    let a = lines(old)
    let b = lines(new)
    let edits = script(a, b)
    var output = "--- \(oldName)\n+++ \(newName)\n"
    var index = 0
    while index < edits.count {
      guard edits[index].kind != .same else {
        index += 1
        continue
      }
      // A hunk: from three lines before this change to three after the
      // last change that is within six lines of the one before it.
      let start = max(index - 3, 0)
      var end = index
      var scan = index
      while scan < edits.count {
        if edits[scan].kind != .same {
          end = scan
        } else if scan - end > 6 {
          break
        }
        scan += 1
      }
      let stop = min(end + 4, edits.count)
      let hunk = edits[start..<stop]
      let oldStart = hunk.first.map { $0.oldLine } ?? 0
      let newStart = hunk.first.map { $0.newLine } ?? 0
      let oldCount = hunk.filter { $0.kind != .insert }.count
      let newCount = hunk.filter { $0.kind != .delete }.count
      output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
      for edit in hunk {
        switch edit.kind {
        case .same: output += " " + edit.text + "\n"
        case .delete: output += "-" + edit.text + "\n"
        case .insert: output += "+" + edit.text + "\n"
        }
      }
      index = stop
    }
    return output
  }

  private static func range(_ start: Int, _ count: Int) -> String {
    count == 1 ? "\(start + 1)" : "\(count == 0 ? start : start + 1),\(count)"
  }

  private static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  struct Edit {
    enum Kind { case same, delete, insert }
    let kind: Kind
    let text: String
    /// 0-based lines in the old and new text where this edit stands.
    let oldLine: Int
    let newLine: Int
  }

  /// The shortest edit script by longest common subsequence; the common
  /// head and tail are trimmed first, so a README with one list changed
  /// costs little.
  static func script(_ a: [String], _ b: [String]) -> [Edit] {
    var head = 0
    while head < a.count && head < b.count && a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head && tail < b.count - head
      && a[a.count - 1 - tail] == b[b.count - 1 - tail]
    {
      tail += 1
    }
    let midA = Array(a[head..<(a.count - tail)])
    let midB = Array(b[head..<(b.count - tail)])
    var edits: [Edit] = (0..<head).map { Edit(kind: .same, text: a[$0], oldLine: $0, newLine: $0) }
    let n = midA.count
    let m = midB.count
    if n * m > 4_000_000 {
      // Too large to compare line by line: all out, all in.
      edits += midA.enumerated().map {
        Edit(kind: .delete, text: $1, oldLine: head + $0, newLine: head)
      }
      edits += midB.enumerated().map {
        Edit(kind: .insert, text: $1, oldLine: head + n, newLine: head + $0)
      }
    } else {
      var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          lcs[i][j] = midA[i] == midB[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < n || j < m {
        if i < n && j < m && midA[i] == midB[j] {
          edits.append(Edit(kind: .same, text: midA[i], oldLine: head + i, newLine: head + j))
          i += 1
          j += 1
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
          edits.append(Edit(kind: .delete, text: midA[i], oldLine: head + i, newLine: head + j))
          i += 1
        } else {
          edits.append(Edit(kind: .insert, text: midB[j], oldLine: head + i, newLine: head + j))
          j += 1
        }
      }
    }
    edits += (0..<tail).map {
      Edit(
        kind: .same, text: a[a.count - tail + $0], oldLine: a.count - tail + $0,
        newLine: b.count - tail + $0)
    }
    return edits
  }
}
