import Links
import Outline
import Slugs

/// The headings a file's git history renamed, read from `git log -p`
/// (`--follow`, so through renames of the file): in each hunk of each
/// commit, the ATX headings taken out paired in order with those put in.
/// What `check` suggests for a fragment that names no heading any more.
public struct HeadingHistory: Sendable {
  /// One heading line replaced by another in a commit.
  public struct Rename: Sendable, Equatable {
    /// The heading lines as written, `## Old Name` and `## New Name`.
    public var old: String
    public var new: String
    /// The commit, abbreviated.
    public var commit: String
  }

  /// The renames, oldest first.
  public let renames: [Rename]

  /// The history of `file` (absolute); nil when git is missing or the file
  /// is in no repository or has no history.
  public init?(of file: String) {
    let slash = file.lastIndex(of: "/") ?? file.startIndex
    let folder = slash == file.startIndex ? "/" : String(file[..<slash])
    let name = String(file[file.index(after: slash)...])
    let arguments = [
      "log", "--follow", "--format=%x00%h", "-p", "-U0", "--no-color", "--no-ext-diff",
      "--no-textconv", "--", name,
    ]
    guard let outcome = GitProcess.run(arguments, in: folder), outcome.status == 0,
      !outcome.output.isEmpty
    else { return nil }
    // What is not committed yet (staged or not) comes last: a pre-commit
    // hook checks a rename before it is a commit.
    let uncommitted = GitProcess.run(
      ["diff", "HEAD", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", "--", name],
      in: folder)
    let working = uncommitted.map { [0] + Array(Self.workingTree.utf8) + [0x0A] + $0.output } ?? []
    renames = Self.renames(inLog: working + [0x0A] + outcome.output).reversed()
  }

  /// What a rename not yet committed names as its commit.
  public static let workingTree = "the working tree"

  /// The renames a log holds, newest first as git lists commits.
  static func renames(inLog log: [UInt8]) -> [Rename] {
    var renames: [Rename] = []
    var commit = ""
    var inHunk = false
    var removed: [String] = []
    var added: [String] = []
    func endHunk() {
      for (old, new) in zip(removed, added) where old != new {
        renames.append(Rename(old: old, new: new, commit: commit))
      }
      removed = []
      added = []
    }
    for raw in log.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let line = String(decoding: raw, as: UTF8.self)
      if line.hasPrefix("\u{0}") {
        endHunk()
        commit = String(line.dropFirst())
        inHunk = false
      } else if line.hasPrefix("diff ") {
        endHunk()
        inHunk = false
      } else if line.hasPrefix("@@") {
        endHunk()
        inHunk = true
      } else if inHunk, let sign = line.first, sign == "-" || sign == "+" {
        let text = String(line.dropFirst())
        guard Self.isHeading(text) else { continue }
        if sign == "-" { removed.append(text) } else { added.append(text) }
      }
    }
    endHunk()
    return renames
  }

  /// True for an ATX heading line: up to three spaces, one to six `#`,
  /// then a space, a tab or the line's end.
  static func isHeading(_ line: String) -> Bool {
    let bytes = Array(line.utf8)
    var index = 0
    while index < bytes.count && index < 3 && bytes[index] == 0x20 { index += 1 }
    var hashes = 0
    while index < bytes.count && bytes[index] == 0x23 {
      hashes += 1
      index += 1
    }
    return (1...6).contains(hashes)
      && (index == bytes.count || bytes[index] == 0x20 || bytes[index] == 0x09)
  }

  /// The id the heading `fragment` named now has, and the commit that last
  /// renamed it, following renames oldest first (`id` gives a heading
  /// line's id); nil when no rename touched a heading with that id.
  public func renamed(_ fragment: String, id: (String) -> String?) -> (id: String, commit: String)? {
    var wanted = fragment
    var commit: String? = nil
    for rename in renames where id(rename.old) == wanted {
      guard let next = id(rename.new) else { continue }
      wanted = next
      commit = rename.commit
    }
    return commit.map { (wanted, $0) }
  }
}

extension HeadingHistory {
  /// `broken` with the suggestion of each missing heading whose rename
  /// git's history records: the id the heading has now (when the target
  /// has it), and the commit that renamed it. It wins over the nearest id,
  /// which only looks alike. `anchors` gives a target's anchors,
  /// `flavor` its slug flavour, `absolute` a path from the root of the file
  /// system; only targets `inRepository` says are in one are asked about.
  public static func suggesting(
    _ broken: [BrokenLink], anchors: (String) -> DocumentAnchors?,
    flavor: (String) -> SlugFlavor, absolute: (String) -> String,
    inRepository: (String) -> Bool
  ) -> [BrokenLink] {
    var histories: [String: HeadingHistory?] = [:]
    var ids: [String: String?] = [:]
    return broken.map { link in
      guard link.reason == .noHeading, let file = link.file, let fragment = link.fragment,
        DocumentFormat.fromExtension(of: file) == .markdown, let found = anchors(file)
      else { return link }
      let path = absolute(file)
      if histories[path] == nil {
        histories[path] = inRepository(path) ? HeadingHistory(of: path) : .some(nil)
      }
      guard let history = histories[path] ?? nil else { return link }
      let options = OutlineOptions(levels: 1...6, slugFlavor: flavor(file))
      let id = { (line: String) -> String? in
        let key = options.slugFlavor.rawValue + "\u{0}" + line
        if let known = ids[key] { return known }
        let made = (try? Outliner.outline(Array((line + "\n").utf8), path: nil, options: options))?
          .sections.first?.id
        ids[key] = made
        return made
      }
      let wanted = found.triesLowercased ? fragment.lowercased() : fragment
      guard let (now, commit) = history.renamed(wanted, id: id), found.contains(now) else {
        return link
      }
      var suggested = link
      suggested.suggestion = now
      suggested.renamedIn = commit
      return suggested
    }
  }
}
