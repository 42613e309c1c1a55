import Outline
import Slugs

/// What `--slug` asks for: one id flavour for every document, or `auto`,
/// each document's from the project it lives in (`SlugFlavorDetector`;
/// standard input's is GitHub's).
package enum SlugChoice: Sendable, Equatable {
  case auto
  case fixed(SlugFlavor)

  /// Every name `--slug` takes, `auto` first.
  package static let names = ["auto"] + SlugFlavor.allCases.map(\.rawValue)

  /// The choice named `name`, if it is one.
  package init?(_ name: String) {
    if name == "auto" {
      self = .auto
    } else if let flavor = SlugFlavor(rawValue: name) {
      self = .fixed(flavor)
    } else {
      return nil
    }
  }
}
