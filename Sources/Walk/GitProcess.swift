#if canImport(Glibc)
  import Glibc
#endif

/// git run as the user has it (the first `git` on the PATH), for what only
/// its history knows: the files a change touched (`check --changed`) and
/// the headings a commit renamed. Its output is read whole; nothing is
/// written to it.
public enum GitProcess {
  /// What git printed and how it ended.
  public struct Outcome: Sendable {
    public var status: Int32
    public var output: [UInt8]
    public var errors: String

    /// The first line git wrote on its standard error, for a message.
    public var firstError: String {
      errors.split(separator: "\n").first.map(String.init) ?? "exit status \(status)"
    }
  }

  /// Runs `git -C directory arguments…`; nil when git cannot be started
  /// (it is not installed).
  public static func run(_ arguments: [String], in directory: String) -> Outcome? {
    var output: [Int32] = [0, 0]
    var errors: [Int32] = [0, 0]
    guard pipe(&output) == 0 else { return nil }
    guard pipe(&errors) == 0 else {
      close(output[0])
      close(output[1])
      return nil
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    for descriptor in output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
    let words = ["git", "-C", directory, "-c", "core.quotepath=off"] + arguments
    var child: pid_t = 0
    let started = withCStrings(words) { argv in
      posix_spawnp(&child, "git", &actions, nil, argv, environ)
    }
    close(output[1])
    close(errors[1])
    defer {
      close(output[0])
      close(errors[0])
    }
    guard started == 0 else { return nil }
    let (out, err) = drain(output[0], errors[0])
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    // 127: the shell's "not found", as posix_spawnp's child may report it.
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    if code == 127 { return nil }
    return Outcome(status: code, output: out, errors: String(decoding: err, as: UTF8.self))
  }

  /// Both descriptors read to their ends, side by side (a full pipe would
  /// stop git).
  private static func drain(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
    var results: [[UInt8]] = [[], []]
    var polled = [
      pollfd(fd: first, events: Int16(POLLIN), revents: 0),
      pollfd(fd: second, events: Int16(POLLIN), revents: 0),
    ]
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var open = 2
    while open > 0 {
      if poll(&polled, 2, -1) < 0 {
        if errno == EINTR { continue }
        break
      }
      for index in 0..<2 where polled[index].revents != 0 && polled[index].fd >= 0 {
        let count = read(polled[index].fd, &buffer, buffer.count)
        if count > 0 {
          results[index] += buffer[..<count]
        } else if count == 0 || errno != EINTR {
          polled[index].fd = -1
          open -= 1
        }
      }
    }
    return (results[0], results[1])
  }

  /// `body` with `words` as a C array of strings ending in NULL.
  private static func withCStrings<T>(
    _ words: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T
  ) -> T {
    let pointers = words.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}
