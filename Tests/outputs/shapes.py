"""The documents the outputs suite runs isle on: generated shapes of every
size, and real ones (../shared/corpus joined, the W3C pages) when asked.

Each shape is a name and the bytes of a document; `sized` finds, for a
target size of `toc --format json`'s output, the number of sections whose
output lands there, so outputs just under, at and past each buffer are
made, not guessed.
"""

import os
import random
import subprocess

WORDS = ("river stone lantern orchard copper meadow harbour willow "
         "signal ember quartz falcon thistle cobalt juniper").split()


def words(rng, count):
    return " ".join(rng.choice(WORDS) for _ in range(count))


def sections(count, seed=1, body=12):
    """`count` headings of every level with a paragraph each, a code
    block, a table and a list now and then."""
    rng = random.Random(seed)
    parts = []
    for number in range(count):
        level = 1 if number == 0 else 2 + number % 5
        parts.append("#" * level + f" {words(rng, 3).title()} {number}\n\n")
        parts.append(words(rng, body) + ".\n\n")
        if number % 7 == 3:
            parts.append("```sh\n# not a heading\nrun --it\n```\n\n")
        if number % 11 == 5:
            parts.append("| a | b |\n| --- | --- |\n| " + words(rng, 2) + " | x |\n\n")
        if number % 13 == 6:
            parts.append("- " + words(rng, 4) + "\n  - [link](#x)\n\n")
    return "".join(parts).encode()


def huge_section(size, seed=2):
    """One heading over a body of `size` bytes in many paragraphs."""
    rng = random.Random(seed)
    parts, total = ["# The Only Heading\n\n"], 0
    while total < size:
        paragraph = words(rng, 60) + ".\n\n"
        parts.append(paragraph)
        total += len(paragraph)
    return "".join(parts).encode()


def one_line(size):
    """A heading, then a paragraph of `size` bytes on one line."""
    unit = "word and another "
    return b"# A Line\n\n" + (unit * (size // len(unit) + 1))[:size].encode() + b"\n"


def deep(count, seed=3):
    """Headings in quotes and lists nested deep, levels going down and up."""
    rng = random.Random(seed)
    parts = []
    for number in range(count):
        depth = number % 9
        parts.append("#" * (1 + number % 6) + f" Deep {number}\n\n")
        parts.append("> " * depth + words(rng, 8) + "\n\n")
        parts.append("".join("  " * i + "- item\n" for i in range(depth)) + "\n")
    return "".join(parts).encode()


def front_matter_crlf(count):
    """Front matter, CRLF line ends and a byte order mark."""
    text = "---\r\ntitle: Lines Ended Twice\r\n---\r\n" + sections(count).decode().replace("\n", "\r\n")
    return b"\xef\xbb\xbf" + text.encode()


def json_size(isle, document, folder):
    path = os.path.join(folder, "probe.md")
    with open(path, "wb") as file:
        file.write(document)
    out = subprocess.run([isle, "toc", "--format", "json", "--max-level", "6", path],
                         capture_output=True, check=False).stdout
    return len(out)


def sized(isle, target, folder):
    """A generated document whose JSON outline is within a few hundred
    bytes of `target`: the section count found by proportion, then
    moved a section at a time."""
    per = max(1, json_size(isle, sections(400), folder) // 400)
    count = max(1, target // per)
    for _ in range(40):
        size = json_size(isle, sections(count), folder)
        if abs(size - target) <= per:
            break
        count += 1 if size < target else -1
    return sections(count)


def small_shapes(isle, folder, every):
    """The shapes up to 1 MiB. Unless `every` (make test-large), a sample
    of them (make test): each shape once, the outputs sized just past
    each buffer (not under and at it too), the one-line paragraph past
    both buffers at 256 KiB (the huge section stays past 1 MiB, where
    isle maps a file)."""
    kib = 1024
    shapes = [("empty", b""), ("one-kib", sections(4)), ("crlf-bom-front-matter", front_matter_crlf(300)),
              ("deep", deep(600)), ("huge-section-1mib", huge_section(1 << 20)),
              ("sections-256kib", sections(2000))]
    shapes.append(("one-line-1mib", one_line(1 << 20)) if every else ("one-line-256kib", one_line(256 * kib)))
    targets = (63, 64, 65, 127, 128, 129) if every else (65, 129)
    for target in targets:
        shapes.append((f"json-{target}kib", sized(isle, target * kib, folder)))
    return shapes


def large_shapes(corpus):
    # make test's sections shape stops at 2,000 (every section's lines
    # checked, the 1 MiB documents above being the other shapes); the
    # 1 MiB one of 9,000 sections is here, beside the 16 MiB one.
    shapes = [("sections-1mib", sections(9000)), ("sections-16mib", sections(140_000)),
              ("huge-section-64mib", huge_section(64 << 20)),
              ("one-line-30mb", one_line(30_000_000))]
    if os.path.isdir(corpus):
        joined = []
        for root, dirs, files in os.walk(corpus):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".md"):
                    with open(os.path.join(root, name), "rb") as file:
                        joined.append(file.read())
        shapes.append(("corpus-joined", b"\n\n".join(joined)))
    return shapes


def w3c_pages(corpus):
    """The corpus's HTML specifications, by path."""
    pages = []
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        pages += [os.path.join(root, name) for name in sorted(files) if name.endswith(".html")]
    return pages
