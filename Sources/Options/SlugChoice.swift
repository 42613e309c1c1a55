import Outline
import Slugs

/// What `--slug` asks for: one id flavour for every document, or `auto`,
/// each document's from the project it lives in (`SlugFlavorDetector`;
/// standard input's is GitHub's).
enum SlugChoice: Sendable, Equatable {
  case auto
  case fixed(SlugFlavor)

  /// Every name `--slug` takes, `auto` first.
  static let names = ["auto"] + SlugFlavor.allCases.map(\.rawValue)

  /// The choice named `name`, if it is one.
  init?(_ name: String) {
    if name == "auto" {
      self = .auto
    } else if let flavor = SlugFlavor(rawValue: name) {
      self = .fixed(flavor)
    } else {
      return nil
    }
  }
}
