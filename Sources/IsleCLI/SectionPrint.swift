/// What `jump` and `pick` print about the section they land on.
enum SectionPrint: String, CaseIterable, Sendable {
  case line
  case offset
  case id
  case bar
  case json
}
