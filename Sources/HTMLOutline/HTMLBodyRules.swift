import CGumbo

/// HTML's "in body" rules, as far as the fast path models them.
extension HTMLTreeModel {
  mutating func bodyRules(_ token: HTMLTokenizer.Token) throws(UnmodelledError) {
    switch token {
    case .text(let range): addText(range)
    case .comment: comment()
    case .doctype, .end_of_file: break
    case .start(let tag, let name, let offset, _):
      try bodyStart(tag: tag, name: name, offset: offset)
    case .end(let tag, let name):
      try bodyEnd(tag: tag, name: name)
    }
  }

  /// `<html>` or `<body>` again: gumbo adds their attributes to the first.
  func mergesAttributes() throws(UnmodelledError) {
    let attributes = attributes()
    if attributes.has("id") || attributes.has("hidden") { throw UnmodelledError() }
  }

  mutating func bodyStart(tag: UInt32, name: UInt64, offset: Int) throws(UnmodelledError) {
    if HTMLTagSet.unmodelled.contains(tag) { throw UnmodelledError() }
    if findsScope && tag == GUMBO_TAG_ARTICLE.rawValue { throw UnmodelledError() }
    let attributes = attributes()
    switch tag {
    case GUMBO_TAG_HTML.rawValue, GUMBO_TAG_BODY.rawValue:
      try mergesAttributes()
    case _ where HTMLTagSet.headVoid.contains(tag):
      insert(tag: tag, offset: offset, attributes: attributes)
      try pop()
    case GUMBO_TAG_STYLE.rawValue, GUMBO_TAG_NOFRAMES.rawValue, GUMBO_TAG_SCRIPT.rawValue,
      GUMBO_TAG_IFRAME.rawValue, GUMBO_TAG_NOEMBED.rawValue:
      insert(tag: tag, offset: offset, attributes: attributes)
      try rawText(String(cString: gumbo_normalized_tagname(GumboTag(tag))), decoded: false)
    case GUMBO_TAG_XMP.rawValue:
      try closeParagraph()
      insert(tag: tag, offset: offset, attributes: attributes)
      try rawText("xmp", decoded: false)
    case GUMBO_TAG_TITLE.rawValue:
      insert(tag: tag, offset: offset, attributes: attributes)
      try rawText("title", decoded: true)
    case GUMBO_TAG_TEXTAREA.rawValue:
      insert(tag: tag, offset: offset, attributes: attributes)
      tokenizer.skipLineFeed()
      try rawText("textarea", decoded: true)
    case _ where HTMLTagSet.closingParagraph.contains(tag):
      try closeParagraph()
      insert(tag: tag, offset: offset, attributes: attributes)
    case _ where HTMLTagSet.headings.contains(tag):
      try closeParagraph()
      if HTMLTagSet.headings.contains(current.tag) { try pop() }
      insert(tag: tag, offset: offset, attributes: attributes)
    case GUMBO_TAG_PRE.rawValue, GUMBO_TAG_LISTING.rawValue:
      try closeParagraph()
      insert(tag: tag, offset: offset, attributes: attributes)
      tokenizer.skipLineFeed()
    case GUMBO_TAG_LI.rawValue, GUMBO_TAG_DD.rawValue, GUMBO_TAG_DT.rawValue:
      try closeListItem(tag)
      try closeParagraph()
      insert(tag: tag, offset: offset, attributes: attributes)
    case GUMBO_TAG_BUTTON.rawValue:
      if inScope(GUMBO_TAG_BUTTON.rawValue) { throw UnmodelledError() }
      insert(tag: tag, offset: offset, attributes: attributes)
    case _ where HTMLTagSet.formatting.contains(tag):
      // `<a>` inside `<a>`, and a fourth like element (the "Noah's Ark"
      // clause), make gumbo rebuild the list of formatting elements.
      var alike = 0
      for open in stack.reversed() {
        if HTMLTagSet.cells.contains(open.tag) || open.tag == GUMBO_TAG_CAPTION.rawValue { break }
        if open.tag == tag { alike += 1 }
      }
      if alike >= (tag == GUMBO_TAG_A.rawValue ? 1 : 3) { throw UnmodelledError() }
      insert(tag: tag, offset: offset, attributes: attributes)
    case GUMBO_TAG_TABLE.rawValue:
      try closeParagraph()
      insert(tag: tag, offset: offset, attributes: attributes)
    case _ where HTMLTagSet.void.contains(tag):
      insert(tag: tag, offset: offset, attributes: attributes)
      try pop()
    case GUMBO_TAG_HR.rawValue:
      try closeParagraph()
      insert(tag: tag, offset: offset, attributes: attributes)
      try pop()
    case GUMBO_TAG_CAPTION.rawValue, GUMBO_TAG_HEAD.rawValue, GUMBO_TAG_TBODY.rawValue,
      GUMBO_TAG_TD.rawValue, GUMBO_TAG_TFOOT.rawValue, GUMBO_TAG_TH.rawValue,
      GUMBO_TAG_THEAD.rawValue, GUMBO_TAG_TR.rawValue:
      break
    default:
      insert(tag: tag, name: name, offset: offset, attributes: attributes)
    }
  }

  /// `<li>`, `<dd>`, `<dt>` end the item open before them.
  private mutating func closeListItem(_ tag: UInt32) throws(UnmodelledError) {
    let isItem = tag == GUMBO_TAG_LI.rawValue
    for open in stack.reversed() {
      let matches =
        isItem
        ? open.tag == GUMBO_TAG_LI.rawValue
        : open.tag == GUMBO_TAG_DD.rawValue || open.tag == GUMBO_TAG_DT.rawValue
      if matches {
        try close(open.tag)
        return
      }
      if HTMLTagSet.special.contains(open.tag) && open.tag != GUMBO_TAG_ADDRESS.rawValue
        && open.tag != GUMBO_TAG_DIV.rawValue && open.tag != GUMBO_TAG_P.rawValue
      {
        return
      }
    }
  }

  mutating func bodyEnd(tag: UInt32, name: UInt64) throws(UnmodelledError) {
    switch tag {
    case GUMBO_TAG_BODY.rawValue, GUMBO_TAG_HTML.rawValue:
      if inScope(GUMBO_TAG_BODY.rawValue) { mode = .afterBody }
    case GUMBO_TAG_MAIN.rawValue, GUMBO_TAG_FORM.rawValue, GUMBO_TAG_BR.rawValue,
      GUMBO_TAG_APPLET.rawValue, GUMBO_TAG_MARQUEE.rawValue, GUMBO_TAG_OBJECT.rawValue,
      GUMBO_TAG_NOBR.rawValue, GUMBO_TAG_TEMPLATE.rawValue:
      throw UnmodelledError()
    case _ where HTMLTagSet.closingInScope.contains(tag):
      if inScope(tag) { try close(tag) }
    case GUMBO_TAG_P.rawValue:
      if !inScope(tag, boundary: .buttonScopeBoundary) {
        insert(tag: tag, offset: tokenizer.position)
      }
      try close(tag)
    case GUMBO_TAG_LI.rawValue:
      if inScope(tag, boundary: .listScopeBoundary) { try close(tag) }
    case GUMBO_TAG_DD.rawValue, GUMBO_TAG_DT.rawValue:
      if inScope(tag) { try close(tag) }
    case _ where HTMLTagSet.headings.contains(tag):
      guard headingInScope() else { return }
      try generateImpliedEnds()
      while true {
        let popped = current.tag
        try pop()
        if HTMLTagSet.headings.contains(popped) { return }
      }
    case _ where HTMLTagSet.formatting.contains(tag):
      // The adoption agency's simple case: the element is the current node.
      for open in stack.reversed() {
        if HTMLTagSet.cells.contains(open.tag) || open.tag == GUMBO_TAG_CAPTION.rawValue { break }
        if open.tag == tag {
          guard open.node == current.node else { throw UnmodelledError() }
          try pop(clearsFormatting: true)
          return
        }
      }
      try otherEnd(tag: tag, name: name)
    default:
      try otherEnd(tag: tag, name: name)
    }
  }

  /// Any other end tag: closes the nearest element of that name, unless a
  /// special element stands before it.
  private mutating func otherEnd(tag: UInt32, name: UInt64) throws(UnmodelledError) {
    let unknown = GUMBO_TAG_UNKNOWN.rawValue
    for open in stack.reversed() {
      if open.tag == tag {
        // gumbo's older releases match any unknown element to any unknown
        // end tag, newer ones only by name: alike only when they agree.
        if tag == unknown && open.name != name { throw UnmodelledError() }
        try generateImpliedEnds(except: tag)
        while true {
          let popped = current.node
          try pop()
          if popped == open.node { return }
        }
      }
      if HTMLTagSet.special.contains(open.tag) { return }
    }
  }
}
