/// A reading time in words, each a template: `{m} min` under an hour,
/// `{h} h {m} min` from an hour on, `< 1 min` for something under half a
/// minute. English unless replaced: Island's `Wording` keeps one, and the
/// language server's headings are worded by the default.
public struct TimeWording: Sendable, Equatable {
  /// A time under an hour: `4 min`.
  public var minutes = "{m} min"
  /// A time of an hour or more: `1 h 25 min`.
  public var hours = "{h} h {m} min"
  /// Something to read, but under half a minute.
  public var underAMinute = "< 1 min"

  /// The English words.
  public init() {}

  /// A reading time: `4 min`, `1 h 25 min`, `< 1 min` when there is
  /// something (`anything`) under half a minute to read, nil when there is
  /// nothing.
  public func time(minutes: Int, anything: Bool) -> String? {
    if minutes <= 0 { return anything ? underAMinute : nil }
    if minutes < 60 { return Self.fill(self.minutes, ["m": String(minutes)]) }
    return Self.fill(hours, ["h": String(minutes / 60), "m": String(minutes % 60)])
  }

  /// `template` with each `{key}` of `values` replaced, in one pass from
  /// the left (a value is never read as a template): the one way a
  /// template of words is filled.
  public static func fill(_ template: String, _ values: [String: String]) -> String {
    // Braces are ASCII: the template is searched as bytes, not characters.
    let bytes = template.utf8
    var result = ""
    var rest = bytes[...]
    while let open = rest.firstIndex(of: UInt8(ascii: "{")) {
      result += Substring(rest[..<open])
      let afterOpen = bytes.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: UInt8(ascii: "}")),
        let value = values[String(Substring(bytes[afterOpen..<close]))]
      {
        result += value
        rest = bytes[bytes.index(after: close)...]
      } else {
        result += "{"
        rest = bytes[afterOpen...]
      }
    }
    result += Substring(rest)
    return result
  }
}
