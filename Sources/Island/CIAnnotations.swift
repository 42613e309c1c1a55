import Cells
import JSON

/// `isle check --format github` and `--format gitlab`: what GitHub Actions
/// and GitLab CI read from a job to mark the lines of a change.
public enum CIAnnotations {
  /// GitHub's workflow commands, one a line: `::error
  /// file=docs/a.md,line=3,col=5,title=…::no heading #x in docs/b.md`,
  /// escaped as GitHub's toolkit escapes them (`%`, CR and LF in the
  /// message; those and `:` and `,` in a property too). The column is in
  /// UTF-16 code units, as GitHub's pages count characters.
  public static func github(_ finding: CheckFinding) -> String {
    let properties = [
      ("file", finding.path), ("line", String(finding.line)),
      ("col", String(finding.characterColumn)), ("title", "isle check " + finding.rule.id),
    ].map { "\($0.0)=\(escapedProperty($0.1))" }
    return "::error " + properties.joined(separator: ",") + "::" + escapedData(finding.message)
  }

  /// A workflow command's message: `%`, CR and LF as `%25`, `%0D`, `%0A`.
  public static func escapedData(_ text: String) -> String {
    PercentEncoding.escaped(text, reserving: ["%", "\r", "\n"])
  }


  /// A workflow command's property value: as a message, and `:` and `,`
  /// as `%3A` and `%2C`.
  public static func escapedProperty(_ text: String) -> String {
    PercentEncoding.escaped(text, reserving: ["%", "\r", "\n", ":", ","])
  }

  /// GitLab's Code Quality report: a JSON array, each finding an object
  /// with `description`, `check_name` (the rule), `fingerprint` (as SARIF's,
  /// the same from run to run), `severity` (`major`: the job fails on it)
  /// and `location` (`path` from the repository's root, `lines.begin`).
  public static func gitlab(_ findings: [CheckFinding]) -> String {
    var json = JSONWriter()
    json.openArray()
    for (finding, fingerprint) in zip(findings, CheckFinding.fingerprints(findings)) {
      json.element()
      json.open()
      json.add("description", finding.message)
      json.add("check_name", finding.rule.id)
      json.add("fingerprint", fingerprint)
      json.add("severity", "major")
      json.key("location")
      json.open()
      var path = Substring(finding.path)
      while path.hasPrefix("./") { path = path.dropFirst(2) }
      json.add("path", String(path))
      json.key("lines")
      json.open()
      json.add("begin", finding.line)
      json.close()
      json.close()
      json.close()
    }
    json.closeArray()
    return json.text
  }
}
