import Files
import MCP
import Options

#if canImport(Glibc)
  import Glibc
#endif

/// `isle mcp`: the Model Context Protocol server on standard input and
/// output. The protocol and the tools live in the MCP module; this starts
/// it in the current folder, each tool running an isle command in-process.
struct McpCommand: RunnableCommand {
  let cli: CLI

  /// The server reads no files: it speaks on standard input and output.
  init(_ raw: RawArguments, cli: CLI) throws {
    guard raw.operands.isEmpty else {
      throw UsageError("mcp reads no files; it speaks on stdin and stdout", command: "mcp")
    }
    self.cli = cli
  }

  func run() throws -> ExitStatus {
    // Only the end of input or SIGTERM ends the server: an agent's Ctrl-C
    // is its own, and a closed output is met as a failed write.
    signal(SIGINT, SIG_IGN)
    signal(SIGPIPE, SIG_IGN)
    let (environment, files) = (cli.environment, cli.files)
    // Nothing outside the roots is read, but the config file and the
    // tokenizer it names.
    let tokenizerPath = Self.tokenizerPath(environment, files)
    let config = Set(
      (Config.path(environment: environment).map { [$0] } ?? [])
        + (tokenizerPath.map { [$0] } ?? []))
    let tokenizer = try Settings.tokenizer(at: tokenizerPath, files)
    let tools = ToolBox(start: Self.currentFolder(), tokenizer: tokenizer) { arguments, roots in
      let (output, error) = (StringSink(), StringSink())
      let confined = ConfinedFiles(files, roots: roots, exceptions: config)
      let status = CLI(environment: environment, stdout: output, stderr: error, files: confined)
        .run(arguments)
      return (status, output.text, error.text)
    }
    let server = MCPServer(tools: tools, version: CLI.version) { ServerStreams.send($0) }
    server.run { ServerStreams.next() }
    return .success
  }

  /// The file of the config file's `tokenizer`, which pages are counted
  /// with; nil for none (the estimate).
  private static func tokenizerPath(_ environment: [String: String], _ files: FileAccess)
    -> String?
  {
    guard let config = Config.path(environment: environment) else { return nil }
    let options = (try? Config.load(at: config, files: files).options) ?? []
    let raw = RawArguments(options: options.filter { $0.name == .tokenizer })
    return Settings.tokenizerPath(raw, environment: environment)
  }

  private static func currentFolder() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
  }

}

extension McpCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "mcp", summary: "a Model Context Protocol server for agents, on stdin and stdout",
    usage: "isle mcp",
    discussion: """
      Speaks the Model Context Protocol (every revision from 2024-11-05) on
      standard input and output, for coding agents: the tools outline,
      section (bounded by max_bytes), where, check and find, on the
      documents under the folder it was started in (or the client's
      roots). See the README for each agent.
      """,
    options: [], operands: .documents(fish: false))

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try McpCommand(raw, cli: cli)
  }
}
