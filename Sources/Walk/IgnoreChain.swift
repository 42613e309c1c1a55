/// The ignore files in force at one folder of a walk, in ripgrep's order of
/// precedence: `.ignore` files (the deepest first), then `.gitignore` files
/// (the deepest first), then the repository's `.git/info/exclude`, then the
/// global excludes. The first that has an opinion on a path decides.
/// `.gitignore`, the exclude file and the global file count only inside a
/// git repository, as in ripgrep; `.ignore` counts everywhere.
struct IgnoreChain: Sendable {
  var dotIgnores: [IgnoreRules] = []
  var gitIgnores: [IgnoreRules] = []
  /// `.git/info/exclude` then the global excludes, when in a repository.
  var repository: [IgnoreRules] = []
  /// True inside a git repository.
  var inRepository = false

  /// True when `path` (absolute) is to be skipped.
  func ignores(_ path: String, name: String, isDirectory: Bool) -> Bool {
    for rules in dotIgnores.reversed() {
      if let decided = rules.decision(path, name: name, isDirectory: isDirectory) { return decided }
    }
    for rules in gitIgnores.reversed() {
      if let decided = rules.decision(path, name: name, isDirectory: isDirectory) { return decided }
    }
    for rules in repository {
      if let decided = rules.decision(path, name: name, isDirectory: isDirectory) { return decided }
    }
    return false
  }

  /// The chain with the ignore files of `folder` (absolute) added; `read`
  /// gives a file's text, or nil when there is none.
  func entering(_ folder: String, load: (String) -> String?) -> IgnoreChain {
    var chain = self
    if inRepository, let text = load(folder + "/.gitignore") {
      chain.gitIgnores.append(IgnoreRules(base: folder, text: text))
    }
    if let text = load(folder + "/.ignore") {
      chain.dotIgnores.append(IgnoreRules(base: folder, text: text))
    }
    return chain
  }
}
