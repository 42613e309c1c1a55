#if canImport(Glibc)
  import Glibc
#endif

/// What a path names, links followed.
public enum FileKind: Sendable, Equatable {
  case regular
  case directory
  /// A FIFO, a socket or a device: nothing a walk should open.
  case special
  /// A symbolic link that leads to nothing.
  case brokenLink
  /// Nothing, or nothing that may be looked at (the reason is `errno`).
  case missing
  /// A path that leads out of the folders the files are kept to
  /// (`ConfinedFiles`): whether anything is there is not asked.
  case outside
}
