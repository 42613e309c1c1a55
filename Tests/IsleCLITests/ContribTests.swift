import Foundation
import Testing

/// The files in `contrib/` load where they go: tmux accepts the snippet,
/// sh and bash the shell functions. (doc/editors.md runs what they do.)
@Suite struct ContribTests {
  @Test(.enabled(if: PickTerminalTests.tmux != nil, "tmux is not installed"))
  func tmuxTakesTheSnippet() throws {
    let tmux = try #require(PickTerminalTests.tmux)
    let socket = "isle-contrib-\(UUID().uuidString.prefix(8))"
    let outcome = try Harness.shell(
      "\(tmux) -L \(socket) -f /dev/null new-session -d \\; source-file contrib/tmux/isle.tmux "
        + "\\; list-keys -T prefix I \\; show -gv status-right \\; kill-server")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(outcome.stdout.contains("bind-key -T prefix I display-popup"))
    #expect(outcome.stdout.contains("isle pick --"))
    #expect(outcome.stdout.contains("isle toc --ascii --color never --width 40"))
  }

  @Test(arguments: ["sh", "bash"])
  func theShellFunctionsLoad(_ shell: String) throws {
    let outcome = try Harness.shell(
      "\(shell) -c '. contrib/isle.sh && command -v isle_less && command -v isle_edit'")
    #expect(outcome.status == 0)
    #expect(outcome.stdout == "isle_less\nisle_edit\n")
  }
}
