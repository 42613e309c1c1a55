#!/usr/bin/env python3
"""isle's benchmark: commands measured side by side in one run, each pair
alternating (A B A B ...), medians over RUNS runs (at least five), ratios
printed, peak memory (max RSS, the largest of the runs) beside each.

Timings are wall clock on a shared machine: read the ratios, not the
absolute numbers. The report is printed and written to bench/out/report.txt;
BENCH.md holds the one from the last run on this machine kind.

  python3 bench/run.py          every part (make bench)
  python3 bench/run.py PART     one part alone (make bench-PART): read,
                                book, check, lsp, mcp, show, tokens,
                                records, html, startup, real, memory, shapes

The parts live beside this file: harness.py (measuring), markdown_bench.py,
retrieval_bench.py, corpus_bench.py, lsp_bench.py, workspace_bench.py."""
import os
import platform
import sys

from corpus_bench import book_corpus, check_corpus, html_real
from harness import ISLE, OUT, RUNS, STARTUP_RUNS, compiled, finish, generate, heading, pair, say
from lsp_bench import lsp_headings, lsp_large
from markdown_bench import folder_tree, generated, memory, reader, real_documents, real_text, shapes, startup
from retrieval_bench import records, splitters, tokens
from workspace_bench import lsp_workspace, mcp_lines


def read_alone():
    """make bench-read: only isle read's first frame on the corpus x4."""
    documents = real_documents()
    if documents:
        reader(documents[1])


def servers():
    """make bench-lsp: only the language server: a large document, a large
    workspace."""
    lsp_large()
    lsp_headings()
    lsp_workspace()
    finish()


def mcp_alone():
    """Only the agent server's reading of long lines."""
    mcp_lines()
    finish()


def part(name):
    """Runs part NAME alone; False when there is none of that name."""
    plain = {"read": read_alone, "book": book_corpus, "check": check_corpus, "lsp": servers, "mcp": mcp_alone,
             "startup": lambda: startup(generate(os.path.join(OUT, "readme-20kb.md"), "bench/generate.py",
                                                 20 * 1024))}
    # One part under its heading (what "runs each" says of it, the function).
    alone = {
        "show": ("show", "%d runs each" % RUNS, splitters),
        "tokens": ("tokens", "%d runs each" % RUNS, tokens),
        "records": ("records", "%d runs each (one process a document: 3)" % RUNS, records),
        "html": ("HTML", "%d runs each" % RUNS, html_real),
    }
    # The parts held to the floor (bench/floor.c).
    floored = {
        "real": ("real text", "%d runs each, alternating, medians" % RUNS, real_text),
        "memory": ("memory", "one run each", memory),
        "shapes": ("shapes", "%d runs each (md_toc: 3), alternating, medians" % RUNS, shapes),
    }
    if name in plain:
        plain[name]()
    elif name in alone:
        title, runs, run = alone[name]
        heading(title, runs + ", alternating, medians")
        run()
        finish()
    elif name in floored:
        title, runs, run = floored[name]
        heading(title, runs)
        run(compiled("floor"))
        finish()
    else:
        return False
    return True


def everything():
    """make bench: every part in one run."""
    floor = compiled("floor")
    big = generate(os.path.join(OUT, "generated-50mb.md"), "bench/generate.py", 50 * 1024 * 1024)
    page = generate(os.path.join(OUT, "generated-20mb.html"), "bench/generate_html.py", 20 * 1024 * 1024)
    readme = generate(os.path.join(OUT, "readme-20kb.md"), "bench/generate.py", 20 * 1024)
    say("isle benchmark: %d runs each (start-up: %d; md_toc, pandoc and hxtoc on the generated"
        " documents and md_toc on the shapes: 3), alternating, medians; %s, %d cores" % (
            RUNS, STARTUP_RUNS, platform.machine(), os.cpu_count()))
    say("command: make bench (ISLE=%s python3 bench/run.py)" % ISLE)
    generated(floor, big)
    real_text(floor)
    shapes(floor)
    memory(floor)
    say("\n%s (%d bytes): HTML, against hxtoc" % (page, os.path.getsize(page)))
    pair("isle toc --format json", [ISLE, "toc", "--format", "json", page],
         "hxtoc", ["hxtoc", page], runs=3)
    html_real()
    startup(readme)
    for run in (check_corpus, book_corpus, splitters, tokens, records, lsp_large, lsp_headings, lsp_workspace,
                mcp_lines, read_alone, folder_tree):
        run()
    finish()


def main():
    os.makedirs(OUT, exist_ok=True)
    if len(sys.argv) == 2:
        if not part(sys.argv[1]):
            sys.exit("bench: no part named %s" % sys.argv[1])
        return
    everything()


main()
