import JSON
import LanguageServer
import Links
import Outline

// libFuzzer: the language server's message reader. The input is a stream
// as an editor would send it, cut in two where its first byte says: the
// framing, the JSON reader and the server behind them must neither crash
// nor hang, whatever comes; JSON that reads writes back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRPC(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let first = bytes.first else { return 0 }
  let stream = Array(bytes.dropFirst())
  let cut = stream.isEmpty ? 0 : Int(first) % (stream.count + 1)
  var framer = MessageFramer()
  let server = LanguageServer(host: FuzzWorkspace(), version: "fuzz") { _ in }
  _ = server.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
  for piece in [stream[..<cut], stream[cut...]] {
    framer.append(piece)
    while let body = try? framer.next() {
      if let value = try? JSONParser.parse(body) {
        precondition(try! JSONParser.parse(Array(value.text.utf8)) == value)
      }
      _ = server.receive(body)
    }
  }
  // A body with no framing at all, read as one message.
  _ = server.receive(stream)
  server.settle()
  return 0
}

/// One document in memory, so requests have something to answer about.
struct FuzzWorkspace: WorkspaceHost {
  func load(_ path: String) -> [UInt8]? {
    path == "/w/a.md" ? Array("# A\n\n[b](#b) [c](c.md#x)\n\n## B\n".utf8) : nil
  }
  func kind(of path: String) -> TargetKind { path == "/w/a.md" ? .file : .missing }
  func documents(under folder: String) -> [String] { ["/w/a.md"] }
  func outlineOptions(forDocumentAt path: String) -> OutlineOptions { OutlineOptions() }
  func repositoryRoot(of path: String) -> String? { nil }
  func updatedToc(of bytes: [UInt8], path: String) -> [UInt8]? { nil }
}
