#if canImport(Glibc)
  import Glibc
#endif

/// What puts the terminal back however isle ends: the modes it found and
/// the bytes that undo what it drew (the picker's region cleared, mouse
/// reporting off, the cursor shown).
///
/// Everything a signal handler reads lives in memory allocated once, before
/// any handler can run, and is read with plain loads: no Swift array, no
/// lock, no allocation. `restore` makes only async-signal-safe calls
/// (`write`, `tcsetattr`), so the handlers for SIGTERM, SIGHUP, SIGINT and
/// the crash signals may call it. The flags the handlers set are each a
/// `sig_atomic_t`, and the editor's id a `pid_t`: shown to other modules as
/// the `Int32` both are.
public enum TerminalRescue {
  /// The terminal's descriptor while it is changed; -1 otherwise.
  nonisolated(unsafe) static var descriptor: Int32 = -1
  /// The modes found, on the heap: a global `termios` is laid out with its
  /// size (57 bytes) while copies move its stride (60), which
  /// AddressSanitizer caught as an overflow.
  nonisolated(unsafe) static let modes: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()
  /// The modes isle set (raw), put back when it is continued after a stop.
  nonisolated(unsafe) static let rawModes: UnsafeMutablePointer<termios> = {
    let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    pointer.initialize(to: termios())
    return pointer
  }()
  /// Set when isle is continued after a stop (Ctrl-Z, SIGTSTP or SIGSTOP,
  /// then `fg`), the raw modes back; the loop clears it once the program
  /// has drawn itself again.
  public nonisolated(unsafe) static var continued: Int32 = 0
  /// The farewell bytes and how many of them there are.
  static let farewellCapacity = 4096
  nonisolated(unsafe) static let farewell: UnsafeMutablePointer<UInt8> = {
    let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: farewellCapacity)
    pointer.initialize(repeating: 0, count: farewellCapacity)
    return pointer
  }()
  nonisolated(unsafe) static var farewellLength = 0
  /// Set by SIGWINCH, cleared by the picker when it has redrawn.
  public nonisolated(unsafe) static var resized: Int32 = 0
  /// Non-zero while a loop ends itself on SIGTERM, SIGHUP or SIGINT (the
  /// pager, which keeps the reader's place first): the handler then only
  /// notes the signal in `stopping`. A second one ends isle at once (but
  /// a second SIGHUP), and so does the loop taking more than two seconds
  /// to end (SIGALRM).
  public nonisolated(unsafe) static var defersEnding: Int32 = 0
  /// The signal that asked a deferring loop to end; 0 while none has.
  public nonisolated(unsafe) static var stopping: Int32 = 0
  /// The editor the pager is waiting for (`v`), 0 while there is none: it
  /// has the terminal, so Ctrl-C is its own, and SIGTERM or SIGHUP is
  /// passed on to it; the pager ends by that signal once it has ended.
  public nonisolated(unsafe) static var editor: Int32 = 0

  /// Mouse reporting off, the cursor shown.
  public static let plainScreen = Escape.mouseOff + Escape.showCursor

  /// Sets the bytes written on the way out. The length is zero while they
  /// change, so a handler running meanwhile writes nothing rather than half.
  public static func setFarewell(_ text: String) {
    farewellLength = 0
    let bytes = Array(text.utf8.prefix(farewellCapacity))
    bytes.withUnsafeBufferPointer { farewell.update(from: $0.baseAddress!, count: $0.count) }
    farewellLength = bytes.count
  }

  /// Makes the way out clear `lines` lines from the cursor down and come
  /// back up, as the picker's region is.
  public static func clearing(lines: Int) {
    var sequence = "\r"
    for line in 0..<max(lines, 0) {
      sequence += Escape.clearLine + (line + 1 < lines ? "\r\n" : "")
    }
    if lines > 1 { sequence += Escape.up(lines - 1) }
    setFarewell(sequence + "\r" + plainScreen)
  }

  /// Remembers the terminal, its modes and the raw ones isle sets, has
  /// SIGTERM, SIGHUP and SIGINT put them back before isle ends by them,
  /// and SIGTSTP before it stops (see `stop`).
  static func arm(descriptor: Int32, modes: termios, raw: termios) {
    self.modes.pointee = modes
    rawModes.pointee = raw
    setFarewell(plainScreen)
    self.descriptor = descriptor
    let leave: @convention(c) (Int32) -> Void = { signal in
      if TerminalRescue.editor > 0 {
        if signal != SIGINT {
          if TerminalRescue.stopping == 0 { TerminalRescue.stopping = signal }
          kill(TerminalRescue.editor, signal)
        }
        return
      }
      if TerminalRescue.defersEnding != 0 && TerminalRescue.stopping == 0 {
        TerminalRescue.stopping = signal
        // Two seconds for the loop to end itself (it may be in a search).
        alarm(2)
        return
      }
      // A window that closes sends SIGHUP twice, from the kernel and from
      // the shell passing it on to its jobs: the second is no second ask.
      if signal == SIGHUP && TerminalRescue.stopping == SIGHUP {
        return
      }
      TerminalRescue.restore()
      _exit(128 + signal)
    }
    signal(SIGTERM, leave)
    signal(SIGHUP, leave)
    signal(SIGINT, leave)
    signal(SIGWINCH) { _ in TerminalRescue.resized = 1 }
    signal(SIGTSTP) { _ in TerminalRescue.stop() }
    signal(SIGCONT) { _ in TerminalRescue.resume() }
    signal(SIGALRM) { _ in
      TerminalRescue.restore()
      _exit(128 + TerminalRescue.stopping)
    }
    // A parent may have started isle with these blocked (a test harness on
    // a worker thread, a daemon's child): unblocked, they reach the
    // handlers above and the terminal is put back.
    var handled = sigset_t()
    sigemptyset(&handled)
    for handledSignal in [SIGTERM, SIGHUP, SIGINT, SIGWINCH, SIGALRM, SIGTSTP, SIGCONT] {
      sigaddset(&handled, handledSignal)
    }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }

  /// Stops isle and its job as Ctrl-Z does where the terminal is not raw
  /// (the pager's and the picker's key for it, as in less).
  public static func suspend() {
    kill(0, SIGTSTP)
  }

  /// SIGTSTP's handler: puts the terminal back as isle found it (the
  /// farewell written: the picker's lines cleared, the main screen back),
  /// stops isle, and once it is continued makes the terminal raw again
  /// for the program to draw itself anew. While an editor has the
  /// terminal, or isle has let it go, isle only stops. Async-signal-safe.
  static func stop() {
    let descriptor = self.descriptor
    let owned = descriptor >= 0 && editor == 0
    if owned {
      if farewellLength > 0 { _ = write(descriptor, farewell, farewellLength) }
      tcsetattr(descriptor, TCSADRAIN, modes)
    }
    signal(SIGTSTP, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(SIGTSTP)
    // Continued (or never stopped: a job whose shell has gone ignores it).
    signal(SIGTSTP) { _ in TerminalRescue.stop() }
    if owned { resume() }
  }

  /// SIGCONT's handler, and the end of `stop`: the raw modes back (a shell
  /// that took the terminal meanwhile left it as it likes it), and the
  /// program told to draw itself again. Async-signal-safe.
  static func resume() {
    let descriptor = self.descriptor
    guard descriptor >= 0, editor == 0 else { return }
    tcsetattr(descriptor, TCSANOW, rawModes)
    continued = 1
  }

  /// Ends isle by `signal`, as asked, once the terminal is put back and
  /// what had to be kept is: the shell sees the signal, not an exit.
  public static func end(by signal: Int32) -> Never {
    restore()
    Glibc.signal(signal, SIG_DFL)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, signal)
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    raise(signal)
    _exit(128 + signal)
  }

  /// Writes the farewell and restores the modes; then forgets the
  /// terminal, so a second call (a signal after a normal end) does nothing.
  static func restore() {
    let descriptor = self.descriptor
    guard descriptor >= 0 else { return }
    self.descriptor = -1
    if farewellLength > 0 { _ = write(descriptor, farewell, farewellLength) }
    tcsetattr(descriptor, TCSAFLUSH, modes)
  }
}
