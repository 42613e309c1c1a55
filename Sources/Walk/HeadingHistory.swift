import Links
import Outline
import Slugs

/// The headings a file's git history renamed, read from `git log -p` (one
/// walk of the history for every file asked about) and `git diff HEAD` (what
/// is not committed yet): in each hunk, the ATX headings taken out paired
/// in order with those put in. What `check` suggests for a fragment that
/// names no heading any more. A file's history is that of its path: what
/// came before a move is not followed.
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

  /// What a rename not yet committed names as its commit.
  public static let workingTree = "the working tree"

  /// The histories of `files` (absolute, each under `top`, the repository's
  /// top), by path; a file without a rename of a heading has none. Empty
  /// when git is missing or says no.
  public static func of(_ files: [String], top: String) -> [String: HeadingHistory] {
    let names = files.compactMap { file -> String? in
      file.hasPrefix(top + "/") ? String(file.dropFirst(top.count + 1)) : nil
    }
    guard !names.isEmpty else { return [:] }
    let options = ["-U0", "--no-color", "--no-ext-diff", "--no-textconv"]
    guard
      let log = GitProcess.run(
        ["log", "--format=%x00%h", "-p"] + options + ["--"] + names, in: top),
      log.status == 0
    else { return [:] }
    // What is not committed yet (staged or not) is the newest: a pre-commit
    // hook checks a rename before it is a commit.
    let uncommitted = GitProcess.run(["diff", "HEAD"] + options + ["--"] + names, in: top)
    let working = uncommitted.map { [0] + Array(workingTree.utf8) + [0x0A] + $0.output } ?? []
    var histories: [String: HeadingHistory] = [:]
    for (name, renames) in Self.renames(inLog: working + [0x0A] + log.output) {
      histories[top + "/" + name] = HeadingHistory(renames: renames.reversed())
    }
    return histories
  }

  init(renames: [Rename]) { self.renames = renames }

  /// The renames a log holds, each file's newest first as git lists
  /// commits, by the file's path (from `+++ b/`).
  static func renames(inLog log: [UInt8]) -> [String: [Rename]] {
    var renames: [String: [Rename]] = [:]
    var commit = ""
    var file = ""
    var inHunk = false
    var removed: [String] = []
    var added: [String] = []
    func endHunk() {
      for (old, new) in zip(removed, added) where old != new {
        renames[file, default: []].append(Rename(old: old, new: new, commit: commit))
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
      } else if !inHunk && line.hasPrefix("+++ b/") {
        file = String(line.dropFirst("+++ b/".count))
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
  /// system, `top` the top of the repository a path is in (nil for none).
  public static func suggesting(
    _ broken: [BrokenLink], anchors: (String) -> DocumentAnchors?,
    flavor: (String) -> SlugFlavor, absolute: (String) -> String,
    top: (String) -> String?
  ) -> [BrokenLink] {
    let asked = broken.filter { link in
      link.reason == .noHeading && link.fragment != nil
        && link.file.map { DocumentFormat.fromExtension(of: $0) == .markdown } == true
    }
    guard !asked.isEmpty else { return broken }
    var byTop: [String: Set<String>] = [:]
    for link in asked {
      let path = absolute(link.file!)
      if let top = top(path) { byTop[top, default: []].insert(path) }
    }
    var histories: [String: HeadingHistory] = [:]
    for (top, files) in byTop { histories.merge(of(files.sorted(), top: top)) { $1 } }
    guard !histories.isEmpty else { return broken }
    var ids: [String: String?] = [:]
    return broken.map { link in
      guard link.reason == .noHeading, let file = link.file, let fragment = link.fragment,
        let history = histories[absolute(file)], let found = anchors(file)
      else { return link }
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
