/// A heading as a reader found it, before levels and ids are decided.
struct FoundHeading: Equatable {
  var level: Int
  var title: String
  /// Where it starts in the raw bytes: the first byte of its first line
  /// (Markdown) or of its start tag (HTML).
  var offset: Int
  /// Its own `id`, or its first child anchor's `id` or `name` (HTML).
  var explicitID: String? = nil
}
