#if canImport(Glibc)
  import Glibc
#endif

/// `/bin/sh` started for a command line the reader hands on (`$VISUAL`,
/// `$BROWSER`): every signal at its default and none blocked, whatever the
/// pager had set, so the program behind the shell acts as from a prompt.
enum ShellStart {
  /// The shell's pid, started with `words` (`/bin/sh` first), `actions`
  /// for its descriptors and `environment` (nil: the reader's own); nil
  /// when it could not start.
  static func spawn(
    _ words: [String], actions: UnsafePointer<posix_spawn_file_actions_t>? = nil,
    environment: [String: String]? = nil
  ) -> pid_t? {
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
    let started = withCStrings(words) { argv in
      guard let environment else {
        return posix_spawn(&child, "/bin/sh", actions, &attributes, argv, environ)
      }
      return withCStrings(environment.map { $0.key + "=" + $0.value }) { envp in
        posix_spawn(&child, "/bin/sh", actions, &attributes, argv, envp)
      }
    }
    return started == 0 ? child : nil
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }
}
