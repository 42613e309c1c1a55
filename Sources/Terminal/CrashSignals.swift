import Files

#if canImport(Glibc)
  import Glibc
#endif

/// What happens if isle ever crashes (a trap, a bad access, an abort): the
/// terminal is put back first, then the report goes to standard error and
/// never waits for a key.
///
/// The Swift runtime's backtracer turns interactive ("Press space to
/// interact") when standard input and output are both terminals, and would
/// hold a user's terminal for half a minute. So when they are, and the user
/// has not asked for the backtracer with `SWIFT_BACKTRACE`, isle writes one
/// line and dies by the signal; otherwise the backtracer, which writes to
/// standard error, reports as usual. A SIGBUS inside a mapped document is
/// not a crash but a file cut short while read: an error naming it.
public enum CrashSignals {
  static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

  /// Whether the previous handlers (the backtracer) are called after ours.
  nonisolated(unsafe) static var chains = false
  /// The handlers there were before, by signal number.
  nonisolated(unsafe) static let previous: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
    pointer.initialize(repeating: sigaction(), count: 32)
    return pointer
  }()

  /// The stack the handlers run on, kept for the life of the process.
  static let alternateStackSize = 64 << 10
  nonisolated(unsafe) static let alternateStack = UnsafeMutableRawPointer.allocate(
    byteCount: alternateStackSize, alignment: 16)

  /// Installs the handlers once; later calls do nothing.
  public static func install() { _ = installed }

  private static let installed: Void = {
    let asked = getenv("SWIFT_BACKTRACE") != nil
    chains = asked || !(isatty(0) == 1 && isatty(1) == 1)
    // Room to run on when the crash is a stack overflow.
    // (Unless one is set already: a sanitizer's, which it frees itself.)
    var current = stack_t()
    if sigaltstack(nil, &current) == 0 && current.ss_flags & Int32(SS_DISABLE) != 0 {
      var stack = stack_t(ss_sp: alternateStack, ss_flags: 0, ss_size: alternateStackSize)
      sigaltstack(&stack, nil)
    }
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { signal, info, context in
      if signal == SIGBUS, let info {
        MappedFiles.endIfMapped(UInt(bitPattern: info.pointee._sifields._sigfault.si_addr))
      }
      TerminalRescue.restore()
      let before = CrashSignals.previous[Int(signal)]
      if CrashSignals.chains, before.sa_flags & SA_SIGINFO != 0,
        let handler = before.__sigaction_handler.sa_sigaction
      {
        handler(signal, info, context)
        return
      }
      let line: StaticString =
        "isle: internal error: crashed by a signal (a bug: please report it)\n"
      _ = write(2, line.utf8Start, line.utf8CodeUnitCount)
      Glibc.signal(signal, SIG_DFL)
      raise(signal)
    }
    action.sa_flags = SA_SIGINFO | SA_ONSTACK
    for signal in signals { sigaction(signal, &action, previous + Int(signal)) }
  }()
}

/// Installs isle's handlers for the crash signals (see `CrashSignals`);
/// the program calls it first thing.
public func installCrashHandlers() { CrashSignals.install() }
