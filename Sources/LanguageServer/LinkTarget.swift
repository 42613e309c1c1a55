/// Where a link leads: a document, and the heading in it its fragment
/// names, or else the anchor written as HTML (`<a id>`, `<a name>`, any
/// element's `id`) it names; both nil for the top, or no fragment.
struct LinkTarget: Sendable, Equatable {
  var path: String
  var heading: Int?
  /// The index of the anchor in the document's `anchors`.
  var anchor: Int? = nil
}
