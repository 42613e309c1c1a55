import Slugs

/// An encoding of the WHATWG Encoding Standard, found by any of its labels,
/// with the name glibc's iconv knows it by. The standard's decoders are
/// followed where iconv has two flavours: Shift_JIS is Microsoft's CP932,
/// EUC-KR is CP949, GBK is read as GB18030, Big5 as Big5-HKSCS.
package struct Encoding: Sendable, Equatable {
  /// The standard's name, lowercased (`shift_jis`, `windows-1252`).
  package let name: String
  /// iconv's name; nil for UTF-8 (read as it is) and `replacement`.
  package let iconvName: String?

  /// True when bytes below 0x80 are ASCII whatever comes before them, so
  /// they need no decoder.
  package var isASCIICompatible: Bool {
    !["iso-2022-jp", "utf-16be", "utf-16le", "utf-32be", "utf-32le"].contains(name)
  }

  /// An encoding by its names, for those outside the standard.
  private init(name: String, iconvName: String) {
    self.name = name
    self.iconvName = iconvName
  }

  /// UTF-32, which the standard leaves out (no browser reads it), but a
  /// text file with its byte order mark may be in.
  package static let utf32le = Encoding(name: "utf-32le", iconvName: "UTF-32LE")
  package static let utf32be = Encoding(name: "utf-32be", iconvName: "UTF-32BE")

  /// The encoding a label names, in any case and with spaces around; nil
  /// for a label the standard does not know.
  package init?(label: String) {
    let key = label.trimmingASCIISpace().lowercased()
    guard let name = Self.names[key] else { return nil }
    self.name = name
    self.iconvName = Self.iconv[name] ?? nil
  }

  package static let utf8 = Encoding(label: "utf-8")!
  package static let windows1252 = Encoding(label: "windows-1252")!

  /// Each encoding's labels (the standard's, its name among them).
  private static let labels: [(String, [String])] = [
    ("utf-8", ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf8", "x-unicode20utf8"]),
    ("ibm866", ["866", "cp866", "csibm866"]),
    (
      "iso-8859-2",
      [
        "csisolatin2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987", "l2",
        "latin2",
      ]
    ),
    (
      "iso-8859-3",
      [
        "csisolatin3", "iso-ir-109", "iso8859-3", "iso88593", "iso_8859-3", "iso_8859-3:1988", "l3",
        "latin3",
      ]
    ),
    (
      "iso-8859-4",
      [
        "csisolatin4", "iso-ir-110", "iso8859-4", "iso88594", "iso_8859-4", "iso_8859-4:1988", "l4",
        "latin4",
      ]
    ),
    (
      "iso-8859-5",
      [
        "csisolatincyrillic", "cyrillic", "iso-ir-144", "iso8859-5", "iso88595", "iso_8859-5",
        "iso_8859-5:1988",
      ]
    ),
    (
      "iso-8859-6",
      [
        "arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114",
        "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127", "iso8859-6", "iso88596", "iso_8859-6",
        "iso_8859-6:1987",
      ]
    ),
    (
      "iso-8859-7",
      [
        "csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-ir-126", "iso8859-7",
        "iso88597", "iso_8859-7", "iso_8859-7:1987", "sun_eu_greek",
      ]
    ),
    (
      "iso-8859-8",
      [
        "csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8-e", "iso-ir-138", "iso8859-8",
        "iso88598", "iso_8859-8", "iso_8859-8:1988", "visual",
      ]
    ),
    ("iso-8859-8-i", ["csiso88598i", "logical"]),
    ("iso-8859-10", ["csisolatin6", "iso-ir-157", "iso8859-10", "iso885910", "l6", "latin6"]),
    ("iso-8859-13", ["iso8859-13", "iso885913"]),
    ("iso-8859-14", ["iso8859-14", "iso885914"]),
    ("iso-8859-15", ["csisolatin9", "iso8859-15", "iso885915", "iso_8859-15", "l9"]),
    ("iso-8859-16", []),
    ("koi8-r", ["cskoi8r", "koi", "koi8", "koi8_r"]),
    ("koi8-u", ["koi8-ru"]),
    ("macintosh", ["csmacintosh", "mac", "x-mac-roman"]),
    ("windows-874", ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620"]),
    ("windows-1250", ["cp1250", "x-cp1250"]),
    ("windows-1251", ["cp1251", "x-cp1251"]),
    (
      "windows-1252",
      [
        "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
        "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1",
        "us-ascii", "x-cp1252",
      ]
    ),
    ("windows-1253", ["cp1253", "x-cp1253"]),
    (
      "windows-1254",
      [
        "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9",
        "iso_8859-9:1989", "l5", "latin5", "x-cp1254",
      ]
    ),
    ("windows-1255", ["cp1255", "x-cp1255"]),
    ("windows-1256", ["cp1256", "x-cp1256"]),
    ("windows-1257", ["cp1257", "x-cp1257"]),
    ("windows-1258", ["cp1258", "x-cp1258"]),
    ("x-mac-cyrillic", ["x-mac-ukrainian"]),
    (
      "gbk",
      [
        "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "iso-ir-58",
        "x-gbk",
      ]
    ),
    ("gb18030", []),
    ("big5", ["big5-hkscs", "cn-big5", "csbig5", "x-x-big5"]),
    ("euc-jp", ["cseucpkdfmtjapanese", "x-euc-jp"]),
    ("iso-2022-jp", ["csiso2022jp"]),
    (
      "shift_jis",
      ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "sjis", "windows-31j", "x-sjis"]
    ),
    (
      "euc-kr",
      [
        "cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
        "ksc5601", "ksc_5601", "windows-949",
      ]
    ),
    (
      "replacement", ["csiso2022kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext", "iso-2022-kr"]
    ),
    ("utf-16be", ["unicodefffe"]),
    ("utf-16le", ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16"]),
  ]

  private static let names: [String: String] = {
    var names: [String: String] = [:]
    for (name, others) in labels {
      names[name] = name
      for label in others { names[label] = name }
    }
    return names
  }()

  private static let iconv: [String: String?] = [
    "utf-8": nil, "replacement": nil, "ibm866": "IBM866", "iso-8859-8-i": "ISO-8859-8",
    "koi8-r": "KOI8-R", "koi8-u": "KOI8-U", "macintosh": "MACINTOSH", "windows-874": "CP874",
    "x-mac-cyrillic": "MAC-CYRILLIC", "gbk": "GB18030", "gb18030": "GB18030",
    "big5": "BIG5-HKSCS", "euc-jp": "EUC-JP", "iso-2022-jp": "ISO-2022-JP", "shift_jis": "CP932",
    "euc-kr": "CP949", "utf-16be": "UTF-16BE", "utf-16le": "UTF-16LE",
    "iso-8859-2": "ISO-8859-2", "iso-8859-3": "ISO-8859-3", "iso-8859-4": "ISO-8859-4",
    "iso-8859-5": "ISO-8859-5", "iso-8859-6": "ISO-8859-6", "iso-8859-7": "ISO-8859-7",
    "iso-8859-8": "ISO-8859-8", "iso-8859-10": "ISO-8859-10", "iso-8859-13": "ISO-8859-13",
    "iso-8859-14": "ISO-8859-14", "iso-8859-15": "ISO-8859-15", "iso-8859-16": "ISO-8859-16",
    "windows-1250": "CP1250", "windows-1251": "CP1251", "windows-1252": "CP1252",
    "windows-1253": "CP1253", "windows-1254": "CP1254", "windows-1255": "CP1255",
    "windows-1256": "CP1256", "windows-1257": "CP1257", "windows-1258": "CP1258",
  ]
}

extension String {
  /// The string without ASCII white space at either end.
  func trimmingASCIISpace() -> String {
    trimming { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}" }
  }
}
