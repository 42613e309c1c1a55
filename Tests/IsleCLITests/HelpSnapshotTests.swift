import Foundation
import TestSupport
import Testing

@testable import IsleCLI

/// Help and the completion scripts as the binary prints them, held to the
/// files in `Help/` byte for byte, so that a change to how commands
/// describe themselves changes nothing a user sees unless meant (then the
/// file is edited by hand, in the same commit). And every option of every
/// command, from the one list of commands, is in its help, its part of
/// each completion script and the man page.
@Suite struct HelpSnapshotTests {
  static let folder = Harness.root.appendingPathComponent("Tests/IsleCLITests/Help")

  static func expected(_ name: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
  }

  @Test func isleHelpIsAsKept() throws {
    let kept = try Self.expected("isle.txt")
      .replacingOccurrences(of: "isle VERSION:", with: "isle \(CLI.version):")
    #expect(Harness.run(["--help"]).stdout == kept)
    #expect(Harness.run(["help"]).stdout == kept)
  }

  @Test(arguments: Command.allCases)
  func commandHelpIsAsKept(_ command: Command) throws {
    let kept = try Self.expected("\(command.rawValue).txt")
    #expect(Harness.run(["help", command.rawValue]).stdout == kept)
    #expect(Harness.run([command.rawValue, "--help"]).stdout == kept)
    #expect(Harness.run([command.rawValue, "-h"]).stdout == kept)
  }

  @Test(arguments: Completions.Shell.allCases)
  func completionScriptIsAsKept(_ shell: Completions.Shell) throws {
    let kept = try Self.expected("completions.\(shell.rawValue)")
    #expect(Harness.run(["completions", shell.rawValue]).stdout == kept)
  }

  /// Each command's own part of each script and of its help names each of
  /// its options; the man page names them all.
  @Test(arguments: Command.allCases)
  func everyOptionIsInHelpCompletionsAndTheManPage(_ command: Command) throws {
    let name = command.rawValue
    let help = Harness.run(["help", name]).stdout
    let bash = Harness.run(["completions", "bash"]).stdout.split(separator: "\n")
      .first { $0.hasPrefix("    \(name)) opts=") }.map(String.init) ?? ""
    let zsh = Harness.run(["completions", "zsh"]).stdout.components(separatedBy: "\n    \(name))\n")
      .dropFirst().first?.components(separatedBy: " ;;").first ?? ""
    let fish = Harness.run(["completions", "fish"]).stdout.split(separator: "\n")
      .filter { $0.contains("__fish_seen_subcommand_from \(name)'") }.joined(separator: "\n")
    let page = try String(
      contentsOf: Harness.root.appendingPathComponent("man/isle.1"), encoding: .utf8
    ).replacingOccurrences(of: "\\-", with: "-")
    #expect(!command.options.isEmpty)
    for option in command.options {
      let long = "--\(option.name)"
      #expect(help.contains("  \(long)") || help.contains(", \(long)"), "help \(name): \(long)")
      #expect(bash.contains(" \(long) ") || bash.contains("\"\(long) "), "bash \(name): \(long)")
      #expect(zsh.contains("'\(long)[") || zsh.contains("'\(long)=-["), "zsh \(name): \(long)")
      #expect(fish.contains(" -l \(option.name) "), "fish \(name): \(long)")
      #expect(page.contains(long), "man page: \(long)")
      if let short = option.short {
        #expect(help.contains("-\(short), \(long)"), "help \(name): -\(short)")
        #expect(fish.contains(" -s \(short) "), "fish \(name): -\(short)")
      }
    }
  }
}
