import Found

/// What the HTML reader yields beyond headings and reading: the `<title>`.
package struct HTMLFindings: Equatable {
  package var text = Findings()
  package var title: String?
}
