/// The rules the option tables declare between options, checked once the
/// words are read: what an option needs, and what it cannot be given with.
/// Each error names both sides as typed; a default never takes part.
package enum OptionRules {
  /// Throws the first rule `raw` breaks, in the order the options were given.
  package static func check(_ raw: RawArguments, specs: [OptionSpec], command: String) throws {
    var seen = Set<OptionName>()
    for given in raw.options where seen.insert(given.name).inserted {
      guard let spec = specs.first(where: { $0.name == given.name }) else { continue }
      let typed = "'\(given.spelling)'"
      if !spec.requires.isEmpty && !spec.requires.contains(where: { $0.met(in: raw) != nil }) {
        let needs = spec.requires.map(\.described)
        let list =
          needs.count == 1
          ? needs[0] : needs.dropLast().joined(separator: ", ") + " or " + needs.last!
        throw UsageError("\(typed) needs \(list)", command: command)
      }
      for conflict in spec.conflicts {
        guard let other = conflict.met(in: raw) else { continue }
        throw UsageError("\(typed) and \(other) cannot be given together", command: command)
      }
    }
  }
}
