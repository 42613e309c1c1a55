import Testing

@testable import Options

/// The first step of argument parsing: the words as given, into options
/// and operands, and the usage errors that name them.
@Suite struct ArgumentTests {
  /// A command's table in small: a flag with a short name, and two
  /// options that take values.
  let specs = [
    OptionSpec(.help, short: "h", help: "show this help"),
    OptionSpec(.wpm, value: "N", help: "reading speed in words a minute"),
    OptionSpec(.format, value: "FORMAT", choices: ["text", "json"], help: "the output's form"),
  ]

  @Test func splitsOptionsAndOperands() throws {
    let raw = try RawArguments.parse(
      ["--wpm", "200", "a.md", "--format=json", "-", "--", "--not-an-option"], specs: specs,
      command: "toc")
    #expect(raw.operands == ["a.md", "-", "--not-an-option"])
    #expect(raw.value(.wpm) == "200")
    #expect(raw.value(.format) == "json")
  }

  @Test func laterValuesWin() throws {
    let raw = try RawArguments.parse(["--wpm", "1", "--wpm", "2"], specs: specs, command: "toc")
    #expect(raw.value(.wpm) == "2")
  }

  @Test func shortHelp() throws {
    #expect(try RawArguments.parse(["-h"], specs: specs, command: "toc").has(.help))
  }

  @Test func negativeNumbersAreOperands() throws {
    #expect(try RawArguments.parse(["-1"], specs: specs, command: "toc").operands == ["-1"])
  }

  @Test func rejectsUnknownOptionsAndMissingValues() throws {
    #expect(throws: UsageError("unknown option '--nope'", command: "toc")) {
      try RawArguments.parse(["--nope=3"], specs: specs, command: "toc")
    }
    #expect(throws: UsageError("option '--wpm' needs a value (N)", command: "toc")) {
      try RawArguments.parse(["--wpm"], specs: specs, command: "toc")
    }
    #expect(throws: UsageError("option '--help' takes no value", command: "toc")) {
      try RawArguments.parse(["--help=yes"], specs: specs, command: "toc")
    }
  }
}
