/// The rules `isle check` checks by, as SARIF names them to code scanning
/// and the other formats for CI name each finding's kind.
public enum CheckRule: String, Sendable, CaseIterable {
  case noFile = "no-file"
  case noHeading = "no-heading"
  case someSites = "some-sites"
  case noChapterFile = "no-chapter-file"
  case unlistedChapter = "unlisted-chapter"
  case noIncludeFile = "no-include-file"
  case noIncludeAnchor = "no-include-anchor"
  case includeOutside = "include-outside-book"
  case includeNotAFile = "include-not-a-file"
  case includeTooLarge = "include-too-large"
  case staleLlmsTxt = "stale-llms-txt"

  /// The rule's id, as the JSON's `reason` writes it.
  public var id: String { rawValue }

  /// The id in upper camel case, SARIF's `name`.
  public var name: String {
    switch self {
    case .noFile: return "LinkToNoFile"
    case .noHeading: return "LinkToNoHeading"
    case .someSites: return "FragmentOnSomeSitesOnly"
    case .noChapterFile: return "ChapterWithNoFile"
    case .unlistedChapter: return "DocumentNotInBook"
    case .noIncludeFile: return "IncludeOfNoFile"
    case .noIncludeAnchor: return "IncludeOfNoAnchor"
    case .includeOutside: return "IncludeOutsideBook"
    case .includeNotAFile: return "IncludeOfNoPlainFile"
    case .includeTooLarge: return "IncludeTooLarge"
    case .staleLlmsTxt: return "LlmsTxtNotTheBook"
    }
  }

  /// One line, as a rule's title.
  public var summary: String {
    switch self {
    case .noFile: return "A link to a file that does not exist"
    case .noHeading: return "A link to a heading or an anchor that is not there"
    case .someSites: return "A fragment that resolves on some of the sites, not on all"
    case .noChapterFile: return "A book's contents name a chapter file that is not there"
    case .unlistedChapter: return "A document in a book's folder that its contents do not name"
    case .noIncludeFile: return "An mdBook include of a file that is not there"
    case .noIncludeAnchor: return "An mdBook include of an anchor that is not in its file"
    case .includeOutside: return "An mdBook include of a file outside the book's folder"
    case .includeNotAFile: return "An mdBook include of a FIFO, a device or a folder"
    case .includeTooLarge: return "An mdBook include of a file larger than --max-size"
    case .staleLlmsTxt: return "An llms.txt beside a book whose links are not the book's chapters"
    }
  }

  /// What the rule checks and what to do, as a rule's help.
  public var help: String {
    switch self {
    case .noFile:
      return "The link's path, from the linking document's folder (or the repository's "
        + "root for /path), names no file or folder. Correct the path, or leave the links "
        + "a built site provides out with --exclude."
    case .noHeading:
      return "The file exists, but no heading (in its site's slug flavour) and no HTML id "
        + "or <a name> there has the fragment's id. A suggestion names the heading it was "
        + "renamed to in git's history, or the nearest id; isle check --fix writes it."
    case .someSites:
      return "With --sites, the fragment names the heading as some of the sites render the "
        + "target, not as the others do (each site makes ids its own way). Link with an id "
        + "every site gives the heading, or put an HTML anchor with a plain ASCII id there."
    case .noChapterFile:
      return "An entry of the book's table of contents (SUMMARY.md, mkdocs.yml) names a "
        + "file that is not there. Add the file, or correct or remove the entry."
    case .unlistedChapter:
      return "A document in the book's folder that no entry of its table of contents "
        + "names: the site will not show it in its navigation. Add an entry for it."
    case .noIncludeFile:
      return "A chapter's {{#include}} or {{#rustdoc_include}} names a file that is not "
        + "there, from the chapter's folder. Correct the path, or add the file."
    case .noIncludeAnchor:
      return "The included file is there, but no ANCHOR and ANCHOR_END lines name the "
        + "anchor the include asks for. Correct the name, or mark the part in the file."
    case .includeOutside:
      return "The included file, its symbolic links followed, is outside the book's folder "
        + "(the one holding book.toml): isle leaves the include as written. Move the file "
        + "into the book."
    case .includeNotAFile:
      return "The include names a FIFO, a device, a socket or a folder, which isle never "
        + "reads (reading one could wait for ever). Name a plain file."
    case .includeTooLarge:
      return "The included file is larger than --max-size, and is left as written. Include "
        + "a part of it, or raise --max-size."
    case .staleLlmsTxt:
      return "The llms.txt in the book's folder links a page that is no chapter of the book "
        + "any longer, or leaves a chapter out. Write it again from the book: isle llms BOOK "
        + "--output FILE (isle llms --check says when it is stale)."
    }
  }
}
