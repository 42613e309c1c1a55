import Files
import Outline
import Parallel
import Slugs

/// `--slug auto`: the id flavour of the site a document will be published
/// by, from the project it lives in.
///
/// From the document's folder upward, the first folder holding a site
/// generator's configuration decides: `mkdocs.yml` (MkDocs), `hugo.toml`
/// or a `config.toml` with Hugo's keys (Hugo), `_config.yml` (Jekyll,
/// whose default is kramdown), `docusaurus.config.*` (Docusaurus). The
/// search stops at the repository's root (the folder holding `.git`) or
/// the file system's; with nothing found the flavour is GitHub's.
///
/// Folders are told apart by device and inode, so `docs/..` and `.` are
/// one; each folder's answer is kept (and by the path it was asked by), as
/// documents come by the thousand from a few folders, read on several
/// threads.
public final class SlugFlavorDetector: Sendable {
  private let files: FileAccess
  private let known = Lock<[FileIdentity: SlugFlavor]>([:])
  /// The answer for each folder a document was asked for, by the path it
  /// was named by: the next document there costs no look at the disk.
  private let byPath = Lock<[String: SlugFlavor]>([:])

  /// The folders climbed at most: more than any real tree is deep.
  private static let maxClimb = 256

  /// A detector that looks at `files`.
  public init(files: FileAccess) {
    self.files = files
  }

  /// The flavour for the document at `path`.
  public func flavor(forDocumentAt path: String) -> SlugFlavor {
    let start = Self.folder(of: path)
    if let answer = byPath.withLock({ $0[start] }) { return answer }
    var folder = start
    var climbed: [FileIdentity] = []
    var found = SlugFlavor.github
    for _ in 0..<Self.maxClimb {
      guard let identity = files.identity(folder) else { break }
      if let answer = known.withLock({ $0[identity] }) {
        found = answer
        break
      }
      climbed.append(identity)
      let names = Set(files.entries(folder) ?? [])
      if let flavor = flavor(in: folder, names: names) {
        found = flavor
        break
      }
      let parent = folder == "/" ? "/" : folder + "/.."
      if names.contains(".git") || files.identity(parent) == identity { break }
      folder = parent
    }
    known.withLock { known in
      for identity in climbed { known[identity] = found }
    }
    byPath.withLock { $0[start] = found }
    return found
  }

  /// The folder a document at `path` is in, as a path to climb from.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The flavour a folder's site configuration names, if it holds one.
  private func flavor(in folder: String, names: Set<String>) -> SlugFlavor? {
    if names.contains("mkdocs.yml") || names.contains("mkdocs.yaml") { return .mkdocs }
    if SiteConfiguration.hugoNames.contains(where: names.contains) { return .hugo }
    for name in SiteConfiguration.sharedNames where names.contains(name) {
      let path = folder + "/" + name
      guard files.kind(path) == .regular,
        let bytes = try? files.bytes(.file(path), limit: SiteConfiguration.loadLimit)
      else { continue }
      if SiteConfiguration.isHugo(String(decoding: bytes, as: UTF8.self)) { return .hugo }
    }
    if names.contains("_config.yml") || names.contains("_config.yaml") { return .kramdown }
    if names.contains(where: { $0.hasPrefix("docusaurus.config.") }) { return .docusaurus }
    return nil
  }
}
