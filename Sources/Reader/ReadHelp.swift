import Cells

/// The keys of `isle read`, as `h` shows them: the keys in one column,
/// what they do in the next, which starts at the same cell on every row.
public enum ReadHelp {
  /// Keys and what they do.
  public static let keys: [(keys: String, does: String)] = [
    ("j  k  ↓  ↑  Return", "a line down, up (N j: N lines; Ctrl-N Ctrl-P too)"),
    ("Space  f  b", "a page down, up (PageDown PageUp, Ctrl-F Ctrl-B too)"),
    ("d  u", "half a page down, up (Ctrl-D Ctrl-U too)"),
    ("g  G", "the top, the end; N g: line N; N %: N percent in"),
    ("←  →", "code and tables wider than the window, sideways"),
    ("]  [", "next, previous section"),
    ("}  {", "next, previous at the same level or higher"),
    ("/  ?", "search forward, backward (n N: again, through a book)"),
    ("m a   ' a", "mark the top line as a (any letter); go back to it"),
    ("' '", "back to where the last jump began"),
    ("l  L", "the next, previous link; Return follows it"),
    ("B  F", "back (Backspace), forward: links, chapters, searches"),
    ("U", "the first section not read (read ones are marked ✓)"),
    ("v", "the document in $VISUAL or $EDITOR, at the top line"),
    ("Tab  t", "the contents: type to filter, Return jumps"),
    ("=", "where you are, in lines and bytes"),
    ("h  q", "these keys; leave (the place is kept for next time)"),
    ("Ctrl-Z", "stop isle, as in less (fg brings it back)"),
  ]

  static let lines: [String] = {
    let column = keys.map { Cells.width(of: $0.keys) }.max()! + 5
    let rows = keys.map { row in
      let key = "  " + row.keys
      return key + String(repeating: " ", count: column - Cells.width(of: key)) + row.does
    }
    return ["isle read: the keys (any key goes back to the page)", ""] + rows + [
      "",
      "  The mouse wheel scrolls; a click on the island opens the contents,",
      "  a click on a link follows it.",
    ]
  }()
}
