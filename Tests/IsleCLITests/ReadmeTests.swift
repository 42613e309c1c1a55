import Foundation
import Testing

/// Every `$ command` in the README's `console` blocks, run from the
/// repository root with the built `isle` first on the PATH, prints exactly
/// the lines shown under it, so the README cannot rot.
@Suite struct ReadmeTests {
  struct Example: CustomTestStringConvertible, Sendable {
    let command: String
    let expected: String
    var testDescription: String { command }
  }

  static var examples: [Example] {
    let url = Harness.root.appendingPathComponent("README.md")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var examples: [Example] = []
    var inConsole = false
    var command: String? = nil
    var output: [String] = []
    func close() {
      if let command {
        examples.append(Example(command: command, expected: output.map { $0 + "\n" }.joined()))
      }
      command = nil
      output = []
    }
    for line in text.components(separatedBy: "\n") {
      if line.hasPrefix("```") {
        if inConsole { close() }
        inConsole = line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        close()
        command = String(line.dropFirst(2))
      } else {
        output.append(line)
      }
    }
    return examples
  }

  @Test func theReadmeHasExamples() throws {
    #expect(Self.examples.count >= 6)
  }

  @Test(arguments: examples)
  func exampleRunsAsShown(_ example: Example) throws {
    #expect(try Harness.shell(example.command).stdout == example.expected)
  }
}
