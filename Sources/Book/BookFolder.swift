/// What a book needs of the file system, given by the caller: the Book
/// module reads no file itself.
public protocol BookFolder {
  /// The entries of `folder` (names, and whether each is a folder), or nil
  /// when it is no folder.
  func entries(of folder: String) -> [(name: String, isFolder: Bool)]?
  /// The bytes of the file at `path`; nil when there is none.
  func bytes(of path: String) -> [UInt8]?
  /// Why the file at `path` gave no bytes.
  func unread(_ path: String) -> UnreadFile
  /// True when `path`, its symbolic links followed, leads inside `folder`.
  func leads(_ path: String, inside folder: String) -> Bool
}

/// Why a file gave no bytes.
public enum UnreadFile: Sendable, Equatable {
  /// There is none.
  case missing
  /// It is a FIFO, a device, a socket or a folder, never read.
  case notAFile
  /// It is larger than the largest file read.
  case tooLarge
}

extension BookFolder {
  public func unread(_ path: String) -> UnreadFile { .missing }
  public func leads(_ path: String, inside folder: String) -> Bool { true }
}
