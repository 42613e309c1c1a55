import Files
import Outline

#if canImport(Glibc)
  import Glibc
#endif

/// The config file, `$XDG_CONFIG_HOME/isle/config` (else
/// `~/.config/isle/config`): `key = value` lines whose keys are long option
/// names (and `check.exclude` and `check.sites`, lists). Its settings come before the
/// command line's, so options win (and a list's values are added to).
///
/// ```
/// # isle's words in French
/// title = "Sommaire"
/// position-text = '{n} sur {count}'
/// read-text = {percent} % lu
/// accent = #0A84FF
/// ```
package enum Config {
  /// The options a config file may set, its keys their names.
  package static let settable: [OptionName] = [
    .title, .preambleText, .positionText, .spokenText, .readText, .timeText, .hoursText,
    .shortText, .leftText, .accent, .color, .maxWidth, .wpm, .slug, .tokenizer,
  ]

  /// Keys that hold a list, each value one option (`check.exclude =
  /// ["../std/**", "*.png"]` is `--exclude` twice), and the option.
  package static let lists: [String: OptionName] = [
    "check.exclude": .exclude, "check.sites": .sites,
  ]

  /// Every key a config file may have.
  package static let keys = Set(settable.map(\.rawValue)).union(lists.keys)

  /// Where the config file is, from the environment.
  package static func path(environment: [String: String]) -> String? {
    if let home = environment["XDG_CONFIG_HOME"], !home.isEmpty { return home + "/isle/config" }
    if let home = environment["HOME"], !home.isEmpty { return home + "/.config/isle/config" }
    return nil
  }

  /// The file's settings as options, each knowing its file and line;
  /// none when there is no file. A line that is not `key = value`, an
  /// unknown key or a badly quoted value is an error naming the file and
  /// the line.
  package static func options(at path: String, files: FileAccess) throws -> [GivenOption] {
    let (options, problems, _) = try load(at: path, files: files)
    if let first = problems.first { throw first }
    return options
  }

  /// The file's settings, and the lines that are none (each an error
  /// naming the file and the line), for a command that goes on without
  /// them (`lsp`, which logs them). The file is optional: none there, or
  /// a path through something that is no folder, is no settings; one the
  /// system will not let isle read (a `$HOME` of another user's, as
  /// `sudo -u` leaves it) is no settings and a warning, `unread`.
  package static func load(at path: String, files: FileAccess) throws -> (
    options: [GivenOption], problems: [UsageError], unread: LoadError?
  ) {
    let bytes: [UInt8]
    do {
      bytes = try files.bytes(.file(path), limit: 1 << 20)
    } catch let failure as LoadError where failure.code == ENOENT || failure.code == ENOTDIR {
      return ([], [], nil)
    } catch let failure as LoadError where failure.code != nil {
      return ([], [], failure)
    }
    var options: [GivenOption] = []
    var problems: [UsageError] = []
    let text = String(decoding: bytes, as: UTF8.self)
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.trimmingCharacters(in: " \t\r")
      if line.isEmpty || line.hasPrefix("#") { continue }
      let origin = "\(path):\(index + 1)"
      guard let equals = line.firstIndex(of: "=") else {
        problems.append(UsageError("\(origin): expected 'key = value', got '\(line)'"))
        continue
      }
      let key = line[..<equals].trimmingCharacters(in: " \t")
      let value = line[line.index(after: equals)...].trimmingCharacters(in: " \t")
      guard keys.contains(key) else {
        problems.append(
          UsageError(
            "\(origin): unknown key '\(key)' (known: \(keys.sorted().joined(separator: ", ")))"))
        continue
      }
      do {
        if let option = lists[key] {
          options += try ConfigValue.parseList(value).map {
            GivenOption(name: option, value: $0, origin: origin)
          }
        } else {
          let name = OptionName(rawValue: key)!
          options.append(
            GivenOption(name: name, value: try ConfigValue.parse(value), origin: origin))
        }
      } catch {
        problems.append(UsageError("\(origin): \(error.reason)"))
      }
    }
    return (options, problems, nil)
  }
}
