import CGumbo

/// A set of gumbo tags as bits, for the fast path's many "is it one of
/// these" questions in HTML's tree-building rules.
struct HTMLTagSet {
  private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  init(_ tags: [GumboTag]) {
    for tag in tags { insert(tag.rawValue) }
  }

  private mutating func insert(_ tag: UInt32) {
    let bit = UInt64(1) << UInt64(tag & 63)
    switch tag >> 6 {
    case 0: bits.0 |= bit
    case 1: bits.1 |= bit
    case 2: bits.2 |= bit
    default: bits.3 |= bit
    }
  }

  func contains(_ tag: UInt32) -> Bool {
    let bit = UInt64(1) << UInt64(tag & 63)
    switch tag >> 6 {
    case 0: return bits.0 & bit != 0
    case 1: return bits.1 & bit != 0
    case 2: return bits.2 & bit != 0
    default: return bits.3 & bit != 0
    }
  }

  /// Start tags that close an open `<p>` and are then ordinary.
  static let closingParagraph = HTMLTagSet([
    GUMBO_TAG_ADDRESS, GUMBO_TAG_ARTICLE, GUMBO_TAG_ASIDE, GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_CENTER,
    GUMBO_TAG_DETAILS, GUMBO_TAG_DIR, GUMBO_TAG_DIV, GUMBO_TAG_DL, GUMBO_TAG_FIELDSET,
    GUMBO_TAG_FIGCAPTION, GUMBO_TAG_FIGURE, GUMBO_TAG_FOOTER, GUMBO_TAG_HEADER, GUMBO_TAG_HGROUP,
    GUMBO_TAG_MENU, GUMBO_TAG_NAV, GUMBO_TAG_OL, GUMBO_TAG_P, GUMBO_TAG_SECTION, GUMBO_TAG_SUMMARY,
    GUMBO_TAG_UL,
  ])

  /// End tags that close their element when it is in scope.
  static let closingInScope = HTMLTagSet([
    GUMBO_TAG_ADDRESS, GUMBO_TAG_ARTICLE, GUMBO_TAG_ASIDE, GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_BUTTON,
    GUMBO_TAG_CENTER, GUMBO_TAG_DETAILS, GUMBO_TAG_DIR, GUMBO_TAG_DIV, GUMBO_TAG_DL,
    GUMBO_TAG_FIELDSET, GUMBO_TAG_FIGCAPTION, GUMBO_TAG_FIGURE, GUMBO_TAG_FOOTER, GUMBO_TAG_HEADER,
    GUMBO_TAG_HGROUP, GUMBO_TAG_LISTING, GUMBO_TAG_MENU, GUMBO_TAG_NAV, GUMBO_TAG_OL, GUMBO_TAG_PRE,
    GUMBO_TAG_SECTION, GUMBO_TAG_SUMMARY, GUMBO_TAG_UL,
  ])

  static let headings = HTMLTagSet([
    GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4, GUMBO_TAG_H5, GUMBO_TAG_H6,
  ])

  /// Elements kept in the list of active formatting elements.
  static let formatting = HTMLTagSet([
    GUMBO_TAG_A, GUMBO_TAG_B, GUMBO_TAG_BIG, GUMBO_TAG_CODE, GUMBO_TAG_EM, GUMBO_TAG_FONT,
    GUMBO_TAG_I, GUMBO_TAG_S, GUMBO_TAG_SMALL, GUMBO_TAG_STRIKE, GUMBO_TAG_STRONG, GUMBO_TAG_TT,
    GUMBO_TAG_U,
  ])

  /// Void elements inserted and left at once.
  static let void = HTMLTagSet([
    GUMBO_TAG_AREA, GUMBO_TAG_BR, GUMBO_TAG_EMBED, GUMBO_TAG_IMG, GUMBO_TAG_KEYGEN, GUMBO_TAG_WBR,
    GUMBO_TAG_INPUT, GUMBO_TAG_PARAM, GUMBO_TAG_SOURCE, GUMBO_TAG_TRACK,
  ])

  /// Void elements of the head, inserted where they stand in the body.
  static let headVoid = HTMLTagSet([
    GUMBO_TAG_BASE, GUMBO_TAG_BASEFONT, GUMBO_TAG_BGSOUND, GUMBO_TAG_LINK, GUMBO_TAG_META,
  ])

  /// Start tags the fast path leaves to gumbo wherever they stand:
  /// foreign content, templates, forms' controls, frames, ruby, the
  /// elements whose handling changed between gumbo and the standard.
  static let unmodelled = HTMLTagSet([
    GUMBO_TAG_TEMPLATE, GUMBO_TAG_SVG, GUMBO_TAG_MATH, GUMBO_TAG_MENUITEM, GUMBO_TAG_FRAMESET,
    GUMBO_TAG_MAIN, GUMBO_TAG_FORM, GUMBO_TAG_PLAINTEXT, GUMBO_TAG_NOBR, GUMBO_TAG_APPLET,
    GUMBO_TAG_MARQUEE, GUMBO_TAG_OBJECT, GUMBO_TAG_IMAGE, GUMBO_TAG_ISINDEX, GUMBO_TAG_SELECT,
    GUMBO_TAG_OPTION, GUMBO_TAG_OPTGROUP, GUMBO_TAG_RP, GUMBO_TAG_RT, GUMBO_TAG_RB, GUMBO_TAG_RTC,
    GUMBO_TAG_NOSCRIPT, GUMBO_TAG_FRAME, GUMBO_TAG_COL, GUMBO_TAG_COLGROUP,
  ])

  /// Elements whose end closes nothing past them (HTML's "special").
  static let special = HTMLTagSet([
    GUMBO_TAG_ADDRESS, GUMBO_TAG_APPLET, GUMBO_TAG_AREA, GUMBO_TAG_ARTICLE, GUMBO_TAG_ASIDE,
    GUMBO_TAG_BASE, GUMBO_TAG_BASEFONT, GUMBO_TAG_BGSOUND, GUMBO_TAG_BLOCKQUOTE, GUMBO_TAG_BODY,
    GUMBO_TAG_BR, GUMBO_TAG_BUTTON, GUMBO_TAG_CAPTION, GUMBO_TAG_CENTER, GUMBO_TAG_COL,
    GUMBO_TAG_COLGROUP, GUMBO_TAG_MENUITEM, GUMBO_TAG_DD, GUMBO_TAG_DETAILS, GUMBO_TAG_DIR,
    GUMBO_TAG_DIV, GUMBO_TAG_DL, GUMBO_TAG_DT, GUMBO_TAG_EMBED, GUMBO_TAG_FIELDSET,
    GUMBO_TAG_FIGCAPTION, GUMBO_TAG_FIGURE, GUMBO_TAG_FOOTER, GUMBO_TAG_FORM, GUMBO_TAG_FRAME,
    GUMBO_TAG_FRAMESET, GUMBO_TAG_H1, GUMBO_TAG_H2, GUMBO_TAG_H3, GUMBO_TAG_H4, GUMBO_TAG_H5,
    GUMBO_TAG_H6, GUMBO_TAG_HEAD, GUMBO_TAG_HEADER, GUMBO_TAG_HGROUP, GUMBO_TAG_HR, GUMBO_TAG_HTML,
    GUMBO_TAG_IFRAME, GUMBO_TAG_IMG, GUMBO_TAG_INPUT, GUMBO_TAG_ISINDEX, GUMBO_TAG_LI,
    GUMBO_TAG_LINK, GUMBO_TAG_LISTING, GUMBO_TAG_MARQUEE, GUMBO_TAG_MENU, GUMBO_TAG_META,
    GUMBO_TAG_NAV, GUMBO_TAG_NOEMBED, GUMBO_TAG_NOFRAMES, GUMBO_TAG_NOSCRIPT, GUMBO_TAG_OBJECT,
    GUMBO_TAG_OL, GUMBO_TAG_P, GUMBO_TAG_PARAM, GUMBO_TAG_PLAINTEXT, GUMBO_TAG_PRE,
    GUMBO_TAG_SCRIPT, GUMBO_TAG_SECTION, GUMBO_TAG_SELECT, GUMBO_TAG_SOURCE, GUMBO_TAG_STYLE,
    GUMBO_TAG_SUMMARY, GUMBO_TAG_TABLE, GUMBO_TAG_TBODY, GUMBO_TAG_TD, GUMBO_TAG_TEMPLATE,
    GUMBO_TAG_TEXTAREA, GUMBO_TAG_TFOOT, GUMBO_TAG_TH, GUMBO_TAG_THEAD, GUMBO_TAG_TITLE,
    GUMBO_TAG_TR, GUMBO_TAG_TRACK, GUMBO_TAG_UL, GUMBO_TAG_WBR, GUMBO_TAG_XMP, GUMBO_TAG_MAIN,
  ])

  /// Where "in scope" stops looking (foreign content is never modelled).
  static let scopeBoundary = HTMLTagSet([
    GUMBO_TAG_APPLET, GUMBO_TAG_CAPTION, GUMBO_TAG_HTML, GUMBO_TAG_TABLE, GUMBO_TAG_TD,
    GUMBO_TAG_TH, GUMBO_TAG_MARQUEE, GUMBO_TAG_OBJECT, GUMBO_TAG_TEMPLATE,
  ])
  static let buttonScopeBoundary = HTMLTagSet([
    GUMBO_TAG_APPLET, GUMBO_TAG_CAPTION, GUMBO_TAG_HTML, GUMBO_TAG_TABLE, GUMBO_TAG_TD,
    GUMBO_TAG_TH, GUMBO_TAG_MARQUEE, GUMBO_TAG_OBJECT, GUMBO_TAG_TEMPLATE, GUMBO_TAG_BUTTON,
  ])
  static let listScopeBoundary = HTMLTagSet([
    GUMBO_TAG_APPLET, GUMBO_TAG_CAPTION, GUMBO_TAG_HTML, GUMBO_TAG_TABLE, GUMBO_TAG_TD,
    GUMBO_TAG_TH, GUMBO_TAG_MARQUEE, GUMBO_TAG_OBJECT, GUMBO_TAG_TEMPLATE, GUMBO_TAG_OL,
    GUMBO_TAG_UL,
  ])
  static let tableScopeBoundary = HTMLTagSet([
    GUMBO_TAG_HTML, GUMBO_TAG_TABLE, GUMBO_TAG_TEMPLATE,
  ])

  /// Elements whose end tags are implied by what follows.
  static let impliedEnd = HTMLTagSet([GUMBO_TAG_DD, GUMBO_TAG_DT, GUMBO_TAG_LI, GUMBO_TAG_P])

  /// The elements of a table's structure, innermost of which sets the mode.
  static let tableStructure = HTMLTagSet([
    GUMBO_TAG_TABLE, GUMBO_TAG_CAPTION, GUMBO_TAG_TBODY, GUMBO_TAG_THEAD, GUMBO_TAG_TFOOT,
    GUMBO_TAG_TR, GUMBO_TAG_TD, GUMBO_TAG_TH,
  ])
  static let tableSections = HTMLTagSet([GUMBO_TAG_TBODY, GUMBO_TAG_THEAD, GUMBO_TAG_TFOOT])
  static let cells = HTMLTagSet([GUMBO_TAG_TD, GUMBO_TAG_TH])
}
