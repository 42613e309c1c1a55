/// `isle check --format junit`: JUnit's XML as CI servers read test
/// results. One test suite, `isle check`; one test case per document
/// checked (its path the case's name and `file`), passed when its links
/// resolve, with a `<failure>` for each broken link (its `type` the
/// rule, its text the line `isle check` prints), and an `<error>` for a
/// document that could not be read. A book's own findings are failures of
/// the case of its table of contents.
public enum JUnitReport {
  /// A document checked, and the error that kept it from being read.
  public struct Case: Sendable, Equatable {
    public var path: String
    public var error: String?

    public init(path: String, error: String? = nil) {
      self.path = path
      self.error = error
    }
  }

  /// The report of `findings` on `cases`, in their order (a finding's
  /// document that is no case yet gets one after them).
  public static func report(_ findings: [CheckFinding], cases: [Case]) -> String {
    var cases = cases
    var known = Set(cases.map(\.path))
    var failures: [String: [CheckFinding]] = [:]
    for finding in findings {
      failures[finding.path, default: []].append(finding)
      if known.insert(finding.path).inserted { cases.append(Case(path: finding.path)) }
    }
    let errors = cases.filter { $0.error != nil }.count
    let counts =
      "tests=\"\(cases.count)\" failures=\"\(findings.count)\" errors=\"\(errors)\""
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"isle check\" \(counts)>\n"
    xml += "  <testsuite name=\"isle check\" \(counts) skipped=\"0\">\n"
    for test in cases {
      let path = escaped(test.path)
      let attributes = "name=\"\(path)\" classname=\"isle check\" file=\"\(path)\""
      let found = failures[test.path] ?? []
      guard !found.isEmpty || test.error != nil else {
        xml += "    <testcase \(attributes)/>\n"
        continue
      }
      xml += "    <testcase \(attributes)>\n"
      if let error = test.error {
        xml += "      <error message=\"\(escaped(error))\" type=\"unreadable\"/>\n"
      }
      for finding in found {
        xml += "      <failure message=\"\(escaped(finding.message))\" "
        xml += "type=\"\(finding.rule.id)\">\(escaped(finding.location + ": " + finding.message))"
        xml += "</failure>\n"
      }
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// `text` safe in XML 1.0 text and attributes: the five markup
  /// characters as entities, a control character XML does not allow as
  /// U+FFFD (line ends as references, so an attribute keeps them).
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\n": result += "&#10;"
      case "\r": result += "&#13;"
      case "\t": result += "&#9;"
      default:
        let value = scalar.value
        let allowed = value >= 0x20 && !(0xFFFE...0xFFFF).contains(value)
        result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
      }
    }
    return result
  }
}
