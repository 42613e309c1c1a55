/// Where a link leads: a document, and the heading in it its fragment
/// names, or else the anchor written as HTML (`<a id>`, `<a name>`, any
/// element's `id`) it names; both nil for the top, or no fragment.
public struct LinkTarget: Sendable, Equatable {
  public var path: String
  public var heading: Int?
  /// The index of the anchor in the document's `anchors`.
  public var anchor: Int? = nil

  public init(path: String, heading: Int?, anchor: Int? = nil) {
    self.path = path
    self.heading = heading
    self.anchor = anchor
  }
}
