import JSON

/// `isle check --format sarif`: a SARIF 2.1.0 log as GitHub code scanning
/// reads it. One run of the tool `isle`, with the rules it checks by and
/// their help; each finding a result at its line and column (UTF-16 code
/// units, SARIF's default `columnKind`, written out), its document's path a
/// relative URI from the checkout (`%SRCROOT%`), and a `partialFingerprints`
/// entry that stays the same from run to run and when lines move, so an
/// alert is tracked, not opened anew. `primaryLocationLineHash` is left to
/// GitHub's upload action, which computes it from the file's text.
public enum SARIFLog {
  /// The log of `findings`, one line; `succeeded` false when a document
  /// could not be read (the run's invocation says so).
  public static func log(_ findings: [CheckFinding], version: String, succeeded: Bool) -> String {
    var json = JSONWriter()
    json.open()
    json.add("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
    json.add("version", "2.1.0")
    json.key("runs")
    json.openArray()
    json.element()
    json.open()
    tool(&json, version: version)
    json.key("invocations")
    json.openArray()
    json.element()
    json.open()
    json.add("executionSuccessful", succeeded)
    json.close()
    json.closeArray()
    json.add("columnKind", "utf16CodeUnits")
    json.key("results")
    json.openArray()
    for (finding, fingerprint) in zip(findings, CheckFinding.fingerprints(findings)) {
      json.element()
      result(&json, finding, fingerprint: fingerprint)
    }
    json.closeArray()
    json.close()
    json.closeArray()
    json.close()
    return json.text
  }

  /// `tool.driver`: isle, its version, every rule with its help.
  private static func tool(_ json: inout JSONWriter, version: String) {
    json.key("tool")
    json.open()
    json.key("driver")
    json.open()
    json.add("name", "isle")
    json.add("version", version)
    json.add("semanticVersion", version)
    json.key("rules")
    json.openArray()
    for rule in CheckRule.allCases {
      json.element()
      json.open()
      json.add("id", rule.id)
      json.add("name", rule.name)
      json.key("shortDescription")
      message(&json, rule.summary)
      json.key("fullDescription")
      message(&json, rule.help)
      json.key("help")
      message(&json, rule.help)
      json.key("defaultConfiguration")
      json.open()
      json.add("level", "error")
      json.close()
      json.close()
    }
    json.closeArray()
    json.close()
    json.close()
  }

  /// One result: the rule (by id and index), the message, the location, the
  /// fingerprint.
  private static func result(_ json: inout JSONWriter, _ finding: CheckFinding, fingerprint: String) {
    json.open()
    json.add("ruleId", finding.rule.id)
    json.add("ruleIndex", CheckRule.allCases.firstIndex(of: finding.rule) ?? 0)
    json.add("level", "error")
    json.key("message")
    message(&json, finding.message)
    json.key("locations")
    json.openArray()
    json.element()
    json.open()
    json.key("physicalLocation")
    json.open()
    json.key("artifactLocation")
    json.open()
    let (uri, relative) = Self.uri(finding.path)
    json.add("uri", uri)
    if relative { json.add("uriBaseId", "%SRCROOT%") }
    json.close()
    json.key("region")
    json.open()
    json.add("startLine", finding.line)
    json.add("startColumn", finding.characterColumn)
    json.close()
    json.close()
    json.close()
    json.closeArray()
    json.key("partialFingerprints")
    json.open()
    json.add("isleFindingHash/v1", fingerprint)
    json.close()
    json.close()
  }

  /// `{"text": …}`.
  private static func message(_ json: inout JSONWriter, _ text: String) {
    json.open()
    json.add("text", text)
    json.close()
  }

  /// A path as a URI reference: relative ones (`./` dropped) to be read
  /// from the checkout, absolute ones as `file://` URIs. What a path may
  /// hold as it is stays (letters, digits, `-._~!$&'()*+,;=@:` and `/`);
  /// every other byte is percent-encoded (`%`, a space, `#`, `?`, bytes
  /// outside ASCII), and a `:` in a relative path's first segment, where
  /// it would read as a scheme.
  public static func uri(_ path: String) -> (uri: String, relative: Bool) {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    let kept = Set("-._~!$&'()*+,;=@:/".utf8)
    var encoded = ""
    var firstSegment = !path.hasPrefix("/")
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") { firstSegment = false }
      let plain =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || kept.contains(byte)
      if plain && !(firstSegment && byte == UInt8(ascii: ":")) {
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return path.hasPrefix("/") ? ("file://" + encoded, false) : (encoded, true)
  }
}
