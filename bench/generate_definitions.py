#!/usr/bin/env python3
"""Writes a deterministic Markdown document of about SIZE bytes shaped like a
large specification made of many pages joined (a semantic-conventions
specification, say): sections of prose with reference links, attribute
tables whose notes read `**[1]:** ...` (no definition, though it looks like
one), many lines beginning `[text](url)` whose texts are also defined as
labels, and each page's reference definitions gathered at its end, the same
labels defined again page after page; the last page's definitions close the
document. The same SIZE always gives the same bytes."""
import random
import sys

WORDS = ("the span records a request method and the server sets its duration in seconds while "
         "instrumentation MUST NOT add attributes that the specification does not define").split()
NAMES = ("http", "server", "client", "network", "url", "user_agent", "db", "messaging", "rpc",
         "exception", "code", "thread", "process", "host", "container", "cloud")


def sentence(rng, n, labels):
    """N words, some of them reference links to LABELS, with a full stop."""
    words = [rng.choice(WORDS) for _ in range(n)]
    for _ in range(n // 15):
        words.insert(rng.randrange(len(words)), rng.choice(["[%s]", "[see][%s]", "[`%s`][]"]) % rng.choice(labels))
    return " ".join(words).capitalize() + "."


def attribute(rng):
    return "%s.%s" % (rng.choice(NAMES), rng.choice(NAMES))


def page(rng, number):
    """One page: a title, sections, and its definitions at its end."""
    labels = sorted({attribute(rng) for _ in range(30)} | {"DocumentStatus", "spec", "ref%d" % (number % 50)})
    out = ["# Page %d: %s conventions\n\n" % (number, rng.choice(NAMES)),
           "**Status**: [Stable][DocumentStatus]\n\n"]
    for section in range(rng.randrange(4, 9)):
        out.append("%s Section %d.%d\n\n" % ("#" * rng.choice([2, 2, 3, 4]), number, section))
        for _ in range(rng.randrange(2, 6)):
            out.append(sentence(rng, rng.randrange(20, 60), labels) + "\n\n")
        # Lines that begin with an inline link whose text is also a label.
        for _ in range(rng.randrange(3, 12)):
            name = rng.choice(labels)
            out.append("[%s](/docs/attributes-registry/%s.md) %s\n" % (
                name, name.split(".")[0], sentence(rng, 8, labels)))
        out.append("\n| Attribute | Type | Description |\n| --- | --- | --- |\n")
        notes = rng.randrange(1, 4)
        for _ in range(rng.randrange(3, 10)):
            name = rng.choice(labels)
            out.append("| [`%s`](/docs/registry/%s.md) | string | %s [%d] |\n" % (
                name, name, sentence(rng, 10, labels), rng.randrange(1, notes + 1)))
        out.append("\n")
        # The table's notes, which read like definitions and are none.
        for note in range(1, notes + 1):
            out.append("**[%d]:** %s\n\n" % (note, sentence(rng, 20, labels)))
    out.append("".join("[%s]: https://example.com/%d/%s\n" % (label, number, label) for label in labels))
    out.append("\n")
    return "".join(out)


def main():
    size = int(sys.argv[1])
    rng = random.Random(size)
    written = 0
    number = 0
    while written < size:
        text = page(rng, number)
        sys.stdout.write(text)
        written += len(text.encode())
        number += 1


if __name__ == "__main__":
    main()
