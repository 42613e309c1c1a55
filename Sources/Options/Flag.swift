/// One option of isle defined once: what help, completions and the rules
/// know of it (`spec`: its name, value and help) and its typed effect on
/// the settings it decides (`update`), as ripgrep's `Flag::update` is.
/// Options whose effect hangs on others (the levels, the width) are
/// defined as a spec beside the one function that reads their group.
package struct Flag<Settings>: Sendable {
  package let spec: OptionSpec
  /// Sets `settings` from the value given (the last time), or throws an
  /// error naming the option and the value; `command` is whose help the
  /// error points to.
  package let update:
    @Sendable (_ given: GivenOption, _ settings: inout Settings, _ command: String) throws -> Void

  package init(
    _ spec: OptionSpec,
    update:
      @escaping @Sendable (_ given: GivenOption, _ settings: inout Settings, _ command: String)
      throws -> Void
  ) {
    self.spec = spec
    self.update = update
  }

  /// `flags` given in `raw` applied to `settings` in their order, each once
  /// with the value given last; one not given leaves `settings` as it is.
  package static func apply(
    _ flags: [Flag], _ raw: RawArguments, to settings: inout Settings, command: String
  ) throws {
    for flag in flags {
      guard let given = raw.last(flag.spec.name) else { continue }
      try flag.update(given, &settings, command)
    }
  }
}

/// isle's option definitions, each group in the file that reads it (the
/// outline's in `OutlineFlags.swift`; the display's, the position's and
/// the many documents' beside `IsleCLI`'s settings), each command's own in
/// its command's description.
package enum Flags {
  /// Every command's `-h`, `--help`: the last of its options.
  package static let help = OptionSpec(.help, short: "h", help: "show this help")
}
