/// A version of a file on disk as the index trusts it: its size and its
/// modification time (nanoseconds). A kept entry stands for the file only
/// while both are what they were when it was read.
public struct FileStamp: Hashable, Sendable {
  public var size: Int
  public var modified: Int

  /// The stamp of a file of `size` bytes last modified at `modified`
  /// (nanoseconds since the epoch).
  public init(size: Int, modified: Int) {
    self.size = size
    self.modified = modified
  }
}

/// A heading as `workspace/symbol` needs it: its title (and the title
/// lowercased, as the query is matched), its level and its first line.
public struct IndexedHeading: Sendable, Equatable {
  public var level: Int
  public var title: String
  public var folded: String
  public var range: TextRange

  public init(level: Int, title: String, range: TextRange) {
    self.level = level
    self.title = title
    self.folded = title.lowercased()
    self.range = range
  }

  public init(_ heading: HeadingFact) {
    self.init(level: heading.level, title: heading.title, range: heading.headingRange)
  }
}

/// What the index knows of one document's symbols, and of which version
/// of the file: its stamp, and the outline options that decide its
/// headings (`key`).
public struct IndexedDocument: Sendable, Equatable {
  public var stamp: FileStamp?
  public var key: String
  public var headings: [IndexedHeading]
}

/// The workspace's symbols kept between runs of the server, one file per
/// set of workspace folders in isle's cache folder: a magic line, the
/// format's number and isle's version, then each document's path, stamp,
/// options and headings, in a binary layout of little-endian integers and
/// length-prefixed UTF-8. Whatever does not read as exactly that (another
/// version's file, a torn write, garbage) reads as no cache.
public enum IndexCache {
  public static let magic = Array("isle workspace index\n".utf8)
  /// Bumped whenever the layout or what a heading holds changes.
  public static let format = 1

  /// The cache's file name for `folders`: one per set, so two workspaces
  /// keep their own (FNV-1a of the folders' paths).
  public static func name(folders: [String]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in folders.joined(separator: "\n").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "lsp-" + String(repeating: "0", count: 16 - hex.count) + hex + ".index"
  }

  /// The bytes of a cache of `documents`, written by isle `version`.
  public static func encode(_ documents: [String: IndexedDocument], version: String) -> [UInt8] {
    var out = magic
    out.reserveCapacity(documents.count * 256)
    put(format, &out)
    put(version, &out)
    put(documents.count, &out)
    for (path, document) in documents.sorted(by: { $0.key < $1.key }) {
      put(path, &out)
      put(document.stamp?.size ?? -1, &out)
      put(document.stamp?.modified ?? 0, &out)
      put(document.key, &out)
      put(document.headings.count, &out)
      for heading in document.headings {
        put(heading.level, &out)
        put(heading.title, &out)
        for number in [
          heading.range.start.line, heading.range.start.character, heading.range.end.line,
          heading.range.end.character,
        ] {
          put(number, &out)
        }
      }
    }
    return out
  }

  /// The documents of a cache written by isle `version`; nil for bytes
  /// that are not one, or another version's.
  public static func decode(_ bytes: [UInt8], version: String) -> [String: IndexedDocument]? {
    var reader = Reader(bytes: bytes)
    guard reader.take(magic.count) == magic[...], reader.int() == format,
      reader.string() == version, let count = reader.count()
    else { return nil }
    var documents: [String: IndexedDocument] = [:]
    documents.reserveCapacity(count)
    for _ in 0..<count {
      guard let path = reader.string(), let size = reader.int(), let modified = reader.int(),
        let key = reader.string(), let headingCount = reader.count()
      else { return nil }
      var headings: [IndexedHeading] = []
      headings.reserveCapacity(headingCount)
      for _ in 0..<headingCount {
        guard let level = reader.int(), let title = reader.string(),
          let startLine = reader.position(), let startCharacter = reader.position(),
          let endLine = reader.position(), let endCharacter = reader.position()
        else { return nil }
        let range = TextRange(
          start: TextPosition(line: startLine, character: startCharacter),
          end: TextPosition(line: endLine, character: endCharacter))
        headings.append(IndexedHeading(level: level, title: title, range: range))
      }
      let stamp = size < 0 ? nil : FileStamp(size: size, modified: modified)
      documents[path] = IndexedDocument(stamp: stamp, key: key, headings: headings)
    }
    return reader.atEnd ? documents : nil
  }

  private static func put(_ number: Int, _ out: inout [UInt8]) {
    withUnsafeBytes(of: Int64(number).littleEndian) { out.append(contentsOf: $0) }
  }

  private static func put(_ text: String, _ out: inout [UInt8]) {
    let utf8 = text.utf8
    put(utf8.count, &out)
    out.append(contentsOf: utf8)
  }

  /// Reads the layout back, every length checked against what is left.
  private struct Reader {
    let bytes: [UInt8]
    var at = 0

    var atEnd: Bool { at == bytes.count }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
      guard count >= 0, count <= bytes.count - at else { return nil }
      defer { at += count }
      return bytes[at..<(at + count)]
    }

    mutating func int() -> Int? {
      guard let eight = take(8) else { return nil }
      var value: UInt64 = 0
      for (shift, byte) in eight.enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
      return Int(Int64(bitPattern: value))
    }

    /// A count: never negative, and never more than the bytes could hold
    /// (a torn length does not reserve gigabytes).
    mutating func count() -> Int? {
      guard let value = int(), value >= 0, value <= bytes.count else { return nil }
      return value
    }

    /// A line or a character: never negative, and within what the
    /// protocol's integers hold.
    mutating func position() -> Int? {
      guard let value = int(), value >= 0, value <= Int(Int32.max) else { return nil }
      return value
    }

    mutating func string() -> String? {
      guard let length = count(), let utf8 = take(length) else { return nil }
      return String(validating: utf8, as: UTF8.self)
    }
  }
}
