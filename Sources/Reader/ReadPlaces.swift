import Files
import Outline

#if canImport(Glibc)
  import Glibc
#endif

/// Where each document was left, as an e-reader keeps it: one line a
/// document, `offset size modified key within path` (tab-separated), the
/// byte offset of the top line with the document's size and modification
/// time when it was left, and the section it was in (`SectionKey`) with
/// how far into it. The same version opens at the byte; a version changed
/// since, in the same section at the same distance from its heading (at
/// its top when the section is gone, or the place was kept without one).
public struct ReadPlaces {
  /// The file the places are kept in.
  let file: String

  /// Places kept in `file`.
  public init(file: String) {
    self.file = file
  }
  /// How many documents are remembered; the oldest are forgotten.
  static let kept = 1000

  /// What identifies a version of a document: its real path, size and
  /// modification time; nil for what has none (standard input).
  public struct Identity: Equatable {
    /// The document's real path.
    public private(set) var path: String
    var size: Int
    var modified: String

    /// The version of the document at `path` there is now.
    public init?(path: String) {
      guard let real = PathBytes.real(path) else { return nil }
      self.path = real
      guard let stamp = ReadStamp(path: self.path), !self.path.contains("\t"),
        !self.path.contains("\n")
      else { return nil }
      size = stamp.size
      modified = "\(stamp.seconds).\(stamp.nanoseconds)"
    }
  }

  /// Where a document was left.
  public struct Kept: Equatable {
    /// The top line's byte, in the version left.
    public var offset: Int
    /// True when the document is that version still.
    public var sameVersion: Bool
    /// The section the top line was in, and how far into it.
    public var key: String?
    public var within: Int

    /// True when the place is to be found in the outline of the document
    /// as it is now.
    public var needsOutline: Bool { !sameVersion && key != nil }

    /// The byte to open at in the document as it is now (`document` its
    /// outline, needed when `needsOutline`); nil for its top.
    public func byte(in document: Document?) -> Int? {
      if sameVersion { return offset }
      guard let key, let document else { return nil }
      return SectionKey.byte(of: key, within: within, in: document)
    }
  }

  /// Where `identity`'s document was left, whatever its version now.
  public func kept(for identity: Identity) -> Kept? {
    for line in lines().reversed() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4 || fields.count == 6, fields.last == identity.path,
        let offset = Int(fields[0])
      else { continue }
      let same = fields[1] == String(identity.size) && fields[2] == identity.modified
      let keyed = fields.count == 6
      return Kept(
        offset: offset, sameVersion: same, key: keyed ? fields[3] : nil,
        within: keyed ? Int(fields[4]) ?? 0 : 0)
    }
    return nil
  }

  /// The offset `identity` was left at, if this version of it was.
  public func offset(for identity: Identity) -> Int? {
    kept(for: identity).flatMap { $0.sameVersion ? $0.offset : nil }
  }

  /// Keeps `offset` as where `identity` was left, in the section `place`
  /// names. Failing to is not an error worth a reader's attention: the
  /// place is simply not kept.
  public func save(
    _ offset: Int, in place: (key: String, within: Int)? = nil, for identity: Identity
  ) {
    let section = place.map { "\t" + $0.key + "\t" + String($0.within) } ?? ""
    keep(
      "\(offset)\t\(identity.size)\t\(identity.modified)\(section)\t\(identity.path)",
      forPath: identity.path)
  }

  /// The chapter a book was left at: the real path of its file, kept
  /// under the book's own real path (`chapter`, the chapter, `-`, the
  /// book). The chapter is named by its file, not its number in the book,
  /// so chapters added or removed since (in a subfolder too, which leaves
  /// the book's folder as it was) cannot move the reader; nil when the
  /// book was not left or has no real path.
  public func chapter(ofBook book: String) -> String? {
    guard let identity = Identity(path: book) else { return nil }
    for line in lines().reversed() {
      let fields = line.split(separator: "\t", maxSplits: 3).map(String.init)
      guard fields.count == 4, fields[3] == identity.path else { continue }
      return fields[0] == Self.chapterMark ? fields[1] : nil
    }
    return nil
  }

  /// Keeps `chapter` (its file) as where `book` was left.
  public func save(chapter: String, ofBook book: String) {
    guard let identity = Identity(path: book), let chapter = Identity(path: chapter) else { return }
    keep("\(Self.chapterMark)\t\(chapter.path)\t-\t\(identity.path)", forPath: identity.path)
  }

  /// The first field of a book's line, where a document's has an offset.
  static let chapterMark = "chapter"

  /// Keeps `line` as the one line for `path`, the oldest lines forgotten
  /// past `kept`; the file is replaced whole.
  func keep(_ line: String, forPath path: String) {
    var kept = lines().filter { !$0.hasSuffix("\t" + path) }
    kept.append(line)
    let text = kept.suffix(Self.kept).joined(separator: "\n") + "\n"
    guard let slash = file.lastIndex(of: "/") else { return }
    Self.makeDirectories(String(file[..<slash]))
    let temporary = file + ".\(getpid())"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    close(descriptor)
    if written == bytes.count { rename(temporary, file) } else { unlink(temporary) }
  }

  func lines() -> [String] {
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count <= 0 { break }
      bytes += buffer.prefix(count)
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  private static func makeDirectories(_ path: String) {
    var built = ""
    for part in path.split(separator: "/") {
      built += "/" + part
      mkdir(built, 0o700)
    }
  }
}
