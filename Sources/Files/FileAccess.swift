/// What isle asks of the files it reads: a document's bytes (mapped when
/// it can), and what is in a directory. Tests give a stand-in.
public protocol FileReading: FileSystemProbe, Sendable {
  /// The bytes of `source`, or a `ReadFailure` naming it.
  func read(_ source: InputSource, limit: Int) throws -> [UInt8]
  /// The bytes of `source` to outline: possibly the file mapped rather
  /// than copied.
  func load(_ source: InputSource, limit: Int) throws -> LoadedBytes
  /// `path` as the system should open it.
  func resolvedPath(_ path: String) -> String
}

extension FileReading {
  public func load(_ source: InputSource, limit: Int) throws -> LoadedBytes {
    LoadedBytes(copying: try read(source, limit: limit))
  }
}
