#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program for a test, without Foundation's `Process`: its
/// `waitUntilExit` can miss a child that ends quickly and wait for ever
/// (seen in CI with `tmux new-session -d`), and the children it starts
/// inherit the calling thread's blocked signals, so a SIGTERM sent to them
/// never arrives.
///
/// Here every stream is a file (no pipe to drain, no reader to wait on a
/// daemon that kept a write end), the child starts with no signal blocked
/// and every signal at its default, in a process group of its own, and a
/// deadline ends the whole group.
public enum Spawn {
  public struct Outcome: Sendable {
    /// The exit status, or 128 plus the signal that ended the program.
    public var status: Int32
    /// True when a signal ended the program.
    public var signaled: Bool
    public var stdout: [UInt8]
    public var stderr: [UInt8]

    public var output: String { String(decoding: stdout, as: UTF8.self) }
    public var errors: String { String(decoding: stderr, as: UTF8.self) }
  }

  public struct SpawnError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
  }

  /// Runs `executable` with `arguments` from `directory`, `stdin` as its
  /// standard input, and waits at most `timeout` seconds for it to end.
  /// Nil `environment` keeps this process's own.
  public static func run(
    _ executable: String, _ arguments: [String], stdin: [UInt8] = [],
    directory: String? = nil, environment: [String: String]? = nil, timeout: Double = 60
  ) throws(SpawnError) -> Outcome {
    var template = Array("/tmp/isle-spawn-XXXXXX".utf8CString)
    guard let scratch = mkdtemp(&template) else {
      throw SpawnError(description: "no scratch directory: errno \(errno)")
    }
    let folder = String(cString: scratch)
    let paths = ["in", "out", "err"].map { folder + "/" + $0 }
    defer {
      for path in paths { unlink(path) }
      rmdir(folder)
    }
    try write(stdin, to: paths[0])

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, paths[0], O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, paths[1], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, paths[2], O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    // posix_spawn has no portable change of directory: a shell does it.
    let argv =
      directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0, executable] }
      ?? [executable]
    let program = argv[0]
    let words = argv + arguments
    var child: pid_t = 0
    let started = withCStrings(words) { argv in
      guard let environment else {
        return posix_spawn(&child, program, &actions, &attributes, argv, environ)
      }
      return withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in
        posix_spawn(&child, program, &actions, &attributes, argv, envp)
      }
    }
    guard started == 0 else {
      throw SpawnError(description: "cannot start \(executable): errno \(started)")
    }

    var status: Int32 = 0
    let deadline = now() + timeout
    while true {
      let result = waitpid(child, &status, WNOHANG)
      if result == child { break }
      if result < 0 && errno != EINTR {
        throw SpawnError(description: "waitpid \(executable): errno \(errno)")
      }
      if now() >= deadline {
        kill(-child, SIGKILL)
        kill(child, SIGKILL)
        _ = waitpid(child, &status, 0)
        throw SpawnError(description: "\(executable) \(arguments) ran past \(timeout) s")
      }
      usleep(5_000)
    }
    let signal = status & 0x7F
    return Outcome(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, signaled: signal != 0,
      stdout: read(paths[1]), stderr: read(paths[2]))
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  static func withCStrings<R>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
  ) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    pointers.append(nil)
    defer { for pointer in pointers { free(pointer) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
  }

  static func write(_ bytes: [UInt8], to path: String) throws(SpawnError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw SpawnError(description: "cannot write \(path)") }
    defer { close(descriptor) }
    var sent = 0
    while sent < bytes.count {
      let result = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + sent, $0.count - sent)
      }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { throw SpawnError(description: "cannot write \(path)") }
      sent += result
    }
  }

  static func read(_ path: String) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(descriptor, $0.baseAddress!, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
    }
  }
}
