"""isle mcp's session rules, in a scratch folder of its own.

    python3 Tests/mcp/session.py ISLE [--large]

Writes a 20 MB Markdown document (100 MB with --large, as make
test-large runs it) and a section with a long fenced block
in a temporary folder, starts `ISLE mcp` there and checks: `outline` and
`section` on the large file answer within max_bytes and the server goes
on answering, and a (sparse) 300 MB one is a tool error past isle's limit; `section` cuts between blocks, never inside a fence; the
client's roots (the SDK's `list_roots_callback`, then
`notifications/roots/list_changed`) are what paths resolve against and
stay within; a symbolic link out of the folder is refused; requests before
`initialize`, and a second `initialize`, are JSON-RPC errors; a request
cancelled while in flight (a `check` of a 10 MB file) is never
answered. Exits 0 when all holds, else 1 with what did not; 77 when the
SDK is not installed. Prints each part's time.
"""

import asyncio
import json
import os
import sys
import tempfile
import time

# A sanitized build runs several times slower (make test-sanitized).
SCALE = float(os.environ.get("ISLE_TIMEOUT_SCALE") or 1)

try:
    from mcp import ClientSession, StdioServerParameters, types
    from mcp.client.stdio import stdio_client
except ImportError as missing:
    print(f"the MCP SDK is not installed: {missing}")
    sys.exit(77)

ISLE = sys.argv[1]
# Chapters of 1 MB in the large document: a sample in make test, where
# the bound on what an answer holds is the same at any size.
CHAPTERS = 100 if "--large" in sys.argv else 20
from checks import expect, failures, finish, text  # noqa: E402 (after the SDK check)


def write_large(path, chapters):
    """`chapters` chapters of 1 MB, each of paragraphs and fences."""
    paragraph = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 16).strip() + "\n\n"
    block = paragraph * 12 + "```swift\nlet x = 1\n\nlet y = 2\n```\n\n"
    chapter = block * (1_000_000 // len(block))
    with open(path, "w") as out:
        for number in range(chapters):
            out.write(f"# Chapter {number}\n\n## Part {number}\n\n{chapter}")
    return os.path.getsize(path)


def write_fenced(path):
    """A section whose fenced block (with blank lines in it) crosses 1000 bytes."""
    fence = "```text\n" + "".join(f"line {n} of the fence\n\n" for n in range(80)) + "```\n"
    body = "Words before the fence.\n\n" * 20 + fence + "\nAfter the fence.\n"
    with open(path, "w") as out:
        out.write("# Fenced\n\n" + body)
    return len(fence.encode()) + 1  # the fence and the blank line after it


def fences(sections):
    return sum(line.startswith("```") for s in sections for line in s["text"].splitlines())


async def large_file(session, large):
    began = time.monotonic()
    # Two sections a chapter, and 100 bytes of budget for each: too few for all.
    budget, size = 200 * CHAPTERS, f"{CHAPTERS} MB"
    outline = await session.call_tool("outline", {"path": large, "max_bytes": budget})
    body = outline.structured_content or {}
    expect(not outline.is_error and 0 < body.get("bytes", 0) <= budget,
           f"outline of {size}: {text(outline)[:200]}")
    expect(len(json.dumps(body["documents"], separators=(",", ":"))) <= budget,
           "the outline's JSON is past max_bytes")
    kept = len(body["documents"][0]["sections"])
    expect(body["truncated"] and body["next_skip"] == kept
           and body["omitted_sections"] == 2 * CHAPTERS - kept,
           f"the {size} outline does not say what it left out: {kept} {body.get('next_skip')}")
    section = await session.call_tool(
        "section", {"path": large, "selectors": [f"Chapter {CHAPTERS // 2}"], "max_bytes": 5000})
    body = section.structured_content or {}
    expect(not section.is_error and 0 < body.get("bytes", 0) <= 5000,
           f"section of {size}: {text(section)[:200]}")
    expect(body.get("truncated") and body.get("omitted_bytes", 0) > 900_000,
           f"the {size} section does not say what it left out")
    expect(fences(body.get("sections", [])) % 2 == 0, f"the {size} section was cut inside a fence")
    await session.send_ping()
    print(f"{CHAPTERS} MB file: outline and section in {time.monotonic() - began:.1f} s")
    huge = os.path.join(os.path.dirname(large), "huge.md")
    with open(huge, "w") as out:
        out.truncate(300 << 20)  # sparse: past isle's 256 MiB, for nothing
    refused = await session.call_tool("outline", {"path": huge})
    expect(refused.is_error and "limit" in text(refused) and "--max-size" not in text(refused),
           f"a document past the size limit: {text(refused)[:200]}")
    os.remove(huge)


def write_blocks(path):
    """A table, a list item with indented paragraphs, and a fence, each with room to cut in."""
    table = "| a | b |\n|---|---|\n" + "".join(f"| {n} | {n * n} |\n" for n in range(30))
    item = "1. Item one\n\n" + "".join(f"   Continuation {n} of item one.\n\n" for n in range(8))
    fence = "```text\n" + "".join(f"line {n}\n\n" for n in range(12)) + "```\n"
    blocks = ["# Blocks", "Para one.", table, item + "2. Item two", fence, "After."]
    with open(path, "w") as out:
        out.write("\n\n".join(block.rstrip("\n") for block in blocks) + "\n")
    with open(path, "rb") as written:
        return written.read()


async def between_blocks(session, path):
    """Wherever max_bytes falls, the cut is at a block's start."""
    document = write_blocks(path)
    for bound in range(60, len(document), 17):
        body = (await session.call_tool(
            "section", {"path": path, "selectors": ["1"], "max_bytes": bound})).structured_content
        cut = body["next_offset"]
        if cut is None or (body["note"] and "cut inside" in body["note"]):
            continue
        before, after = document[:cut].decode(), document[cut:].decode()
        last = before.rstrip("\n").rsplit("\n", 1)[-1]
        expect(before.endswith("\n\n") or last.startswith(("#", "```")),
               f"max_bytes {bound}: cut after {last!r}, not between blocks")
        expect(not after.startswith((" ", "\t")), f"max_bytes {bound}: cut inside a list item")
        expect(fences(body["sections"]) % 2 == 0, f"max_bytes {bound}: cut inside a fence")


async def skipped(session, path):
    """An outline goes on from where max_bytes stopped it."""
    with open(path, "w") as out:
        out.write("".join(f"# Heading {n}\n\nText.\n\n" for n in range(300)))
    first = (await session.call_tool("outline", {"path": path, "max_bytes": 5000})).structured_content
    kept = len(first["documents"][0]["sections"])
    expect(first["truncated"] and first["next_skip"] == kept and first["omitted_sections"] == 300 - kept,
           f"the outline does not say what it left out: {kept} {first['next_skip']}")
    rest = (await session.call_tool(
        "outline", {"path": path, "skip": kept, "max_bytes": 1 << 20,
                    "max_tokens": 1 << 30})).structured_content
    numbers = [s["number"] for s in rest["documents"][0]["sections"]]
    expect(numbers == list(range(kept + 1, 301)) and not rest["truncated"],
           "skip does not go on where the outline stopped")


async def book_budget(session, folder):
    """A book's outline keeps to max_bytes as a document's does, chapter
    after chapter, and skip goes on where it stopped."""
    os.makedirs(folder)
    entries = []
    for n in range(40):
        with open(os.path.join(folder, f"c{n}.md"), "w") as out:
            out.write(f"# Chapter {n}\n\n" + "".join(f"## Part {n}.{k}\n\nText.\n\n" for k in range(9)))
        entries.append(f"- [Chapter {n}](c{n}.md)\n")
    with open(os.path.join(folder, "SUMMARY.md"), "w") as out:
        out.write("# Summary\n\n" + "".join(entries))
    path = os.path.join(folder, "SUMMARY.md")
    first = (await session.call_tool("outline", {"path": path, "max_bytes": 3000})).structured_content
    expect(0 < first["bytes"] <= 3000 and first["truncated"] and first["next_skip"],
           f"a book's outline past max_bytes: {first['bytes']} bytes, next {first['next_skip']}")
    chapters = first["documents"][0]["chapters"]
    kept = sum(len(c["document"]["sections"]) for c in chapters)
    expect(first["next_skip"] == kept and first["omitted_sections"] == 400 - kept,
           f"the book's outline does not say what it left out: {kept} {first['next_skip']}")
    rest = (await session.call_tool(
        "outline", {"path": path, "skip": kept, "max_bytes": 1 << 20,
                    "max_tokens": 1 << 30})).structured_content
    left = sum(len(c["document"]["sections"]) for c in rest["documents"][0]["chapters"])
    expect(left == 400 - kept and not rest["truncated"], f"skip in a book: {left} left of {400 - kept}")


async def fenced(session, path, fence_bytes):
    cut = await session.call_tool("section", {"path": path, "selectors": ["1"], "max_bytes": 1000})
    body = cut.structured_content
    expect(body["truncated"] and body["bytes"] <= 1000, f"the fenced section: {body['bytes']} bytes")
    expect(fences(body["sections"]) % 2 == 0, "section cut inside a fenced block")
    rest = await session.call_tool(
        "section", {"path": path, "selectors": ["1"], "max_bytes": 300,
                    "offset": body["next_offset"]})
    rest_body = rest.structured_content
    # The fence alone is past 300 bytes: it is cut inside, and the note says so.
    expect(rest_body["sections"] and rest_body["sections"][0]["text"].startswith("```"),
           "the rest does not start at the fence")
    expect(rest_body["bytes"] <= 300, "a block past max_bytes is returned whole")
    expect(rest_body["note"] and f"max_bytes {fence_bytes}" in rest_body["note"],
           f"a block past max_bytes is not said: {rest_body['note']}")


async def roots_and_links(scratch, large, fenced_path):
    inner, other = os.path.join(scratch, "inner"), os.path.join(scratch, "other")
    for folder in (inner, other):
        os.mkdir(folder)
        with open(os.path.join(folder, "doc.md"), "w") as out:
            out.write(f"# In {os.path.basename(folder)}\n")
    os.symlink("/etc", os.path.join(inner, "out"))
    listed = [inner]

    async def list_roots(context):
        return types.ListRootsResult(
            roots=[types.Root(uri=f"file://{folder}") for folder in listed])

    server = StdioServerParameters(command=ISLE, args=["mcp"], cwd=scratch)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write, list_roots_callback=list_roots) as session:
            await session.initialize()

            async def title(path):
                result = await session.call_tool("outline", {"path": path})
                return text(result) if result.is_error else result.structured_content[
                    "documents"][0]["sections"][0]["title"]

            expect(await title("doc.md") == "In inner", "paths are not resolved against the root")
            refused = await title(large)
            expect("outside" in refused and "'path'" in refused,
                   f"a path outside the client's roots: {refused}")
            link = await title("out/passwd")
            expect("outside" in link, f"a symbolic link out of the root: {link}")
            listed[:] = [other]
            await session.send_roots_list_changed()
            expect(await title("doc.md") == "In other", "roots/list_changed is not followed")
    began = time.monotonic()
    server = StdioServerParameters(command=ISLE, args=["mcp"], cwd=scratch)
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            await large_file(session, large)
            await fenced(session, fenced_path, write_fenced(fenced_path))
            await skipped(session, os.path.join(scratch, "headings.md"))
            await book_budget(session, os.path.join(scratch, "book"))
            await between_blocks(session, os.path.join(scratch, "blocks.md"))
            link = await session.call_tool("outline", {"path": "inner/out"})
            expect(link.is_error and "outside" in text(link), "a symbolic link out of the folder")
    return time.monotonic() - began


async def raw(scratch, medium):
    """Messages written by hand: what the SDK would never send."""
    process = await asyncio.create_subprocess_exec(
        ISLE, "mcp", cwd=scratch, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)

    def send(message):
        process.stdin.write((json.dumps({"jsonrpc": "2.0", **message}) + "\n").encode())

    async def answer(wanted, seen):
        while True:
            message = json.loads(await process.stdout.readline())
            seen.append(message.get("id"))
            if message.get("id") == wanted:
                return message

    seen = []
    send({"id": 1, "method": "tools/list"})
    early = await answer(1, seen)
    expect("error" in early and "initialize" in early["error"]["message"],
           f"tools/list before initialize: {early}")
    send({"id": 2, "method": "tools/call", "params": {"name": "outline", "arguments": {"path": "."}}})
    expect("error" in await answer(2, seen), "tools/call before initialize is answered")
    send({"id": 3, "method": "ping"})
    expect("result" in await answer(3, seen), "ping before initialize")
    init = {"protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}
    send({"id": 4, "method": "initialize", "params": init})
    expect("result" in await answer(4, seen), "initialize")
    send({"method": "notifications/initialized"})
    send({"id": 5, "method": "initialize", "params": init})
    twice = await answer(5, seen)
    expect("error" in twice and "twice" in twice["error"]["message"], f"a second initialize: {twice}")
    began = time.monotonic()
    # In flight for sure: cancelled once the server says it has started.
    send({"id": 6, "method": "tools/call",
          "params": {"name": "check", "arguments": {"paths": [medium]}, "_meta": {"progressToken": 6}}})
    started = json.loads(await process.stdout.readline())
    expect(started.get("method") == "notifications/progress", f"no progress for a call: {started}")
    send({"method": "notifications/cancelled", "params": {"requestId": 6, "reason": "test"}})
    send({"id": 7, "method": "tools/call", "params": {"name": "outline", "arguments": {"path": "inner"}}})
    expect("result" in await answer(7, seen), "the server stopped answering after a cancellation")
    expect(6 not in seen, "a cancelled request was answered")
    process.stdin.close()
    await process.wait()
    expect(process.returncode == 0, f"isle mcp exited {process.returncode}")
    print(f"cancellation: answered the next request after {time.monotonic() - began:.1f} s")


async def main():
    with tempfile.TemporaryDirectory() as scratch:
        scratch = os.path.realpath(scratch)
        large, fenced_path = os.path.join(scratch, "large.md"), os.path.join(scratch, "fenced.md")
        began = time.monotonic()
        size = write_large(large, CHAPTERS)
        print(f"wrote {size} bytes in {time.monotonic() - began:.1f} s")
        await asyncio.wait_for(roots_and_links(scratch, large, fenced_path), 60 * SCALE)
        medium = os.path.join(scratch, "medium.md")
        write_large(medium, chapters=10)
        await asyncio.wait_for(raw(scratch, medium), 60 * SCALE)


asyncio.run(main())
finish()
