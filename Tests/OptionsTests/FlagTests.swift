import Testing

@testable import Options

/// An option defined once with its typed effect: applied when given, with
/// the value given last, in the order the definitions stand; a bad value
/// is an error naming it as typed or where the config file set it.
@Suite struct FlagTests {
  struct Target: Equatable {
    var words: [String] = []
    var count = 0
  }

  static let word = Flag<Target>(OptionSpec(.title, value: "TEXT", help: "a word")) {
    given, target, _ in target.words.append(given.value ?? "")
  }
  static let count = Flag<Target>(OptionSpec(.wpm, value: "N", help: "a count")) {
    given, target, command in
    guard let value = Int(given.value ?? "") else {
      throw given.invalid(given.value ?? "", expected: "a number", command: command)
    }
    target.count = value
  }

  @Test func appliedOnlyWhenGivenWithTheLastValue() throws {
    var target = Target()
    try Flag.apply([Self.word, Self.count], RawArguments(), to: &target, command: "toc")
    #expect(target == Target())
    let raw = RawArguments(options: [
      GivenOption(name: .title, value: "a"), GivenOption(name: .title, value: "b"),
      GivenOption(name: .wpm, value: "7"),
    ])
    try Flag.apply([Self.word, Self.count], raw, to: &target, command: "toc")
    #expect(target == Target(words: ["b"], count: 7))
  }

  @Test func aBadValueNamesTheOptionAsTypedOrItsConfigLine() {
    var target = Target()
    let typed = RawArguments(options: [GivenOption(name: .wpm, value: "x", spelling: "--wpm")])
    #expect(
      throws: UsageError("invalid value 'x' for '--wpm': expected a number", command: "toc")
    ) { try Flag.apply([Self.count], typed, to: &target, command: "toc") }
    let configured = RawArguments(options: [
      GivenOption(name: .wpm, value: "x", origin: "/c/isle/config:3")
    ])
    #expect(
      throws: UsageError(
        "/c/isle/config:3: invalid value 'x' for 'wpm': expected a number", command: "toc")
    ) { try Flag.apply([Self.count], configured, to: &target, command: "toc") }
  }

  /// A description ends its options with `--help`, and its help lists
  /// each one under its usage and paragraph.
  @Test func aDescriptionsHelpListsItsOptions() {
    let description = CommandDescription(
      name: "demo", summary: "a demo", usage: "isle demo [file]", discussion: "Demonstrates.",
      options: [Self.word.spec, OptionSpec(.null, short: "0", help: "NUL")])
    #expect(description.options.map(\.name) == [.title, .null, .help])
    #expect(
      description.help == """
        Usage: isle demo [file]

        Demonstrates.

        Options:
              --title TEXT  a word
          -0, --null        NUL
          -h, --help        show this help

        """)
  }
}
