/// What the pager needs of a terminal: its size, writing, reading keys,
/// and knowing when it has gone. `RawTerminal` is the real one; tests and
/// the fuzz target give a scripted one.
public protocol TerminalDevice: AnyObject {
  /// The size in columns and rows.
  var size: (columns: Int, rows: Int) { get }
  /// Writes `text` whole.
  func write(_ text: String)
  /// The bytes that arrive within `milliseconds`; empty when none did.
  func input(waiting milliseconds: Int32) -> [UInt8]
  /// True when input is waiting to be read.
  var hasInput: Bool { get }
  /// True once the terminal has gone away.
  var isGone: Bool { get }
}

extension RawTerminal: TerminalDevice {}
