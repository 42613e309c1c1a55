import Outline
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// `v` in the pager: `$VISUAL` (else `$EDITOR`, else `vi`) opened on the
/// document at the top line (`+LINE`), as `less` does, on the terminal the
/// pager had, which is put back first. The pager then reads the document
/// again and comes back to the same place.
public struct ReadEditor {
  let environment: [String: String]

  /// The editor `environment` names.
  public init(environment: [String: String]) {
    self.environment = environment
  }

  /// What became of an edit, for the session that follows.
  public struct Outcome: Equatable {
    /// The top line's byte and source line when the editor was opened.
    var topByte: Int
    var line: Int
    /// True when the file is not the version it was.
    var changed: Bool
    /// What to tell the reader, when the editor failed.
    var message: String?
  }

  /// The editor as the environment names it: a command line the shell
  /// splits, so `VISUAL='code -w'` works.
  var command: String {
    for name in ["VISUAL", "EDITOR"] {
      if let value = environment[name], !value.allSatisfy(\.isWhitespace) { return value }
    }
    return "vi"
  }

  /// Runs the editor on `path` at `line` and waits for it. SIGINT and
  /// SIGQUIT reach the editor alone meanwhile (as `system` has it); SIGTERM
  /// and SIGHUP are passed on to it, and the pager ends by them after.
  public func edit(path: String, line: Int, topByte: Int) -> Outcome {
    let before = ReadPlaces.Identity(path: path)
    // A name the editor would take for an option is given as a path.
    let named = path.hasPrefix("-") || path.hasPrefix("+") ? "./" + path : path
    var outcome = Outcome(topByte: topByte, line: line, changed: false, message: nil)
    switch run(["+\(line)", named]) {
    case .some(0): break
    case .some(127), .none:
      outcome.message = "could not run the editor '\(command)' (set VISUAL or EDITOR)"
    case .some(let status) where status > 128:
      outcome.message = "the editor '\(command)' was ended by signal \(status - 128)"
    case .some(let status):
      outcome.message = "the editor '\(command)' ended with status \(status)"
    }
    outcome.changed = ReadPlaces.Identity(path: path) != before
    return outcome
  }

  /// The shell runs the editor's command line with `arguments` after it,
  /// its standard input and output the terminal; the exit status, 128 and
  /// the signal when one ended it, nil when it could not start.
  private func run(_ arguments: [String]) -> Int32? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/tty", O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    // The shell gives way to the editor (exec), so a signal passed on
    // reaches the editor itself.
    let words = ["/bin/sh", "-c", "exec " + command + " \"$@\"", "sh"] + arguments
    guard let child = ShellStart.spawn(words, actions: &actions, environment: environment) else {
      return nil
    }
    TerminalRescue.editor = child
    let quit = signal(SIGQUIT, SIG_IGN)
    defer {
      signal(SIGQUIT, quit)
      TerminalRescue.editor = 0
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    let ender = status & 0x7F
    return ender == 0 ? (status >> 8) & 0xFF : 128 + ender
  }
}

extension ReadSession {
  /// A byte of the document and its source line, so that it can be found
  /// again in the document as edited.
  public struct Marked {
    var byte: Int
    var line: Int
  }

  /// What a session hands on to the next one on the same document, after
  /// the editor: the marks, where the last jump began, the search, and how
  /// the edit went.
  public struct Carried {
    var marks: [Character: Marked] = [:]
    var jumpedFrom: Marked? = nil
    var query: String? = nil
    var forward = true
    /// How the edit went, once there was one.
    public var edited: ReadEditor.Outcome? = nil

    /// Nothing carried: the first session on a document.
    public init() {}

    init(
      marks: [Character: Marked], jumpedFrom: Marked?, query: String?, forward: Bool
    ) {
      self.marks = marks
      self.jumpedFrom = jumpedFrom
      self.query = query
      self.forward = forward
    }

    /// Where the page opens in the document as read again after the edit
    /// (`bytes`), the marks moved with it: the same bytes if the file is as
    /// it was, else the starts of the same lines.
    public mutating func reopen(in bytes: Span<UInt8>) -> Int {
      guard let edited else { return 0 }
      guard edited.changed else { return min(edited.topByte, bytes.count) }
      let lines = LineIndex(bytes.withUnsafeBufferPointer { Array($0) })
      func moved(_ marked: Marked) -> Marked {
        Marked(byte: lines.offset(ofLine: marked.line), line: marked.line)
      }
      marks = marks.mapValues(moved)
      jumpedFrom = jumpedFrom.map(moved)
      return lines.offset(ofLine: edited.line)
    }
  }

  /// Takes on what the session before this one had.
  public mutating func carry(_ carried: Carried) {
    state.marks = carried.marks.mapValues(\.byte)
    state.jumpedFrom = carried.jumpedFrom?.byte
    state.query = carried.query
    state.forward = carried.forward
    state.message = carried.edited?.message
  }

  /// What the next session takes on.
  public var carried: Carried {
    func marked(_ byte: Int) -> Marked {
      Marked(byte: byte, line: state.document?.lines.line(ofOffset: byte) ?? 1)
    }
    return Carried(
      marks: state.marks.mapValues(marked), jumpedFrom: state.jumpedFrom.map(marked),
      query: state.query, forward: state.forward)
  }
}
