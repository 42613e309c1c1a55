#!/usr/bin/env python3
"""Writes a deterministic HTML page of about SIZE bytes: headings at every
level (some with ids, some holding inline markup), prose (Latin and CJK),
lists, tables, preformatted code holding heading-like text, scripts and
styles. The same SIZE always gives the same bytes."""
import html
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate import WORDS, sentence  # noqa: E402  the Markdown generator's words


def prose(rng, n):
    return sentence(rng, n, '<a href="#s%d">a link</a>', links=1000, emphasis="<em>%s</em>")


def block(rng, i):
    kind = rng.random()
    if kind < 0.08:
        level = rng.choice([1, 2, 2, 3, 3, 3, 4, 5, 6])
        ident = ' id="s%d"' % i if rng.random() < 0.5 else ""
        return "<h%d%s>Section %d <code>%s</code></h%d>\n" % (level, ident, i, rng.choice(WORDS), level)
    if kind < 0.12:
        return "<pre><code>%s\n</code></pre>\n" % html.escape("<h2>not a heading %d</h2>" % i)
    if kind < 0.18:
        return "<ul>\n%s</ul>\n" % "".join("<li>%s</li>\n" % prose(rng, 8) for _ in range(4))
    if kind < 0.21:
        rows = "".join("<tr><td>%s</td><td>%d</td></tr>\n" % (rng.choice(WORDS), rng.randrange(100))
                       for _ in range(5))
        return "<table>\n<tr><th>word</th><th>count</th></tr>\n%s</table>\n" % rows
    if kind < 0.22:
        return "<script>var heading = '<h1>no</h1>';</script>\n"
    return "<p>%s</p>\n" % prose(rng, rng.randrange(20, 80))


def main():
    size = int(sys.argv[1])
    rng = random.Random(size)
    out = sys.stdout
    head = ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            "<title>A generated page</title>\n<style>h1 { color: red; }</style>\n"
            "</head>\n<body>\n")
    out.write(head)
    written = len(head.encode())
    i = 0
    while written < size:
        text = block(rng, i)
        out.write(text)
        written += len(text.encode())
        i += 1
    out.write("</body>\n</html>\n")


main()
