#!/usr/bin/env python3
"""isle llms held to what reads and writes llms.txt elsewhere.

Usage: llms.py ISLE REPOSITORY

- Every llms.txt isle writes is read by the llms-txt package's own parser
  (PyPI llms-txt, llms_txt.parse_llms_file).
- A MkDocs site built with `mkdocs build`: every link isle writes is a page
  the build wrote (folder URLs, and .html ones with use_directory_urls:
  false, and under --base-url).
- The same site with the mkdocs-llmstxt plugin: what it writes, set beside
  isle's, differs only as doc/llms.md says.
- mdBook books (fixtures/book, and one made here with README files, an
  appendix, a draft with chapters under it and an include): each link is
  the page mdBook names for its chapter (x.md -> x.html, README.md in any
  case -> index.html).
- --full --max-tokens: every part within the budget, the parts making the
  whole.
"""
import json
import logging
import math
import os
import subprocess
import sys
import tempfile

import llms_txt  # noqa: F401  (PyPI llms-txt; a missing one fails the test)
from llms_txt import parse_llms_file

ISLE, ROOT = sys.argv[1], sys.argv[2]
FAILURES = []


def expect(condition, message):
    if not condition:
        FAILURES.append(message)


def isle(*args, cwd=None):
    run = subprocess.run([ISLE, *args], capture_output=True, text=True, cwd=cwd, timeout=60)
    if run.returncode != 0:
        raise SystemExit(f"isle {' '.join(args)} exited {run.returncode}: {run.stderr}")
    return run.stdout


def write(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as out:
            out.write(text)


def links(parsed):
    return [(name, link["title"], link["url"], link["desc"])
            for name, items in parsed.sections.items() for link in items]


PAGES = {
    "docs/index.md": "# Bees at Home\n\nKeeping bees in a small garden, from the first hive "
    "to the first harvest. It takes a season.\n\n## Why\n\nBecause honey.\n",
    "docs/guide/start.md": "# Getting started\n\nStart in spring, when the colony grows. "
    "Buy a nucleus, not a package.\n",
    "docs/guide/hives.md": "# Hives\n\n![hive](hive.png)\n\nA hive is a stack of boxes, e.g. "
    "a Langstroth. Each box holds frames.\n\n```sh\nls frames\n```\n",
    "docs/ref/README.md": "# Reference\n\nEverything to look up.\n",
    "docs/ref/tools.md": "---\ntitle: Tools\n---\n# Tools\n\nA smoker, a hive tool and a veil.\n",
    "docs/appendix/glossary.md": "# Glossary\n\n**Brood**: the young bees. *Comb*: the wax.\n",
}
NAV = """site_name: Bees at Home
site_url: https://example.org/bees/
site_description: Bees in a small garden
nav:
  - index.md
  - Guide:
    - Getting started: guide/start.md
    - guide/hives.md
    - Reference:
      - ref/README.md
      - ref/tools.md
  - Appendix:
    - Glossary: appendix/glossary.md
"""
# The plugin's sections, listed by hand as its users list them: here, as
# isle's plan puts the nav (doc/llms.md).
PLUGIN = """plugins:
  - llmstxt:
      full_output: llms-full.txt
      sections:
        Docs:
          - index.md
        Guide:
          - guide/start.md
          - guide/hives.md
          - ref/README.md
          - ref/tools.md
        Optional:
          - appendix/glossary.md
"""


def mkdocs_build(root):
    """`mkdocs build -q -d site` in `root`, as its command line runs it, in
    this process: MkDocs and its plugin are loaded once for both sites."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    here = os.getcwd()
    os.chdir(root)
    try:
        config = load_config("mkdocs.yml", site_dir="site")
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config)
        finally:
            config.plugins.on_shutdown()
    except Exception as error:  # noqa: BLE001 (MkDocs's own errors, said as its command says them)
        raise SystemExit(f"mkdocs build failed: {error!r}")
    finally:
        os.chdir(here)


def page_written(site, url):
    """The file a built site serves for a relative URL, if it wrote one."""
    path = os.path.join(site, url)
    if url.endswith("/") or url in ("", "./"):
        path = os.path.join(path, "index.html")
    return os.path.isfile(path)


def mkdocs_directory_urls():
    with tempfile.TemporaryDirectory() as root:
        write(root, PAGES)
        write(root, {"mkdocs.yml": NAV + PLUGIN})
        mkdocs_build(root)
        site = os.path.join(root, "site")
        ours = parse_llms_file(isle("llms", os.path.join(root, "mkdocs.yml")))
        expect(ours.title == "Bees at Home", f"title {ours.title!r}")
        expect(ours.summary == "Keeping bees in a small garden, from the first hive to the "
               "first harvest. It takes a season.", f"summary {ours.summary!r}")
        expect(list(ours.sections) == ["Docs", "Guide", "Optional"], f"{list(ours.sections)}")
        for _, title, url, desc in links(ours):
            expect(page_written(site, url), f"{title}: {url} is no page mkdocs build wrote")
            expect(desc and "tokens)" in desc, f"{title}: note {desc!r}")
        hives = [d for _, t, _, d in links(ours) if t == "Hives"][0]
        expect(hives.startswith("A hive is a stack of boxes, e.g. a Langstroth. ("), hives)
        with open(os.path.join(site, "llms.txt"), encoding="utf-8") as theirs_file:
            theirs = parse_llms_file(theirs_file.read())
        compare_with_plugin(ours, theirs)
        # Under --base-url: the same pages, at the site's address.
        base = "https://example.org/bees/"
        based = parse_llms_file(isle("llms", "--base-url", base, root))
        for _, title, url, _ in links(based):
            expect(url.startswith(base), f"{title}: {url} not under {base}")
            expect(page_written(site, url[len(base):]), f"{title}: {url} not built")


def compare_with_plugin(ours, theirs):
    """Only what doc/llms.md explains differs: the summary (the plugin's is
    site_description), the links (the plugin's go to the
    Markdown copy it writes beside each page, under site_url) and the notes
    (the plugin's are written by hand, none here)."""
    expect(ours.title == theirs.title, f"title {ours.title!r} / {theirs.title!r}")
    # The parser takes a summary only when a line follows it: the plugin's
    # (site_description) is read as the text after the title.
    expect(theirs.summary is None and theirs.info == "> Bees in a small garden",
           f"the plugin's summary {theirs.summary!r}, info {theirs.info!r}")
    expect(ours.info.startswith("Each link is a chapter"), f"{ours.info!r}")
    expect(list(ours.sections) == list(theirs.sections),
           f"sections {list(ours.sections)} / {list(theirs.sections)}")
    mine, other = links(ours), links(theirs)
    expect(len(mine) == len(other), f"{len(mine)} links / {len(other)}")
    for (section, title, url, _), (section2, title2, url2, desc2) in zip(mine, other):
        expect((section, title) == (section2, title2), f"{section}/{title} / {section2}/{title2}")
        page = "" if url == "./" else url
        expect(url2 == "https://example.org/bees/" + page + "index.md", f"{url} / {url2}")
        expect(desc2 is None, f"the plugin's note {desc2!r}")


def mkdocs_html_urls():
    with tempfile.TemporaryDirectory() as root:
        write(root, PAGES)
        write(root, {"mkdocs.yml": NAV + "use_directory_urls: false\n"})
        mkdocs_build(root)
        site = os.path.join(root, "site")
        ours = parse_llms_file(isle("llms", root))
        urls = [url for _, _, url, _ in links(ours)]
        expect(urls[0] == "index.html" and "ref/index.html" in urls, f"{urls}")
        for url in urls:
            expect(url.endswith(".html") and page_written(site, url), f"{url} not built")


def mdbook_name(path):
    """The page mdBook writes for a chapter: x.md -> x.html, and README.md
    (any case: its index preprocessor) -> index.html beside it."""
    folder, name = os.path.split(path)
    stem = os.path.splitext(name)[0]
    page = ("index" if stem.lower() == "readme" else stem) + ".html"
    return os.path.join(folder, page) if folder else page


def mdbook_chapters(book):
    """The chapters with a file, as toc reads them, relative to the src."""
    toc = json.loads(isle("toc", "--format", "json", book))
    return {c["title"]: os.path.relpath(c["path"], toc["folder"])
            for c in toc["chapters"] if c["document"] is not None}


def mdbook(book, expected_sections):
    parsed = parse_llms_file(isle("llms", book))
    chapters = mdbook_chapters(book)
    expect(list(parsed.sections) == expected_sections,
           f"{book}: sections {list(parsed.sections)}")
    for _, title, url, _ in links(parsed):
        expect(url == mdbook_name(chapters[title]), f"{book}: {title} at {url}")
    return parsed


MDBOOK = {
    "book.toml": '[book]\ntitle = "Bees"\nsrc = "src"\n',
    "src/SUMMARY.md": "# Summary\n\n[Introduction](README.md)\n\n# Keeping\n\n"
    "- [Hives](hives/README.md)\n    - [Frames](hives/frames.md)\n"
    "- [Swarms]()\n    - [Catching](swarms/catching.md)\n"
    "- [Appendix A: Words](appendix.md)\n    - [Latin](latin.md)\n\n[Thanks](thanks.md)\n",
    "src/README.md": "# Introduction\n\nBees, kept at home.\n",
    "src/hives/README.md": "# Hives\n\nBoxes.\n",
    "src/hives/frames.md": "# Frames\n\n{{#include ../../listings/frame.txt:size}}\n",
    "src/swarms/catching.md": "# Catching\n\nWith a box.\n",
    "src/appendix.md": "# Appendix A: Words\n\nSome words.\n",
    "src/latin.md": "# Latin\n\nApis mellifera.\n",
    "src/thanks.md": "# Thanks\n\nTo the bees.\n",
    "listings/frame.txt": "before\n// ANCHOR: size\nA frame is 48 cm wide.\n// ANCHOR_END: size\n",
}


def mdbooks():
    mdbook(os.path.join(ROOT, "fixtures/book"), ["Docs", "Making tea", "Optional"])
    mdbook(os.path.join(ROOT, "fixtures/mdbook"), ["Docs"])
    with tempfile.TemporaryDirectory() as root:
        write(root, MDBOOK)
        parsed = mdbook(root, ["Docs", "Keeping", "Optional"])
        optional = [link["title"] for link in parsed.sections["Optional"]]
        expect(optional == ["Catching", "Appendix A: Words", "Latin", "Thanks"], f"{optional}")
        full = isle("llms", "--full", root)
        expect("A frame is 48 cm wide." in full and "ANCHOR" not in full, "include not expanded")


def byte_class(byte):
    if 0x41 <= byte <= 0x5A or 0x61 <= byte <= 0x7A or byte >= 0x80:
        return "letter"
    if 0x30 <= byte <= 0x39:
        return "digit"
    if byte in (0x20, 0x09, 0x0B, 0x0C):
        return "space"
    return "newline" if byte in (0x0A, 0x0D) else "sign"


def estimate(text):
    """isle's estimate (Sources/Tokens/TokenEstimate.swift), written again:
    words a token for every 9 units (ASCII 1, a character of two bytes 4,
    a longer one 9), digits a token for every 3, signs one for every 2
    bytes, each white space piece one."""
    data = text.encode()
    kinds = [byte_class(byte) for byte in data]
    total, i, n = 0, 0, len(data)

    def run(start, kind, limit=None):
        end = start
        stop = n if limit is None else min(n, start + limit)
        while end < stop and kinds[end] == kind:
            end += 1
        return end

    while i < n:
        own, after = kinds[i], kinds[i + 1] if i + 1 < n else None
        if own == "letter" or (own not in ("digit", "newline") and after == "letter"):
            end = run(i if own == "letter" else i + 1, "letter")
            units = sum(1 if b < 0x80 else 0 if b < 0xC0 else 4 if b < 0xE0 else 9
                        for b in data[i:end])
            total += max(1, math.ceil(units / 9))
        elif own == "digit":
            end = run(i, "digit", 3)
            total += 1
        elif own == "sign" or (data[i] == 0x20 and after == "sign"):
            end = run(i if own == "sign" else i + 1, "sign")
            total += (end - i + 1) // 2
            end = run(end, "newline")
        else:
            end = i
            while end < n and kinds[end] in ("space", "newline"):
                end += 1
            breaks = [k for k in range(i, end) if kinds[k] == "newline"]
            if breaks:
                end = breaks[-1] + 1
            elif end < n:
                end = end - 1 if end - i >= 2 else i + 1
            total += 1
        i = end
    return total


def parts():
    book = os.path.join(ROOT, "fixtures/book")
    whole = isle("llms", "--full", book)
    body = whole.split("\n\n", 2)[2]
    for budget in (400, 1000):
        with tempfile.TemporaryDirectory() as root:
            out = os.path.join(root, "llms-full.txt")
            named = isle("llms", "--full", "--max-tokens", str(budget), "--output", out, book)
            files = named.split()
            expect(len(files) > 1, f"{budget}: {files}")
            joined = ""
            for k, path in enumerate(files, 1):
                expect(path == os.path.join(root, f"llms-full-{k}.txt"), path)
                with open(path, encoding="utf-8") as part:
                    text = part.read()
                expect(estimate(text) <= budget, f"{path}: {estimate(text)} > {budget}")
                expect(text.startswith(f"# Tea (part {k} of {len(files)})\n\n> "), text[:60])
                joined += text.split("\n\n", 2)[2]
            expect(joined == body, f"{budget}: the parts are not the whole")


def main():
    mkdocs_directory_urls()
    mkdocs_html_urls()
    mdbooks()
    parts()
    for failure in FAILURES:
        print("FAIL:", failure)
    print(f"{0 if FAILURES else 1} passed, {len(FAILURES)} failed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
