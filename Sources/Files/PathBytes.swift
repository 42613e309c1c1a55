#if canImport(Glibc)
  import Glibc
#endif

/// File names as isle keeps them: a `String` for every name, also one whose
/// bytes are not UTF-8 (`bad\xff\xfe.md`, which Linux allows).
///
/// A name is read from its bytes (the command line's, a folder's entries,
/// `realpath`'s answer) and given back to the system as the same bytes: a
/// byte that is no part of UTF-8 is kept as a stand-in scalar, U+10FF00
/// plus the byte (U+10FF80 to U+10FFFF, the end of a private use plane),
/// the way Python's `surrogateescape` keeps it. A name that holds one of
/// those scalars itself keeps its four bytes as four stand-ins, so every
/// name comes back exactly. Shown to a person, a stand-in is U+FFFD, as
/// ripgrep shows such a name (see `FileSink`).
public enum PathBytes {
  /// The first stand-in; the byte `b` (0x80 or more) is `base + b`.
  static let base: UInt32 = 0x10FF00
  /// The first UTF-8 byte of every stand-in (and of nothing below U+100000).
  static let lead: UInt8 = 0xF4

  /// The name `bytes` spell, each byte that is not UTF-8 a stand-in.
  public static func name(_ bytes: some Collection<UInt8>) -> String {
    if !bytes.contains(lead), let text = String(validating: bytes, as: UTF8.self) {
      return text
    }
    let bytes = Array(bytes)
    var scalars = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      let length = validLength(bytes, at: index)
      guard length > 0 else {
        scalars.append(standIn(bytes[index]))
        index += 1
        continue
      }
      let sequence = bytes[index..<index + length]
      let scalar = String(decoding: sequence, as: UTF8.self).unicodeScalars.first!
      if byte(of: scalar) != nil {
        for byte in sequence { scalars.append(standIn(byte)) }
      } else {
        scalars.append(scalar)
      }
      index += length
    }
    return String(scalars)
  }

  /// The length of the well-formed UTF-8 sequence at `index` (as Unicode's
  /// table 3-7 has them); 0 when none starts there.
  static func validLength(_ bytes: [UInt8], at index: Int) -> Int {
    let first = bytes[index]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch first {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: length = 3
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return 0
    }
    guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }

  /// The stand-in for `byte`.
  static func standIn(_ byte: UInt8) -> Unicode.Scalar {
    Unicode.Scalar(base + UInt32(byte))!
  }

  /// The stand-in's byte, if `scalar` is one.
  static func byte(of scalar: Unicode.Scalar) -> UInt8? {
    scalar.value >= base + 0x80 ? UInt8(scalar.value - base) : nil
  }

  /// True when `text` holds a stand-in.
  public static func hasStandIns(_ text: String) -> Bool {
    text.utf8.contains(lead) && text.unicodeScalars.contains { byte(of: $0) != nil }
  }

  /// The bytes of `path` as the system takes them, ending in a NUL.
  static func system(_ path: String) -> [CChar] {
    var bytes: [CChar] = []
    bytes.reserveCapacity(path.utf8.count + 1)
    if hasStandIns(path) {
      for scalar in path.unicodeScalars {
        if let byte = byte(of: scalar) {
          bytes.append(CChar(bitPattern: byte))
        } else {
          bytes += scalar.utf8.map { CChar(bitPattern: $0) }
        }
      }
    } else {
      bytes += path.utf8.map { CChar(bitPattern: $0) }
    }
    bytes.append(0)
    return bytes
  }

  /// Calls `body` with `path` as the system takes it.
  static func withSystemPath<Result, Failure: Error>(
    _ path: String, _ body: (UnsafePointer<CChar>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let bytes = system(path)
    return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> Result in
      try body(buffer.baseAddress!)
    }
  }

  /// The words of the command line after the program's name, each read
  /// from its bytes as a name is: one that is not UTF-8 is kept as it is,
  /// where `CommandLine.arguments` would repair it.
  public static func commandLineWords() -> [String] {
    (1..<Int(CommandLine.argc)).map { name(cString: CommandLine.unsafeArgv[$0]!) }
  }

  /// The name of the NUL-terminated `path` the system gave.
  static func name(cString path: UnsafePointer<CChar>) -> String {
    name(UnsafeBufferPointer(start: path, count: strlen(path)).lazy.map { UInt8(bitPattern: $0) })
  }

  /// `path` absolute, without links or `..`, as `realpath` makes it; nil
  /// when the system cannot (`errno` says why).
  public static func real(_ path: String) -> String? {
    guard let real = realpath(system(path), nil) else { return nil }
    defer { free(real) }
    return name(cString: real)
  }

  /// `text` as shown to a person: each stand-in U+FFFD.
  public static func shown(_ text: String) -> String {
    guard hasStandIns(text) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(byte(of: scalar) == nil ? scalar : "\u{FFFD}")
    }
    return String(scalars)
  }
}
