import CGumbo

/// HTML's rules inside a table, as far as the fast path models them: the
/// table's structure and its cells, with no text outside a cell but white
/// space (gumbo would foster it out of the table).
extension HTMLTreeModel {
  /// Handles `token` in the table mode `context` (the innermost table
  /// element open) sets; false when the body's rules apply.
  mutating func inTable(_ token: HTMLTokenizer.Token, context: UInt32) throws(UnmodelledError) -> Bool {
    let tag: UInt32
    let isStart: Bool
    switch token {
    case .start(let start, _, _, _):
      tag = start
      isStart = true
    case .end(let end, _):
      tag = end
      isStart = false
    case .text(let range):
      if HTMLTagSet.cells.contains(context) || context == GUMBO_TAG_CAPTION.rawValue {
        return false
      }
      guard isWhitespace(range) else { throw UnmodelledError() }
      addText(range)
      return true
    case .comment, .doctype, .end_of_file:
      return false
    }
    switch context {
    case GUMBO_TAG_TD.rawValue, GUMBO_TAG_TH.rawValue:
      return try inCell(tag: tag, isStart: isStart, token: token)
    case GUMBO_TAG_CAPTION.rawValue:
      return try inCaption(tag: tag, isStart: isStart, token: token)
    case GUMBO_TAG_TR.rawValue:
      return try inRow(tag: tag, isStart: isStart, token: token)
    case GUMBO_TAG_TABLE.rawValue:
      return try inTableProper(tag: tag, isStart: isStart, token: token)
    default:
      return try inSection(tag: tag, isStart: isStart, token: token)
    }
  }

  /// Pops back to the nearest of `tags` (or `<html>`).
  private mutating func clear(to tags: HTMLTagSet) throws(UnmodelledError) {
    while !tags.contains(current.tag) && current.tag != GUMBO_TAG_HTML.rawValue { try pop() }
  }

  /// Closes the table section or row `context` names, and reads `token`
  /// again in the mode that leaves the parser in.
  private mutating func close(_ context: HTMLTagSet, reading token: HTMLTokenizer.Token)
    throws(UnmodelledError)
  {
    try clear(to: context)
    try pop()
    try inBody(token)
  }

  private static let tableContext = HTMLTagSet([GUMBO_TAG_TABLE])
  private static let sectionContext = HTMLTagSet([
    GUMBO_TAG_TBODY, GUMBO_TAG_THEAD, GUMBO_TAG_TFOOT,
  ])
  private static let rowContext = HTMLTagSet([GUMBO_TAG_TR])
  private static let tableParts = HTMLTagSet([
    GUMBO_TAG_CAPTION, GUMBO_TAG_COL, GUMBO_TAG_COLGROUP, GUMBO_TAG_TBODY, GUMBO_TAG_TD,
    GUMBO_TAG_TFOOT, GUMBO_TAG_TH, GUMBO_TAG_THEAD, GUMBO_TAG_TR,
  ])
  private static let ignoredEnds = HTMLTagSet([
    GUMBO_TAG_BODY, GUMBO_TAG_CAPTION, GUMBO_TAG_COL, GUMBO_TAG_COLGROUP, GUMBO_TAG_HTML,
    GUMBO_TAG_TBODY, GUMBO_TAG_TD, GUMBO_TAG_TFOOT, GUMBO_TAG_TH, GUMBO_TAG_THEAD, GUMBO_TAG_TR,
  ])

  private func offset(of token: HTMLTokenizer.Token) -> Int {
    if case .start(_, _, let offset, _) = token { return offset }
    return tokenizer.position
  }

  private mutating func inTableProper(tag: UInt32, isStart: Bool, token: HTMLTokenizer.Token)
    throws(UnmodelledError) -> Bool
  {
    if isStart {
      switch tag {
      case GUMBO_TAG_CAPTION.rawValue:
        try clear(to: Self.tableContext)
        insert(tag: tag, offset: offset(of: token), attributes: attributes())
      case GUMBO_TAG_TBODY.rawValue, GUMBO_TAG_THEAD.rawValue, GUMBO_TAG_TFOOT.rawValue:
        try clear(to: Self.tableContext)
        insert(tag: tag, offset: offset(of: token), attributes: attributes())
      case GUMBO_TAG_TD.rawValue, GUMBO_TAG_TH.rawValue, GUMBO_TAG_TR.rawValue:
        try clear(to: Self.tableContext)
        insert(tag: GUMBO_TAG_TBODY.rawValue, offset: offset(of: token))
        try inBody(token)
      case GUMBO_TAG_STYLE.rawValue, GUMBO_TAG_SCRIPT.rawValue:
        return false
      default:
        throw UnmodelledError()
      }
      return true
    }
    switch tag {
    case GUMBO_TAG_TABLE.rawValue:
      while true {
        let popped = current.tag
        try pop()
        if popped == GUMBO_TAG_TABLE.rawValue { break }
      }
    case _ where Self.ignoredEnds.contains(tag): break
    default: throw UnmodelledError()
    }
    return true
  }

  private mutating func inSection(tag: UInt32, isStart: Bool, token: HTMLTokenizer.Token)
    throws(UnmodelledError) -> Bool
  {
    switch (isStart, tag) {
    case (true, GUMBO_TAG_TR.rawValue):
      try clear(to: Self.sectionContext)
      insert(tag: tag, offset: offset(of: token), attributes: attributes())
    case (true, GUMBO_TAG_TD.rawValue), (true, GUMBO_TAG_TH.rawValue):
      try clear(to: Self.sectionContext)
      insert(tag: GUMBO_TAG_TR.rawValue, offset: offset(of: token))
      try inBody(token)
    case (false, _) where Self.sectionContext.contains(tag):
      guard inScope(tag, boundary: .tableScopeBoundary) else { return true }
      try clear(to: Self.sectionContext)
      try pop()
    case (true, _) where Self.tableParts.contains(tag) && !HTMLTagSet.cells.contains(tag),
      (false, GUMBO_TAG_TABLE.rawValue):
      try close(Self.sectionContext, reading: token)
    case (false, _) where Self.ignoredEnds.contains(tag): break
    default:
      return try inTableProper(tag: tag, isStart: isStart, token: token)
    }
    return true
  }

  private mutating func inRow(tag: UInt32, isStart: Bool, token: HTMLTokenizer.Token)
    throws(UnmodelledError) -> Bool
  {
    switch (isStart, tag) {
    case (true, GUMBO_TAG_TD.rawValue), (true, GUMBO_TAG_TH.rawValue):
      try clear(to: Self.rowContext)
      insert(tag: tag, offset: offset(of: token), attributes: attributes())
    case (false, GUMBO_TAG_TR.rawValue):
      try clear(to: Self.rowContext)
      try pop()
    case (true, _) where Self.tableParts.contains(tag),
      (false, GUMBO_TAG_TABLE.rawValue):
      try close(Self.rowContext, reading: token)
    case (false, _) where Self.sectionContext.contains(tag):
      guard inScope(tag, boundary: .tableScopeBoundary) else { return true }
      try close(Self.rowContext, reading: token)
    case (false, _) where Self.ignoredEnds.contains(tag): break
    default:
      return try inTableProper(tag: tag, isStart: isStart, token: token)
    }
    return true
  }

  /// Ends the open cell: its formatting elements go with it.
  private mutating func closeCell() throws(UnmodelledError) {
    try generateImpliedEnds()
    while true {
      let popped = current.tag
      try pop(clearsFormatting: true)
      if HTMLTagSet.cells.contains(popped) { return }
    }
  }

  private mutating func inCell(tag: UInt32, isStart: Bool, token: HTMLTokenizer.Token)
    throws(UnmodelledError) -> Bool
  {
    switch (isStart, tag) {
    case (false, _) where HTMLTagSet.cells.contains(tag):
      guard inScope(tag, boundary: .tableScopeBoundary) else { return true }
      try generateImpliedEnds()
      while true {
        let popped = current.tag
        try pop(clearsFormatting: true)
        if popped == tag { break }
      }
    case (true, _) where Self.tableParts.contains(tag):
      try closeCell()
      try inBody(token)
    case (false, GUMBO_TAG_BODY.rawValue), (false, GUMBO_TAG_CAPTION.rawValue),
      (false, GUMBO_TAG_COL.rawValue), (false, GUMBO_TAG_COLGROUP.rawValue),
      (false, GUMBO_TAG_HTML.rawValue):
      break
    case (false, _)
    where tag == GUMBO_TAG_TABLE.rawValue || Self.sectionContext.contains(tag)
      || tag == GUMBO_TAG_TR.rawValue:
      guard inScope(tag, boundary: .tableScopeBoundary) else { return true }
      try closeCell()
      try inBody(token)
    default:
      return false
    }
    return true
  }

  private mutating func inCaption(tag: UInt32, isStart: Bool, token: HTMLTokenizer.Token)
    throws(UnmodelledError) -> Bool
  {
    switch (isStart, tag) {
    case (false, GUMBO_TAG_CAPTION.rawValue):
      try generateImpliedEnds()
      while true {
        let popped = current.tag
        try pop(clearsFormatting: true)
        if popped == GUMBO_TAG_CAPTION.rawValue { break }
      }
    case (true, _) where Self.tableParts.contains(tag), (false, GUMBO_TAG_TABLE.rawValue):
      _ = try inCaption(tag: GUMBO_TAG_CAPTION.rawValue, isStart: false, token: token)
      try inBody(token)
    case (false, _) where Self.ignoredEnds.contains(tag) && tag != GUMBO_TAG_CAPTION.rawValue:
      break
    default:
      return false
    }
    return true
  }
}
