#!/usr/bin/env python3
"""Writes a deterministic Markdown document of about SIZE bytes: headings at
every level, prose (Latin and CJK), lists, quotes, tables, code fences holding
`#` lines, reference links, footnotes (repeated, case-folded, unreferenced),
labels over two lines and `[label]:` lines inside code. The same SIZE always
gives the same bytes."""
import random
import sys

WORDS = ("the reader scrolls through a long page and the island names the section "
         "in view with a ring of how much is read opening into the contents where "
         "a red puck marks the current row").split()
CJK = "読書の時間は人によって大きく違います阅读是一种安静的快乐책을읽는시간은사람마다다릅니다"


def sentence(rng, n, link, links=50, emphasis=None):
    """N random words, sometimes with a CJK run, a link (LINK % a number
    below LINKS) and, given EMPHASIS, an emphasised word; capitalised, with
    a full stop. The HTML generator writes its prose with it too."""
    words = [rng.choice(WORDS) for _ in range(n)]
    if rng.random() < 0.2:
        words.insert(rng.randrange(len(words)), "".join(rng.choice(CJK) for _ in range(12)))
    if rng.random() < 0.3:
        words.insert(rng.randrange(len(words)), link % rng.randrange(links))
    if emphasis and rng.random() < 0.2:
        words.insert(rng.randrange(len(words)), emphasis % rng.choice(WORDS))
    return " ".join(words).capitalize() + "."


def paragraph(rng, n):
    return sentence(rng, n, "[a link][ref%d]") + "\n"


def block(rng, i):
    kind = rng.random()
    if kind < 0.08:
        level = rng.choice([1, 2, 2, 3, 3, 3, 4, 5, 6])
        return "#" * level + " Section %d *about* `%s`\n" % (i, rng.choice(WORDS))
    if kind < 0.12:
        return "```sh\n# not a heading %d\necho '## nor this'\n```\n" % i
    if kind < 0.18:
        return "".join("- %s" % paragraph(rng, 8) for _ in range(4))
    if kind < 0.22:
        return "".join("> %s" % paragraph(rng, 10) for _ in range(2))
    if kind < 0.25:
        rows = "".join("| %s | %d |\n" % (rng.choice(WORDS), rng.randrange(100)) for _ in range(5))
        return "| word | count |\n| --- | --- |\n" + rows
    # What real documents have and a cut must survive: footnotes referred
    # to in one place and defined in another (some repeated, some in
    # another case, some never referred to), link labels over two lines,
    # and `[label]:` lines inside code that define nothing.
    if kind < 0.26:
        return "%s[^note%d].\n" % (sentence(rng, 12, "[a link][ref%d]"), rng.randrange(40))
    if kind < 0.265:
        return "[^%s%d]: %s\n" % (rng.choice(["note", "Note", "spare"]), rng.randrange(40),
                                 sentence(rng, 15, "[a link][ref%d]"))
    if kind < 0.27:
        return "[Two\nLines %d]: https://example.com/two/%d\n" % (i % 30, i)
    if kind < 0.275:
        return "See [two lines %d] and `[ref%d]: /not`.\n" % (rng.randrange(30), rng.randrange(50))
    if kind < 0.28:
        return "```markdown\n[ref%d]: /inside-code\n[^note%d]: inside code\n```\n" % (
            rng.randrange(50), rng.randrange(40))
    return paragraph(rng, rng.randrange(20, 80))


def main():
    size = int(sys.argv[1])
    rng = random.Random(size)
    out = sys.stdout
    written = 0
    i = 0
    out.write("# A generated document\n\n")
    while written < size:
        text = block(rng, i) + "\n"
        out.write(text)
        written += len(text.encode())
        i += 1
    for n in range(50):
        out.write("[ref%d]: https://example.com/%d\n" % (n, n))


if __name__ == "__main__":
    main()
