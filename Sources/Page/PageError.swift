import Outline

/// Why a document has no page.
public enum PageError: Error, Equatable, Sendable {
  /// The outline refuses it (HTML nested deeper than allowed).
  case outline(OutlineError)
  /// An HTML page in which nothing matches the selector `--within` names
  /// (written as given).
  case nothingWithin(String)
}
