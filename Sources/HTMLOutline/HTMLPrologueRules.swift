import CGumbo

/// HTML's rules before the body: the doctype, `<html>`, the head.
extension HTMLTreeModel {
  mutating func prologue(_ token: HTMLTokenizer.Token) throws(UnmodelledError) {
    // Text: its leading white space goes by these rules, the rest as
    // anything else would.
    if case .text(let range) = token {
      var split = range.lowerBound
      while split < range.upperBound, HTMLTokenizer.isSpace(tokenizer.bytes[split]) { split += 1 }
      if split > range.lowerBound {
        switch mode {
        case .inHead, .afterHead: addText(range.lowerBound..<split)
        default: break
        }
      }
      if split < range.upperBound { try prologueOther(.text(split..<range.upperBound)) }
      return
    }
    switch (mode, token) {
    case (.initial, .doctype): mode = .beforeHTML
    case (.initial, .comment): break
    case (.initial, _): throw UnmodelledError()
    case (_, .doctype): break
    case (.beforeHTML, .comment): break
    case (_, .comment): comment()
    case (.beforeHTML, .start(GUMBO_TAG_HTML.rawValue, _, let offset, _)):
      insert(tag: GUMBO_TAG_HTML.rawValue, offset: offset, attributes: attributes())
      mode = .beforeHead
    case (_, .start(GUMBO_TAG_HTML.rawValue, _, _, _)):
      try mergesAttributes()
    case (.beforeHead, .start(GUMBO_TAG_HEAD.rawValue, _, let offset, _)):
      insert(tag: GUMBO_TAG_HEAD.rawValue, offset: offset, attributes: attributes())
      mode = .inHead
    case (.inHead, .start(let tag, _, let offset, _)) where HTMLTagSet.headVoid.contains(tag):
      insert(tag: tag, offset: offset, attributes: attributes())
      try pop()
    case (.inHead, .start(GUMBO_TAG_TITLE.rawValue, _, let offset, _)):
      insert(tag: GUMBO_TAG_TITLE.rawValue, offset: offset, attributes: attributes())
      try rawText("title", decoded: true)
    case (.inHead, .start(let tag, _, let offset, _))
    where tag == GUMBO_TAG_STYLE.rawValue || tag == GUMBO_TAG_NOFRAMES.rawValue
      || tag == GUMBO_TAG_SCRIPT.rawValue:
      insert(tag: tag, offset: offset, attributes: attributes())
      try rawText(String(cString: gumbo_normalized_tagname(GumboTag(tag))), decoded: false)
    case (.inHead, .start(let tag, _, _, _))
    where tag == GUMBO_TAG_NOSCRIPT.rawValue || tag == GUMBO_TAG_TEMPLATE.rawValue:
      throw UnmodelledError()
    case (.inHead, .end(GUMBO_TAG_HEAD.rawValue, _)):
      try pop()
      mode = .afterHead
    case (.inHead, .end(GUMBO_TAG_TEMPLATE.rawValue, _)): throw UnmodelledError()
    case (.afterHead, .start(GUMBO_TAG_BODY.rawValue, _, let offset, _)):
      insert(tag: GUMBO_TAG_BODY.rawValue, offset: offset, attributes: attributes())
      mode = .inBody
    case (.afterHead, .start(let tag, _, _, _))
    where HTMLTagSet.headVoid.contains(tag) || tag == GUMBO_TAG_FRAMESET.rawValue
      || tag == GUMBO_TAG_NOFRAMES.rawValue || tag == GUMBO_TAG_SCRIPT.rawValue
      || tag == GUMBO_TAG_STYLE.rawValue || tag == GUMBO_TAG_TEMPLATE.rawValue
      || tag == GUMBO_TAG_TITLE.rawValue:
      throw UnmodelledError()
    case (.inHead, .start(GUMBO_TAG_HEAD.rawValue, _, _, _)),
      (.afterHead, .start(GUMBO_TAG_HEAD.rawValue, _, _, _)):
      break
    case (_, .end(let tag, _))
    where tag != GUMBO_TAG_HEAD.rawValue && tag != GUMBO_TAG_BODY.rawValue
      && tag != GUMBO_TAG_HTML.rawValue && tag != GUMBO_TAG_BR.rawValue:
      // Other end tags are dropped before the body.
      break
    case (.afterHead, .end(GUMBO_TAG_HEAD.rawValue, _)): break
    default:
      try prologueOther(token)
    }
  }

  /// What is not of the prologue implies the elements up to the body.
  private mutating func prologueOther(_ token: HTMLTokenizer.Token) throws(UnmodelledError) {
    let offset = tokenizer.position
    switch mode {
    case .beforeHTML:
      insert(tag: GUMBO_TAG_HTML.rawValue, offset: offset)
      mode = .beforeHead
    case .beforeHead:
      if case .end(let tag, _) = token, tag == GUMBO_TAG_HEAD.rawValue {
        // `</head>` before a head is dropped... only as gumbo does, which
        // is to imply the head: not modelled.
        throw UnmodelledError()
      }
      insert(tag: GUMBO_TAG_HEAD.rawValue, offset: offset)
      mode = .inHead
    case .inHead:
      try pop()
      mode = .afterHead
    case .afterHead:
      insert(tag: GUMBO_TAG_BODY.rawValue, offset: offset)
      mode = .inBody
    default:
      throw UnmodelledError()
    }
    if case .end_of_file = token { return }
    try process(token)
  }
}
