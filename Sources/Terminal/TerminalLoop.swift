/// What runs on the terminal under the one event loop (`TerminalLoop`):
/// the picker and the pager. The loop reads the keys, notices resizes and
/// signals, and hands the program its inputs; the program keeps its own
/// state and draws.
public protocol TerminalProgram {
  /// How the program ends: a pick, a quit, an interrupt.
  associatedtype Ending

  /// The terminal the keys come from and the frames go to.
  var terminal: any TerminalDevice { get }
  /// The keys as decoded so far, and any typed while the program was busy.
  var keys: TerminalKeys { get set }

  /// The window changed size.
  mutating func resized()
  /// Once a turn, before the loop waits for keys: the pager takes the
  /// outline made meanwhile. Nothing by default.
  mutating func idle()
  /// Applies one input; an ending when it ends the program.
  mutating func handle(_ input: TerminalInput) -> Ending?
  /// Shows what the inputs of one turn made of the state, once all typed
  /// so far are handled (held keys never queue up behind frames).
  mutating func settle()
  /// Isle was stopped (Ctrl-Z) and is continued, the terminal raw again:
  /// what the program had set up on the terminal is set up again and it is
  /// drawn anew. A redraw for the window's size by default.
  mutating func continued()
  /// The ending when the terminal went away, or a signal asked a program
  /// that ends itself (`TerminalRescue.defersEnding`) to end.
  func ending(_ end: TerminalEnd) -> Ending
}

extension TerminalProgram {
  public mutating func idle() {}
  public mutating func continued() { resized() }
}

/// Why the loop ended a program that did not end itself.
public enum TerminalEnd: Equatable, Sendable {
  /// The terminal hung up, was closed, or reading it fails.
  case gone
  /// SIGTERM, SIGHUP or SIGINT from outside (see `TerminalRescue`).
  case signalled(Int32)
}

/// The keys of a program: the decoder, with what a sequence cut off at
/// the end of a read left in it, and bytes read while the program was busy
/// (a long search polls the terminal for Ctrl-C), taken before any more.
public struct TerminalKeys: Sendable {
  /// The decoder of what the terminal sends.
  public var decoder = KeyDecoder()
  /// Bytes read while the program was busy, to be decoded next.
  public var typedAhead: [UInt8] = []

  /// No keys yet.
  public init() {}
}

/// The one event loop for keys, resizes and signals.
public enum TerminalLoop {
  /// Runs `program` until it ends: each turn a signal to stop ends it, a
  /// resize is passed on, the keys that arrived within 100 ms (30 while an
  /// escape sequence waits for the rest) and all typed since are decoded
  /// and handled one by one, and the program settles. Ctrl-Z stops isle
  /// (see `TerminalRescue.stop`); continued, the program draws itself anew.
  public static func run<Program: TerminalProgram>(_ program: inout Program) -> Program.Ending {
    let terminal = program.terminal
    while true {
      if TerminalRescue.stopping != 0 { return program.ending(.signalled(TerminalRescue.stopping)) }
      if TerminalRescue.resized != 0 {
        TerminalRescue.resized = 0
        program.resized()
      }
      if TerminalRescue.continued != 0 {
        TerminalRescue.continued = 0
        program.continued()
      }
      program.idle()
      var bytes = program.keys.typedAhead
      program.keys.typedAhead = []
      if bytes.isEmpty {
        bytes = terminal.input(waiting: program.keys.decoder.isWaiting ? 30 : 100)
      }
      if TerminalRescue.stopping != 0 { return program.ending(.signalled(TerminalRescue.stopping)) }
      if terminal.isGone { return program.ending(.gone) }
      var inputs = bytes.isEmpty ? program.keys.decoder.flush() : program.keys.decoder.feed(bytes)
      while terminal.hasInput {
        inputs += program.keys.decoder.feed(terminal.input(waiting: 0))
      }
      guard !inputs.isEmpty else { continue }
      for input in inputs {
        if input == .key(.control("z")) {
          TerminalRescue.suspend()
          if TerminalRescue.continued != 0 {
            TerminalRescue.continued = 0
            program.continued()
          }
          continue
        }
        if let ending = program.handle(input) { return ending }
        if TerminalRescue.stopping != 0 {
          return program.ending(.signalled(TerminalRescue.stopping))
        }
      }
      program.settle()
    }
  }
}
