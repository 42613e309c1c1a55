/// What the HTML reader yields beyond headings and reading: the `<title>`.
struct HTMLFindings: Equatable {
  var text = Findings()
  var title: String?
}
