import Book

/// Where a site serves a book's chapter, as each tool builds it: mdBook
/// writes `x.md` as `x.html` and a `README.md` (any case) as `index.html`
/// (its index preprocessor, on by default); MkDocs serves `x.md` at `x/`
/// and `index.md` or `README.md` at its folder (`use_directory_urls`, its
/// default), or at `x.html` and `index.html` without; a folder's documents
/// are linked as the files they are.
public enum SiteURL {
  /// The URL of the chapter at `path` (relative to the book's folder),
  /// relative to the site's root (`./` for the root itself), or under
  /// `base` when given.
  public static func of(_ path: String, in book: Book, base: String? = nil) -> String {
    let relative = encoded(page(path, in: book))
    guard let base else { return relative.isEmpty ? "./" : relative }
    return (base.hasSuffix("/") ? base : base + "/") + relative
  }

  /// The page's path on the site, before encoding ("" for the root).
  static func page(_ path: String, in book: Book) -> String {
    let folder = BookPath.folder(of: path)
    let name = BookPath.name(of: path)
    let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    func beside(_ file: String) -> String { folder == "." ? file : folder + "/" + file }
    switch book.form {
    case .folder: return path
    case .mdBook:
      return beside((stem.lowercased() == "readme" ? "index" : stem) + ".html")
    case .mkDocs:
      let page = stem == "README" ? "index" : stem
      guard book.directoryURLs else { return beside(page + ".html") }
      if page == "index" { return folder == "." ? "" : folder + "/" }
      return beside(page + "/")
    }
  }

  /// `path` with every byte but letters, digits, `-._~` and `/`
  /// percent-encoded, so that spaces and parentheses keep a Markdown link
  /// whole.
  static func encoded(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80, scalar.properties.isAlphabetic || (0x30...0x39).contains(byte)
        || "-._~/".unicodeScalars.contains(scalar)
      {
        out.unicodeScalars.append(scalar)
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }
}
