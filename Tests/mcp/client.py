"""isle mcp driven by the real MCP client, the Python SDK (PyPI `mcp`).

    python3 Tests/mcp/client.py ISLE CORPUS

Starts `ISLE mcp` in CORPUS, negotiates both ways the SDK does (the
initialize handshake, and server/discover with per-request revisions),
lists the tools, calls each on the corpus, checks each result against its
tool's outputSchema, and sends hostile arguments, which must be tool
errors while the server keeps answering. Exits 0 when all holds, else 1
with what did not; 77 when the SDK is not installed.
"""

import asyncio
import os
import sys
import tempfile

# A sanitized build runs several times slower (make test-sanitized).
SCALE = float(os.environ.get("ISLE_TIMEOUT_SCALE") or 1)

try:
    import jsonschema
    from mcp import ClientSession, StdioServerParameters
    from mcp.client._probe import negotiate_auto
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import MCPError
except ImportError as missing:
    print(f"the MCP SDK is not installed: {missing}")
    sys.exit(77)

ISLE, CORPUS = sys.argv[1], sys.argv[2]
from checks import expect, failures, finish, text  # noqa: E402 (after the SDK check)


CALLS = {
    "outline": {"path": "brew/docs/Homebrew-on-Linux.md", "max_level": 6},
    "section": {"path": "brew/docs/Homebrew-on-Linux.md", "selectors": ["1"], "max_bytes": 400},
    "where": {"path": "brew/docs/Homebrew-on-Linux.md", "line": 30},
    "check": {"paths": ["brew/docs/Homebrew-on-Linux.md"]},
    "find": {"query": "install", "path": "brew/docs", "limit": 5},
}


def hostile(fifo):
    return [
        ("outline", {"path": 7}, "'path'"),
        ("outline", {"path": "../../../../etc/passwd"}, "'path'"),
        ("outline", {"path": "/etc"}, "outside"),
        ("outline", {"path": "README.md", "max_level": 1e300}, "'max_level'"),
        ("outline", {"path": "README.md", "levels": 3}, "'levels'"),
        ("section", {"path": "README.md", "selectors": "1"}, "'selectors'"),
        ("section", {"path": "README.md", "selectors": [1]}, "'selectors[0]'"),
        ("section", {"path": "README.md", "selectors": ["1"], "max_bytes": -5}, "'max_bytes'"),
        ("section", {"path": fifo, "selectors": ["1"]}, "neither a file nor a folder"),
        ("section", {"path": "README.md", "selectors": ["1"], "subsections": "yes"}, "'subsections'"),
        ("section", {"path": "README.md", "selectors": ["1"], "offset": 1e300}, "'offset'"),
        ("section", {"path": "README.md", "selectors": ["-rf"]}, "'selectors'"),
        ("outline", {"path": "README.md", "skip": -1}, "'skip'"),
        ("outline", {"path": "README.md", "slug": 3}, "'slug'"),
        ("outline", {"path": "README.md", "slug": "no-such-site"}, "slug"),
        ("where", {"path": "README.md", "line": "ten"}, "'line'"),
        ("where", {"path": "README.md", "line": 1e300}, "'line'"),
        ("where", {"path": "README.md", "offset": 1.5}, "'offset'"),
        ("where", {"path": "README.md"}, "'line'"),
        ("check", {"paths": []}, "'paths'"),
        ("check", {"paths": "README.md"}, "'paths'"),
        ("check", {"paths": ["README.md", "../.."]}, "'paths[1]'"),
        ("find", {"query": ["x"]}, "'query'"),
        ("find", {"query": "x", "limit": 0}, "'limit'"),
    ]


async def tools_and_calls(session, structured):
    listed = (await session.list_tools()).tools
    names = sorted(tool.name for tool in listed)
    expect(names == sorted(CALLS), f"tools listed: {names}")
    for tool in listed:
        result = await session.call_tool(tool.name, CALLS[tool.name])
        expect(not result.is_error, f"{tool.name} failed: {text(result)}")
        expect(text(result), f"{tool.name} has no text form")
        if structured:
            try:
                jsonschema.validate(result.structured_content, tool.output_schema)
            except jsonschema.ValidationError as error:
                failures.append(f"{tool.name}: {error.message}")
    return {tool.name: tool for tool in listed}


async def legacy(fifo):
    server = StdioServerParameters(command=ISLE, args=["mcp"], cwd=CORPUS)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            expect(init.protocol_version == "2025-11-25", f"revision {init.protocol_version}")
            await tools_and_calls(session, structured=True)
            section = await session.call_tool("section", CALLS["section"])
            body = section.structured_content
            expect(body["bytes"] <= 400, f"section returned {body['bytes']} bytes past 400")
            expect(body["truncated"] and body["next_offset"], "a long section is not cut")
            rest = await session.call_tool(
                "section", {**CALLS["section"], "max_bytes": 1 << 40, "offset": body["next_offset"]})
            rest_body = rest.structured_content
            expect(rest_body["max_bytes"] == 1 << 20 and rest_body["note"], "max_bytes past 1 MiB")
            expect(
                rest_body["sections"][0]["bytes"][0] == body["next_offset"],
                "the next offset does not go on where the cut was")
            for name, arguments, named in hostile(fifo):
                result = await session.call_tool(name, arguments)
                expect(result.is_error, f"{name} {arguments} is not a tool error")
                expect(named in text(result), f"{name} {arguments}: '{text(result)}' names no {named}")
            try:
                await session.call_tool("no-such-tool", {})
                failures.append("an unknown tool is not a JSON-RPC error")
            except MCPError:
                pass
            await session.send_ping()
            expect(not (await session.call_tool("outline", {"path": "README.md"})).is_error,
                   "the server stopped answering after the hostile calls")


async def modern():
    server = StdioServerParameters(command=ISLE, args=["mcp"], cwd=CORPUS)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await negotiate_auto(session)
            expect(session.discover_result is not None, "server/discover was not adopted")
            await tools_and_calls(session, structured=True)


async def main():
    with tempfile.TemporaryDirectory(dir=CORPUS) as scratch:
        fifo = os.path.join(scratch, "pipe.md")
        os.mkfifo(fifo)
        await asyncio.wait_for(legacy(os.path.relpath(fifo, CORPUS)), 60 * SCALE)
    await asyncio.wait_for(modern(), 60 * SCALE)


asyncio.run(main())
finish()
