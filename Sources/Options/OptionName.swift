/// Every option isle reads, named once: the one file where an option's long
/// name is spelled. Each is defined once (an `OptionSpec`, or a `Flag`
/// with its effect) beside what reads it, and each command's description
/// lists those it takes; the words given are looked up by these names,
/// never by a string, and the config file's keys are these names too.
package enum OptionName: String, CaseIterable, Sendable, CustomStringConvertible {
  // What is read and how.
  case from
  case minLevel = "min-level"
  case maxLevel = "max-level"
  case slug
  case wpm
  case maxSize = "max-size"
  case maxNesting = "max-nesting"
  case maxColumns = "max-columns"
  case noSplit = "no-split"
  case within
  // Many documents.
  case jobs
  case hidden
  case noIgnore = "no-ignore"
  case withPath = "with-path"
  case noPath = "no-path"
  case filesFrom = "files-from"
  case null
  case shard
  case records
  // Where the reader is.
  case line
  case offset
  case percent
  case viewport
  case progress
  case section
  // How it is printed.
  case format
  case print
  case width
  case maxWidth = "max-width"
  case color
  case accent
  case ascii
  case noTop = "no-top"
  case title
  case preambleText = "preamble-text"
  case positionText = "position-text"
  case spokenText = "spoken-text"
  case readText = "read-text"
  case timeText = "time-text"
  case hoursText = "hours-text"
  case shortText = "short-text"
  case leftText = "left-text"
  // A README's own contents list.
  case ordered
  case details
  case includeTitle = "include-title"
  case base
  case write
  case check
  case diff
  case afterMarkers = "after-markers"
  // Books.
  case book
  case file
  // The commands' own.
  case stats
  case closed
  case reduceMotion = "reduce-motion"
  case plain
  case noRemember = "no-remember"
  case noFrontMatter = "no-front-matter"
  case all
  case noSubsections = "no-subsections"
  case body
  case maxWords = "max-words"
  case tokenizer
  case maxTokens = "max-tokens"
  case minTokens = "min-tokens"
  case overlap
  case context
  case changedSince = "changed-since"
  case root
  case repositoryURL = "repository-url"
  case fix
  case exclude
  case changed
  case sites
  // llms.txt.
  case full
  case baseURL = "base-url"
  case output
  case help

  /// The long name, as typed after `--`.
  package var description: String { rawValue }
}
