import Files
import IsleCLI

// libFuzzer: the command line, words split at NUL bytes, run in-process
// against a reader that serves one small document for every file and
// never touches the disk. `pick` (which opens the terminal) and `--write`
// (which replaces files) are left out.
struct OneDocument: FileAccess {
  let bytes = Array("# Title\n\nWords here.\n\n## Method\n\nMore words.\n".utf8)
  func bytes(_ source: InputSource, limit: Int) throws -> [UInt8] { Array(bytes.prefix(limit)) }
  func resolvedPath(_ path: String) -> String { path }
  func kind(_ path: String) -> FileKind { .regular }
  func identity(_ path: String) -> FileIdentity? { nil }
  func entries(_ directory: String) -> [String]? { nil }
}

final class Discard: OutputSink {
  func write(_ text: String) throws {}
  func flush() throws {}
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let words = UnsafeBufferPointer(start: data, count: size).split(
    separator: 0, omittingEmptySubsequences: false
  )
  .map { String(decoding: $0, as: UTF8.self) }
  if words.contains(where: { $0 == "pick" || $0.hasPrefix("--write") || $0.hasPrefix("--jobs") }) {
    return 0
  }
  let status = CLI(environment: [:], stdout: Discard(), stderr: Discard(), files: OneDocument())
    .run(words)
  precondition([0, 1, 2].contains(status))
  return 0
}
