import Globs
import JSON
import JSONRPC
import Links
import Outline
import Workspace

/// What the client has set: which diagnostics are on and how loud, which
/// links are not checked, and how completion and file renames write a
/// path. Read from `initializationOptions`, then from each
/// `workspace/didChangeConfiguration`, under the names of VS Code's
/// Markdown language service (`ignoreLinks`, `validateFileLinks`…), at
/// the top of the object or under `isle`. Every feature reads them here.
struct ServerSettings: Sendable, Equatable {
  /// How a kind of diagnostic is shown: not at all, or at a severity.
  enum Level: String, Sendable, Equatable {
    case ignore, error, warning, information, hint

    /// The protocol's severity; nil when the diagnostic is not shown.
    var severity: Int? {
      switch self {
      case .ignore: nil
      case .error: 1
      case .warning: 2
      case .information: 3
      case .hint: 4
      }
    }

    /// A level as a setting writes it (`"warning"`, `"info"`, `true`).
    init?(_ json: JSONValue?) {
      if let on = json?.bool {
        self = on ? .warning : .ignore
        return
      }
      switch json?.string?.lowercased() {
      case "ignore", "off", "none": self = .ignore
      case "error": self = .error
      case "warning": self = .warning
      case "information", "info": self = .information
      case "hint": self = .hint
      default: return nil
      }
    }
  }

  /// A link to a file that is not there (`validateFileLinks`).
  var fileLinks = Level.warning
  /// `#fragment` naming no target in this document (`validateFragmentLinks`).
  var fragmentLinks = Level.warning
  /// `path.md#fragment` naming no target there
  /// (`validateMarkdownFileLinkFragments`); nil: as `fragmentLinks`.
  var fileFragments: Level? = nil
  /// `[text][label]` with no definition of `label` (`validateReferences`).
  var references = Level.warning
  /// A label defined twice (`validateDuplicateLinkDefinitions`).
  var duplicateDefinitions = Level.warning
  /// A definition nothing uses (`validateUnusedLinkDefinitions`): off
  /// unless asked, as VS Code's language service has it, since it breaks
  /// nothing: no link on the page GitHub shows, and `isle check` says
  /// nothing of it.
  var unusedDefinitions = Level.ignore
  /// Links not checked (`ignoreLinks`): globs matched against the
  /// destination as written (`/images/**/*.png`, `#draft`, `doc.md#*`),
  /// its path alone or with its fragment.
  var ignoredLinks: [String] = []
  /// Paths completion does not offer (`excludePaths`): globs matched
  /// against a file's or folder's path from the workspace folder
  /// (`**/drafts/**`, `**/.*`).
  var excludedPaths: [String] = []
  /// Whether a path to a Markdown document keeps its extension when
  /// completion or a file rename writes it (`preferredMdPathExtensionStyle`).
  var markdownExtension = MarkdownExtension.auto
  /// Whether a document's reference definitions are among its symbols
  /// (`includeLinkDefinitions`, as VS Code's language service asks for
  /// them): off unless asked, the symbols then being the outline alone.
  var definitionSymbols = false

  /// How a path to a Markdown document is written.
  enum MarkdownExtension: String, Sendable, Equatable {
    /// With its extension, except that a rename keeps a link written
    /// without one that way.
    case auto
    /// Always with it (`guide.md`).
    case includeExtension
    /// Always without it (`guide`), as sites built from Markdown serve it.
    case removeExtension
  }

  /// The settings of `initialize`: its `initializationOptions`.
  init(initialize json: JSONValue) {
    if let options = json["initializationOptions"] { read(options) }
  }

  /// The defaults.
  init() {}

  /// The settings `json` gives (`didChangeConfiguration`'s `settings`):
  /// each from its default, since a client sends the whole section.
  func replaced(by json: JSONValue) -> ServerSettings {
    var settings = ServerSettings()
    settings.read(json)
    return settings
  }

  /// Takes every setting `json` names, at its top and under `isle`; what
  /// does not read is left as it was.
  mutating func read(_ json: JSONValue) {
    func level(_ key: String, _ into: inout Level) {
      if let found = Level(json[key]) { into = found }
    }
    level("validateFileLinks", &fileLinks)
    level("validateFragmentLinks", &fragmentLinks)
    if let value = json["validateMarkdownFileLinkFragments"] {
      fileFragments = value.string == "inherit" ? nil : Level(value) ?? fileFragments
    }
    level("validateReferences", &references)
    level("validateDuplicateLinkDefinitions", &duplicateDefinitions)
    level("validateUnusedLinkDefinitions", &unusedDefinitions)
    if let globs = json["ignoreLinks"]?.array { ignoredLinks = globs.compactMap(\.string) }
    if let globs = json["excludePaths"]?.array { excludedPaths = globs.compactMap(\.string) }
    if let on = json["includeLinkDefinitions"]?.bool { definitionSymbols = on }
    if let style = json["preferredMdPathExtensionStyle"]?.string.flatMap(MarkdownExtension.init) {
      markdownExtension = style
    }
    if let nested = json["isle"], case .object = nested { read(nested) }
  }

  /// How a broken link is shown, by what it misses: its file, a target in
  /// this document, or one in another; `.ignore` when `ignoreLinks` names it.
  func level(of broken: BrokenLink) -> Level {
    let written = broken.link.destination
    let path =
      written.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      .first.map(String.init) ?? written
    if !path.isEmpty && ignores(path) || ignores(written) { return .ignore }
    if broken.reason == .noFile { return fileLinks }
    if case .fragment = LinkDestination.of(broken.link) { return fragmentLinks }
    return fileFragments ?? fragmentLinks
  }

  /// True when a glob of `excludePaths` matches `path` (from the
  /// workspace folder, no leading `/`) whole.
  func excludes(_ path: String) -> Bool { Self.matches(excludedPaths, path) }

  /// True when a glob of `ignoreLinks` matches `text` whole (`*` within a
  /// folder, `**` across folders, as git's globs).
  func ignores(_ text: String) -> Bool { Self.matches(ignoredLinks, text) }

  /// True when one of `globs` matches `text` whole, as git matches one.
  private static func matches(_ globs: [String], _ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return globs.contains { Wildmatch.matches(Array($0.utf8), bytes) }
  }

  /// A path to a file as completion and file renames write it: without
  /// its extension when it names a Markdown document and
  /// `preferredMdPathExtensionStyle` is `removeExtension` (`../guide.md`
  /// → `../guide`); else as it is.
  func written(_ path: String) -> String {
    guard markdownExtension == .removeExtension, !path.hasSuffix("/"),
      DocumentFormat.fromExtension(of: path) == .markdown,
      let dot = path.lastIndex(of: "."), !path[dot...].contains("/")
    else { return path }
    return String(path[..<dot])
  }
}

/// `workspace/didChangeConfiguration`: the client's settings as they now
/// are; nil when it sent none (a client that expects to be asked).
struct ConfigurationParams: MethodParams {
  var settings: JSONValue?

  init(_ json: JSONValue) {
    if let given = json["settings"], case .object = given { settings = given }
  }
}

extension LanguageServer {
  /// The settings every feature reads.
  var settings: ServerSettings { state.withLock { $0.settings } }

  /// New settings: every open document's diagnostics are found again.
  func didChangeConfiguration(_ params: ConfigurationParams) {
    guard let given = params.settings else { return }
    state.withLock { state in
      let before = state.settings
      state.settings = state.settings.replaced(by: given)
      state.diagnosticsDue.formUnion(state.open.keys)
      // The open documents' outlines are made again, with the
      // definitions or without.
      guard before.definitionSymbols != state.settings.definitionSymbols else { return }
      for path in state.open.keys {
        state.open[path]?.live = nil
        state.open[path]?.pending = nil
        state.open[path]?.outline = nil
      }
    }
  }
}
