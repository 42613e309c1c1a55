/// `text` without its escape sequences (`ESC [` … final byte), as a
/// terminal lays it out: what its widths are measured on.
public func visibleText(_ text: String) -> String {
  var result = ""
  var inEscape = false
  for scalar in text.unicodeScalars {
    if inEscape {
      if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      continue
    }
    if scalar == "\u{1B}" {
      inEscape = true
      continue
    }
    result.unicodeScalars.append(scalar)
  }
  return result
}
