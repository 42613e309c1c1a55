import Foundation
import Testing

/// Neovim 0.7 (Debian's) renames a file through `isle lsp` with the
/// guide's `:IsleRename` (doc/lsp.md): Neovim sends no `workspace/willRenameFiles` of
/// its own, so the command asks each client of the buffer, applies the
/// edit it answers (`vim.lsp.util.apply_workspace_edit`), then moves the
/// file (`vim.lsp.util.rename`); the buffers show the links rewritten, in
/// an open document, in one read from the disk, and in the moved one.
@Suite struct NeovimFileRenameTests {
  static let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// After the guide's `:IsleRename`: two documents open, one renamed
  /// into another folder, and what each buffer then holds.
  static let script = """
    local out = {}
    local id = vim.lsp.start_client({ cmd = { ISLE, 'lsp' }, root_dir = ROOT })
    for _, name in ipairs({ 'doc.md', 'guide/intro.md' }) do
      vim.cmd('edit ' .. ROOT .. '/' .. name)
      vim.lsp.buf_attach_client(0, id)
    end
    local client = vim.lsp.get_client_by_id(id)
    vim.wait(10000, function() return client.initialized end, 20)
    vim.cmd('IsleRename start.md')
    for _, name in ipairs({ 'doc.md', 'start.md', 'notes.md' }) do
      local buffer = vim.fn.bufnr(ROOT .. '/' .. name)
      table.insert(out, '== ' .. name .. (buffer == -1 and ' (no buffer)' or ''))
      if buffer ~= -1 then
        vim.fn.bufload(buffer)
        vim.list_extend(out, vim.api.nvim_buf_get_lines(buffer, 0, -1, false))
      end
    end
    local gone = vim.loop.fs_stat(ROOT .. '/guide/intro.md') == nil
    table.insert(out, 'guide/intro.md gone: ' .. tostring(gone))
    local f = io.open(ROOT .. '/out.txt', 'w')
    f:write(table.concat(out, '\\n') .. '\\n')
    f:close()
    vim.cmd('qa!')
    """

  /// The guide's `:IsleRename` command (doc/lsp.md), as written there.
  static func guideCommand() throws -> String {
    let guide = try String(
      contentsOf: Harness.root.appendingPathComponent("doc/lsp.md"), encoding: .utf8)
    let blocks = guide.components(separatedBy: "```lua\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    return try #require(blocks.first { $0.contains("workspace/willRenameFiles") })
  }

  @Test(.enabled(if: nvim != nil, "nvim is not installed"))
  func neovimRenamesAFileAndEveryLinkFollows() throws {
    let files = [
      "doc.md":
        "# Doc 😀\n\n😀 See [the intro](guide/intro.md#setup) and [it][i].\n\n[i]: ./guide/intro.md\n",
      "guide/intro.md": "# Intro\n\n## Setup\n\nBack to [the doc](../doc.md#doc-).\n",
      "notes.md": "[intro](/guide/intro.md) [other](guide/other.md)\n",
      "guide/other.md": "", "t.lua": Self.script, "rename.lua": try Self.guideCommand(),
    ]
    try Harness.withTree(files) { root in
      let run = try Harness.shell(
        "cd '\(root.path)' && \(Self.nvim!) --headless --clean "
          + "-c \"lua ISLE = '\(Harness.binary.path)'; ROOT = '\(root.path)'\" "
          + "-c 'luafile rename.lua' -c 'luafile t.lua'")
      #expect(run.status == 0, "\(run.stderr)")
      let shown = try String(contentsOf: root.appendingPathComponent("out.txt"), encoding: .utf8)
      #expect(
        shown == """
          == doc.md
          # Doc 😀

          😀 See [the intro](start.md#setup) and [it][i].

          [i]: ./start.md
          == start.md
          # Intro

          ## Setup

          Back to [the doc](doc.md#doc-).
          == notes.md
          [intro](/start.md) [other](guide/other.md)
          guide/intro.md gone: true

          """)
    }
  }
}
