import Links
import Parallel

/// Records read a batch at a time and answered side by side, handed on in
/// input order: `--records`' loop, as `forEachDocument` is the files'.
public enum RecordLoop {
  /// What one line gives: its record, or why there is none.
  public typealias Read = Result<DocumentRecord, RecordError>

  /// Each line of `reader` read as a record and given to `work` on `jobs`
  /// threads, each result to `consume` on the calling thread in input
  /// order; the lines `shard` leaves to other shares are passed over.
  /// Returns how many lines were answered.
  @discardableResult
  public static func run<Output: Sendable>(
    _ reader: inout LineReader, jobs: Int, shard: Shard?,
    work: @escaping @Sendable (Read) -> Output, consume: (Output) throws -> Void
  ) throws -> Int {
    var kept = 0
    // Enough lines to keep every core busy between two reads, few enough
    // bytes that a batch of large documents is not held long.
    while let lines = try reader.batch(count: max(jobs * 64, 256), bytes: 32 << 20) {
      try OrderedParallelMap.run(count: lines.count, jobs: jobs) { index -> Output? in
        let read = DocumentRecord.read(lines[index].bytes, line: lines[index].number)
        guard keeps(read, shard: shard) else { return nil }
        return work(read)
      } consume: { _, output in
        if let output {
          kept += 1
          try consume(output)
        }
      }
    }
    return kept
  }

  /// Every line of `reader` read (in parallel), in input order: for a
  /// command that needs all the records before it answers (`check`, whose
  /// links lead from one to another). A path given again (tidied as links
  /// name it) is a problem naming the line that gave it first.
  public static func collect(_ reader: inout LineReader, jobs: Int) throws -> (
    records: [DocumentRecord], problems: [RecordError]
  ) {
    var records: [DocumentRecord] = []
    var problems: [RecordError] = []
    var lines: [String: Int] = [:]
    try run(&reader, jobs: jobs, shard: nil, work: { $0 }) { read in
      switch read {
      case .failure(let problem): problems.append(problem)
      case .success(let record):
        let path = LinkPath.tidied(record.path)
        if let first = lines[path] {
          problems.append(RecordError(record, reason: "the path of line \(first) already"))
        } else {
          lines[path] = record.line
          records.append(record)
        }
      }
    }
    return (records, problems)
  }

  /// True when `read` falls in `shard`: a record (or a line naming a
  /// path) by its path, any other line by its number.
  public static func keeps(_ read: Read, shard: Shard?) -> Bool {
    guard let shard else { return true }
    switch read {
    case .success(let record): return shard.keeps(record.path)
    case .failure(let problem):
      return problem.path.map(shard.keeps) ?? shard.keeps(line: problem.line)
    }
  }
}
