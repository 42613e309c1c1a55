import Outline
import Progress

extension Bar {
  /// The bar for a reader at `place` in `document`, its words, glyphs and
  /// colours from `copy` and `theme`, at most `width` cells; nil before the
  /// first section. The top mark shows past the first unless `top` is false.
  public init?(
    at place: Place, in document: Document, top: Bool, copy: Wording, theme: Theme, width: Int
  ) {
    guard let index = place.currentIndex else { return nil }
    let section = document.sections[index]
    self.init(
      title: section.title, number: section.number, count: document.sections.count,
      fraction: place.fraction, top: top, copy: copy, theme: theme, width: width,
      left: copy.timeLeft(from: place, in: document))
  }
}
