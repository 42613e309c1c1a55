/// What the HTML reader yields beyond headings and reading: the `<title>`.
struct HTMLFindings {
  var text = Findings()
  var title: String?
}
