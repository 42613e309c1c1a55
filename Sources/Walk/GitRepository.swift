import Files

/// What a walk needs to know of the git repository a folder is in: where
/// its top is, its `.git/info/exclude`, the global excludes file, and the
/// `.gitignore` and `.ignore` files of the folders between the top and the
/// folder walked. Read from the files themselves; git is not run.
public enum GitRepository {
  /// The ignore files in force at `folder` (absolute, canonical) before
  /// its own are read. `read` gives a file's text or nil; `isDirectory`
  /// says whether a path is a folder.
  static func chain(
    at folder: String, environment: [String: String], load: (String) -> String?,
    isDirectory: (String) -> Bool
  ) -> IgnoreChain {
    var chain = IgnoreChain()
    let ancestors = Self.ancestors(of: folder)
    // The nearest folder holding a `.git` (a folder, or a file naming one).
    guard
      let top = ancestors.first(where: { isDirectory($0 + "/.git") || load($0 + "/.git") != nil })
    else { return chain }
    chain.inRepository = true
    let gitDirectory = Self.gitDirectory(top: top, load: load, isDirectory: isDirectory)
    if let text = load(gitDirectory + "/info/exclude") {
      chain.repository.append(IgnoreRules(base: top, text: text))
    }
    if let path = globalExcludes(environment: environment, load: load), let text = load(path) {
      chain.repository.append(IgnoreRules(base: top, text: text))
    }
    // The folders from the top down to the walked folder's parent.
    for parent in ancestors.reversed().drop(while: { $0 != top }) where parent != folder {
      chain = chain.entering(parent, load: load)
    }
    return chain
  }

  /// `folder` and each folder above it, nearest first.
  public static func ancestors(of folder: String) -> [String] {
    var result = [folder]
    var current = folder
    while let slash = current.lastIndex(of: "/"), current != "/" {
      current = slash == current.startIndex ? "/" : String(current[..<slash])
      result.append(current)
    }
    return result
  }

  /// The nearest of `folder` and the folders above it that holds `.git`
  /// (a folder, or a file naming one), if any: the repository's top.
  public static func top(of folder: String, files: any FileSystemProbe) -> String? {
    ancestors(of: folder).first { ![.missing, .outside].contains(files.kind($0 + "/.git")) }
  }

  /// Where the repository's files are: `.git` itself, or for a worktree the
  /// common folder its `.git` file leads to (where `info/exclude` lives).
  static func gitDirectory(
    top: String, load: (String) -> String?, isDirectory: (String) -> Bool
  ) -> String {
    let dotGit = top + "/.git"
    if isDirectory(dotGit) { return dotGit }
    guard let text = load(dotGit), let line = text.split(separator: "\n").first,
      line.hasPrefix("gitdir:")
    else { return dotGit }
    let named = line.dropFirst("gitdir:".count).trimmingCharacters(in: " \t\r")
    let gitDir = named.hasPrefix("/") ? named : top + "/" + named
    guard let common = load(gitDir + "/commondir")?.trimmingCharacters(in: " \t\r\n") else {
      return gitDir
    }
    return common.hasPrefix("/") ? common : gitDir + "/" + common
  }

  /// git's global excludes file: `core.excludesFile` from the user's git
  /// config, else `$XDG_CONFIG_HOME/git/ignore` (else `~/.config/git/ignore`).
  static func globalExcludes(environment: [String: String], load: (String) -> String?) -> String? {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
    guard
      let xdg = environment["XDG_CONFIG_HOME"].flatMap({ $0.isEmpty ? nil : $0 })
        ?? home.map({ $0 + "/.config" })
    else { return nil }
    var file: String? = nil
    for config in [xdg + "/git/config"] + (home.map { [$0 + "/.gitconfig"] } ?? []) {
      if let text = load(config), let value = excludesFile(in: text) { file = value }
    }
    guard let file else { return xdg + "/git/ignore" }
    if file.hasPrefix("~/"), let home { return home + file.dropFirst(1) }
    return file
  }

  /// The `excludesFile` of the `[core]` section of a git config file.
  static func excludesFile(in config: String) -> String? {
    var section = ""
    var found: String? = nil
    for raw in config.split(separator: "\n") {
      let line = raw.trimmingCharacters(in: " \t\r")
      if line.hasPrefix("[") {
        section = String(line.dropFirst().prefix { $0 != "]" && $0 != " " && $0 != "\"" })
          .lowercased()
        continue
      }
      guard section == "core", let equals = line.firstIndex(of: "=") else { continue }
      guard line[..<equals].trimmingCharacters(in: " \t").lowercased() == "excludesfile" else {
        continue
      }
      var value = line[line.index(after: equals)...].trimmingCharacters(in: " \t")
      if value.hasPrefix("\""), value.dropFirst().contains("\"") {
        value = String(value.dropFirst().prefix { $0 != "\"" })
      } else if let comment = value.firstIndex(where: { $0 == "#" || $0 == ";" }) {
        value = value[..<comment].trimmingCharacters(in: " \t")
      }
      found = value
    }
    return found
  }
}
