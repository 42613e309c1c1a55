/// The escape codes isle sends a terminal, in one file: every sequence the
/// picker, the pager and the rescue write is spelled here, once, and named
/// for what it does.
///
/// CSI is `ESC [` (ECMA-48); the `?` modes are DEC private modes and
/// xterm's (mouse reporting, the alternate screen, synchronized output);
/// OSC 8 is the hyperlink convention most terminals follow.
public enum Escape {
  static let csi = "\u{1B}["

  // MARK: The cursor

  /// Hides the cursor (DECTCEM off).
  public static let hideCursor = csi + "?25l"
  /// Shows the cursor (DECTCEM on).
  public static let showCursor = csi + "?25h"
  /// Moves the cursor to 1-based `row` and `column` (CUP).
  public static func move(row: Int, column: Int = 1) -> String { csi + "\(row);\(column)H" }
  /// Moves the cursor `lines` up (CUU; a terminal reads 0 as 1).
  public static func up(_ lines: Int) -> String { csi + "\(lines)A" }
  /// Asks where the cursor is (DSR); the answer comes as a key,
  /// `ESC [ row ; column R` (`TerminalInput.cursor`).
  public static let askCursor = csi + "6n"

  // MARK: The screen

  /// Clears the cursor's line (EL 2).
  public static let clearLine = csi + "2K"
  /// The alternate screen, which the pager draws on (the shell's comes
  /// back as it was when it leaves).
  public static let alternateScreen = csi + "?1049h"
  /// Back to the main screen.
  public static let mainScreen = csi + "?1049l"
  /// The start of a frame drawn at once (synchronized output): a terminal
  /// that knows it shows the whole frame or none of it.
  public static let beginFrame = csi + "?2026h"
  /// The end of such a frame.
  public static let endFrame = csi + "?2026l"

  // MARK: The mouse

  /// Reports of presses and the wheel (1000), in SGR form (1006).
  public static let mouseOn = csi + "?1000h" + csi + "?1006h"
  /// The same with drags too (1002), which the picker's bar follows.
  public static let mouseAndDragsOn = csi + "?1000h" + csi + "?1002h" + csi + "?1006h"
  /// Every kind of mouse reporting off.
  public static let mouseOff = csi + "?1006l" + csi + "?1002l" + csi + "?1000l"

  // MARK: Text

  /// `text` in the SGR parameters `codes` (`1` bold, `38;5;75` a colour),
  /// every attribute reset after it; `text` as it is when there are none.
  public static func styled(_ text: String, _ codes: [String]) -> String {
    codes.isEmpty ? text : csi + codes.joined(separator: ";") + "m" + text + csi + "0m"
  }

  /// The start of a hyperlink to `destination` (OSC 8), which must be
  /// printable ASCII.
  public static func link(to destination: String) -> String {
    "\u{1B}]8;;" + destination + "\u{1B}\\"
  }
  /// The end of a hyperlink.
  public static let endLink = "\u{1B}]8;;\u{1B}\\"
}
