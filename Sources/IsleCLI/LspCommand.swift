import LanguageServer
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// `isle lsp`: the language server on standard input and output. The
/// protocol lives in the LanguageServer module; this only starts it, with
/// the disk and the command line's options as its workspace.
struct LspCommand {
  let raw: RawArguments
  let cli: CLI

  func run() throws -> ExitStatus {
    var options = try OptionValues.outlineOptions(raw, command: "lsp")
    options.findsLinks = true
    let slug = try OptionValues.slug(raw, command: "lsp")
    let host = DiskWorkspace(
      files: cli.files, options: options,
      detector: slug == .auto ? SlugFlavorDetector(files: cli.files) : nil,
      maxSize: try OptionValues.size(raw, command: "lsp"), environment: cli.environment)
    let output = Lock<Void>(())
    let server = LanguageServer(host: host, version: CLI.version) { body in
      let bytes = MessageFramer.frame(body)
      output.withLock { _ in Self.writeAll(bytes) }
    }
    let status = server.run { buffer in
      while true {
        let count = read(0, buffer.baseAddress, buffer.count)
        if count < 0 && errno == EINTR { continue }
        return count
      }
    }
    return status == 0 ? .success : .nothingFound
  }

  /// Writes all of `bytes` to standard output, unbuffered: each message
  /// must reach the editor at once.
  private static func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
