#!/usr/bin/env python3
"""LangChain's MarkdownHeaderTextSplitter beside `isle show --all`.

  python3 bench/splitters.py split PATH...
      The job `isle show --all --format jsonl PATH...` does, done by
      LangChain's splitter: every Markdown file under PATH (in name order,
      hidden ones skipped), cut at its level 1-3 headings, one JSON line a
      chunk on standard output (its path, the headings above it, its text).

  python3 bench/splitters.py compare ISLE PATH...
      Where the two cut, document by document: every heading line one cuts
      at and the other does not, sorted into kinds by what cmark-gfm (the
      CommonMark reference parser, `--sourcepos -t xml`) finds on that line,
      with a count and the first examples of each kind.

The splitter reads line by line: a line is a heading when, stripped, it
starts with one to three `#` and a space, unless a line before it opened a
code fence (``` or ~~~, as it tracks them). Its cut lines are recovered by
replaying that rule over the lines and checked against the lines the
splitter itself looked at (its `_is_custom_header` is called once a line,
outside code), so a replay that drifted from the real thing stops the run.
"""
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

HEADERS = [("#", "h1"), ("##", "h2"), ("###", "h3")]


def documents(paths):
    """The Markdown files under PATHS, as isle walks them: in name order,
    hidden files and folders left out."""
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, folders, files in os.walk(path):
            folders[:] = sorted(d for d in folders if not d.startswith("."))
            for name in sorted(files):
                if not name.startswith(".") and name.lower().endswith((".md", ".markdown")):
                    yield os.path.join(folder, name)


def recording_splitter():
    """LangChain's splitter, noting each line it reads outside code."""
    from langchain_text_splitters import MarkdownHeaderTextSplitter

    class Recording(MarkdownHeaderTextSplitter):
        def __init__(self):
            super().__init__(headers_to_split_on=HEADERS, strip_headers=False)
            self.seen = []

        def _is_custom_header(self, line, sep):
            # Called for each separator in turn, longest first.
            if sep == self.headers_to_split_on[0][0]:
                self.seen.append(line)
            return super()._is_custom_header(line, sep)

    return Recording()


def split(paths):
    from langchain_text_splitters import MarkdownHeaderTextSplitter
    splitter = MarkdownHeaderTextSplitter(headers_to_split_on=HEADERS, strip_headers=False)
    out = sys.stdout
    for path in documents(paths):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for chunk in splitter.split_text(text):
            out.write(json.dumps({"path": path, "headings": chunk.metadata, "text": chunk.page_content},
                                 ensure_ascii=False) + "\n")


def replay(text):
    """(line number, stripped line) of every line the splitter reads
    outside code, by its own rule."""
    in_code, fence = False, ""
    for number, line in enumerate(text.split("\n"), 1):
        stripped = "".join(filter(str.isprintable, line.strip()))
        if not in_code:
            if stripped.startswith("```") and stripped.count("```") == 1:
                in_code, fence = True, "```"
            elif stripped.startswith("~~~"):
                in_code, fence = True, "~~~"
        elif stripped.startswith(fence):
            in_code, fence = False, ""
        if not in_code:
            yield number, stripped


def heading_level(stripped):
    for sep, _ in sorted(HEADERS, key=lambda h: -len(h[0])):
        if stripped.startswith(sep) and (len(stripped) == len(sep) or stripped[len(sep)] == " "):
            return len(sep)
    return None


def langchain_cuts(text):
    """The lines LangChain's splitter cuts at, checked against the splitter."""
    splitter = recording_splitter()
    splitter.split_text(text)
    read = list(replay(text))
    if [line for _, line in read] != splitter.seen:
        sys.exit("splitters: the replay of LangChain's rule drifted from the splitter itself")
    return {number for number, line in read if heading_level(line)}


def isle_cuts(isle, paths):
    """Each document's cut lines by `isle show --all --format jsonl`: the
    first line of every record but the text before the first heading."""
    cuts = {}
    run = subprocess.run([isle, "show", "--all", "--format", "jsonl", *paths], stdout=subprocess.PIPE,
                         check=True)
    for line in run.stdout.splitlines():
        record = json.loads(line)
        lines = cuts.setdefault(record["path"], set())
        if record["number"]:
            lines.add(record["lines"][0])
    return cuts


def cmark_tree(path):
    xml = subprocess.run(["cmark-gfm", "--sourcepos", "-t", "xml", "-e", "table", "-e", "strikethrough",
                          "-e", "autolink", "-e", "tagfilter", "-e", "tasklist", path],
                         stdout=subprocess.PIPE, check=True).stdout
    return ElementTree.fromstring(xml)


def blocks_at(root, number):
    """The chain of cmark's blocks that hold line NUMBER, outermost first."""
    chain = []
    node = root
    while True:
        for child in node:
            position = child.get("sourcepos")
            if not position:
                continue
            start, end = position.split("-")
            first, last = int(start.split(":")[0]), int(end.split(":")[0])
            # cmark ends a block its own rule closed one line early.
            if first <= number <= max(first, last):
                chain.append(child)
                node = child
                break
        else:
            return chain


def tag(element):
    return element.tag.split("}")[-1]


def front_matter_end(lines):
    """The last line of YAML or TOML front matter, 0 when there is none."""
    if lines and lines[0].strip() in ("---", "+++"):
        closers = ("---", "...") if lines[0].strip() == "---" else ("+++",)
        for number, line in enumerate(lines[1:], 2):
            if line.strip() in closers:
                return number
    return 0


def kind(side, lines, number, chain, langchain_in_code):
    """Why one side cuts at line NUMBER and the other does not."""
    line = lines[number - 1] if number <= len(lines) else ""
    tags = [tag(block) for block in chain]
    if number <= front_matter_end(lines):
        return "a '#' line inside front matter"
    if side == "langchain":
        if "code_block" in tags:
            fenced = [b for b in chain if tag(b) == "code_block" and b.get("info") is not None]
            start = int(chain[tags.index("code_block")].get("sourcepos").split(":")[0])
            opener = lines[start - 1].lstrip()
            return ("'#' in a fenced code block" if opener.startswith(("```", "~~~"))
                    else "'#' in an indented code block (4 spaces or more)")
        if "html_block" in tags:
            return "'#' in an HTML block (up to a blank line, or its end tag)"
        if tags and tags[-1] == "paragraph":
            return "'#' inside a paragraph's lines"
        if tags and tags[-1] == "heading":
            return "a heading cmark finds and isle does not"
        return "other: " + "/".join(tags)
    if "heading" not in tags:
        if "html_block" in tags:
            return "an HTML heading (<h1>-<h3>) in an HTML block"
        return "other: " + "/".join(tags)
    heading = chain[tags.index("heading")]
    start, end = heading.get("sourcepos").split("-")
    if "block_quote" in tags:
        return "a heading in a block quote"
    if "item" in tags:
        return "a heading in a list item"
    if int(end.split(":")[0]) > int(start.split(":")[0]) or not line.lstrip().startswith("#"):
        return "a setext heading (underlined with = or -)"
    if langchain_in_code:
        return "a heading LangChain reads as code: after a fence it takes to be still open"
    stripped = line.strip()
    marks = len(stripped) - len(stripped.lstrip("#"))
    if marks < len(stripped) and stripped[marks] == "\t":
        return "a tab after the '#'s"
    return "other heading: " + stripped[:40]


def compare(isle, paths):
    ours = isle_cuts(isle, paths)
    kinds = {}
    same = ours_only = theirs_only = documents_compared = 0
    for path in documents(paths):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        theirs = langchain_cuts(text)
        mine = ours.get(path, set())
        documents_compared += 1
        same += len(mine & theirs)
        if mine == theirs:
            continue
        lines = text.split("\n")
        root = cmark_tree(path)
        read = {number for number, _ in replay(text)}
        for side, numbers in (("isle", mine - theirs), ("langchain", theirs - mine)):
            for number in sorted(numbers):
                name = kind(side, lines, number, blocks_at(root, number), number not in read)
                examples = kinds.setdefault((side, name), [])
                examples.append("%s:%d" % (path, number))
                if side == "isle":
                    ours_only += 1
                else:
                    theirs_only += 1
    print("  %d documents: %d cuts in common, %d isle's alone, %d LangChain's alone" % (
        documents_compared, same, ours_only, theirs_only))
    for (side, name), examples in sorted(kinds.items(), key=lambda item: (item[0][0], -len(item[1]))):
        print("  %-9s %5d  %s (e.g. %s)" % ("isle" if side == "isle" else "LangChain", len(examples), name,
                                             ", ".join(examples[:2])))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "split":
        split(sys.argv[2:])
    elif len(sys.argv) >= 4 and sys.argv[1] == "compare":
        compare(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
