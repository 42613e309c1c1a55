import json
import os
import statistics
import subprocess
import tempfile

from harness import (
    CORPUS, CPU, ISLE, OUT, RUNS, STARTUP_RUNS, cpu, generate, lines_of, measure, pair, say,
    target, tree
)


def stats(path):
    """What isle toc --stats says of PATH: whether it was split, and how."""
    said = subprocess.run([ISLE, "toc", "--stats", "--format", "json", path], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, check=True).stderr.decode()
    return " ".join(line.split(": ", 3)[-1] for line in said.splitlines() if line.startswith("isle: stats:"))


def identical(path):
    """True when toc --format json gives the same bytes split and whole."""
    run = lambda *extra: subprocess.run([ISLE, "toc", "--format", "json", *extra, path],
                                        stdout=subprocess.PIPE, check=True).stdout
    return run() == run("--no-split")


def real_documents():
    """The corpus joined (13 MB) and four times (53 MB), made as its README
    says, or None with a note when the corpus is not there."""
    if not os.path.isdir(CORPUS):
        say("\n%s is not here: the real-text rows are skipped" % CORPUS)
        return None
    names = sorted(os.path.join(d, f) for d, _, fs in os.walk(CORPUS) for f in fs if f.endswith(".md"))
    joined = os.path.join(OUT, "corpus-joined.md")
    times4 = os.path.join(OUT, "corpus-x4.md")
    with open(joined, "wb") as out:
        for name in sorted(names):
            out.write(open(name, "rb").read())
    with open(times4, "wb") as out:
        body = open(joined, "rb").read()
        for _ in range(4):
            out.write(body)
    return joined, times4


def real_text(floor):
    """Every comparison on real text: the corpus joined and x4."""
    documents = real_documents()
    if not documents:
        return
    joined, times4 = documents
    for path in (times4, joined):
        said = stats(path)
        say("\n%s (%d bytes, real text): against the floor; %s" % (path, os.path.getsize(path), said))
        same = identical(path)
        say("  toc --format json split and --no-split: %s" % ("identical" if same else "DIFFERENT"))
        target("%s: output identical to --no-split" % os.path.basename(path), same)
        again_target(path, said)
        t, m = pair("floor", [floor, path], "isle toc --format json", [ISLE, "toc", "--format", "json", path])
        target("%s: at most 0.8x the floor's time (%.3f)" % (os.path.basename(path), t), t <= 0.8)
        target("%s: at most 0.25x its peak memory (%.3f)" % (os.path.basename(path), m), m <= 0.25)
        # All of isle's CPU, on every thread, bounds that of parsing and
        # walking the pieces: the label scan, ids and JSON come on top.
        c = statistics.median(CPU["isle toc --format json"]) / statistics.median(CPU["floor"])
        say("  CPU (user and system) isle toc --format json / floor: %.3f (%.3f s against %.3f s)" % (
            c, statistics.median(CPU["isle toc --format json"]), statistics.median(CPU["floor"])))
        target("%s: CPU at most 1.2x the floor's, for all of isle's work (%.3f)" % (os.path.basename(path), c),
               c <= 1.2)
        pair("isle toc --format json --no-split", [ISLE, "toc", "--format", "json", "--no-split", path],
             "isle toc --format json", [ISLE, "toc", "--format", "json", path])
        middle = str(lines_of(path) // 2)
        t, _ = pair("isle toc --format json", [ISLE, "toc", "--format", "json", path],
                    "isle where --line " + middle, [ISLE, "where", "--line", middle, path])
        target("%s: where within 1.05x of toc (%.3f)" % (os.path.basename(path), t), t <= 1.05)
    say("\n%s: the peer" % joined)
    t, _ = pair("isle toc --format json", [ISLE, "toc", "--format", "json", joined],
                "md_toc -c github", ["md_toc", "-c", "github", joined], runs=5)
    target("at least 15x faster than md_toc on the real join (%.1fx)" % t, t >= 15)


def parsed_again(said):
    """(pieces, parsed again) from what --stats says, or None unsplit."""
    import re
    found = re.search(r"split in (\d+) pieces, (\d+) parsed again", said)
    return (int(found.group(1)), int(found.group(2))) if found else None


def again_target(path, said):
    """At most 2% of a document's pieces parsed a second time."""
    split = parsed_again(said)
    name = os.path.basename(path)
    if split is None:
        target("%s: split, at most 2%% of its pieces parsed again (not split)" % name, False)
        return
    pieces, again = split
    target("%s: at most 2%% of its pieces parsed again (%d of %d, %.1f%%)" % (
        name, again, pieces, 100.0 * again / pieces), again <= 0.02 * pieces)


def shape_documents():
    """The shapes of issue 28, as (path, what): a generated specification
    with its definitions at the end of each page and `[x](y)` at the start
    of many lines; the CommonMark spec (examples hold `[foo]: /url` in
    fenced code) x40; the same chapters joined x40 (the same labels defined
    again and again); three books and the spec joined x10. The last two
    come from the corpus and are skipped with a note when it is absent."""
    documents = [(generate(os.path.join(OUT, "definitions-20mb.md"), "bench/generate_definitions.py",
                           20 * 1024 * 1024),
                  "generated: definitions at each page's end, [x](y) at line starts", False)]
    spec = open("Tests/OutlineTests/CommonMarkSpec/spec.txt", "rb").read()
    path = os.path.join(OUT, "spec-x40.md")
    with open(path, "wb") as out:
        out.write(spec * 40)
    documents.append((path, "the CommonMark spec x40", True))
    if not os.path.isdir(CORPUS):
        say("\n%s is not here: the chapters and books rows are skipped" % CORPUS)
        return documents
    tree = lambda top: sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(CORPUS, top))
                              for f in fs if f.endswith(".md"))
    chapters = b"".join(open(name, "rb").read() for name in tree("rust-by-example"))
    path = os.path.join(OUT, "chapters-x40.md")
    with open(path, "wb") as out:
        out.write(chapters * 40)
    documents.append((path, "rust-by-example's chapters joined x40", True))
    books = b"".join(open(name, "rb").read() for top in ("rust-by-example", "system-design-primer", "brew")
                     for name in tree(top)) + spec
    path = os.path.join(OUT, "books-x10.md")
    with open(path, "wb") as out:
        out.write(books * 10)
    documents.append((path, "three books and the CommonMark spec joined x10", True))
    return documents


def shapes(floor):
    """The shapes that used to send the split to second parses: each
    against the floor, --no-split and md_toc, with the pieces parsed again.
    md_toc reads headings line by line and no more, so on the generated
    document, whose paragraphs are single lines of hundreds of bytes, it
    reads few lines: its ratio there is shown, the target is on real text."""
    for path, what, real in shape_documents():
        name = os.path.basename(path)
        said = stats(path)
        say("\n%s (%d bytes, %s): %s" % (path, os.path.getsize(path), what, said))
        same = identical(path)
        say("  toc --format json split and --no-split: %s" % ("identical" if same else "DIFFERENT"))
        target("%s: output identical to --no-split" % name, same)
        again_target(path, said)
        t, m = pair("floor", [floor, path], "isle toc --format json", [ISLE, "toc", "--format", "json", path])
        target("%s: at most 0.8x the floor's time (%.3f)" % (name, t), t <= 0.8)
        target("%s: at most 0.25x its peak memory (%.3f)" % (name, m), m <= 0.25)
        cpu("isle toc --format json", "floor")
        pair("isle toc --format json --no-split", [ISLE, "toc", "--format", "json", "--no-split", path],
             "isle toc --format json", [ISLE, "toc", "--format", "json", path])
        cpu("isle toc --format json", "isle toc --format json --no-split")
        t, _ = pair("isle toc --format json", [ISLE, "toc", "--format", "json", path],
                    "md_toc -c github", ["md_toc", "-c", "github", path], runs=3)
        if real:
            target("%s: at least 15x faster than md_toc (%.1fx)" % (name, t), t >= 15)
        else:
            say("  (md_toc %.1fx slower; the 15x target is on real text)" % t)


def startup(readme):
    say("\n%s (%d bytes): start-up, process start included" % (readme, os.path.getsize(readme)))
    small_middle = str(lines_of(readme) // 2)
    t, _ = pair("cmark-gfm", ["cmark-gfm", readme],
                "isle where --line " + small_middle, [ISLE, "where", "--line", small_middle, readme],
                runs=STARTUP_RUNS, startup=True)
    target("start-up within 6x of cmark-gfm (%.2f)" % t, t <= 6)


def reader(document):
    """isle read's first frame on a 53 MB document, and its island."""
    from first_frame import first_frame
    say("\n%s (%d bytes): isle read, on a pseudo-terminal of 80x24" % (document, os.path.getsize(document)))
    with tempfile.TemporaryDirectory() as state:
        os.environ["XDG_STATE_HOME"] = state
        runs = [first_frame([ISLE, "read", "--no-remember", document]) for _ in range(RUNS)]
    frames = [r[0] for r in runs if r[0] is not None]
    islands = [r[1] for r in runs if r[1] is not None]
    if len(frames) < len(runs):
        say("  %d of %d runs drew no frame" % (len(runs) - len(frames), len(runs)))
    frame = statistics.median(frames) if frames else float("inf")
    say("  %-40s %9.4f s" % ("first frame written", frame))
    if islands:
        say("  %-40s %9.4f s" % ("island known (outline in the background)", statistics.median(islands)))
    target("first frame within 1 s (%.3f s)" % frame, frame <= 1.0)


def memory_documents():
    """The shapes whose peak memory was out of bounds: a one-line
    paragraph, a one-line heading, a table of 300,000 rows, a million
    headings, made once under bench/out."""
    unit = "word and another www.example.com "
    made = []
    for name, text in (
            ("one-line-paragraph-35mb.md", lambda: "# A Line\n\n" + (unit * (35_000_000 // len(unit) + 1))[:35_000_000] + "\n"),
            ("one-line-heading-25mb.md", lambda: "# " + (unit * (25_000_000 // len(unit) + 1))[:25_000_000] + "\n"),
            ("table-300k-rows.md", lambda: "# Rows\n\n| a | b |\n| --- | --- |\n" + "".join("| %d | x |\n" % i for i in range(300_000))),
            ("headings-1m.md", lambda: "".join("## h%d\n" % i for i in range(1_000_000)))):
        path = os.path.join(OUT, name)
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write(text())
        made.append(path)
    return made


def mcp_calls(path):
    """`isle mcp` answering one tool call (outline, check) on `path`, as
    commands for measure: a shell that becomes isle, its input a file of
    the two messages."""
    folder, name = os.path.split(os.path.abspath(path))
    for tool, arguments in (("outline", {"path": name}), ("check", {"paths": [name]})):
        messages = os.path.join(OUT, "mcp-%s.jsonl" % tool)
        with open(messages, "w") as f:
            f.write(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "bench", "version": "1"}}}) + "\n")
            f.write(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                                "params": {"name": tool, "arguments": arguments}}) + "\n")
        yield ["sh", "-c", "cd %s && exec %s mcp < %s # %s" % (
            folder, os.path.abspath(ISLE), os.path.abspath(messages), tool)]


def memory(floor):
    """Peak memory of every command on the memory shapes, beside the
    floor's (cmark-gfm's whole parse with isle's extensions) and the
    document's size: isle at most the floor's peak is the target, 2x the
    file the goal."""
    say("\nPeak memory on the shapes that had none bounded: isle beside the floor's parse and the file")
    commands = (["toc", "--format", "json"], ["show", "--all", "--format", "jsonl"],
                ["where", "--offset", "100"], ["check"])
    for path in memory_documents():
        size = os.path.getsize(path) / (1 << 20)
        _, parse = measure([floor, path])
        say("  %s (%.1f MiB): floor %.0f MiB (%.1fx the file)" % (os.path.basename(path), size, parse, parse / size))
        for command in commands + tuple(mcp_calls(path)):
            _, peak = measure(command if command[0] == "sh" else [ISLE] + command + [path])
            label = "mcp " + command[-1].split()[-1] if command[0] == "sh" else " ".join(command)
            say("    isle %-32s %7.0f MiB  %.2fx the floor  %.1fx the file" % (
                label, peak, peak / parse, peak / size))
            target("%s: isle %s at most the floor's peak (%.2fx)" % (
                os.path.basename(path), label, peak / parse), peak <= parse * 1.02)


def generated(floor, big):
    """The generated 50 MB document: isle against the floor, text against
    JSON, where against toc, in pieces against whole, and the peers."""
    middle = str(lines_of(big) // 2)
    said = stats(big)
    say("\n%s (%d bytes): isle against the floor (bench/floor.c: cmark-gfm's own parse,"
        " walk and free of the whole file); %s" % (big, os.path.getsize(big), said))
    again_target(big, said)
    t, m = pair("floor", [floor, big], "isle toc --format json", [ISLE, "toc", "--format", "json", big])
    target("toc --format json at most 0.8x the floor's time (%.3f)" % t, t <= 0.8)
    target("and at most 0.25x its peak memory (%.3f)" % m, m <= 0.25)

    say("\n%s: text against JSON, where against toc" % big)
    pair("isle toc --format json", [ISLE, "toc", "--format", "json", big],
         "isle toc", [ISLE, "toc", big])
    t, _ = pair("isle toc --format json", [ISLE, "toc", "--format", "json", big],
                "isle where --line " + middle, [ISLE, "where", "--line", middle, big])
    target("where within 1.05x of toc (%.3f)" % t, t <= 1.05)

    say("\n%s: in pieces on every core against whole (--no-split)" % big)
    pair("isle toc --format json --no-split", [ISLE, "toc", "--format", "json", "--no-split", big],
         "isle toc --format json", [ISLE, "toc", "--format", "json", big])

    say("\n%s: the peers" % big)
    t, m = pair("isle toc --format json", [ISLE, "toc", "--format", "json", big],
                "md_toc -c github", ["md_toc", "-c", "github", big], runs=3)
    target("at least 15x faster than md_toc (%.1fx)" % t, t >= 15)
    target("less memory than md_toc (%.2fx of isle's)" % m, m > 1)
    t, m = pair("isle toc --format json", [ISLE, "toc", "--format", "json", big],
                "pandoc -f gfm --toc -s", ["pandoc", "-f", "gfm", "-t", "html", "--toc", "-s",
                                           "--metadata", "title=bench", "-o", os.devnull, big], runs=3)
    target("at least 40x faster than pandoc (%.1fx)" % t, t >= 40)
    target("less memory than pandoc (%.2fx of isle's)" % m, m > 1)


def folder_tree():
    """A generated tree of documents: two jobs against one, and the whole
    tree's peak memory against its largest document's."""
    docs = os.path.join(OUT, "tree")
    tree(docs)
    paths = [os.path.join(d, f) for d, _, fs in os.walk(docs) for f in fs if f.endswith(".md")]
    largest_doc = max(paths, key=os.path.getsize)
    total = sum(os.path.getsize(p) for p in paths)
    say("\n%s: %d documents, %.1f MB in all, the largest %.1f MB" % (
        docs, len(paths), total / 1e6, os.path.getsize(largest_doc) / 1e6))
    t, _ = pair("toc --jobs 1 --format json", [ISLE, "toc", "--jobs", "1", "--format", "json", docs],
                "toc --jobs 2 --format json", [ISLE, "toc", "--jobs", "2", "--format", "json", docs])
    target("two jobs at most 0.6x of one (%.3f)" % t, t <= 0.6)
    _, single = measure([ISLE, "toc", "--format", "json", largest_doc])
    _, whole = measure([ISLE, "toc", "--jobs", "2", "--format", "json", docs])
    say("  peak memory: the whole tree %.1f MiB, its largest document alone %.1f MiB (ratio %.2f)" % (
        whole, single, whole / single))
