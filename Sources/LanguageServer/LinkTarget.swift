/// Where a link leads: a document, and the heading in it its fragment
/// names (nil for the top, or no fragment).
struct LinkTarget: Sendable, Equatable {
  var path: String
  var heading: Int?
}
