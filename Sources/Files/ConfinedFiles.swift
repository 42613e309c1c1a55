#if canImport(Glibc)
  import Glibc
#endif

/// Files read only inside some folders, as `isle mcp` reads them for an
/// agent: every path is resolved (`..` and each symbolic link followed, as
/// far as they lead) before anything is done with it, and one that leads
/// outside every folder is `.outside`, neither read, listed nor looked at.
/// Whether such a path exists is never asked, so what comes back is the
/// same either way.
public struct ConfinedFiles: FileAccess {
  /// The files read when a path is inside.
  let inner: FileAccess
  /// The folders, real paths.
  public let roots: [String]
  /// Paths outside them that are read all the same (the config file).
  let exceptions: Set<String>

  /// `inner` kept within `roots` (real paths), but for `exceptions`.
  public init(_ inner: FileAccess, roots: [String], exceptions: Set<String> = []) {
    self.inner = inner
    self.roots = roots
    self.exceptions = exceptions
  }

  /// What a path outside the folders is, as errors and warnings say it.
  public static let outsideReason = "is outside the workspace"

  /// True when `path` leads inside one of the folders.
  public func isInside(_ path: String) -> Bool {
    if exceptions.contains(path) { return true }
    guard let real = Self.resolved(absolute(path)) else { return false }
    return roots.contains { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }
  }

  public func bytes(_ source: InputSource, limit: Int) throws -> [UInt8] {
    try inner.bytes(try confined(source), limit: limit)
  }

  public func load(_ source: InputSource, limit: Int) throws -> LoadedBytes {
    try inner.load(try confined(source), limit: limit)
  }

  public func resolvedPath(_ path: String) -> String { inner.resolvedPath(path) }

  public func kind(_ path: String) -> FileKind {
    isInside(path) ? inner.kind(path) : .outside
  }

  public func identity(_ path: String) -> FileIdentity? {
    isInside(path) ? inner.identity(path) : nil
  }

  public func entries(_ directory: String) -> [String]? {
    guard isInside(directory) else {
      errno = EACCES
      return nil
    }
    return inner.entries(directory)
  }

  /// `source`, refused when it leads outside.
  private func confined(_ source: InputSource) throws -> InputSource {
    guard case .file(let path) = source, !isInside(path) else { return source }
    throw LoadError(name: path, reason: Self.outsideReason)
  }

  /// True when `path`, `..` and every symbolic link resolved, leads to
  /// `folder` or inside it (relative ones from the current folder).
  public static func leads(_ path: String, inside folder: String) -> Bool {
    guard let real = resolved(fromCurrent(path)), let root = resolved(fromCurrent(folder))
    else { return false }
    return real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// `path` from the root folder, a relative one from the current folder.
  private static func fromCurrent(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let folder = getcwd(nil, 0) else { return "/" + path }
    defer { free(folder) }
    return String(cString: folder) + "/" + (path.isEmpty ? "." : path)
  }

  /// `path` from the root folder (a relative one from the current folder,
  /// or the folder `inner` reads from).
  private func absolute(_ path: String) -> String {
    let given = inner.resolvedPath(path.isEmpty ? "." : path)
    if given.hasPrefix("/") { return given }
    guard let folder = getcwd(nil, 0) else { return "/" + given }
    defer { free(folder) }
    return String(cString: folder) + "/" + given
  }

  /// Absolute `path` with `.`, `..` and every link resolved as far as the
  /// files go, the rest as written (a link to nowhere followed to where
  /// it would lead); nil for links that lead round and round.
  public static func resolved(_ path: String, hops: Int = 0) -> String? {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    guard hops < 40 else { return nil }
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return "/" }
    let name = String(trimmed[trimmed.index(after: slash)...])
    let folder = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    guard let base = resolved(folder, hops: hops + 1) else { return nil }
    switch name {
    case "", ".": return base
    case "..":
      return base.lastIndex(of: "/").map { $0 == base.startIndex ? "/" : String(base[..<$0]) }
    default: break
    }
    let joined = base == "/" ? "/" + name : base + "/" + name
    var link = stat()
    guard lstat(joined, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return joined }
    var contents = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(joined, &contents, contents.count - 1)
    guard count > 0 else { return nil }
    let written = String(decoding: contents[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return resolved(written.hasPrefix("/") ? written : base + "/" + written, hops: hops + 1)
  }
}
