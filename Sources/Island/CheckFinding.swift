import Cells
import Links

/// One thing `isle check` found wrong, as the formats CI reads write it
/// (SARIF, JUnit, GitHub's workflow commands, GitLab's Code Quality): a
/// broken link, or an entry of a book's contents that names no file.
public struct CheckFinding: Sendable, Equatable {
  /// What kind of problem it is.
  public var rule: CheckRule
  /// The document it is in, as `isle check` prints it.
  public var path: String
  /// 1-based line, and byte column as `isle check` prints it.
  public var line: Int
  public var column: Int
  /// The same column in UTF-16 code units, as SARIF counts by default and
  /// GitHub's pages count: the byte column on a line of ASCII.
  public var characterColumn: Int
  /// What is wrong, as the text line says it after the location.
  public var message: String
  /// The link as written (or the entry's path): with the rule and the
  /// path, what the finding's fingerprint is made of.
  public var target: String
  /// What was likely meant, as the JSON's `suggestion` gives it.
  public var suggestion: String? = nil

  /// A finding from its parts.
  public init(
    rule: CheckRule, path: String, line: Int, column: Int, characterColumn: Int? = nil,
    message: String, target: String, suggestion: String? = nil
  ) {
    self.suggestion = suggestion
    self.rule = rule
    self.path = path
    self.line = line
    self.column = column
    self.characterColumn = characterColumn ?? column
    self.message = message
    self.target = target
  }

  /// A broken link's finding; `characterColumn` as counted on its line.
  public init(_ broken: BrokenLink, characterColumn: Int? = nil) {
    self.init(
      rule: CheckRule(rawValue: broken.reason.rawValue) ?? .noHeading,
      path: broken.path, line: broken.line, column: broken.column,
      characterColumn: characterColumn, message: BrokenLinkReport.problem(broken),
      target: broken.target)
  }

  /// The location as the text line writes it: `docs/a.md:3:5`.
  public var location: String { "\(SafeText.forTerminal(path)):\(line):\(column)" }

  /// Each finding's fingerprint, in order: its rule, path and target and
  /// how many findings with all three came before it, hashed. Never its
  /// line, so it stays when lines are added above it: code scanning
  /// then tracks one alert from run to run.
  public static func fingerprints(_ findings: [CheckFinding]) -> [String] {
    var seen: [String: Int] = [:]
    return findings.map { finding in
      let key = [finding.rule.id, finding.path, finding.target].joined(separator: "\u{0}")
      let occurrence = seen[key, default: 0]
      seen[key] = occurrence + 1
      return StableHash.hex(key + "\u{0}\(occurrence)")
    }
  }

  /// The UTF-16 column of byte column `column` on `line` (its bytes from
  /// its start on); the byte column when the line is shorter.
  public static func characterColumn(_ column: Int, on line: ArraySlice<UInt8>) -> Int {
    guard line.count >= column - 1, column >= 1 else { return column }
    let before = line.prefix(column - 1)
    return String(decoding: before, as: UTF8.self).utf16.count + 1
  }
}

/// A hash that is the same on every machine and every run (Swift's own
/// `Hasher` is seeded anew in each process): two 64-bit FNV-1a hashes of
/// the UTF-8 bytes, with different offsets, as 32 hexadecimal digits.
public enum StableHash {
  /// The hash of `text`.
  public static func hex(_ text: String) -> String {
    var first: UInt64 = 0xcbf2_9ce4_8422_2325
    var second: UInt64 = 0x6c62_272e_07bb_0142
    for byte in text.utf8 {
      first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      second = (second ^ UInt64(byte ^ 0x5A)) &* 0x0000_0100_0000_01B3
    }
    return digits(first) + digits(second)
  }

  private static func digits(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
