import Island
import Testing

@testable import IsleCLI
@testable import Options

/// The options defined with their typed effect (`Flag`), each set on its
/// own, and the errors of those that can be wrong.
@Suite struct OptionDefinitionTests {
  func raw(_ name: OptionName, _ value: String?) -> RawArguments {
    RawArguments(options: [GivenOption(name: name, value: value)])
  }

  /// Each of the island's words sets its own word and no other.
  @Test func eachWordSetsItsOwn() throws {
    let plain = Wording()
    for flag in Display.words {
      var copy = Wording()
      try Flag.apply([flag], raw(flag.spec.name, "«x»"), to: &copy, command: "toc")
      let set = [
        copy.contentsTitle != plain.contentsTitle, copy.preamble != plain.preamble,
        copy.position != plain.position, copy.spokenPosition != plain.spokenPosition,
        copy.readAmount != plain.readAmount, copy.minutes != plain.minutes,
        copy.hours != plain.hours, copy.underAMinute != plain.underAMinute,
        copy.spokenLeft != plain.spokenLeft,
      ]
      #expect(set.filter { $0 }.count == 1, "--\(flag.spec.name) sets \(set)")
    }
    #expect(Set(Display.words.map(\.spec.name)).count == Display.words.count)
  }

  @Test func aContentsListsShapes() throws {
    #expect(try TocRequest.decide(raw(.ordered, nil), command: "toc").numbering == .ones)
    #expect(
      try TocRequest.decide(raw(.ordered, "increment"), command: "toc").numbering == .increment)
    #expect(try TocRequest.decide(raw(.details, nil), command: "toc").details == "")
    #expect(try TocRequest.decide(raw(.details, "More"), command: "toc").details == "More")
    #expect(try TocRequest.decide(raw(.includeTitle, nil), command: "toc").includeTitle)
    #expect(try TocRequest.decide(raw(.afterMarkers, nil), command: "toc").afterMarkers)
    #expect(try TocRequest.decide(RawArguments(), command: "toc") == TocRequest())
    #expect(
      throws: UsageError(
        "invalid value 'twos' for '--ordered': expected ones or increment", command: "toc")
    ) { try TocRequest.decide(raw(.ordered, "twos"), command: "toc") }
    #expect(
      throws: UsageError(
        "invalid value 'a-->b' for '--details': expected a summary without '-->'",
        command: "toc")
    ) { try TocRequest.decide(raw(.details, "a-->b"), command: "toc") }
  }

  /// An option's name stands in one definition per help: the same option
  /// with the same help in two commands is the same definition, so a
  /// change to one is a change to both.
  @Test func anOptionsHelpIsOneDefinition() {
    var helps: [OptionName: Set<String>] = [:]
    for option in Command.allCases.flatMap(\.options) {
      helps[option.name, default: []].insert(option.help)
    }
    // The options whose meaning is each command's own.
    let ownPerCommand: Set<OptionName> = [
      .format, .line, .offset, .width, .section, .stats, .check, .diff, .maxTokens,
    ]
    for (name, texts) in helps where texts.count > 1 {
      #expect(ownPerCommand.contains(name), "--\(name) has \(texts.count) helps: \(texts)")
    }
  }
}
