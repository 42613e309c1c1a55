#if canImport(Glibc)
  import Glibc
#endif

/// `$BROWSER` given a link the reader does not follow itself: started
/// apart from the pager (its input and output `/dev/null`, not waited
/// for), as `xdg-open` and a desktop browser are; a browser that needs
/// the terminal is not given it.
enum ReadBrowser {
  /// Starts `browser` (a command line the shell splits, as `$VISUAL`
  /// is) on `target`; false when the shell could not start.
  static func open(_ target: String, with browser: String) -> Bool {
    let words = [
      "/bin/sh", "-c", browser + " \"$1\" </dev/null >/dev/null 2>&1 &", "sh", target,
    ]
    guard let child = ShellStart.spawn(words) else { return false }
    // The shell ends as soon as the browser is started behind it.
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return status == 0
  }
}
