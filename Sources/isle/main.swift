import Files
import IsleCLI
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

// A closed pipe is an ordinary end for a filter: write() reports EPIPE and
// the CLI stops quietly instead of the process dying by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
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
exit(cli.run(Array(CommandLine.arguments.dropFirst())))
