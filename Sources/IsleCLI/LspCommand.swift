import Workspace
import JSONRPC
import LanguageServer
import Options
import Outline
import Parallel
import Walk

#if canImport(Glibc)
  import Glibc
#endif

/// `isle lsp`: the language server on standard input and output. The
/// protocol lives in the LanguageServer module; this only starts it, with
/// the disk and the command line's options as its workspace.
struct LspCommand: RunnableCommand {
  let settings: Settings
  /// What is wrong in the config file, which the server logs: its lines
  /// that are none, and its values that are bad (the default taken).
  let problems: [String]
  let cli: CLI

  /// The settings the server runs with, from the words given.
  struct Settings {
    var options: OutlineOptions
    var slug: SlugChoice
    var maxSize: Int

    init(_ raw: RawArguments) throws {
      options = try OptionValues.outlineOptions(raw, command: "lsp")
      options.findsLinks = true
      slug = try OptionValues.slug(raw, command: "lsp")
      maxSize = try OptionValues.size(raw, command: "lsp")
    }
  }

  /// `raw` without the config file's values that are wrong, and what is
  /// wrong: each such value named with its file, line and key, and the
  /// default taken instead. A bad option typed on the command line still
  /// ends the command.
  static func settled(_ raw: RawArguments) -> (RawArguments, [String]) {
    var kept = raw
    var problems: [String] = []
    for option in raw.options where option.origin != nil {
      do {
        _ = try Settings(RawArguments(options: [option]))
      } catch let error as UsageError {
        kept.options.removeAll { $0 == option }
        // What stands for it: the command line's value, else the default.
        let others = kept.options.filter { $0.name == option.name }
        let value = (try? Settings(RawArguments(options: others))).flatMap {
          Self.value(of: option.name, in: $0)
        }
        let used =
          others.isEmpty
          ? "the default" + (value.map { ", \($0)" } ?? "") : value ?? "the command line's value"
        problems.append("\(error.problem); using \(used)")
      } catch {
        continue
      }
    }
    return (kept, problems)
  }

  /// The value of `name` in `settings`, as a problem names it.
  private static func value(of name: OptionName, in settings: Settings) -> String? {
    switch name {
    case .wpm: return String(settings.options.rate.wordsPerMinute)
    case .slug:
      guard case .fixed(let flavor) = settings.slug else { return "auto" }
      return flavor.rawValue
    default: return nil
    }
  }

  func run() throws -> ExitStatus {
    let host = DiskWorkspace(
      files: cli.files, options: settings.options,
      detector: settings.slug == .auto ? SlugFlavorDetector(files: cli.files) : nil,
      maxSize: settings.maxSize, environment: cli.environment)
    let output = Lock<Void>(())
    let server = LanguageServer(
      host: host, version: CLI.version, problems: problems
    ) { body in
      let bytes = MessageFramer.frame(body)
      output.withLock { _ in ServerStreams.send(bytes) }
    }
    let status = server.run { ServerStreams.next() }
    return status == 0 ? .success : .nothingFound
  }

}

extension LspCommand {
  /// The server's settings from `raw`, the config file's bad values left
  /// out and logged with its lines that are wrong (`configProblems`).
  init(_ raw: RawArguments, configProblems: [UsageError], cli: CLI) throws {
    guard raw.operands.isEmpty else {
      throw UsageError("lsp reads no files; it speaks on stdin and stdout", command: "lsp")
    }
    let (kept, problems) = Self.settled(raw)
    self.init(
      settings: try Settings(kept), problems: configProblems.map(\.problem) + problems, cli: cli)
  }
}

extension LspCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "lsp", summary: "a language server for editors, on stdin and stdout",
    usage: "isle lsp [--slug FLAVOR]",
    discussion: """
      Speaks the Language Server Protocol 3.17 on standard input and
      output, for editors: the outline (symbols, folding, every heading
      level with its reading time), links checked as isle check checks
      them, definition, references, rename and completion of ids, and
      isle/where for a status line. See the README for each editor.
      """,
    // Levels and speed are those of isle/where; the symbols show every level.
    options: Flags.outline(.slug, .wpm, .minLevel, .maxLevel, .maxSize),
    operands: .documents(fish: false))

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try LspCommand(raw, configProblems: [], cli: cli)
  }

  /// The server goes on without the config file's lines that are wrong,
  /// and logs them.
  static func decide(_ raw: RawArguments, configProblems: [UsageError], cli: CLI) throws
    -> any RunnableCommand
  {
    try LspCommand(raw, configProblems: configProblems, cli: cli)
  }
}
