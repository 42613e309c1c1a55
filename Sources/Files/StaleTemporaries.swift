import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// The files `AtomicFile` writes beside the one it replaces,
/// `.NAME.isle-PID-XXXXXX`, and those a write that never ended left there
/// (isle killed by `kill -9`, the machine gone down): the next write into
/// the folder removes them.
///
/// A file is stale only when its writer is surely gone: no process holds
/// the lock a writer keeps on it while writing (which tells across pid
/// namespaces too), and the process `PID` is not running, or started after
/// the file was last written (the number reused). So a file another isle
/// is writing now is never removed, nor one another user's isle left.
enum StaleTemporaries {
  /// The mark between a name and the writer's pid.
  static let mark = ".isle-"

  /// The bytes of the `mkstemp` template beside `name` in `directory`:
  /// at most 200 bytes of the name, so the whole fits in a folder entry.
  static func template(directory: String, name: String) -> [CChar] {
    let folder = PathBytes.system(directory).dropLast()
    let own = PathBytes.system(name).dropLast().prefix(200)
    let tail = "\(mark)\(getpid())-XXXXXX".utf8.map { CChar(bitPattern: $0) }
    return Array(folder) + [
      CChar(bitPattern: UInt8(ascii: "/")), CChar(bitPattern: UInt8(ascii: ".")),
    ]
      + own + tail + [0]
  }

  /// The folders already swept by this process.
  private static let swept = Lock<Set<String>>([])

  /// Removes the stale files in `directory`, once a process.
  static func sweep(_ directory: String) {
    let first = swept.withLock { $0.insert(directory).inserted }
    guard first, let names = SystemFiles().entries(directory) else { return }
    for name in names {
      guard let pid = writer(of: name) else { continue }
      let path = directory + "/" + name
      if isStale(path, pid: pid) { _ = PathBytes.withSystemPath(path) { unlink($0) } }
    }
  }

  /// The pid in `name`, when it is a name `template` makes.
  static func writer(of name: String) -> pid_t? {
    let bytes = Array(name.utf8)
    // ".", at least one byte of a name, the mark, digits, "-", six more.
    guard bytes.count > 1 + 1 + mark.utf8.count + 1 + 7, bytes[0] == UInt8(ascii: ".") else {
      return nil
    }
    let end = bytes.count - 7
    guard bytes[end] == UInt8(ascii: "-") else { return nil }
    var start = end
    while start > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start - 1]) {
      start -= 1
    }
    guard start < end, end - start <= 10,
      bytes[..<start].reversed().starts(with: mark.utf8.reversed()), start - mark.utf8.count > 1
    else { return nil }
    return pid_t(String(decoding: bytes[start..<end], as: UTF8.self))
  }

  /// True when nothing is writing the file at `path`, which `pid` made.
  static func isStale(_ path: String, pid: pid_t) -> Bool {
    var info = stat()
    guard lstat(PathBytes.system(path), &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_uid == geteuid()
    else { return false }
    if kill(pid, 0) == 0 || errno == EPERM {
      // Running: stale only when it started after the file was written
      // (a second's grace for the clocks' steps).
      guard let started = startTime(of: pid), started > Int(info.st_mtim.tv_sec) + 1 else {
        return false
      }
    }
    let descriptor = PathBytes.withSystemPath(path) {
      open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    }
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return flock(descriptor, LOCK_EX | LOCK_NB) == 0
  }

  /// When process `pid` started, in seconds since 1970, from `/proc`.
  static func startTime(of pid: pid_t) -> Int? {
    guard let stat = text(of: "/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")"),
      let boot = text(of: "/proc/stat")?.split(separator: "\n")
        .first(where: { $0.hasPrefix("btime ") })?.split(separator: " ").last.flatMap({ Int($0) })
    else { return nil }
    // The 22nd field, the start in clock ticks since boot; the fields
    // after the name in parentheses start with the third.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 19, let ticks = Int(fields[19]) else { return nil }
    return boot + ticks / max(Int(sysconf(Int32(_SC_CLK_TCK))), 1)
  }

  /// A small file's text (a `/proc` file, whose size says nothing).
  private static func text(of path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer.prefix(count)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
