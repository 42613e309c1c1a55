"""The two servers' answers on the outputs suite's documents, held to the
command line's: `isle mcp` through the real MCP client (the Python SDK),
`isle lsp` through raw JSON-RPC framed by Content-Length."""

import asyncio
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def mcp_outline(session, name, expect, documents_sections):
    """Every section of the document, page after page (skip)."""
    sections, skip = [], 0
    # Pages of the default size where they are few, else of the most
    # bytes a page holds, with no budget of tokens short of it.
    budget = {} if len(documents_sections) < 1000 else {"max_bytes": 1 << 20, "max_tokens": 1 << 40}
    for _ in range(10_000):
        arguments = {"path": name, "max_level": 6, "skip": skip, **budget}
        result = await session.call_tool("outline", arguments)
        if result.is_error and not documents_sections:
            return []
        if not expect(not result.is_error, f"mcp outline {name}: {result.content[:1]}"):
            return None
        body = result.structured_content
        for document in body["documents"]:
            sections += document["sections"]
        if body["next_skip"] is None:
            return sections
        expect(body["next_skip"] > skip, f"mcp outline {name}: skip {skip} goes nowhere")
        skip = body["next_skip"]
    return sections


async def mcp_checks(isle, folder, documents, expect):
    server = StdioServerParameters(command=isle, args=["mcp"], cwd=folder)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            for name, document in documents.items():
                sections = await mcp_outline(session, name, expect, document["sections"])
                if sections is None:
                    continue
                wanted = document["sections"]
                expect(len(sections) == len(wanted), f"mcp outline {name}: {len(sections)} of {len(wanted)}")
                if all("seconds" in s for s in wanted):
                    expect(sections == wanted, f"mcp outline {name}: sections differ from toc's")
                else:
                    expect([s["offset"] for s in sections] == [s["offset"] for s in wanted],
                           f"mcp outline {name}: sections differ from the TSV's")
                shown = [s for s in wanted if s["level"] <= 3]
                for section in shown[:1] + shown[-1:]:
                    where = await session.call_tool("where", {"path": name, "offset": section["offset"]})
                    body = where.structured_content or {}
                    expect(not where.is_error and body.get("headings", [None])[-1] == section["title"],
                           f"mcp where {name} at {section['offset']}: {where.content[:1]}")


class Lsp:
    """isle lsp over pipes, one request at a time."""

    def __init__(self, isle, folder):
        self.process = subprocess.Popen([isle, "lsp"], cwd=folder, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE)
        self.next = 0

    def send(self, method, params, notify=False):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if not notify:
            self.next += 1
            message["id"] = self.next
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        while not notify:
            reply = self.read()
            if reply.get("id") == self.next:
                return reply

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def close(self):
        self.send("shutdown", None)
        self.send("exit", None, notify=True)
        self.process.wait(timeout=30)


def lsp_checks(isle, folder, documents, expect):
    lsp = Lsp(isle, folder)
    lsp.send("initialize", {"capabilities": {}, "rootUri": "file://" + folder})
    lsp.send("initialized", {}, notify=True)
    for name, document in documents.items():
        uri = "file://" + os.path.join(folder, name)
        symbols = lsp.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        result = symbols.get("result") or []
        expect(len(result) == len(document["sections"]),
               f"lsp symbols {name}: {len(result)} of {len(document['sections'])} {symbols.get('error')}")
        for kind in ("foldingRange", "documentLink"):
            answer = lsp.send("textDocument/" + kind, {"textDocument": {"uri": uri}})
            expect("result" in answer, f"lsp {kind} {name}: {answer.get('error')}")
        for section in document["sections"][:1] + document["sections"][-1:]:
            position = {"line": section["line"] - 1, "character": 0}
            where = lsp.send("isle/where", {"textDocument": {"uri": uri}, "position": position})
            current = (where.get("result") or {}).get("current") or {}
            expect(current.get("offset") == section["offset"] or section["level"] > 3,
                   f"lsp isle/where {name} line {section['line']}: {where.get('error') or current}")
    lsp.close()


def check(isle, folder, documents, expect, large):
    with ThreadPoolExecutor(max_workers=2) as pool:
        lsp = pool.submit(lsp_checks, isle, folder, documents, expect)
        asyncio.run(mcp_checks(isle, folder, documents, expect))
        lsp.result()
