import Files
import IsleCLI
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

// A closed pipe is an ordinary end for a filter: write() reports EPIPE and
// the CLI stops quietly instead of the process dying by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// A file size limit (`ulimit -f`) makes a write fail with EFBIG, an error
// isle reports with the file left as it was, rather than end it by SIGXFSZ
// with its work half done.
signal(SIGXFSZ, SIG_IGN)
// A crash, should one ever happen, puts the terminal back and never waits
// for a key.
installCrashHandlers()

var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
  let pair = String(cString: pointer)
  if let equals = pair.firstIndex(of: "=") {
    environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
  }
  entry += 1
}

let cli = CLI(
  environment: environment, stdout: FileSink(descriptor: 1), stderr: FileSink(descriptor: 2),
  terminal: .standardOutput(), inputIsTerminal: isatty(0) == 1)
// The words as their bytes: a file name that is not UTF-8 is kept as it
// is (see `PathBytes`), where `CommandLine.arguments` would repair it.
exit(cli.run(PathBytes.commandLineWords()))
