"""isle mcp's pages in tokens and its resources, with the real MCP client.

    python3 Tests/mcp/pages.py ISLE RANKFILE [--large]

Writes documents (sections with fences, tables and broken links; 130
small ones in a folder) in a temporary folder, a config file naming
RANKFILE (cl100k_base.tiktoken) as the tokenizer, starts `ISLE mcp`
there and checks: every page of outline, section, find and check is
within its max_tokens as tiktoken counts its text, the pages joined are
the unpaged answer, a page never ends inside a fence; a stale, forged or
foreign cursor and bad max_tokens are tool errors naming them, and the
server answers the next call; resources are listed (in pages), templated
and read, confined to the folder; a subscribed file changed on disk is
told within a second, and a new file as list_changed. Exits 0 when all
holds, else 1 with what did not; 77 when the SDK or tiktoken is missing.
"""

import asyncio
import os
import sys
import tempfile
import time

# A sanitized build runs several times slower (make test-sanitized).
SCALE = float(os.environ.get("ISLE_TIMEOUT_SCALE") or 1)

try:
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import MCPError
except ImportError as missing:
    print(f"the MCP SDK or tiktoken is not installed: {missing}")
    sys.exit(77)

ISLE, RANKS = sys.argv[1], sys.argv[2]
# The guide's parts: enough for several pages of every tool in make test,
# as many again and more with --large (make test-large).
PARTS = 40 if "--large" in sys.argv else 24
from checks import expect, failures, finish, text  # noqa: E402 (after the SDK check)

CL100K = r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
ENCODING = tiktoken.Encoding(
    name="cl100k_test", pat_str=CL100K, mergeable_ranks=load_tiktoken_bpe(RANKS), special_tokens={})


def tokens(words):
    return len(ENCODING.encode(words, disallowed_special=()))


def write_docs(folder):
    part = ("Words of the part, and more words to read. " * 12).strip() + "\n\n"
    fence = "```text\n" + "".join(f"line {n}\n\n" for n in range(30)) + "```\n\n"
    table = "| a | b |\n|---|---|\n" + "".join(f"| {n} | [x](gone{n}.md) |\n" for n in range(20)) + "\n"
    with open(os.path.join(folder, "guide.md"), "w") as out:
        out.write("# Guide\n\nThe guide.\n\n")
        for n in range(PARTS):
            out.write(f"## Part {n}\n\n{part}{fence if n % 3 == 0 else ''}{table if n % 4 == 0 else ''}")
    os.makedirs(os.path.join(folder, "many"))
    for n in range(130):
        with open(os.path.join(folder, "many", f"note{n:03}.md"), "w") as out:
            out.write(f"# Note {n}\n\nA note, [broken](missing{n}.md).\n\n## Part of note {n}\n\nMore.\n")


async def pages(session, tool, arguments, key, max_tokens):
    """The pages of a call followed by its cursors; each checked against its budget."""
    got, cursor = [], None
    while True:
        call = {**arguments, "max_tokens": max_tokens, **({"cursor": cursor} if cursor else {})}
        result = await session.call_tool(tool, call)
        if result.is_error:
            failures.append(f"{tool} page {len(got)} failed: {text(result)}")
            return got
        body = result.structured_content
        counted = tokens(text(result))
        expect(counted <= max_tokens, f"{tool} page {len(got)}: {counted} tokens past {max_tokens}")
        expect(body["tokenizer"] == "cl100k_base.tiktoken", f"{tool} counted with {body['tokenizer']}")
        got.append(body)
        cursor = body["next_cursor"]
        if not cursor or len(got) > 500:
            return got


def items(tool, body):
    if tool == "outline":
        return [(d["path"], s["number"]) for d in body["documents"] for s in d["sections"]]
    if tool == "section":
        return ["".join(s["text"] for s in body["sections"])]
    return body["matches" if tool == "find" else "broken"]


async def paging(session):
    calls = [
        ("outline", {"path": "guide.md", "max_level": 6}, 700),
        ("section", {"path": "guide.md", "selectors": ["1"]}, 600),
        ("find", {"query": "part", "path": "many", "limit": 200}, 500),
        ("check", {"paths": ["guide.md"]}, 600),
    ]
    for tool, arguments, budget in calls:
        whole = await session.call_tool(tool, {**arguments, "max_tokens": 1_000_000,
                                               "max_bytes": 1 << 20})
        body = whole.structured_content
        if whole.is_error:
            failures.append(f"{tool} unpaged: {text(whole)}")
            continue
        expect(body["next_cursor"] is None, f"{tool} unpaged is paged")
        got = await pages(session, tool, arguments, tool, budget)
        expect(len(got) > 2, f"{tool} in {budget} tokens gave {len(got)} pages")
        joined = [item for page in got for item in items(tool, page)]
        if tool == "section":
            joined = ["".join(joined)]
            for page in got:
                page_text = "".join(s["text"] for s in page["sections"])
                expect(page_text.count("```") % 2 == 0, "a section page ends inside a fence")
                lines = page_text.split("\n")
                expect(not lines[0].startswith("|") or lines[1].startswith("|---"),
                       "a section page starts inside a table")
        expect(joined == items(tool, body), f"{tool}'s pages joined are not its unpaged answer")
        if tool == "outline":
            expect(all("tokens" in s and "minutes" in s for d in body["documents"]
                       for s in d["sections"]), "outline gives no tokens or minutes")


async def cursors(session, folder):
    first = await session.call_tool(
        "section", {"path": "guide.md", "selectors": ["1"], "max_tokens": 600})
    if first.is_error or not first.structured_content["next_cursor"]:
        failures.append(f"section in 600 tokens gives no cursor: {text(first)[:300]}")
        return
    cursor = first.structured_content["next_cursor"]
    bad = [
        ("section", {"path": "guide.md", "selectors": ["1"], "max_tokens": 600,
                     "cursor": "00" + cursor[2:]}, "'cursor'"),
        ("section", {"path": "guide.md", "selectors": ["1"], "cursor": "forged"}, "'cursor'"),
        ("section", {"path": "guide.md", "selectors": ["2"], "max_tokens": 600, "cursor": cursor},
         "'cursor'"),
        ("outline", {"path": "guide.md", "max_tokens": 600, "cursor": cursor}, "'cursor'"),
        ("outline", {"path": "guide.md", "max_tokens": 0}, "'max_tokens'"),
        ("find", {"query": "x", "max_tokens": "ten"}, "'max_tokens'"),
        ("check", {"paths": ["."], "cursor": 5}, "'cursor'"),
        ("find", {"query": "x", "max_tokens": 3}, "'max_tokens'"),
    ]
    for tool, arguments, named in bad:
        result = await session.call_tool(tool, arguments)
        expect(result.is_error and named in text(result), f"{tool} {arguments}: {text(result)}")
        await session.send_ping()
    time.sleep(0.01)
    with open(os.path.join(folder, "guide.md"), "a") as out:
        out.write("\nA line more.\n")
    stale = await session.call_tool(
        "section", {"path": "guide.md", "selectors": ["1"], "max_tokens": 600, "cursor": cursor})
    expect(stale.is_error and "'cursor'" in text(stale) and "stale" in text(stale),
           f"a stale cursor: {text(stale)}")
    folder_page = (await session.call_tool(
        "outline", {"path": "many", "max_tokens": 700})).structured_content
    with open(os.path.join(folder, "many", "note007.md"), "a") as out:
        out.write("\nA line more.\n")
    stale = await session.call_tool(
        "outline", {"path": "many", "max_tokens": 700, "cursor": folder_page["next_cursor"]})
    expect(stale.is_error and "stale" in text(stale), f"a folder's stale cursor: {text(stale)}")
    expect(not (await session.call_tool("outline", {"path": "guide.md"})).is_error,
           "the server stopped answering after the bad cursors")


async def resources(session, folder, notes):
    listed, cursor = [], None
    while True:
        page = await session.list_resources(params={"cursor": cursor} if cursor else None)
        listed += page.resources
        cursor = page.next_cursor
        if not cursor:
            break
    uris = sorted(str(r.uri) for r in listed)
    expect(len(listed) == 131 and len(set(uris)) == 131, f"{len(listed)} resources listed, not 131")
    guide = next((r for r in listed if str(r.uri).endswith("/guide.md")), None)
    expect(guide and guide.title == "Guide" and guide.size == os.path.getsize(
        os.path.join(folder, "guide.md")), f"guide.md listed as {guide}")
    expect(guide and (guide.meta or {}).get("tokens", 0) > 1000, f"guide.md's tokens: {guide}")
    templates = (await session.list_resource_templates()).resource_templates
    expect([t.uri_template for t in templates] == ["isle://section/{path}#{id}"],
           f"templates: {templates}")
    read = await session.read_resource(str(guide.uri))
    expect(read.contents[0].text == open(os.path.join(folder, "guide.md")).read()
           and read.contents[0].mime_type == "text/markdown", "guide.md read is not its text")
    part = await session.read_resource("isle://section/guide.md#part-3")
    expect(part.contents[0].text.startswith("## Part 3\n"), f"a section read: {part.contents[0]}")
    for uri in ["file:///etc/passwd", "isle://section/guide.md#no-such", "file://" + folder + "/x.md"]:
        try:
            await session.read_resource(uri)
            failures.append(f"{uri} was read")
        except MCPError:
            pass
    await session.subscribe_resource(str(guide.uri))
    changed = time.monotonic()
    with open(os.path.join(folder, "guide.md"), "a") as out:
        out.write("\nChanged.\n")
    await wait(notes, "notifications/resources/updated", 1.0)
    updated = [n for n in notes if n[0] == "notifications/resources/updated"]
    expect(updated and updated[0][1] == str(guide.uri) and updated[0][2] - changed < 1.0,
           f"no resources/updated within a second: {notes}")
    with open(os.path.join(folder, "new.md"), "w") as out:
        out.write("# New\n")
    await wait(notes, "notifications/resources/list_changed", 4.0)
    expect(any(n[0] == "notifications/resources/list_changed" for n in notes),
           "a new file sent no list_changed")


async def wait(notes, method, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end and not any(n[0] == method for n in notes):
        await asyncio.sleep(0.02)


async def main():
    with tempfile.TemporaryDirectory() as scratch:
        folder = os.path.join(scratch, "docs")
        os.makedirs(folder)
        os.makedirs(os.path.join(scratch, "config", "isle"))
        with open(os.path.join(scratch, "config", "isle", "config"), "w") as out:
            out.write(f"tokenizer = {RANKS}\n")
        write_docs(folder)
        folder = os.path.realpath(folder)
        environment = {**os.environ, "XDG_CONFIG_HOME": os.path.join(scratch, "config")}
        server = StdioServerParameters(command=ISLE, args=["mcp"], cwd=folder, env=environment)
        notes = []

        async def handler(message):
            inner = getattr(message, "root", message)
            method = getattr(inner, "method", None)
            if method:
                params = getattr(inner, "params", None)
                notes.append((method, str(getattr(params, "uri", "")), time.monotonic()))

        async with stdio_client(server) as (read, write):
            async with ClientSession(read, write, message_handler=handler) as session:
                init = await session.initialize()
                expect("outline" in (init.instructions or "") and "cursor" in init.instructions,
                       "the instructions say nothing of outline and cursors")
                caps = init.capabilities.resources
                expect(caps and caps.subscribe and caps.list_changed, f"resources: {caps}")
                await paging(session)
                await cursors(session, folder)
                await resources(session, folder, notes)


asyncio.run(asyncio.wait_for(main(), 120 * SCALE))
finish()
