/// What isle asks of the files it reads: a document's bytes (mapped when
/// it can), and what is in a directory. Tests give a stand-in.
public protocol FileAccess: FileSystemProbe, Sendable {
  /// The bytes of `source`, or a `LoadError` naming it.
  func bytes(_ source: InputSource, limit: Int) throws -> [UInt8]
  /// The bytes of `source` to outline: possibly the file mapped rather
  /// than copied.
  func load(_ source: InputSource, limit: Int) throws -> LoadedBytes
  /// `path` as the system should open it.
  func resolvedPath(_ path: String) -> String
}

extension FileAccess {
  public func load(_ source: InputSource, limit: Int) throws -> LoadedBytes {
    LoadedBytes(copying: try bytes(source, limit: limit))
  }
}
