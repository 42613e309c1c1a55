import CCmarkGFM
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// cmark-gfm's table of special inline characters, kept set so documents
/// can be parsed on several threads at once.
///
/// cmark-gfm keeps that table in one global array. `cmark_parser_finish`
/// calls `cmark_manage_extensions_special_characters` to add the
/// extensions' characters (`~` for strikethrough, `:` and `w` for
/// autolinks) before it parses inlines, and again to remove them after, so
/// a parser finishing on one thread takes `~` away from one still parsing
/// on another (github/cmark-gfm#176).
///
/// The library calls that function through its procedure linkage table, so
/// the definition below, in the program, is the one it reaches: the first
/// call adds the characters with the library's own code (found with
/// `RTLD_NEXT`) and later ones leave them. Every parser isle makes attaches
/// the same extensions, so the characters added are right for all of them.
///
/// Whether the program's definition is really the one reached is not
/// assumed: `isKeptSet` turns true only once it has been called, and until
/// then `MarkdownParser` finishes one parser at a time, as it always did.
enum SpecialCharacters {
  private typealias Manage = @convention(c) (OpaquePointer?, Int32) -> Void

  /// The library's own function, behind the program's.
  private static let library: Manage? = {
    guard
      let symbol = dlsym(
        UnsafeMutableRawPointer(bitPattern: -1), "cmark_manage_extensions_special_characters")
    else { return nil }
    return unsafeBitCast(symbol, to: Manage.self)
  }()

  /// Whether the program's definition has been called, and whether the
  /// characters have been added.
  private struct State {
    var reached = false
    var added = false
  }
  private static let state = Lock(State())

  /// True once cmark-gfm has called the program's definition, so its
  /// characters stay set and parsers may finish side by side.
  static var isKeptSet: Bool {
    state.withLock { $0.reached && $0.added }
  }

  fileprivate static func manage(_ parser: OpaquePointer?, add: Bool) {
    state.withLock { state in
      state.reached = true
      if add && !state.added, let library {
        library(parser, 1)
        state.added = true
      }
    }
  }
}

/// The program's `cmark_manage_extensions_special_characters` (see
/// `SpecialCharacters`): adds once, never removes. Visible to the linker
/// (package access, as public would be) but in no module's API.
@_cdecl("cmark_manage_extensions_special_characters")
package func keepSpecialCharacters(_ parser: OpaquePointer?, _ add: Int32) {
  SpecialCharacters.manage(parser, add: add != 0)
}
