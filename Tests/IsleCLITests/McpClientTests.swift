import Foundation
import TestSupport
import Testing

/// `isle mcp` driven by the real MCP client, the Python SDK (PyPI `mcp`):
/// Tests/mcp/client.py negotiates, lists the tools, calls each on the
/// shared corpus against its output schema, and sends hostile arguments;
/// Tests/mcp/session.py checks the session's rules in a scratch folder (a
/// 20 MB document, 100 MB in `make test-large`; the client's roots, requests before `initialize`,
/// cancellation, cuts between blocks); Tests/mcp/pages.py checks the
/// pages in tokens (held to tiktoken) and the resources.
@Suite struct McpClientTests {
  static let corpus = Harness.root.appendingPathComponent("../shared/corpus").standardized.path
  static let script = Harness.root.appendingPathComponent("Tests/mcp/client.py").path

  /// Nil when python3 and the SDK are there, else why the test is skipped.
  static let missing: String? = {
    guard FileManager.default.fileExists(atPath: corpus) else { return "needs ../shared/corpus" }
    guard
      let outcome = try? Spawn.run(
        "/usr/bin/env",
        [
          "python3", "-c",
          "import importlib.util as u, sys; "
            + "sys.exit(not (u.find_spec('mcp') and u.find_spec('jsonschema')))",
        ])
    else { return "python3 is not installed" }
    return outcome.status == 0 ? nil : "the MCP SDK is not installed (pip install mcp)"
  }()

  @Test(.enabled(if: missing == nil, "\(missing ?? "")"))
  func theSDKsClientGetsEveryToolsAnswerAndToolErrors() throws {
    let isle = Harness.binary.path
    let outcome = try Spawn.run(
      "/usr/bin/env", ["python3", Self.script, isle, Self.corpus],
      timeout: 120 * Harness.timeoutScale)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
  }

  @Test(.enabled(if: missing == nil, "\(missing ?? "")"))
  func theSessionKeepsToRootsCancellationsAndBlocks() throws {
    let isle = Harness.binary.path
    let script = Harness.root.appendingPathComponent("Tests/mcp/session.py").path
    let outcome = try Spawn.run(
      "/usr/bin/env", ["python3", script, isle], timeout: 120 * Harness.timeoutScale)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
  }

  @Test(.enabled(if: missing == nil, "\(missing ?? "")"))
  func pagesKeepToTheirTokensAndResourcesAreServed() throws {
    let isle = Harness.binary.path
    let script = Harness.root.appendingPathComponent("Tests/mcp/pages.py").path
    let outcome = try Spawn.run(
      "/usr/bin/env", ["python3", script, isle, try TokensTests.rankFile()],
      timeout: 120 * Harness.timeoutScale)
    #expect(outcome.status == 0, "\(outcome.output)\(outcome.errors)")
  }
}
