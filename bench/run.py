#!/usr/bin/env python3
"""isle's benchmark: commands measured side by side in one run, each pair
alternating (A B A B ...), medians over RUNS runs (at least five), ratios
printed, peak memory (max RSS, the largest of the runs) beside each.

Timings are wall clock on a shared machine: read the ratios, not the
absolute numbers. The report is printed and written to bench/out/report.txt;
BENCH.md holds the one from the last run on this machine kind."""
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

ISLE = os.environ.get("ISLE", ".build/release/isle")
RUNS = max(int(os.environ.get("RUNS", "5")), 5)
STARTUP_RUNS = max(int(os.environ.get("STARTUP_RUNS", "40")), 5)
OUT = "bench/out"
LINES = []
TARGETS = []
# The CPU seconds (user and system) of each label's runs in `pair`.
CPU = {}


def say(text=""):
    print(text, flush=True)
    LINES.append(text)


def measure(argv, memory=True, cpu=None):
    """Wall seconds and peak RSS (MiB) of one run, output discarded; with a
    list as cpu, the run's CPU seconds (user and system) appended to it.

    The peak comes from GNU time, the command's parent: Linux keeps a
    process's high-water mark across exec, so a command started straight
    from Python would be charged with Python's own pages. Start-up pairs are
    timed without it (memory=False), so its fork and exec are not counted."""
    with open(os.devnull, "wb") as sink, tempfile.TemporaryFile() as errors, \
            tempfile.NamedTemporaryFile() as peak:
        command = (["/usr/bin/time", "-f", "%U %S %M", "-o", peak.name] if memory else []) + argv
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=sink, stderr=errors)
        status = proc.wait()
        elapsed = time.perf_counter() - start
        if status not in (0, 1):
            errors.seek(0)
            sys.exit("bench: %s failed: %s" % (" ".join(argv), errors.read().decode()[-2000:]))
        fields = open(peak.name).read().split() if memory else []
        kib = float(fields[-1]) if memory else 0.0
        if memory and cpu is not None:
            cpu.append(float(fields[-3]) + float(fields[-2]))
    return elapsed, kib / 1024


def pair(label_a, argv_a, label_b, argv_b, runs=RUNS, startup=False):
    """Medians and peaks of A and B, run alternately; returns
    (time of B / time of A, memory of B / memory of A). With startup, the
    timed runs go without GNU time and one more run of each gives the peak."""
    times = {label_a: [], label_b: []}
    memory = {label_a: 0.0, label_b: 0.0}
    CPU[label_a], CPU[label_b] = [], []
    for _ in range(runs):
        for label, argv in ((label_a, argv_a), (label_b, argv_b)):
            seconds, mib = measure(argv, memory=not startup, cpu=CPU[label])
            times[label].append(seconds)
            memory[label] = max(memory[label], mib)
    if startup:
        for label, argv in ((label_a, argv_a), (label_b, argv_b)):
            memory[label] = measure(argv)[1]
    a = statistics.median(times[label_a])
    b = statistics.median(times[label_b])
    say("  %-40s %9.4f s  %8.1f MiB" % (label_a, a, memory[label_a]))
    say("  %-40s %9.4f s  %8.1f MiB" % (label_b, b, memory[label_b]))
    say("  time %s / %s: %.3f   memory: %.3f" % (label_b, label_a, b / a, memory[label_b] / memory[label_a]))
    return b / a, memory[label_b] / memory[label_a]


def target(text, met):
    TARGETS.append((text, met))
    say("  target: %s: %s" % (text, "met" if met else "NOT met"))


def lines_of(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def generate(path, script, size):
    """PATH made by SCRIPT, kept between runs while the generators that
    wrote it are unchanged."""
    import hashlib
    digest = hashlib.sha256()
    for source in sorted({script, "bench/generate.py"}):
        digest.update(open(source, "rb").read())
    stamp = path + ".source"
    current = digest.hexdigest() + " %d\n" % size
    if not os.path.exists(path) or not os.path.exists(stamp) or open(stamp).read() != current:
        with open(path + ".part", "w") as f:
            subprocess.run([sys.executable, script, str(size)], stdout=f, check=True)
        os.rename(path + ".part", path)
        with open(stamp, "w") as f:
            f.write(current)
    return path


def tree(root, count=2000):
    """A deterministic docs tree: COUNT Markdown files of 2 to 60 KB in
    nested folders, one of them (the largest) 2 MB."""
    if os.path.exists(os.path.join(root, ".done")):
        return
    import random
    rng = random.Random(2000)
    for i in range(count):
        folder = os.path.join(root, "part%02d" % (i % 40), "sub%d" % (i % 3))
        os.makedirs(folder, exist_ok=True)
        size = 2 * 1024 * 1024 if i == 1234 else rng.randrange(2 * 1024, 60 * 1024)
        with open(os.path.join(folder, "doc%04d.md" % i), "w") as f:
            subprocess.run([sys.executable, "bench/generate.py", str(size)], stdout=f, check=True)
    open(os.path.join(root, ".done"), "w").close()


CORPUS = os.environ.get("CORPUS", "../shared/corpus")


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


def markdown_operands():
    """The corpus's Markdown as isle and the splitter are both given it:
    its folders but the HTML one, and its README."""
    names = sorted(os.listdir(CORPUS))
    return [os.path.join(CORPUS, name) for name in names
            if name != "html" and (os.path.isdir(os.path.join(CORPUS, name)) or name.endswith(".md"))]


def splitters():
    """isle show --all --format jsonl on the corpus's Markdown against
    LangChain's MarkdownHeaderTextSplitter doing the same job (bench/
    splitters.py split: every file cut at its level 1-3 headings, one JSON
    line a chunk), and where the two cut (bench/splitters.py compare, on the
    corpus and on bench/splitter-cuts.md, which holds one of each kind)."""
    if not os.path.isdir(CORPUS):
        say("\n%s is not here: isle show against LangChain's splitter is skipped" % CORPUS)
        return
    operands = markdown_operands()
    say("\n%s (its Markdown, %d folders and files): isle show --all against LangChain's"
        " MarkdownHeaderTextSplitter" % (CORPUS, len(operands)))
    t, m = pair("isle show --all --format jsonl", [ISLE, "show", "--all", "--format", "jsonl", *operands],
                "langchain MarkdownHeaderTextSplitter", [sys.executable, "bench/splitters.py", "split", *operands])
    target("show --all at least 5x faster than LangChain's splitter (%.1fx)" % t, t >= 5)
    # isle reads on every core, the splitter on one: their CPU seconds too.
    ours = statistics.median(CPU["isle show --all --format jsonl"])
    theirs = statistics.median(CPU["langchain MarkdownHeaderTextSplitter"])
    say("  CPU (user and system) LangChain / isle show: %.3f (%.3f s against %.3f s)" % (
        theirs / ours, theirs, ours))
    for where, paths in (("the corpus", operands), ("bench/splitter-cuts.md", ["bench/splitter-cuts.md"])):
        say("  where the two cut, on %s (the kinds of difference: README, 'isle show')" % where)
        compared = subprocess.run([sys.executable, "bench/splitters.py", "compare", ISLE, *paths],
                                  stdout=subprocess.PIPE, check=True).stdout.decode()
        for line in compared.splitlines():
            say("  " + line)


def tokens():
    """isle against tiktoken and LangChain on the corpus's Markdown (bench/
    tokens.py holds the peers): show --all --max-tokens 512 against the
    usual pipeline (MarkdownHeaderTextSplitter, then RecursiveCharacter
    TextSplitter.from_tiktoken_encoder at 512 tokens); toc --format json
    --tokenizer against tiktoken's encode_ordinary_batch on the texts toc
    counts (each read from its file, the rank file loaded: the whole job
    each way); show --all alone against the header splitter alone."""
    if not os.path.isdir(CORPUS):
        say("\n%s is not here: isle's tokens against tiktoken and LangChain are skipped" % CORPUS)
        return
    operands = markdown_operands()
    sys.path.insert(0, "bench")
    from tokens import rank_file
    ranks = rank_file()
    say("\n%s (its Markdown, %d folders and files), tokens of %s" % (CORPUS, len(operands), ranks))
    t, _ = pair("isle show --all --max-tokens 512",
                [ISLE, "show", "--all", "--format", "jsonl", "--max-tokens", "512", "--tokenizer", ranks,
                 *operands],
                "langchain headers + from_tiktoken_encoder",
                [sys.executable, "bench/tokens.py", "pipeline", "512", *operands])
    target("show --all --max-tokens 512 at least 5x faster than LangChain's pipeline (%.1fx)" % t, t >= 5)
    texts = os.path.join(OUT, "token-texts.json")
    checked = subprocess.run([sys.executable, "bench/tokens.py", "texts", ISLE, ranks, texts, *operands],
                             stdout=subprocess.PIPE, check=True).stdout.decode().strip()
    say("  the texts toc counts: " + checked)
    t, _ = pair("isle toc --format json --tokenizer",
                [ISLE, "toc", "--format", "json", "--tokenizer", ranks, *operands],
                "tiktoken encode_ordinary_batch", [sys.executable, "bench/tokens.py", "count", texts])
    target("token counting at least 1x tiktoken's encode_ordinary_batch (%.2fx)" % t, t >= 1)
    t, _ = pair("isle show --all --format jsonl", [ISLE, "show", "--all", "--format", "jsonl", *operands],
                "langchain MarkdownHeaderTextSplitter",
                [sys.executable, "bench/splitters.py", "split", *operands])
    target("show --all at least 5x faster than LangChain's splitter (%.1fx)" % t, t >= 5)
    # isle runs on every core, the peers on one (tiktoken's batch on
    # several): on a loaded machine the CPU seconds say more than the wall.
    for ours, theirs in (("isle show --all --max-tokens 512", "langchain headers + from_tiktoken_encoder"),
                         ("isle toc --format json --tokenizer", "tiktoken encode_ordinary_batch"),
                         ("isle show --all --format jsonl", "langchain MarkdownHeaderTextSplitter")):
        a, b = statistics.median(CPU[ours]), statistics.median(CPU[theirs])
        say("  CPU (user and system) %s / %s: %.3f (%.3f s against %.3f s)" % (theirs, ours, b / a, b, a))


def corpus_records(path):
    """The corpus's documents as isle walks them, one JSON line each
    (`path`, `text`, and an `id` carried into every record's meta), with
    the list of their paths beside it, NUL-ended; (documents, list)."""
    walked = subprocess.run([ISLE, "toc", "--format", "json", CORPUS], stdout=subprocess.PIPE,
                            check=True).stdout.decode()
    import json
    paths = [json.loads(line)["path"] for line in walked.splitlines()]
    with open(path, "w") as out:
        for index, name in enumerate(paths):
            with open(name, encoding="utf-8", errors="replace") as f:
                out.write(json.dumps({"path": name, "text": f.read(), "id": index}) + "\n")
    with open(path + ".list", "w") as out:
        out.write("".join(name + "\0" for name in paths))
    return len(paths), path + ".list"


def records():
    """isle show --all --records on the corpus as JSON Lines: per core
    (--jobs 1), against one isle process a document and against one run
    over the files; then the Spark job against LangChain in a UDF."""
    if not os.path.isdir(CORPUS):
        say("\n%s is not here: the records rows are skipped" % CORPUS)
        return
    jsonl = os.path.join(OUT, "corpus-records.jsonl")
    count, listed = corpus_records(jsonl)
    show = [ISLE, "show", "--all", "--format", "jsonl", "--jobs", "1"]
    say("\n%s as records (%d documents, %.1f MB of JSON Lines), on one core (--jobs 1)" % (
        CORPUS, count, os.path.getsize(jsonl) / 1e6))
    fed = "%s --records < %s" % (" ".join(show), jsonl)
    t, _ = pair("show --records (one process)", ["sh", "-c", fed],
                "one isle process a document", ["sh", "-c", "xargs -0 -n1 %s < %s" % (
                    " ".join(show), listed)], runs=3)
    target("one --records process at least 20x one process a document (%.1fx)" % t, t >= 20)
    ours = statistics.median(CPU["show --records (one process)"])
    say("  documents a second per core: %.0f with --records, %.0f one process each" % (
        count / ours, count / statistics.median(CPU["one isle process a document"])))
    t, _ = pair("show over the files", ["sh", "-c", "%s -0 --files-from %s" % (" ".join(show), listed)],
                "show --records (one process)", ["sh", "-c", fed])
    target("--records within 10%% of one run over the files (%.3f)" % t, t <= 1.10)
    say("  a core's day at that speed: %.1f million documents like these (%.1f KB each)" % (
        count / ours * 86400 / 1e6, os.path.getsize(jsonl) / count / 1e3))
    copies, runs = os.environ.get("SPARK_COPIES", "5"), os.environ.get("SPARK_RUNS", "3")
    say("\nthe Spark job of doc/scale.md in local[2] against LangChain's splitter in a Python UDF"
        " (the corpus's Markdown x%s, %s runs each after one untimed, medians)" % (copies, runs))
    lines = subprocess.run([sys.executable, "bench/spark_jobs.py", ISLE, CORPUS, copies, runs, "local[2]"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout.decode()
    timed = {}
    for line in lines.splitlines():
        name, seconds, documents, chunks = line.split()
        timed[name] = float(seconds)
        say("  %-40s %9.2f s  %7.0f documents/s  %d chunks" % (
            "Spark + " + name, float(seconds), int(documents) / float(seconds), int(chunks)))
    say("  time LangChain / isle: %.2f" % (timed["langchain"] / timed["isle"]))


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


def cpu(a, b):
    """The CPU (user and system, every thread) of A's runs in the last
    pair against B's, medians."""
    c = statistics.median(CPU[a]) / statistics.median(CPU[b])
    say("  CPU (user and system) %s / %s: %.3f (%.3f s against %.3f s)" % (
        a, b, c, statistics.median(CPU[a]), statistics.median(CPU[b])))
    return c


def real_page():
    """A real published specification joined seven times (19 MB), made
    from the corpus, or None with a note when the corpus is not there."""
    source = os.path.join(CORPUS, "html", "webrtc-pc", "base-rec.html")
    if not os.path.exists(source):
        say("\n%s is not here: the real HTML rows are skipped" % source)
        return None
    page = os.path.join(OUT, "webrtc-x7.html")
    body = open(source, "rb").read()
    with open(page, "wb") as out:
        for _ in range(7):
            out.write(body)
    return page


def html_real():
    """isle on a real specification against the HTML floor (gumbo's whole
    parse, walk and free) and hxtoc, with the output of the fast path
    checked against gumbo's whole parse (--no-split)."""
    page = real_page()
    if not page:
        return
    floor = os.path.join(OUT, "html_floor")
    subprocess.run(["gcc", "-O2", "bench/html_floor.c", "-lgumbo", "-o", floor], check=True)
    say("\n%s (%d bytes, a real specification x7): isle against the HTML floor"
        " (bench/html_floor.c: gumbo's own parse, walk and free of the whole file) and hxtoc"
        % (page, os.path.getsize(page)))
    same = identical(page)
    say("  toc --format json fast and --no-split (gumbo's whole parse): %s" % ("identical" if same else "DIFFERENT"))
    target("HTML: output identical to gumbo's whole parse", same)
    t, m = pair("html floor", [floor, page], "isle toc --format json", [ISLE, "toc", "--format", "json", page])
    say("  (isle at %.3fx the floor's time, %.3fx its memory)" % (t, m))
    pair("isle toc --format json --no-split", [ISLE, "toc", "--format", "json", "--no-split", page],
         "isle toc --format json", [ISLE, "toc", "--format", "json", page])
    t, m = pair("hxtoc", ["hxtoc", page], "isle toc --format json", [ISLE, "toc", "--format", "json", page])
    target("HTML: isle at most hxtoc's time on the 19 MB specification (%.3f)" % t, t <= 1)


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


def check_corpus():
    """isle check on the shared corpus of real documents, the pre-commit
    hook's case: every link of 1,170 documents resolved on two cores."""
    corpus = os.environ.get("CORPUS", "../shared/corpus")
    if not os.path.isdir(corpus):
        say("\n%s: not here, isle check not measured" % corpus)
        return
    say("\n%s: isle check, every link of every document, two jobs" % corpus)
    times, peak = [], 0.0
    for _ in range(RUNS):
        seconds, mib = measure([ISLE, "check", "--jobs", "2", corpus])
        times.append(seconds)
        peak = max(peak, mib)
    t = statistics.median(times)
    say("  %-40s %9.4f s  %8.1f MiB" % ("isle check --jobs 2", t, peak))
    target("check all of the corpus under 1 s on two cores (%.3f s)" % t, t < 1)


class LspClient:
    """isle lsp spoken to over pipes: requests framed, replies read back."""

    def __init__(self, isle=None, env=None):
        self.proc = subprocess.Popen([isle or ISLE, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env)
        self.next_id = 0
        self.notes = []

    def send(self, method, params, request=True):
        import json
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return self.next_id

    def message(self):
        """The next message's body, as bytes, and when it was read whole."""
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.proc.stdout.read(1)
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        body = self.proc.stdout.read(length)
        return body, time.perf_counter()

    def reply(self, wanted, answered=None):
        """The reply to request WANTED (notifications kept in notes, with
        when they came). ANSWERED, a list, gets the time the reply's last
        byte was read: the client's own JSON parse is not the server's."""
        import json
        while True:
            body, at = self.message()
            if answered is not None:
                answered.append(at)
            message = json.loads(body)
            if message.get("id") == wanted and "method" not in message:
                return message
            if answered is not None:
                answered.pop()
            self.notes.append((at, message))

    def close(self):
        self.reply(self.send("shutdown", None))
        self.send("exit", None, request=False)
        self.proc.stdin.close()
        return self.proc.wait()


def corpus_document(path, size):
    """SIZE bytes or a little more of the corpus's Markdown, its files in
    name order, joined as people join chapters; None without the corpus."""
    if not os.path.isdir(CORPUS):
        return None
    names = sorted(os.path.join(d, f) for d, _, fs in os.walk(CORPUS) for f in fs if f.endswith(".md"))
    with open(path, "wb") as out:
        written = 0
        for name in names:
            if written >= size:
                break
            written += out.write(open(name, "rb").read())
    return path


def lsp_large():
    """isle lsp on a 5.8 MB document made from the corpus: symbols after
    opening it, and after a one-character edit, as an editor asks (the
    issue's targets: 2 s, 100 ms). Timed to the last byte of the reply:
    the client's own JSON parse (Python's takes 30 ms for 1.5 MB) is not
    the server's. Edits come as typing does, PACE seconds apart, so that the
    diagnostics of each (found on a thread of their own once the messages
    pause) run beside the next; then back to back."""
    size = int(5.8 * 1024 * 1024)
    doc = corpus_document(os.path.join(OUT, "corpus-5.8mb.md"), size)
    if doc is None:
        doc = generate(os.path.join(OUT, "generated-5.8mb.md"), "bench/generate.py", size)
    text = open(doc, encoding="utf-8", errors="replace").read()
    uri = "file://" + os.path.abspath(doc)
    middle = text.count("\n") // 2
    pace = float(os.environ.get("PACE", "0.2"))
    say("\n%s (%d bytes): isle lsp, documentSymbol after didOpen and after a one-character didChange"
        % (doc, os.path.getsize(doc)))
    capabilities = {"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
                                     "publishDiagnostics": {"versionSupport": True}}}
    import json
    opened, paced, burst, beside, published = [], [], [], [], []
    for _ in range(RUNS):
        client = LspClient()
        client.reply(client.send("initialize", {"capabilities": capabilities}))
        client.send("initialized", {}, request=False)
        start = time.perf_counter()
        client.send("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "markdown", "version": 1, "text": text}}, request=False)
        answered = []
        symbols = client.reply(client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
                               answered)
        opened.append(answered[0] - start)
        assert symbols.get("result"), "no symbols"
        count = lambda tree: sum(1 + count(symbol.get("children", [])) for symbol in tree)
        headings = count(symbols["result"])
        version = 1

        def type_one_character(version):
            """An 'x' typed at the start of the middle line, as version VERSION."""
            client.send("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": middle, "character": 0},
                                              "end": {"line": middle, "character": 0}}, "text": "x"}]},
                request=False)

        for times, wait in ((paced, pace), (burst, 0)):
            for _ in range(4):
                time.sleep(wait)
                version += 1
                start = time.perf_counter()
                type_one_character(version)
                answered = []
                client.reply(client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}), answered)
                times.append(answered[0] - start)
        # As VS Code asks: a code action at the cursor and the folding
        # ranges (both read links: one parse of the whole, on the server's
        # other thread) before the symbols.
        for _ in range(4):
            time.sleep(pace)
            version += 1
            start = time.perf_counter()
            type_one_character(version)
            here = {"start": {"line": middle, "character": 1}, "end": {"line": middle, "character": 1}}
            asked = [client.send("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": here,
                                                              "context": {"diagnostics": []}}),
                     client.send("textDocument/foldingRange", {"textDocument": {"uri": uri}})]
            answered = []
            client.reply(client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}), answered)
            beside.append(answered[0] - start)
            for wanted in asked:
                client.reply(wanted)
        # The last version's diagnostics, from its edit on.
        while not any(m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"].get("version") == version for _, m in client.notes):
            body, at = client.message()
            client.notes.append((at, json.loads(body)))
        published.append([at for at, m in client.notes if m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"].get("version") == version][0] - start)
        client.close()
    say("  %d symbols (headings), %d bytes of JSON" % (headings, len(json.dumps(symbols))))
    t_open = statistics.median(opened)
    t_paced, t_burst = statistics.median(paced), statistics.median(burst)
    say("  %-48s %9.4f s" % ("didOpen, then documentSymbol", t_open))
    say("  %-48s %9.4f s  (%.2fx the 100 ms target; slowest %.4f s)"
        % ("didChange (1 char) as typed, then documentSymbol", t_paced, t_paced / 0.1, max(paced)))
    say("  %-48s %9.4f s  (%.2fx the 100 ms target; slowest %.4f s)"
        % ("didChange (1 char) back to back, documentSymbol", t_burst, t_burst / 0.1, max(burst)))
    t_beside = statistics.median(beside)
    say("  %-48s %9.4f s  (%.2fx the 100 ms target; slowest %.4f s)"
        % ("the same, a code action and folding asked first", t_beside, t_beside / 0.1, max(beside)))
    say("  %-48s %9.4f s" % ("the last edit's diagnostics published", statistics.median(published)))
    target("symbols within 2 s of opening (%.3f s)" % t_open, t_open < 2)
    target("symbols within 100 ms of a one-character edit, as typed (%.3f s, %.2fx)" % (t_paced, t_paced / 0.1),
           t_paced < 0.1)
    target("and back to back (%.3f s, %.2fx)" % (t_burst, t_burst / 0.1), t_burst < 0.1)
    target("and with link requests asked first (%.3f s, %.2fx)" % (t_beside, t_beside / 0.1), t_beside < 0.1)


def headings_text(count):
    """COUNT sections at levels 1 to 6 in turn, each with a link to the
    heading of half its number: about 68 bytes a heading."""
    return "".join("%s Heading %d\n\nWords [here](#heading-%d) for the section.\n\n" % (
        "#" * (index % 6 + 1), index, index // 2) for index in range(count))


def lsp_headings():
    """isle lsp on documents of 75,000 and 150,000 headings (5 and 10 MB),
    each heading with a link: symbols after didOpen and the document's links
    after them, each timed to the last byte of its reply (issue 41: the
    document links went through every heading for each link), as the
    ratio of the larger to the smaller: linear is 2. Then `shutdown` sent
    while the larger one's links are found: answered within a second."""
    import json
    say("\nisle lsp on documents of 75,000 and 150,000 headings, a link each: "
        "time to symbols and to document links, larger over smaller (linear: 2)")
    capabilities = {"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}}
    timings = {}
    for count in (75000, 150000):
        text = headings_text(count)
        uri = "file:///isle-bench/headings-%d.md" % count
        symbols, links = [], []
        for _ in range(3):
            client = LspClient()
            client.reply(client.send("initialize", {"capabilities": capabilities}))
            client.send("initialized", {}, request=False)
            start = time.perf_counter()
            client.send("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "markdown", "version": 1, "text": text}}, request=False)
            answered = []
            client.reply(client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
                         answered)
            symbols.append(answered[0] - start)
            start = time.perf_counter()
            answered = []
            client.reply(client.send("textDocument/documentLink", {"textDocument": {"uri": uri}}),
                         answered)
            links.append(answered[0] - start)
            client.close()
        timings[count] = (statistics.median(symbols), statistics.median(links))
        say("  %7d headings, %5.1f MB: symbols %6.2f s, document links %6.2f s" % (
            count, len(text) / 1e6, timings[count][0], timings[count][1]))
    symbols = timings[150000][0] / timings[75000][0]
    links = timings[150000][1] / timings[75000][1]
    say("  ratios, twice the headings: symbols %.2f, document links %.2f" % (symbols, links))
    target("symbols linear in the headings (ratio %.2f at most 2.5)" % symbols, symbols <= 2.5)
    target("document links linear in the headings (ratio %.2f at most 2.5)" % links, links <= 2.5)
    client = LspClient()
    client.reply(client.send("initialize", {"capabilities": capabilities}))
    uri = "file:///isle-bench/headings-150000.md"
    client.send("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "markdown", "version": 1, "text": headings_text(150000)}},
        request=False)
    client.send("textDocument/documentLink", {"textDocument": {"uri": uri}})
    time.sleep(0.2)
    start = time.perf_counter()
    answered = []
    client.reply(client.send("shutdown", None), answered)
    waited = answered[0] - start
    client.send("exit", None, request=False)
    client.proc.stdin.close()
    client.proc.wait()
    say("  shutdown while the document links of 150,000 headings are found: answered in %.2f s"
        % waited)
    target("shutdown answered within a second whatever runs (%.2f s)" % waited, waited < 1)


def mcp_lines():
    """isle mcp reading one line of 8 and 16 MiB (a ping with a long
    argument), timed to its answer, larger over smaller (linear: 2); and a
    line of 64 MiB, past its 16 MiB limit: an error, and the next line
    answered."""
    say("\nisle mcp reading one long line: 8 and 16 MiB (under the 16 MiB limit), then 64 MiB")
    times = {}
    for mib in (8, 16, 64):
        padding = mib * 1024 * 1024 - 80
        line = b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"' + b"a" * padding + b'"}}\n'
        runs = []
        for _ in range(3):
            proc = subprocess.Popen([ISLE, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            start = time.perf_counter()
            proc.stdin.write(line + b'{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
            proc.stdin.close()
            replies = proc.stdout.read().decode().splitlines()
            runs.append(time.perf_counter() - start)
            proc.wait()
        times[mib] = statistics.median(runs)
        say("  %3d MiB: %.3f s, %s" % (mib, times[mib], "an error, then the next line answered"
                                      if '"error"' in replies[0] and len(replies) == 2 else
                                      "answered" if len(replies) == 2 else "NOT answered"))
    ratio = times[16] / times[8]
    say("  ratio 16 over 8 MiB: %.2f" % ratio)
    target("a line read in time linear in it (ratio %.2f at most 2.5)" % ratio, ratio <= 2.5)


def workspace_corpus(copies=9):
    """The corpus COPIES times over, each copy a folder of its own, made
    once under bench/out (a git repository of its own, so that the
    project's ignore files, which name bench/out, are not its); None
    without the corpus."""
    import shutil
    if not os.path.isdir(CORPUS):
        return None
    root = os.path.join(OUT, "workspace-x%d" % copies)
    if not os.path.exists(os.path.join(root, ".done")):
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        subprocess.run(["git", "init", "-q", root], check=True)
        for copy in range(copies):
            shutil.copytree(CORPUS, os.path.join(root, "copy%d" % (copy + 1)), symlinks=True)
        open(os.path.join(root, ".done"), "w").close()
    return root


def workspace_start(root, cache, queries, isle=None, indexed=False):
    """One start of isle lsp over the folder ROOT with CACHE as its
    XDG_CACHE_HOME, for a client that shows progress: seconds from
    `initialized` to the reply to workspace/symbol for the first of
    QUERIES (asked at once, so it waits for the index), then each other
    query's own time; with INDEXED, from `initialized` to the progress's
    end (the links indexed too; None from a server that sends none, or
    without INDEXED); the number of symbols each query found, and the
    server's CPU seconds at the first answer."""
    import json
    client = LspClient(isle=isle, env=dict(os.environ, XDG_CACHE_HOME=cache))
    capabilities = {"window": {"workDoneProgress": True},
                    "workspace": {"symbol": {"dynamicRegistration": False}}}
    client.reply(client.send("initialize", {"rootUri": "file://" + os.path.abspath(root),
                                            "capabilities": capabilities}))
    start = time.perf_counter()
    client.send("initialized", {}, request=False)
    times, counts, cpu = [], [], None
    for query in queries:
        asked = time.perf_counter()
        answered = []
        reply = client.reply(client.send("workspace/symbol", {"query": query}), answered)
        times.append(answered[0] - (start if not times else asked))
        counts.append(len(reply.get("result") or []))
        if cpu is None:
            # The server's CPU seconds so far (user and system): what the
            # first answer cost, whatever else the machine was doing.
            fields = open("/proc/%d/stat" % client.proc.pid).read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    ended = lambda: [at for at, m in client.notes if m.get("method") == "$/progress"
                     and m["params"]["value"].get("kind") == "end"]
    began = indexed and any(m.get("method") == "$/progress" for _, m in client.notes)
    while began and not ended():
        body, at = client.message()
        client.notes.append((at, json.loads(body)))
    for _, m in client.notes:
        if m.get("method") == "window/workDoneProgress/create":
            # As a client does: the token accepted.
            body = json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": None}).encode()
            client.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    indexed = ended()[0] - start if began else None
    client.close()
    return times, indexed, counts, cpu


def lsp_workspace():
    """isle lsp over a workspace of the corpus nine times over (issue 33's
    10,500 documents): the first complete workspace/symbol after
    `initialized`, cold (an empty cache folder) and warm (the index the
    cold start kept), alternating; the targets 1 s and 0.3 s. With
    ISLE_BEFORE, the same starts of that binary beside them."""
    import shutil
    root = workspace_corpus()
    if root is None:
        say("\n%s is not here: the workspace rows are skipped" % CORPUS)
        return
    docs = [os.path.join(d, f) for d, _, fs in os.walk(root) if "/.git" not in d for f in fs
            if f.rsplit(".", 1)[-1].lower() in ("md", "markdown", "html", "htm")]
    queries = [os.environ.get("WS_QUERY", "install"), ""]
    load = open("/proc/loadavg").read().split()[0]
    say("\n%s: %d documents, %.0f MB: isle lsp, workspace/symbol %r asked at `initialized`, then %r"
        " (load average %s at the start)" % (root, len(docs), sum(os.path.getsize(p) for p in docs) / 1e6,
                                             queries[0], queries[1], load))
    # XDG_CACHE_HOME is read only when absolute, as the XDG spec says.
    caches = os.path.abspath(os.path.join(OUT, "lsp-cache"))
    warm = os.path.join(caches, "warm")
    shutil.rmtree(caches, ignore_errors=True)
    workspace_start(root, warm, queries[:1])
    rows = {"cold": [], "warm": []}
    before = os.environ.get("ISLE_BEFORE")
    if before:
        rows["before (%s)" % before] = []
    for run in range(RUNS):
        for label in rows:
            cold = os.path.join(caches, "cold-%d" % run)
            shutil.rmtree(cold, ignore_errors=True)
            cache = warm if label == "warm" else cold
            # The links' stage (niced, minutes on a loaded machine) is
            # waited for in the last round only.
            rows[label].append(workspace_start(root, cache, queries,
                                               isle=before if label.startswith("before") else None,
                                               indexed=run == RUNS - 1))
            shutil.rmtree(cold, ignore_errors=True)
    medians = {}
    for label, runs in rows.items():
        first = statistics.median(r[0][0] for r in runs)
        everything = statistics.median(r[0][1] for r in runs)
        indexed = [r[1] for r in runs if r[1] is not None]
        medians[label] = first
        say("  %-18s first answer %8.4f s (slowest %.4f; %d symbols; %.2f CPU s)   %r then %8.4f s"
            " (%d symbols)%s" % (
                label, first, max(r[0][0] for r in runs), runs[0][2][0], statistics.median(r[3] for r in runs),
                queries[1], everything, runs[0][2][1],
                "   all indexed %.4f s" % statistics.median(indexed) if indexed else ""))
    say("  time warm / cold: %.3f" % (medians["warm"] / medians["cold"]))
    if before:
        say("  time cold / before: %.3f" % (medians["cold"] / medians["before (%s)" % before]))
    target("first complete workspace/symbol within 1 s of initialized, cold (%.3f s, %.2fx)"
           % (medians["cold"], medians["cold"] / 1.0), medians["cold"] <= 1.0)
    target("and within 0.3 s from the kept index (%.3f s, %.2fx)" % (medians["warm"], medians["warm"] / 0.3),
           medians["warm"] <= 0.3)


def book_corpus(count=1000):
    """A book of COUNT chapters made from the corpus's Markdown files (taken
    in name order, again from the first when there are fewer), listed in a
    SUMMARY.md: `isle toc BOOK` against `isle toc` over the same files."""
    if not os.path.isdir(CORPUS):
        say("\n%s is not here: the book row is skipped" % CORPUS)
        return
    names = sorted(os.path.join(d, f) for d, _, fs in os.walk(CORPUS) for f in fs if f.endswith(".md"))
    root = os.path.join(OUT, "book")
    chapters = os.path.join(root, "chapters")
    os.makedirs(chapters, exist_ok=True)
    lines = ["# Summary", ""]
    for index in range(count):
        name = "%04d.md" % (index + 1)
        with open(os.path.join(chapters, name), "wb") as out:
            out.write(open(names[index % len(names)], "rb").read())
        lines.append("- [Chapter %d](chapters/%s)" % (index + 1, name))
    summary = os.path.join(root, "SUMMARY.md")
    with open(summary, "w") as out:
        out.write("\n".join(lines) + "\n")
    say("\n%s: a book of %d chapters from the corpus" % (summary, count))
    pair("isle toc chapters/ (the files)", [ISLE, "toc", chapters],
         "isle toc SUMMARY.md (the book)", [ISLE, "toc", summary])


def heading(name, runs):
    """The first line of one part run alone."""
    say("isle benchmark, %s: %s; %s, %d cores" % (name, runs, platform.machine(), os.cpu_count()))


def main():
    os.makedirs(OUT, exist_ok=True)
    if sys.argv[1:] == ["read"]:
        # make bench-read: only isle read's first frame on the corpus x4.
        documents = real_documents()
        if documents:
            reader(documents[1])
        return
    if sys.argv[1:] == ["book"]:
        # make bench-book: only a book of 1,000 chapters against toc.
        book_corpus()
        return
    if sys.argv[1:] == ["check"]:
        # make bench-check: only isle check on the corpus.
        check_corpus()
        return
    if sys.argv[1:] == ["lsp"]:
        # make bench-lsp: only the language server: a large document, a
        # large workspace.
        lsp_large()
        lsp_headings()
        lsp_workspace()
        finish()
        return
    if sys.argv[1:] == ["mcp"]:
        # only the agent server's reading of long lines.
        mcp_lines()
        finish()
        return
    # make bench-show, -tokens, -records, -html: one part alone, under its
    # heading (what "runs each" says of it, the function).
    alone = {
        "show": ("show", "%d runs each" % RUNS, splitters),
        "tokens": ("tokens", "%d runs each" % RUNS, tokens),
        "records": ("records", "%d runs each (one process a document: 3)" % RUNS, records),
        "html": ("HTML", "%d runs each" % RUNS, html_real),
    }
    if len(sys.argv) == 2 and sys.argv[1] in alone:
        name, runs, part = alone[sys.argv[1]]
        heading(name, runs + ", alternating, medians")
        part()
        finish()
        return
    if sys.argv[1:] == ["startup"]:
        # make bench-startup: only the start-up pair.
        startup(generate(os.path.join(OUT, "readme-20kb.md"), "bench/generate.py", 20 * 1024))
        return
    floor = os.path.join(OUT, "floor")
    subprocess.run(["gcc", "-O2", "bench/floor.c", "-lcmark-gfm", "-lcmark-gfm-extensions", "-o", floor],
                   check=True)
    # make bench-real, -memory, -shapes: the parts held to the floor.
    floored = {
        "real": ("real text", "%d runs each, alternating, medians" % RUNS, real_text),
        "memory": ("memory", "one run each", memory),
        "shapes": ("shapes", "%d runs each (md_toc: 3), alternating, medians" % RUNS, shapes),
    }
    if len(sys.argv) == 2 and sys.argv[1] in floored:
        name, runs, part = floored[sys.argv[1]]
        heading(name, runs)
        part(floor)
        finish()
        return
    big = generate(os.path.join(OUT, "generated-50mb.md"), "bench/generate.py", 50 * 1024 * 1024)
    page = generate(os.path.join(OUT, "generated-20mb.html"), "bench/generate_html.py", 20 * 1024 * 1024)
    readme = generate(os.path.join(OUT, "readme-20kb.md"), "bench/generate.py", 20 * 1024)
    middle = str(lines_of(big) // 2)

    say("isle benchmark: %d runs each (start-up: %d; md_toc, pandoc and hxtoc on the generated"
        " documents and md_toc on the shapes: 3), alternating, medians; %s, %d cores" % (
        RUNS, STARTUP_RUNS, platform.machine(), os.cpu_count()))
    say("command: make bench (ISLE=%s python3 bench/run.py)" % ISLE)

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

    real_text(floor)
    shapes(floor)
    memory(floor)

    say("\n%s (%d bytes): HTML, against hxtoc" % (page, os.path.getsize(page)))
    pair("isle toc --format json", [ISLE, "toc", "--format", "json", page],
         "hxtoc", ["hxtoc", page], runs=3)
    html_real()

    startup(readme)
    check_corpus()
    book_corpus()
    splitters()
    tokens()
    records()
    lsp_large()
    lsp_headings()
    lsp_workspace()
    mcp_lines()

    documents = real_documents()
    if documents:
        reader(documents[1])

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

    finish()


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


def finish():
    say("\ntargets: %d of %d met" % (sum(1 for _, met in TARGETS if met), len(TARGETS)))
    for text, met in TARGETS:
        if not met:
            say("  NOT met: " + text)
    with open(os.path.join(OUT, "report.txt"), "w") as f:
        f.write("\n".join(LINES) + "\n")


main()
