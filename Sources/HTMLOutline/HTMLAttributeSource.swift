/// An element's attributes as a reader of the page asks for them: by
/// lowercase name, the first of a repeated name winning, values decoded.
protocol HTMLAttributeSource {
  /// The value of attribute `name`, if the element has it.
  func value(_ name: String) -> String?
  /// Whether the element has attribute `name` (cheaper than its value).
  func has(_ name: String) -> Bool
}

extension HTMLAttributeSource {
  /// True for a heading whose class asks contents lists to leave it out
  /// (`no-toc`, `notoc`).
  var asksToBeOmitted: Bool {
    guard let classes = value("class") else { return false }
    return classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains {
      let name = $0.lowercased()
      return name == "no-toc" || name == "notoc"
    }
  }
}
