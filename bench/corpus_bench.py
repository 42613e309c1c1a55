import os
import statistics

from harness import CORPUS, ISLE, OUT, RUNS, compiled, measure, pair, say, target
from markdown_bench import identical


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
    floor = compiled("html_floor")
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
