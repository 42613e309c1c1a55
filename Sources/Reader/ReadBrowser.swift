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
    var pointers: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var child: pid_t = 0
    let started = pointers.withUnsafeBufferPointer {
      posix_spawn(&child, "/bin/sh", nil, &attributes, $0.baseAddress!, environ)
    }
    guard started == 0 else { return false }
    // The shell ends as soon as the browser is started behind it.
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return status == 0
  }
}
