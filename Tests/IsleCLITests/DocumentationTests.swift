import Foundation
import TestSupport
import Testing

@testable import IsleCLI

/// Help, the man page and the completion scripts say the same as the code.
@Suite struct DocumentationTests {
  @Test(arguments: Command.allCases)
  func helpFitsEightyColumns(_ command: Command) throws {
    let outcome = Harness.run(["help", command.rawValue])
    #expect(outcome.status == 0)
    for line in outcome.stdout.split(separator: "\n") {
      #expect(line.count <= 80, "\(command): \(line)")
    }
  }

  @Test func generalHelpFitsEightyColumns() throws {
    #expect(Harness.run(["--help"]).stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  /// man/isle.1 is what scripts/man makes of the guide's reference
  /// (doc/reference.md) now, so the two say the same.
  @Test func theManPageIsMadeFromTheReference() throws {
    let made = try Spawn.run(Harness.root.appendingPathComponent("scripts/man").path, [])
    try #require(made.status == 0, "scripts/man failed: \(made.errors)")
    let kept = try String(
      contentsOf: Harness.root.appendingPathComponent("man/isle.1"), encoding: .utf8)
    #expect(kept == made.output, "man/isle.1 is not what doc/reference.md says: run make man")
  }

  /// The features of lsp.py that scripts/conformance-claimed claims are
  /// those doc/lsp.md names in its paragraph "Claimed features: …".
  @Test func theClaimedLspFeaturesAreTheGuides() throws {
    let claimed = try String(
      contentsOf: Harness.root.appendingPathComponent("scripts/conformance-claimed"),
      encoding: .utf8
    ).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    let guide = try String(
      contentsOf: Harness.root.appendingPathComponent("doc/lsp.md"), encoding: .utf8)
    let paragraph = try #require(
      guide.components(separatedBy: "\n\n").first { $0.hasPrefix("Claimed features: ") },
      "doc/lsp.md has no paragraph 'Claimed features: …'")
    let named = paragraph.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
    #expect(Set(named) == Set(claimed), "doc/lsp.md names \(named), the script \(claimed)")
    #expect(!named.isEmpty || paragraph.hasSuffix("none yet."), "\(paragraph)")
  }

  @Test func theManPageNamesEveryCommandAndOption() throws {
    let page = try String(
      contentsOf: Harness.root.appendingPathComponent("man/isle.1"), encoding: .utf8)
    let roffless = page.replacingOccurrences(of: "\\-", with: "-")
    for command in Command.allCases {
      #expect(
        roffless.contains(".B isle \(command.rawValue)")
          || roffless.contains(".B \(command.rawValue)"))
      for option in command.options {
        #expect(roffless.contains("--\(option.name)"), "man page lacks --\(option.name)")
      }
    }
  }

  @Test(arguments: Completions.Shell.allCases)
  func completionScriptsNameEveryOption(_ shell: Completions.Shell) throws {
    let outcome = Harness.run(["completions", shell.rawValue])
    #expect(outcome.status == 0)
    for command in Command.allCases {
      #expect(outcome.stdout.contains(command.rawValue))
      for option in command.options {
        #expect(outcome.stdout.contains(option.name.rawValue), "\(shell) lacks \(option.name)")
      }
    }
  }

  @Test func theBashScriptParsesAndCompletes() throws {
    let script = Harness.run(["completions", "bash"]).stdout
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-completion-\(UUID()).bash")
    try Data(script.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let answer = try Harness.shell(
      "source '\(file.path)'; COMP_WORDS=(isle where --format ''); COMP_CWORD=3; _isle; echo \"${COMPREPLY[*]}\""
    ).stdout
    #expect(answer == "text spoken json\n")
  }

  @Test func completionsNeedAShell() throws {
    let outcome = Harness.run(["completions", "tcsh"])
    #expect(outcome.status == 2)
    #expect(outcome.stderr.contains("completions needs one shell: bash, zsh or fish (got 'tcsh')"))
  }
}
