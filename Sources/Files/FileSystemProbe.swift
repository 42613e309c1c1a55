/// What the walker asks of the file system.
public protocol FileSystemProbe {
  func kind(_ path: String) -> FileKind
  func identity(_ path: String) -> FileIdentity?
  func entries(_ directory: String) -> [String]?
}

extension FileSystemProbe {
  /// Whether `path` is a directory, links followed.
  public func isDirectory(_ path: String) -> Bool { kind(path) == .directory }
}
