import Progress

/// The heading path `--context` puts before a record's embed: each heading
/// above its section as written, a line each (so no separator is chosen
/// that a title could hold), and its own heading too before a part after
/// the first, whose text no longer starts with it.
public enum HeadingContext {
  /// The context of the section of `heading` and of its later parts;
  /// `line` gives a heading's lines as written, a line feed last.
  public static func of(heading: Int?, in tree: HeadingTree, line: (Int) -> [UInt8]) -> (
    first: [UInt8], rest: [UInt8]
  ) {
    guard let heading else { return ([], []) }
    var above: [Int] = []
    var at = tree.parents[heading]
    while let index = at {
      above.append(index)
      at = tree.parents[index]
    }
    var first: [UInt8] = []
    for index in above.reversed() { first += line(index) }
    return (first, first + line(heading))
  }
}
