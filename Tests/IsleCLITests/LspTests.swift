@testable import Workspace
import JSONRPC
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

  /// A bad value in the config file does not end the server: one error
  /// in the client's log names the file, the line, the key and the value,
  /// and the default is used; the config file's good values are kept. A
  /// bad value typed on the command line still ends it (2).
  @Test func aBadConfigValueIsLoggedAndItsDefaultUsed() throws {
    let config = "wpm = fast\nslug = gitlab\n"
    try Harness.withTree(["home/isle/config": config, "doc.md": "# A B\n"]) { root in
      let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
      let initialized = #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#
      let shutdown = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
      let exit = #"{"jsonrpc":"2.0","method":"exit"}"#
      let home = root.appendingPathComponent("home").path
      let outcome = try Harness.runBinary(
        ["lsp"], stdin: Self.frames([initialize, initialized, shutdown, exit]),
        environment: ["XDG_CONFIG_HOME": home])
      #expect(outcome.status == 0)
      let logged = Self.messages(outcome.stdout).filter {
        $0["method"] as? String == "window/logMessage"
      }
      let params = logged.map { $0["params"] as? [String: Any] ?? [:] }
      #expect(params.map { $0["type"] as? Int ?? 0 } == [1])
      #expect(
        params.first?["message"] as? String
          == "isle: \(home)/isle/config:1: invalid value 'fast' for 'wpm': expected a whole "
          + "number from 1 to 100000; using the default, 238")
    }
    #expect(Harness.run(["lsp", "--wpm", "fast"]).status == 2)
  }

  /// The messages of a stream the server wrote, read back.
  static func messages(_ stream: Data) -> [[String: Any]] {
    var found: [[String: Any]] = []
    var rest = stream[...]
    let separator = Data("\r\n\r\n".utf8)
    while let end = rest.range(of: separator) {
      let header = String(decoding: rest[..<end.lowerBound], as: UTF8.self)
      guard
        let count = Int(
          header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
      else { break }
      let body = rest[end.upperBound..<min(end.upperBound + count, rest.endIndex)]
      if let value = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
        found.append(value)
      }
      rest = rest[body.endIndex...]
    }
    return found
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
    try Self.neovim(script, document: document) { root, shown in
      #expect(
        shown == """
          Title < 1 min
            Alpha < 1 min
            Beta -
          5:9 no heading #alpah in \(root.path)/doc.md (did you mean #alpha?)

          """)
    }
  }

  /// Neovim 0.7 edits the buffer (incremental changes, UTF-16 ranges: an
  /// emoji and an accent): the symbols follow the edits, the diagnostics
  /// follow a fix once the typing pauses, definition lands on an anchor
  /// written as HTML, and `isle/where` feeds a status line as doc/lsp.md's
  /// winbar recipe does (0.7 has no winbar: `get_active_clients` and a
  /// status line instead).
  @Test func neovimEditsFollowsAnAnchorAndShowsWhere() throws {
    let script = """
      local out = {}
      local function say(s) table.insert(out, s) end
      local id = vim.lsp.start_client({ cmd = { ISLE, 'lsp' }, root_dir = ROOT })
      vim.cmd('edit ' .. ROOT .. '/doc.md')
      vim.lsp.buf_attach_client(0, id)
      vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
      local function symbols()
        local replies = vim.lsp.buf_request_sync(0, 'textDocument/documentSymbol',
          { textDocument = vim.lsp.util.make_text_document_params() }, 10000) or {}
        local names = {}
        local function walk(list, depth)
          for _, s in ipairs(list or {}) do
            table.insert(names, string.rep('.', depth) .. s.name)
            walk(s.children, depth + 1)
          end
        end
        for _, reply in pairs(replies) do walk(reply.result, 0) end
        return table.concat(names, ' ')
      end
      say('symbols: ' .. symbols())
      vim.api.nvim_win_set_cursor(0, {8, 26})
      local found = vim.lsp.buf_request_sync(0, 'textDocument/definition',
        vim.lsp.util.make_position_params(), 10000) or {}
      for _, reply in pairs(found) do
        local r = (reply.result[1] or reply.result).range
        say('definition: ' .. r.start.line .. ':' .. r.start.character .. '-' .. r['end'].character)
      end
      vim.api.nvim_buf_set_lines(0, 9, 9, false, { '## Gamma 😀 é', '', 'text' })
      vim.api.nvim_buf_set_text(0, 5, 3, 5, 8, { 'Alphabet' })
      say('edited: ' .. symbols())
      vim.api.nvim_buf_set_text(0, 7, 9, 7, 14, { 'alphabet' })
      vim.wait(10000, function() return #vim.diagnostic.get(0) == 0 end, 20)
      say('diagnostics after the fix: ' .. #vim.diagnostic.get(0))
      local client = vim.lsp.get_active_clients({ bufnr = 0 })[1]
      local buffer, window = vim.api.nvim_get_current_buf(), vim.api.nvim_get_current_win()
      local done = false
      client.request('isle/where', {
        textDocument = vim.lsp.util.make_text_document_params(buffer),
        position = { line = vim.fn.line('w0', window) - 1, character = 0 },
      }, function(err, result)
        if not err and result then vim.b[buffer].isle_bar = result.bar end
        done = true
      end, buffer)
      vim.wait(10000, function() return done end, 20)
      vim.o.statusline = "%{get(b:, 'isle_bar', '')}"
      local bar = vim.api.nvim_eval_statusline(vim.o.statusline, {}).str
      say('bar: ' .. vim.trim((bar:gsub('[^%w]+', ' '))))
      local f = io.open(ROOT .. '/out.txt', 'w')
      f:write(table.concat(out, '\\n') .. '\\n')
      f:close()
      vim.cmd('qa!')
      """
    let document = """
      # Title

      <a id="anchor-one"></a>
      Words here.

      ## Alpha

      See [b](#alpah) and [a](#anchor-one).

      ## Beta

      """
    try Self.neovim(script, document: document) { root, shown in
      #expect(
        shown == """
          symbols: Title .Alpha .Beta
          definition: 2:0-19
          edited: Title .Alphabet .Gamma 😀 é .Beta
          diagnostics after the fix: 0
          bar: Title 1 of 4

          """)
    }
  }

  /// Runs `script` in headless Neovim, in a folder holding `doc.md`, with
  /// `ISLE` (the binary) and `ROOT` (the folder) set; `body` gets the
  /// folder and what the script wrote to `out.txt`.
  static func neovim(
    _ script: String, document: String, _ body: (URL, String) throws -> Void
  ) throws {
    try Harness.withTree(["doc.md": document, "t.lua": script]) { root in
      let run = try Harness.shell(
        "cd '\(root.path)' && nvim --headless --clean "
          + "-c \"lua ISLE = '\(Harness.binary.path)'; ROOT = '\(root.path)'\" -c 'luafile t.lua'")
      #expect(run.status == 0, "\(run.stderr)")
      try body(
        root, try String(contentsOf: root.appendingPathComponent("out.txt"), encoding: .utf8))
    }
  }

  /// The guide's setup for Neovim 0.7 (doc/lsp.md), as written there: one
  /// client for every Markdown buffer, which shows the diagnostics.
  @Test func theGuidesNeovim07SetupStartsOneClientForEveryBuffer() throws {
    let guide = ReadmeTests.documents.map(\.text).joined(separator: "\n")
    let blocks = guide.components(separatedBy: "```lua\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    let setup = try #require(blocks.first { $0.contains("vim.lsp.start_client") })
    let check = """
      vim.cmd('edit doc.md')
      vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 20)
      local out = { 'diagnostics ' .. #vim.diagnostic.get(0) }
      vim.cmd('edit other.md')
      vim.wait(10000, function() return next(vim.lsp.buf_get_clients(0)) ~= nil end, 20)
      table.insert(out, 'clients ' .. #vim.lsp.get_active_clients())
      table.insert(out, 'attached ' .. #vim.tbl_keys(vim.lsp.buf_get_clients(0)))
      local f = io.open('out.txt', 'w')
      f:write(table.concat(out, ' ') .. '\\n')
      f:close()
      vim.cmd('qa!')
      """
    let files = [
      "doc.md": "# Doc\n\nSee [x](#nowhere).\n", "other.md": "# Other\n",
      "setup.lua": setup, "check.lua": check,
    ]
    try Harness.withTree(files) { root in
      let folder = Harness.binary.deletingLastPathComponent().path
      let run = try Harness.shell(
        "cd '\(root.path)' && PATH='\(folder)':\"$PATH\" nvim --headless --clean "
          + "-c 'luafile setup.lua' -c 'luafile check.lua'")
      #expect(run.status == 0, "\(run.stderr)")
      let shown = try String(contentsOf: root.appendingPathComponent("out.txt"), encoding: .utf8)
      #expect(shown == "diagnostics 1 clients 1 attached 1\n")
    }
  }
}
