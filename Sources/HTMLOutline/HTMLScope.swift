/// Which part of an HTML page is outlined: pages as published carry
/// navigation, sidebars and footers whose headings ("Main navigation",
/// "Subscribe") are not the article's.
public enum HTMLScope: Sendable, Equatable {
  /// The whole page, as `querySelectorAll("h1,h2,h3,h4,h5,h6")` sees it.
  case whole
  /// The page's one `<main>`, else its one `<article>`, else the whole page.
  case auto
  /// The first element the selector matches, in tree order; a page where
  /// none matches has no sections.
  case within(CSSSelector)
}
