import Cells
import Foundation
import Terminal
import TestSupport
import Testing

/// The island as a terminal shows it: widths, colour, glyphs, safety.
@Suite struct TerminalTests {
  static let screenFixtures = ["recipe.md", "cjk.md", "emoji.md", "rtl.md"]
  static let widths = [24, 40, 80, 200]

  static func middleLine(_ fixture: String) -> String {
    let data = FileManager.default.contents(
      atPath: Harness.fixtures.appendingPathComponent(fixture).path)!
    return String(max(data.filter { $0 == 0x0A }.count / 2, 1))
  }

  @Test(arguments: screenFixtures, [false, true])
  func screensAtEveryWidth(_ fixture: String, _ colored: Bool) throws {
    let line = Self.middleLine(fixture)
    var recorded = ""
    for width in Self.widths {
      for command in [["toc", "--line", line], ["where", "--line", line]] {
        let arguments =
          command + [
            "--width", String(width), "--color", colored ? "always" : "never",
            "fixtures/\(fixture)",
          ]
        let outcome = Harness.run(arguments)
        recorded += "$ isle \(arguments.joined(separator: " "))\n" + outcome.stdout
      }
    }
    let name = "terminal/\(fixture).\(colored ? "color" : "plain").txt"
    if let mismatch = try Snapshot.mismatch(recorded, named: name) {
      Issue.record(Comment(rawValue: mismatch))
    }
  }

  @Test(arguments: GoldenTests.fixtureNames + ["emoji.md", "rtl.md", "control-characters.md"])
  func noLineIsWiderThanTheWidthAsked(_ fixture: String) throws {
    for width in [1, 3, 6, 9, 16, 24, 40, 80] {
      for extra in [[], ["--ascii"], ["--color", "always"]] {
        for command in [
          ["toc", "--line", "2"], ["where", "--line", "2"], ["jump", "last", "--print", "bar"],
        ] {
          let outcome = Harness.run(
            command + extra + ["--width", String(width), "fixtures/\(fixture)"])
          for line in outcome.stdout.split(separator: "\n") {
            let cells = Cells.width(of: visibleText(String(line)))
            #expect(cells <= width, "\(command) \(extra) --width \(width) \(fixture): \(line)")
          }
        }
      }
    }
  }

  @Test func theTitleIsCutBeforeTheDetails() throws {
    let outcome = Harness.run(["toc", "--width", "22", "--color", "never", "fixtures/recipe.md"])
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    // Rows stop two cells short of the width: the bar's chevron stands there.
    #expect(lines[0] == "   1  Week…  < 1 min")
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix("1 min") })
  }

  @Test func aWideCharacterIsNeverSplit() throws {
    let outcome = Harness.run(["where", "--line", "1", "--width", "9", "fixtures/cjk.md"])
    // "○ " then four cells: one wide character and the ellipsis leave one
    // cell, which half a wide character must not fill.
    #expect(outcome.stdout == "○ 読書の…\n")
    let odd = Harness.run(["toc", "--width", "13", "fixtures/cjk.md"]).stdout
    for line in odd.split(separator: "\n") { #expect(!line.unicodeScalars.contains("\u{FFFD}")) }
  }

  @Test func thePlaceGoesFirstWhenTheBarIsNarrow() throws {
    let wide = Harness.run(["where", "--line", "40", "--width", "40", "fixtures/recipe.md"]).stdout
    #expect(wide == "↑ ◑ Method  4 of 6 ⌃\n")
    let narrow = Harness.run(["where", "--line", "62", "--width", "16", "fixtures/recipe.md"])
      .stdout
    #expect(narrow == "↑ ◕ Serving ⌃\n")
    let narrower = Harness.run(["where", "--line", "62", "--width", "9", "fixtures/recipe.md"])
      .stdout
    #expect(narrower == "◕ Serving\n")
    let narrowest = Harness.run(["where", "--line", "62", "--width", "6", "fixtures/recipe.md"])
      .stdout
    #expect(narrowest == "◕ Ser…\n")
  }

  @Test func asciiDrawsWithASCIIAlone() throws {
    for command in [["toc", "--line", "40"], ["where", "--line", "40"]] {
      let outcome = Harness.run(command + ["--ascii", "fixtures/recipe.md"])
      let ascii = outcome.stdout.unicodeScalars.allSatisfy { $0.isASCII }
      #expect(ascii, "\(command)")
    }
    #expect(
      Harness.run(["where", "--line", "40", "--ascii", "fixtures/recipe.md"]).stdout
        == "^ [##  ] Method  4 of 6 +\n")
  }

  @Test func colourFollowsTheChoiceTheTerminalAndTheEnvironment() throws {
    func colored(_ arguments: [String], _ environment: [String: String] = [:], terminal: Bool)
      -> Bool
    {
      Harness.run(
        ["where", "--line", "40"] + arguments + ["fixtures/recipe.md"], environment: environment,
        terminal: terminal
      ).stdout.contains("\u{1B}[")
    }
    #expect(!colored([], terminal: false))
    #expect(colored([], terminal: true))
    #expect(!colored([], ["NO_COLOR": "1"], terminal: true))
    #expect(colored([], ["NO_COLOR": ""], terminal: true))
    #expect(!colored([], ["TERM": "dumb"], terminal: true))
    #expect(colored(["--color", "always"], ["NO_COLOR": "1"], terminal: false))
    #expect(!colored(["--color", "never"], terminal: true))
  }

  @Test func theAccentIsTrueColourWhereTheTerminalSaysSo() throws {
    let truecolor = Harness.run(
      ["where", "--line", "40", "--color", "always", "--accent", "#0A84FF", "fixtures/recipe.md"],
      environment: ["COLORTERM": "truecolor"]
    ).stdout
    #expect(truecolor.contains("\u{1B}[38;2;10;132;255m"))
    let palette = Harness.run(
      ["where", "--line", "40", "--color", "always", "--accent", "#0A84FF", "fixtures/recipe.md"]
    ).stdout
    #expect(palette.contains("\u{1B}[38;5;33m"))
    let bad = Harness.run(["where", "--line", "4", "--accent", "#12345", "fixtures/recipe.md"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("invalid value '#12345' for '--accent'"))
  }

  @Test func thePuckIsAccentBackgroundOrAPlainMarker() throws {
    let plain = Harness.run(["toc", "--line", "40", "--color", "never", "fixtures/recipe.md"])
      .stdout
    #expect(plain.split(separator: "\n")[3] == " ▌ 4    Method                 1 min")
    let colored = Harness.run(["toc", "--line", "40", "--color", "always", "fixtures/recipe.md"])
      .stdout
    let row = String(colored.split(separator: "\n")[3])
    #expect(row.hasPrefix("\u{1B}[48;5;203;38;5;16m"))
    #expect(visibleText(row) == "   4    Method                 1 min")
  }

  @Test func widthComesFromTheOptionsThenColumnsThenTheTerminal() throws {
    func widest(_ arguments: [String], _ environment: [String: String] = [:], columns: Int? = nil)
      -> Int
    {
      Harness.run(
        ["toc"] + arguments + ["fixtures/tables-unclosed.html"], environment: environment,
        terminal: columns != nil,
        columns: columns
      ).stdout.split(separator: "\n").map { Cells.width(of: visibleText(String($0))) }.max() ?? 0
    }
    // In a pipe nothing is cut unless asked; COLUMNS is a terminal's.
    let natural = widest([])
    #expect(natural > 60)
    #expect(widest(["--max-width", "30"]) == 30)
    #expect(widest([], ["COLUMNS": "25"]) == natural)
    #expect(widest([], ["COLUMNS": "25"], columns: 100) == 25)
    #expect(widest([], columns: 33) == 33)
    #expect(widest([], columns: 160) == natural)
    #expect(widest(["--max-width", "50"], columns: 160) == 50)
    #expect(widest([], ["COLUMNS": "25"], columns: 33) == 25)
    #expect(widest(["--width", "70"], ["COLUMNS": "25"]) <= 70)
    #expect(widest(["--width", "70"], ["COLUMNS": "25"]) > 25)
  }
}

/// Text from a document never reaches the terminal as control sequences.
@Suite struct SafetyTests {
  static func isHarmful(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: return false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  @Test(arguments: [
    ["toc"], ["toc", "--line", "3"], ["where", "--line", "3"],
    ["where", "--line", "3", "--format", "spoken"],
    ["jump", "2", "--print", "bar"], ["jump", "2", "--print", "id"], ["toc", "--ascii"],
  ])
  func controlCharactersInTitlesAreShownHarmlessly(_ command: [String]) throws {
    let outcome = Harness.run(command + ["--color", "never", "fixtures/control-characters.md"])
    #expect(outcome.status == 0)
    #expect(!outcome.stdout.isEmpty)
    #expect(
      !outcome.stdout.unicodeScalars.contains(where: Self.isHarmful),
      "\(outcome.stdout.debugDescription)")
  }

  @Test func withColourOnlyOurOwnEscapesAppear() throws {
    let outcome = Harness.run([
      "toc", "--line", "3", "--color", "always", "fixtures/control-characters.md",
    ])
    // Every ESC starts one of our SGR sequences: ESC [ digits and ; then m.
    let text = outcome.stdout
    var index = text.unicodeScalars.startIndex
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      if scalars[index] == "\u{1B}" {
        var probe = scalars.index(after: index)
        #expect(scalars[probe] == "[")
        probe = scalars.index(after: probe)
        while "0123456789;".unicodeScalars.contains(scalars[probe]) {
          probe = scalars.index(after: probe)
        }
        #expect(scalars[probe] == "m")
        index = probe
      } else {
        #expect(!SafetyTests.isHarmful(scalars[index]))
      }
      index = scalars.index(after: index)
    }
  }

  @Test func jsonEscapesThemInstead() throws {
    let outcome = Harness.run(["toc", "--format", "json", "fixtures/control-characters.md"])
    #expect(!outcome.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    let first = (object?["sections"] as? [[String: Any]])?.first?["title"] as? String
    #expect(first == "Escape \u{1B}[2J\u{1B}[31mred\u{1B}[0m title")
  }
}

/// The config file, and options winning over it.
@Suite struct ConfigTests {
  func withConfig(_ text: String, _ body: ([String: String]) -> Void) throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-config-\(UUID())")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("isle"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try Data(text.utf8).write(to: home.appendingPathComponent("isle/config"))
    body(["XDG_CONFIG_HOME": home.path])
  }

  @Test func replacesTheWordsAndOptionsWin() throws {
    try withConfig(
      "# French\ntitle = Sommaire\nposition-text = {n} sur {count}\nread-text = {percent} % lu\n"
    ) {
      environment in
      let toc = Harness.run(
        ["toc", "--line", "40", "fixtures/recipe.md"], environment: environment)
      #expect(toc.stdout.split(separator: "\n").last == " ◑ Sommaire                  54 % lu ⌄")
      let bar = Harness.run(
        ["where", "--line", "40", "fixtures/recipe.md"], environment: environment)
      #expect(bar.stdout == "↑ ◑ Method  4 sur 6 ⌃\n")
      let overridden = Harness.run(
        ["toc", "--title", "On this page", "fixtures/recipe.md"], environment: environment)
      #expect(overridden.stdout.contains("On this page"))
    }
  }

  @Test func aBadLineNamesTheFileAndTheLine() throws {
    try withConfig("title = x\nfrobnicate = yes\n") { environment in
      let outcome = Harness.run(["toc", "fixtures/recipe.md"], environment: environment)
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("/isle/config:2: unknown key 'frobnicate'"))
    }
  }

  /// A config file isle may not read (a `$HOME` of another user's, as
  /// `sudo -u` without `-H` leaves it) is a warning, and the command runs;
  /// one that cannot be there (a file where its folder would be) is none.
  @Test func anUnreadableConfigIsAWarningNotAnEnd() throws {
    try Harness.withTree(["home/.config/isle/config": "title = Sommaire\n", "file": "x"]) {
      root in
      let home = root.appendingPathComponent("home").path
      // Root reads every file: the command runs as nobody, for whom the
      // home is shut; anyone else shuts it to themselves.
      let asRoot = getuid() == 0
      #expect(chmod(home, asRoot ? 0o700 : 0) == 0)
      defer { chmod(home, 0o755) }
      let run =
        asRoot ? "setpriv --reuid=65534 --regid=65534 --clear-groups isle" : "isle"
      let shut = try Harness.shell(
        "env -u XDG_CONFIG_HOME HOME='\(home)' \(run) toc fixtures/recipe.md")
      #expect(shut.status == 0, "\(shut.stderr)")
      #expect(shut.stdout.contains("Contents"), "no config's words: \(shut.stdout)")
      #expect(
        shut.stderr == "isle: warning: \(home)/.config/isle/config: Permission denied; "
          + "the config file is not read\n")
      let under = root.appendingPathComponent("file/config").path
      let none = try Harness.shell("XDG_CONFIG_HOME='\(under)' isle toc fixtures/recipe.md")
      #expect(none.status == 0 && none.stderr.isEmpty, "\(none.stderr)")
      #expect(none.stdout.contains("Contents"))
    }
  }

  @Test func spokenTextIsReplaceable() throws {
    let outcome = Harness.run(
      [
        "where", "--line", "40", "--format", "spoken", "--spoken-text", "Teil {n} von {count}",
        "--read-text", "{percent} Prozent gelesen", "--left-text", "noch {m} Minuten",
        "fixtures/recipe.md",
      ])
    #expect(outcome.stdout == "Method, Teil 4 von 6, 54 Prozent gelesen, noch 1 Minuten\n")
    let bar = Harness.run([
      "where", "--line", "40", "--read-text", "{left} left", "--position-text", "{n}/{count}",
      "--time-text", "{m} Min.", "fixtures/recipe.md",
    ])
    #expect(bar.stdout == "↑ ◑ Method  4/6 ⌃\n", "a bar without {left} is unchanged")
    let toc = Harness.run([
      "toc", "--line", "40", "--read-text", "{left} left", "--time-text", "{m} Min.",
      "--short-text", "kurz", "fixtures/recipe.md",
    ])
    #expect(toc.stdout.contains("kurz"))
    #expect(toc.stdout.split(separator: "\n").last?.hasSuffix("1 Min. left ⌄") == true)
  }
}
