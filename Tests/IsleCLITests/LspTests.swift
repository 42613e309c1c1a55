import Foundation
import LanguageServer
import Testing

@testable import IsleCLI

/// `isle lsp` with the real disk: the contents list's code action is the
/// edit `toc --write` makes, the process's exit statuses, and Neovim.
@Suite struct LspTests {
  static let readme = """
    # Project

    ## Contents

    <!-- toc -->
    - [Old](#old)
    <!-- tocstop -->

    ## Install

    Text.

    ### From source

    ## Use it

    """

  @Test func updateContentsMakesTheEditTocWriteMakes() throws {
    try Harness.withTree(["README.md": Self.readme]) { root in
      let path = root.appendingPathComponent("README.md").path
      let session = try LspSession(root: root.path)
      try session.open(path)
      let stale = session.diagnostics(path).filter { $0["code"]?.string == "stale-contents" }
      #expect(stale.count == 1)
      let actions = try session.request(
        "textDocument/codeAction",
        LspSession.document(
          path, ["range": stale[0]["range"]!, "context": .object(["diagnostics": .array([])])]))
      let update = actions.array?.first { $0["title"]?.string == "Update contents" }
      let edit = try #require(update?["edit"]?["changes"]?["file://" + path]?.array?.first)
      // Applied to the editor's text, the edit gives what toc --write writes.
      let lines = TextLines(Array(Self.readme.utf8))
      var edited = lines.bytes
      edited.replaceSubrange(
        lines.offsets(of: try TextRange(edit["range"])),
        with: Array((edit["newText"]?.string ?? "").utf8))
      #expect(Harness.run(["toc", "--write", path]).status == 0)
      let written = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
      #expect(String(decoding: edited, as: UTF8.self) == String(decoding: written, as: UTF8.self))
      #expect(String(decoding: written, as: UTF8.self).contains("- [Use it](#use-it)"))
      // The text now current, nothing is stale.
      session.notify(
        "textDocument/didChange",
        .object([
          "textDocument": .object(["uri": .string("file://" + path), "version": .int(2)]),
          "contentChanges": .array([
            .object(["text": .string(String(decoding: written, as: UTF8.self))])
          ]),
        ]))
      #expect(session.diagnostics(path).isEmpty)
    }
  }

  static func frames(_ messages: [String]) -> Data {
    Data(messages.flatMap { MessageFramer.frame($0) })
  }

  @Test func exitsZeroAfterShutdownAndOneWithout() throws {
    let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    let shutdown = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
    let exit = #"{"jsonrpc":"2.0","method":"exit"}"#
    let clean = try Harness.runBinary(["lsp"], stdin: Self.frames([initialize, shutdown, exit]))
    #expect(clean.status == 0)
    let reply = String(decoding: clean.stdout, as: UTF8.self)
    #expect(reply.hasPrefix("Content-Length: "))
    #expect(reply.contains(#""id":2,"jsonrpc":"2.0","result":null"#))
    #expect(try Harness.runBinary(["lsp"], stdin: Self.frames([initialize, exit])).status == 1)
    #expect(try Harness.runBinary(["lsp"], stdin: Self.frames([initialize])).status == 1)
    #expect(Harness.run(["lsp", "README.md"]).status == 2)
  }

  /// Neovim headless (0.7 and later: `vim.lsp.start_client`) opens a
  /// document and shows isle's symbols and diagnostics.
  @Test func neovimShowsTheSymbolsAndTheDiagnostics() throws {
    let script = """
      local out = {}
      local id = vim.lsp.start_client({ cmd = { ISLE, 'lsp' }, root_dir = ROOT })
      vim.cmd('edit ' .. ROOT .. '/doc.md')
      vim.lsp.buf_attach_client(0, id)
      vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
      local replies = vim.lsp.buf_request_sync(0, 'textDocument/documentSymbol',
        { textDocument = vim.lsp.util.make_text_document_params() }, 10000) or {}
      local function walk(symbols, depth)
        for _, s in ipairs(symbols or {}) do
          table.insert(out, string.rep('  ', depth) .. s.name .. ' ' .. (s.detail or '-'))
          walk(s.children, depth + 1)
        end
      end
      for _, reply in pairs(replies) do walk(reply.result, 0) end
      for _, d in ipairs(vim.diagnostic.get(0)) do
        table.insert(out, (d.lnum + 1) .. ':' .. (d.col + 1) .. ' ' .. d.message)
      end
      local f = io.open(ROOT .. '/out.txt', 'w')
      f:write(table.concat(out, '\\n') .. '\\n')
      f:close()
      vim.cmd('qa!')
      """
    let document = "# Title\n\n## Alpha\n\nSee [b](#alpah).\n\n## Beta\n"
    try Harness.withTree(["doc.md": document, "t.lua": script]) { root in
      let run = try Harness.shell(
        "cd '\(root.path)' && nvim --headless --clean "
          + "-c \"lua ISLE = '\(Harness.binary.path)'; ROOT = '\(root.path)'\" -c 'luafile t.lua'")
      #expect(run.status == 0, "\(run.stderr)")
      let shown = try String(contentsOf: root.appendingPathComponent("out.txt"), encoding: .utf8)
      #expect(
        shown == """
          Title < 1 min
            Alpha < 1 min
            Beta -
          5:9 no heading #alpah in \(root.path)/doc.md (did you mean #alpha?)

          """)
    }
  }
}
