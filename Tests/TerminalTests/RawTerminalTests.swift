import Testing

@testable import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The picker's terminal on a pseudo-terminal of the test's own.
@Suite(.serialized) struct RawTerminalTests {
  @Test func aTerminalThatHangsUpIsGoneAndHasNoInput() throws {
    // posix_openpt and ptsname are not in Swift's Glibc module; Linux's
    // ioctls do the same: unlock the pair (TIOCSPTLCK), ask its number
    // (TIOCGPTN).
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(master >= 0)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(master, 0x4004_5431, &unlock) == 0)
    try #require(ioctl(master, 0x8004_5430, &number) == 0)
    let terminal = try RawTerminal(device: "/dev/pts/\(number)")
    defer {
      terminal.restore()
      // The handlers the picker installs are not for the test runner.
      for handled in [SIGTERM, SIGHUP, SIGINT, SIGWINCH] { signal(handled, SIG_DFL) }
    }
    _ = write(master, "q", 1)
    #expect(terminal.input(waiting: 2_000) == Array("q".utf8))
    #expect(!terminal.isGone)
    #expect(!terminal.hasInput)
    close(master)
    #expect(terminal.input(waiting: 2_000).isEmpty)
    #expect(terminal.isGone)
    #expect(!terminal.hasInput, "a gone terminal never reports input, so no loop spins on it")
  }
}
