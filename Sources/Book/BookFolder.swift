/// What a book needs of the file system, given by the caller: the Book
/// module reads no file itself.
public protocol BookFolder {
  /// The entries of `folder` (names, and whether each is a folder), or nil
  /// when it is no folder.
  func entries(of folder: String) -> [(name: String, isFolder: Bool)]?
  /// The bytes of the file at `path`; nil when there is none.
  func bytes(of path: String) -> [UInt8]?
}
