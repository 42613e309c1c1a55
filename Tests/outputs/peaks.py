"""The peak memory of every command and MCP tool on the hostile shapes,
held to the bound doc/hostile-input.md gives: at most BOUND times the
document's size, beside the process's own start (BASE).

    python3 Tests/outputs/peaks.py ISLE [--all]

Each shape is about 1 MB (make bench-memory measures them at 4 to 35 MB,
beside cmark-gfm's own parse); each command runs alone and its peak is the
child's maximum resident set, read from wait4. With --all (make
test-large) every command runs on every shape; without (make test), each
command on the shape where it peaks highest for its size, and every
shape at least once (SAMPLE). Exits 0 when every peak is within the
bound, else 1 naming each that is not.
"""

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ISLE = os.path.abspath(sys.argv[1])
ALL = "--all" in sys.argv
# The commands' bound, and the MCP tools': they read their command's JSON
# back whole before they cut a page (doc/speed.md).
BOUND = 128
SERVER_BOUND = 256
BASE = 64 << 20
UNIT = "word and another www.example.com "


def shapes():
    return {
        "one-line-paragraph.md": "# A Line\n\n" + (UNIT * (1_000_000 // len(UNIT))) + "\n",
        "one-line-heading.md": "# " + (UNIT * (1_000_000 // len(UNIT))) + "\n",
        "table-rows.md": "# Rows\n\n| a | b |\n| --- | --- |\n" + "".join("| %d | x |\n" % i for i in range(70_000)),
        "headings.md": "".join("## h%d\n" % i for i in range(100_000)),
    }


def peak(arguments, folder, stdin=None):
    """The child's peak resident set in bytes, and its exit status."""
    process = subprocess.Popen([ISLE] + arguments, cwd=folder, stdin=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    process.stdin.write(stdin or b"")
    process.stdin.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss * 1024, process.returncode


def mcp(tool, arguments):
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": tool, "arguments": arguments}},
    ]
    return "".join(json.dumps(m) + "\n" for m in messages).encode()


def runs(name):
    return [
        ("toc", ["toc", "--format", "json", name], None),
        ("show", ["show", "--all", "--format", "jsonl", name], None),
        ("where", ["where", "--offset", "100", name], None),
        ("check", ["check", name], None),
        ("mcp outline", ["mcp"], mcp("outline", {"path": name})),
        ("mcp check", ["mcp"], mcp("check", {"paths": [name]})),
    ]


# make test's sample: each command on the shape where its peak is the
# most times the document (measured with --all: 160 to 187 MiB), and each
# other shape with the command that peaks highest on it.
SAMPLE = {
    ("toc", "table-rows.md"), ("show", "table-rows.md"), ("where", "table-rows.md"),
    ("check", "table-rows.md"), ("mcp outline", "headings.md"), ("mcp check", "table-rows.md"),
    ("mcp outline", "one-line-heading.md"), ("mcp check", "one-line-paragraph.md"),
}


def main():
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        jobs = []
        for name, text in shapes().items():
            with open(os.path.join(folder, name), "w") as file:
                file.write(text)
            jobs += [(name, len(text.encode()), label, arguments, stdin)
                     for label, arguments, stdin in runs(name) if ALL or (label, name) in SAMPLE]

        def measure(job):
            name, size, label, arguments, stdin = job
            used, status = peak(arguments, folder, stdin)
            return name, size, label, arguments, used, status

        with ThreadPoolExecutor(max_workers=2) as pool:
            for name, size, label, arguments, used, status in pool.map(measure, jobs):
                print(f"{name} ({size} bytes): {label} {used >> 20} MiB, {used / size:.0f}x", flush=True)
                if status not in (0, 1):
                    failures.append(f"{name}: isle {label} exited {status}")
                bound = SERVER_BOUND if arguments[0] == "mcp" else BOUND
                if used > BASE + bound * size:
                    failures.append(f"{name}: isle {label} peaked at {used >> 20} MiB, "
                                    f"past {bound}x the {size} bytes and {BASE >> 20} MiB")
    for failure in failures:
        print(failure)
    sys.exit(1 if failures else 0)


main()
