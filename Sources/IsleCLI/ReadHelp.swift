/// The keys of `isle read`, as `h` shows them.
enum ReadHelp {
  static let lines = [
    "isle read: the keys",
    "",
    "  j  k  ↓  ↑  Return     a line down, up (N j: N lines)",
    "  Space  f  b  PageDown  PageUp   a page down, up",
    "  d  u                   half a page down, up",
    "  Ctrl-F Ctrl-B Ctrl-D Ctrl-U Ctrl-N Ctrl-P   as in less",
    "  g  Home  <   G  End  > the top, the end (N g: line N)",
    "  N %                    N percent of the way in",
    "  ←  →                   code and tables wider than the window, sideways",
    "  ]  [                   next, previous section",
    "  }  {                   next, previous at the same level or higher",
    "  /  ?                   search forward, backward (n, N: again)",
    "                         Ctrl-C stops a long one",
    "  Tab  t                 the contents: type to filter, Return jumps,",
    "                         Escape closes",
    "  =                      where you are, in lines and bytes",
    "  h                      these keys",
    "  q                      leave (the place is kept for next time)",
    "",
    "  The mouse wheel scrolls; a click on the island opens the contents;",
    "  a click on a link to a section goes there.",
    "",
    "  Any key goes back to the page.",
  ]
}
