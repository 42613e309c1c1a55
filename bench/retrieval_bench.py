import json
import os
import statistics
import subprocess
import sys

from harness import CORPUS, CPU, ISLE, OUT, compiled, measure, pair, say, target


def markdown_operands():
    """The corpus's Markdown as isle and the splitter are both given it:
    its folders but the HTML one, and its README."""
    names = sorted(os.listdir(CORPUS))
    return [os.path.join(CORPUS, name) for name in names
            if name != "html" and (os.path.isdir(os.path.join(CORPUS, name)) or name.endswith(".md"))]


def real_folders():
    """The real folders of Markdown the show and toc rows run on: the
    corpus's (ours), and two no test of isle was written against, each on
    every machine of this kind: Node.js's API reference (the Markdown
    sources nodejs installs beside its HTML: specifications of a runtime)
    and the Swift toolchain's own documentation (short articles). Each as
    (name, the Markdown files or folders to give both tools); a folder this
    machine lacks is left out and said."""
    folders = []
    if os.path.isdir(CORPUS):
        folders.append((CORPUS + " (ours)", markdown_operands()))
    node = "/usr/share/doc/nodejs/api"
    swift = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(
        subprocess.run(["sh", "-c", "command -v swift || true"], stdout=subprocess.PIPE).stdout.decode().strip()
        or "/nonexistent/bin/swift"))), "share", "doc", "swift")
    for name, folder in (("Node.js's API reference", node), ("the Swift toolchain's docs", swift)):
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(folder) for f in fs if f.endswith(".md")) \
            if os.path.isdir(folder) else []
        if files:
            folders.append(("%s, %s" % (folder, name), files))
        else:
            say("\n%s (%s) is not here: its rows are skipped" % (folder, name))
    return folders


def markdown_bytes(operands):
    """The Markdown files under OPERANDS, in walk order, and their size."""
    sys.path.insert(0, "bench")
    from splitters import documents
    files = list(documents(operands))
    return files, sum(os.path.getsize(f) for f in files)


def splitters():
    """isle show --all --format jsonl on each real folder's Markdown against
    LangChain's MarkdownHeaderTextSplitter doing the same job (bench/
    splitters.py split: every file cut at its level 1-3 headings, one JSON
    line a chunk); isle toc of the folder on every core against one
    cmark-gfm parse of its files joined (cmark-gfm given them all reads
    them as one document); and where the two splitters cut (bench/
    splitters.py compare, on the corpus and on bench/splitter-cuts.md,
    which holds one of each kind)."""
    for name, operands in real_folders():
        files, size = markdown_bytes(operands)
        say("\n%s: %d Markdown files, %.1f MB; isle show --all against LangChain's"
            " MarkdownHeaderTextSplitter" % (name, len(files), size / 1e6))
        t, m = pair("isle show --all --format jsonl", [ISLE, "show", "--all", "--format", "jsonl", *operands],
                    "langchain MarkdownHeaderTextSplitter",
                    [sys.executable, "bench/splitters.py", "split", *operands])
        target("show --all at least 5x faster than LangChain's splitter on %s (%.1fx)" % (name, t), t >= 5)
        # isle reads on every core, the splitter on one: their CPU seconds too.
        ours = statistics.median(CPU["isle show --all --format jsonl"])
        theirs = statistics.median(CPU["langchain MarkdownHeaderTextSplitter"])
        # GNU time counts in hundredths: a run under one reads as 0.
        say("  CPU (user and system) LangChain / isle show: %.3f (%.3f s against %.3f s)" % (
            theirs / max(ours, 0.01), theirs, ours))
        every_core(name, operands, files, size)
    if not os.path.isdir(CORPUS):
        return
    for where, paths in (("the corpus", markdown_operands()), ("bench/splitter-cuts.md", ["bench/splitter-cuts.md"])):
        say("  where the two cut, on %s (the kinds of difference: README, 'isle show')" % where)
        compared = subprocess.run([sys.executable, "bench/splitters.py", "compare", ISLE, *paths],
                                  stdout=subprocess.PIPE, check=True).stdout.decode()
        for line in compared.splitlines():
            say("  " + line)


def every_core(name, operands, files, size):
    """A folder parsed on every core: isle toc of it against one cmark-gfm
    parse of its files joined, and against itself on one core. The target
    holds from a megabyte up: below, the two processes' start-up is most
    of what is timed (isle's some 7 ms of CPU, cmark-gfm's 1 ms)."""
    extensions = [arg for e in ("table", "strikethrough", "autolink", "tagfilter", "tasklist")
                  for arg in ("-e", e)]
    toc = [ISLE, "toc", "--format", "json", *operands]
    ours = "isle toc --format json (%d cores)" % os.cpu_count()
    t, _ = pair(ours, toc, "cmark-gfm, the files joined", ["cmark-gfm", *extensions, *files])
    if size >= 1e6:
        target("toc of %s faster than one cmark-gfm parse of it joined (%.2fx)" % (name, t), t > 1)
    t, _ = pair(ours, toc, "isle toc --format json --jobs 1",
                [ISLE, "toc", "--format", "json", "--jobs", "1", *operands])
    say("  on every core against one: %.2fx" % t)


def tokens():
    """isle against tiktoken and LangChain on the corpus's Markdown (bench/
    tokens.py holds the peers): show --all --max-tokens 512 against the
    usual pipeline (MarkdownHeaderTextSplitter, then RecursiveCharacter
    TextSplitter.from_tiktoken_encoder at 512 tokens); toc --format json
    --tokenizer against tiktoken's encode_ordinary_batch on the texts toc
    counts (each read from its file, the rank file loaded: the whole job
    each way). show --all alone against the header splitter alone is
    splitters(), on every real folder."""
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
    # (show --all alone against the header splitter alone: make bench-show.)
    # isle runs on every core, the peers on one (tiktoken's batch on
    # several): on a loaded machine the CPU seconds say more than the wall.
    for ours, theirs in (("isle show --all --max-tokens 512", "langchain headers + from_tiktoken_encoder"),
                         ("isle toc --format json --tokenizer", "tiktoken encode_ordinary_batch")):
        a, b = statistics.median(CPU[ours]), statistics.median(CPU[theirs])
        say("  CPU (user and system) %s / %s: %.3f (%.3f s against %.3f s)" % (theirs, ours, b / a, b, a))


def corpus_records(path):
    """The corpus's documents as isle walks them, one JSON line each
    (`path`, `text`, and an `id` carried into every record's meta), with
    the list of their paths beside it, NUL-ended; (documents, list)."""
    walked = subprocess.run([ISLE, "toc", "--format", "json", CORPUS], stdout=subprocess.PIPE,
                            check=True).stdout.decode()

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
    parse_bound(listed)
    readme_sized(jsonl, show)
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


def readme_sized(jsonl, show, limit=8192):
    """The same pair on the corpus's documents of at most LIMIT bytes (a
    README's size), where a process's start weighs most: what a registry's
    READMEs would see."""
    small = jsonl + ".small"
    count, size = 0, 0
    with open(jsonl) as records, open(small, "w") as out, open(small + ".list", "w") as names:
        for line in records:
            record = json.loads(line)
            length = len(record["text"].encode())
            if length <= limit:
                out.write(line)
                names.write(record["path"] + "\0")
                count, size = count + 1, size + length
    say("  the %d documents of at most %d KB (%.1f KB on average):" % (count, limit // 1024, size / count / 1e3))
    t, _ = pair("show --records, these documents", ["sh", "-c", "%s --records < %s" % (" ".join(show), small)],
                "one isle process each of them", ["sh", "-c", "xargs -0 -n1 %s < %s" % (
                    " ".join(show), small + ".list")], runs=3)
    say("  one --records process against one process a document on these: %.1fx" % t)


def parse_bound(listed):
    """How far any --records run can beat one process a document: the
    parsers' own floor over the same documents (bench/floor.c, cmark-gfm's
    parse of the Markdown joined; bench/html_floor.c, gumbo's of each HTML
    page), against the per-process run's time; printed beside the target,
    since a run that parses every document cannot take less."""
    paths = [p for p in open(listed).read().split("\0") if p]
    pages = [p for p in paths if p.lower().endswith((".html", ".htm"))]
    joined = os.path.join(OUT, "records-markdown-joined.md")
    with open(joined, "wb") as out:
        for path in paths:
            if path not in pages:
                out.write(open(path, "rb").read())
    floors = {name: compiled(name) for name in ("floor", "html_floor")}
    markdown, html = [], []
    for _ in range(3):
        cpu = []
        measure([floors["floor"], joined], cpu=cpu)
        markdown.append(cpu[0])
        for page in pages:
            measure([floors["html_floor"], page], cpu=cpu)
        html.append(sum(cpu[1:]))
    apart = statistics.median(CPU["one isle process a document"])
    for what, floor in (("cmark-gfm's parse of the Markdown alone", statistics.median(markdown)),
                        ("and gumbo's of the HTML pages beside it",
                         statistics.median(markdown) + statistics.median(html))):
        say("  %s: %.3f s of CPU, so a run that parses them is at most %.1fx one process a"
            " document (%.3f s of CPU)" % (what, floor, apart / floor, apart))
