/// The cases of a parameterized test, which must not be empty: a suite
/// whose list came back empty (a fixture folder moved, a filter gone
/// wrong) would pass having tested nothing, so the run stops instead.
public func requiredCases<Case>(_ cases: [Case], _ what: String) -> [Case] {
  precondition(!cases.isEmpty, "no \(what) found: a test over them would pass with no case")
  return cases
}
