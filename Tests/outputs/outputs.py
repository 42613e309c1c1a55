"""Every output isle writes for a program, at every size, read by parsers
that are not isle's (Python's json, jq) and held to each other.

    python3 Tests/outputs/outputs.py ISLE [--large] [--corpus DIR]

For each document shape (Tests/outputs/shapes.py: a sample of those up
to 1 MiB, each kind once, without --large; all of them and the large
ones with it, as make test-large runs it) it runs toc (json, tsv,
markdown; file, standard input, folder), where, jump, show (jsonl, --all,
--max-words) and check, then the two servers (servers.py), and checks:
each JSON output one valid value a line; the same sections in every
format; words adding up to the document's; every byte range and line
range naming the same text; show --all joined is the document. Exits 0
when all holds, else 1 naming what did not.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shapes  # noqa: E402
import servers  # noqa: E402

ISLE = os.path.abspath(sys.argv[1])
LARGE = "--large" in sys.argv
CORPUS = sys.argv[sys.argv.index("--corpus") + 1] if "--corpus" in sys.argv else "../shared/corpus"
failures = []


def expect(truth, what):
    if not truth:
        failures.append(what)
    return truth


def run(arguments, stdin=None):
    done = subprocess.run([ISLE] + arguments, input=stdin, capture_output=True, check=False)
    return done.returncode, done.stdout, done.stderr.decode(errors="replace")


def json_lines(name, output):
    """Each line of `output` parsed by Python's json: one value a line."""
    values = []
    if not expect(output.endswith(b"\n") or not output, f"{name}: output does not end a line"):
        return values
    for number, line in enumerate(output.split(b"\n")[:-1], 1):
        try:
            values.append(json.loads(line))
        except ValueError as error:
            failures.append(f"{name}: line {number} ({len(line)} bytes) is not JSON: {error}")
    return values


def line_of(data, offset, starts):
    """The 1-based line `offset` is on, as cmark counts (\\n, \\r\\n, \\r)."""
    low, high = 0, len(starts)
    while low < high:
        middle = (low + high) // 2
        if starts[middle] <= offset:
            low = middle + 1
        else:
            high = middle
    return low


def line_starts(data):
    """Where each line starts, in one pass over the line ends."""
    return [0] + [match.end() for match in re.finditer(rb"\r\n|\r|\n", data)]


def sections_hold(name, data, document):
    """Numbers, contiguous ranges, lines and words of one outline."""
    sections, starts = document["sections"], line_starts(data)
    expect(document["size"] == len(data), f"{name}: size {document['size']} of {len(data)} bytes")
    expect([s["number"] for s in sections] == list(range(1, len(sections) + 1)), f"{name}: numbers")
    for first, second in zip(sections, sections[1:]):
        expect(first["endOffset"] == second["offset"], f"{name}: section {first['number']} ends apart")
    if sections:
        expect(sections[-1]["endOffset"] == len(data), f"{name}: the last section ends early")
    for section in sections[:2000] if not LARGE else sections:
        for line, offset in (("line", "offset"), ("endLine", "endOffset")):
            # The end of the document is one past its last line (doc/toc.md).
            at = document["lines"] + 1 if section[offset] == len(data) else line_of(data, section[offset], starts)
            expect(section[line] == at, f"{name}: section {section['number']} {line} "
                   f"{section[line]}, its {offset} {section[offset]} is on line {at}")
    preamble = document["preamble"]["words"] if document["preamble"] else 0
    total = sum(s["words"] for s in sections) + preamble
    expect(total == document["words"], f"{name}: words {total} add up, not {document['words']}")


def formats_agree(name, path, document):
    """tsv and markdown name the same sections as json."""
    status, tsv, _ = run(["toc", "--format", "tsv", "--max-level", "6", path])
    rows = [row.split(b"\t") for row in tsv.split(b"\n")[1:-1]]
    sections = document["sections"]
    expect(len(rows) == len(sections), f"{name}: {len(rows)} tsv rows, {len(sections)} sections")
    for row, section in zip(rows, sections):
        if not expect(int(row[0]) == section["number"] and int(row[5]) == section["offset"]
                      and int(row[7]) == section["endOffset"], f"{name}: tsv row {row[:8]}"):
            break
    status, markdown, _ = run(["toc", "--format", "markdown", "--max-level", "6", path])
    anchors = [line.split(b"](#", 1)[1].rsplit(b")", 1)[0].decode()
               for line in markdown.split(b"\n") if b"](#" in line]
    ids = iter(s["id"] for s in sections)
    # An HTML section without an id of its own is linked by a made one.
    expect(document["format"] == "html" or all(anchor in ids for anchor in anchors),
           f"{name}: markdown anchors not in json order")


def tsv_sections(path):
    status, tsv, _ = run(["toc", "--format", "tsv", "--max-level", "6", path])
    rows = [row.split(b"\t") for row in tsv.split(b"\n")[1:-1]]
    return [{"number": int(r[0]), "level": int(r[1]), "title": r[2].decode(), "line": int(r[4]),
             "offset": int(r[5])} for r in rows]


def jq_reads(name, output, count):
    done = subprocess.run(["jq", "-e", ".sections | length"], input=output, capture_output=True)
    expect(done.returncode == 0 and done.stdout.strip() == str(count).encode(),
           f"{name}: jq read {done.stdout[:40]!r} {done.stderr[:200]!r}")


def places(name, path, data, sections, turn):
    """where and jump at a few sections: the same section named. Without
    --large, at one a document: the first, middle and last in `turn`."""
    picks = sorted({0, len(sections) // 2, len(sections) - 1}) if sections else []
    if picks and not LARGE:
        picks = [[0, len(sections) // 2, len(sections) - 1][turn % 3]]
    if len(data) > 8 << 20:
        # Each pick parses the whole document again: one will do past 8 MiB.
        picks = picks[1:2]
    for index in picks:
        section = sections[index]
        offset = (section["offset"] + section["endOffset"]) // 2
        status, out, err = run(["where", "--offset", str(offset), "--format", "json", "--max-level", "6", path])
        values = json_lines(f"{name} where", out)
        if values and expect(values[0].get("current"), f"{name}: where {offset}: no current"):
            expect(values[0]["current"]["number"] == section["number"], f"{name}: where {offset}")
        status, out, err = run(["jump", str(section["number"]), "--max-level", "6", path])
        expect(out.strip() == str(section["line"]).encode(), f"{name}: jump {section['number']}: {out[:40]!r}")


def shown(name, path, data, extra):
    """show --all joined is the document, each record's bytes its text."""
    status, out, err = run(["show", "--all", "--format", "jsonl", "--max-level", "6"] + extra + [path])
    records = json_lines(f"{name} show {extra}", out)
    joined, end = bytearray(), None
    for record in records:
        first, last = record["bytes"]
        if record.get("frontMatter"):
            joined += data[record["frontMatter"][0]:record["frontMatter"][1]]
            end = record["frontMatter"][1] if end is None else end
        expect(end is None or first == end, f"{name} show {extra}: record at {first} after {end}")
        end = last
        joined += data[first:last]
        # A Markdown record's text is its bytes; an HTML page's is laid out.
        expect(path.endswith(".html") or record["text"] == data[first:last].decode(errors="replace"),
               f"{name} show {extra}: record {record['number']} is not its bytes")
    if data.strip():
        expect(bytes(joined) == data, f"{name} show {extra}: records join to {len(joined)} of {len(data)} bytes")
    return records


def document_suite(name, path, data, turn=0):
    began = time.monotonic()
    try:
        return document_checks(name, path, data, turn)
    finally:
        print(f"{name}: {len(data)} bytes, {time.monotonic() - began:.1f} s", file=sys.stderr, flush=True)


def document_checks(name, path, data, turn):
    status, out, err = run(["toc", "--format", "json", "--max-level", "6", path])
    values = json_lines(f"{name} toc json", out)
    if not expect(len(values) == 1, f"{name}: toc json gave {len(values)} values ({err.strip()[:200]})"):
        # The servers are still held to the sections the TSV names.
        return {"sections": tsv_sections(path)}
    document = values[0]
    sections_hold(name, data, document)
    jq_reads(name, out, len(document["sections"]))
    formats_agree(name, path, document)
    status, piped, err = run(["toc", "--format", "json", "--max-level", "6"], stdin=data)
    piped = json_lines(f"{name} stdin", piped)
    expect(piped and piped[0]["sections"] == document["sections"], f"{name}: stdin's sections differ")
    places(name, path, data, document["sections"], turn)
    shown(name, path, data, [])
    if len(data) <= 8 << 20:
        shown(name, path, data, ["--max-words", "200"])
    status, out, err = run(["check", "--format", "json", path])
    json_lines(f"{name} check", out)
    return document


def folder_suite(folder, documents):
    status, out, err = run(["toc", "--format", "json", "--max-level", "6", folder])
    values = json_lines("folder toc json", out)
    by_path = {os.path.basename(v["path"]): len(v["sections"]) for v in values}
    for file, document in documents.items():
        expect(by_path.get(file) == len(document["sections"]), f"folder: {file} {by_path.get(file)}")


def book_suite(folder, chapters):
    """A book of `chapters` chapters (SUMMARY.md), its JSON one line past
    every buffer: each chapter's sections those of the chapter alone."""
    source = os.path.join(folder, "book", "src")
    os.makedirs(source)
    lines = ["# Summary\n\n"]
    for number in range(chapters):
        name = f"chapter-{number}.md"
        with open(os.path.join(source, name), "wb") as file:
            file.write(shapes.sections(12 + number % 9, seed=number))
        lines.append(f"- [Chapter {number}]({name})\n")
    with open(os.path.join(source, "SUMMARY.md"), "w") as file:
        file.write("".join(lines))
    with open(os.path.join(folder, "book", "book.toml"), "w") as file:
        file.write('[book]\ntitle = "Generated"\nsrc = "src"\n')
    status, out, err = run(["toc", "--format", "json", "--max-level", "6", os.path.join(folder, "book")])
    values = json_lines("book toc json", out)
    if not expect(len(values) == 1, f"book: {len(values)} values ({err.strip()[:200]})"):
        return
    listed = [c for c in values[0]["chapters"] if c.get("document")]
    expect(len(listed) == chapters, f"book: {len(listed)} chapters of {chapters}")
    for chapter in listed[:: max(1, chapters // (10 if LARGE else 3))]:
        status, alone, _ = run(["toc", "--format", "json", "--max-level", "6", chapter["path"]])
        alone = json_lines("book chapter", alone)
        # A chapter of a book carries no token counts (toc of a document does).
        own = [{k: v for k, v in s.items() if k != "tokens"} for s in alone[0]["sections"]] if alone else None
        expect(own == chapter["document"]["sections"],
               f"book: {chapter['path']}'s sections differ from the chapter's own")
    status, markdown, _ = run(["toc", "--format", "markdown", os.path.join(folder, "book")])
    expect(status == 0 and markdown.count(b"\n") >= chapters, f"book markdown: {len(markdown)} bytes")


def main():
    with tempfile.TemporaryDirectory() as folder:
        made = shapes.small_shapes(ISLE, folder, LARGE) + (shapes.large_shapes(CORPUS) if LARGE else [])
        os.remove(os.path.join(folder, "probe.md"))
        paths = []
        for name, data in made:
            paths.append((name, os.path.join(folder, name + ".md"), data, len(paths)))
            with open(paths[-1][1], "wb") as file:
                file.write(data)
        with ThreadPoolExecutor(max_workers=3) as pool:
            found = list(pool.map(lambda made: document_suite(*made), paths))
        documents = {name + ".md": document for (name, _, _, _), document in zip(paths, found)}
        del made, paths
        folder_suite(folder, documents)
        with tempfile.TemporaryDirectory() as books:
            book_suite(books, 2000 if LARGE else 100)
        began = time.monotonic()
        servers.check(ISLE, folder, documents, expect, LARGE)
        print(f"servers: {time.monotonic() - began:.1f} s", file=sys.stderr, flush=True)
    if LARGE:
        for page in shapes.w3c_pages(CORPUS):
            with open(page, "rb") as file:
                document_suite(os.path.basename(page), page, file.read())
    for failure in failures[:60]:
        print(failure)
    kinds = {}
    for failure in failures:
        kind = failure.split(":")[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    for kind, count in sorted(kinds.items()):
        print(f"{count} failures on {kind}")
    print(f"{len(failures)} failures" if failures else "every output held")
    sys.exit(1 if failures else 0)


main()
