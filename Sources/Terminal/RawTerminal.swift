import Files

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal device (`/dev/tty`) in raw mode, for `isle pick`: keys come
/// from it and the island is drawn on it, so the document may come on
/// standard input and standard output stays clean for the pick.
///
/// The modes it found are put back however the picker ends: on a pick, on
/// Escape, on Ctrl-C, on an error (`restore` in a `defer`) and on SIGTERM,
/// SIGHUP or SIGINT from outside (a signal handler that restores and exits);
/// and while isle is stopped (Ctrl-Z, SIGTSTP), raw again once continued.
public final class RawTerminal {
  let descriptor: Int32

  /// No terminal to draw on, in words.
  public struct OpenError: Error {
    public let reason: String
  }

  /// Opens `device` (the controlling terminal unless a test names a
  /// pseudo-terminal) and puts it in raw mode.
  public init(device: String = "/dev/tty") throws(OpenError) {
    let descriptor = open(device, O_RDWR | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      throw OpenError(reason: "no terminal to draw on (\(device)): " + SystemFiles.reason(errno))
    }
    var modes = termios()
    guard tcgetattr(descriptor, &modes) == 0 else {
      close(descriptor)
      throw OpenError(reason: "\(device) is not a terminal")
    }
    self.descriptor = descriptor
    var raw = modes
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_cflag |= tcflag_t(CS8)
    TerminalRescue.arm(descriptor: descriptor, modes: modes, raw: raw)
    tcsetattr(descriptor, TCSAFLUSH, &raw)
  }

  /// The terminal's size in columns and rows.
  public var size: (columns: Int, rows: Int) {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return (80, 24)
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes `text` whole.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)
    var sent = 0
    while sent < bytes.count {
      let result = bytes.withUnsafeMutableBytes {
        Glibc.write(descriptor, $0.baseAddress! + sent, $0.count - sent)
      }
      if result < 0 {
        if errno == EINTR { continue }
        return
      }
      sent += result
    }
  }

  /// True once the terminal has gone away (hung up, closed, or reading
  /// fails): the picker then ends instead of waiting on it for ever.
  public private(set) var isGone = false

  /// The bytes that arrive within `milliseconds` (-1 waits for ever);
  /// empty when none did or the terminal is gone.
  public func input(waiting milliseconds: Int32) -> [UInt8] {
    guard !isGone else { return [] }
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, milliseconds) > 0 else { return [] }
    if poller.revents & Int16(POLLIN) == 0 {
      // Hung up, an error, or not open: nothing will ever arrive.
      isGone = true
      return []
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
    if count > 0 { return Array(buffer.prefix(count)) }
    if count == 0 || (errno != EINTR && errno != EAGAIN) { isGone = true }
    return []
  }

  /// True when input is waiting to be read.
  public var hasInput: Bool {
    guard !isGone else { return false }
    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&poller, 1, 0) > 0
  }

  /// Puts the modes back and closes the device.
  public func restore() {
    TerminalRescue.restore()
    close(descriptor)
  }
}
