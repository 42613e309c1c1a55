"""isle's counts with a Hugging Face tokenizer.json held to the `tokenizers`
package, the oracle (imported by oracle.py).

Tokenizers are trained offline, by tokenizers' own trainers, on the
documents given: a WordPiece (BERT's normalizer and pre-tokenizer) and a
byte-level BPE, then written again with other settings (BERT normalizers
that keep case or accents, skip cleaning or Chinese characters; BPE with
a space before each text, every byte in its alphabet, added tokens that
strip white space or stand alone). For each, every record of `isle show
--all --format jsonl --tokenizer FILE` counts what `encode(embed,
add_special_tokens=False)` counts, and with --max-tokens no embed holds
more.
"""
import json
import os
import tempfile

from tokenizers import AddedToken, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers


def markdown_texts(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                for name in sorted(names):
                    if name.endswith(".md"):
                        yield read(os.path.join(folder, name))
        elif path.endswith(".md"):
            yield read(path)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read()


def wordpiece(paths):
    tokenizer = Tokenizer(models.WordPiece(unk_token="[UNK]", max_input_chars_per_word=40))
    tokenizer.normalizer = normalizers.BertNormalizer()
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.WordPieceTrainer(
        vocab_size=6000, special_tokens=["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]"],
        show_progress=False)
    tokenizer.train_from_iterator(markdown_texts(paths), trainer)
    return json.loads(tokenizer.to_str())


def bpe(paths, alphabet):
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=6000, special_tokens=["<|endoftext|>"], show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet() if alphabet else [])
    tokenizer.train_from_iterator(markdown_texts(paths), trainer)
    return json.loads(tokenizer.to_str())


def variants(paths):
    """Each tokenizer.json checked, by the name it is written under."""
    found = {}
    trained = wordpiece(paths)
    found["wordpiece.json"] = trained
    for name, settings in [
        ("wordpiece-cased.json", dict(lowercase=False, strip_accents=False)),
        ("wordpiece-accents.json", dict(lowercase=True, strip_accents=False, handle_chinese_chars=False)),
        ("wordpiece-raw.json", dict(lowercase=False, strip_accents=True, clean_text=False)),
    ]:
        changed = json.loads(json.dumps(trained))
        changed["normalizer"] = dict({"type": "BertNormalizer", "clean_text": True,
                                      "handle_chinese_chars": True, "strip_accents": None,
                                      "lowercase": True}, **settings)
        found[name] = changed
    found["bpe.json"] = bpe(paths, alphabet=False)
    spaced = bpe(paths, alphabet=True)
    spaced["pre_tokenizer"]["add_prefix_space"] = True
    tokenizer = Tokenizer.from_str(json.dumps(spaced))
    tokenizer.add_special_tokens([AddedToken("[MASK]", lstrip=True, rstrip=True)])
    tokenizer.add_tokens([AddedToken("Homebrew", single_word=True), AddedToken("```")])
    found["bpe-spaced.json"] = json.loads(tokenizer.to_str())
    return found


def check(isle, paths, limits, records, fail):
    """Every variant's counts, and its --max-tokens cuts, held to tokenizers."""
    folder = tempfile.mkdtemp()
    for name, content in variants(paths).items():
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as file:
            json.dump(content, file, ensure_ascii=False)
        tokenizer = Tokenizer.from_file(path)
        tokenizer.no_truncation()
        tokenizer.no_padding()
        rows = records(isle, ["--tokenizer", path], paths)
        counts = count(tokenizer, [row["embed"] for row in rows])
        for row, want in zip(rows, counts):
            if row["tokens"] != want:
                fail(f"{name}: {row['key']}: isle {row['tokens']} tokens, tokenizers {want}")
            if row["tokenizer"] != name:
                fail(f"{name}: {row['key']}: tokenizer {row['tokenizer']!r}")
        print(f"{name}: {len(rows)} records, counts checked against tokenizers")
        for limit in limits[:1]:
            rows = records(isle, ["--tokenizer", path, "--max-tokens", str(limit), "--context"], paths)
            for row, want in zip(rows, count(tokenizer, [row["embed"] for row in rows])):
                if want > limit or want != row["tokens"]:
                    fail(f"{name}: N={limit}: {row['key']}: {want} tokens by tokenizers, "
                         f"{row['tokens']} said")
            print(f"{name}: --max-tokens {limit}: {len(rows)} records checked")


def count(tokenizer, texts):
    return [len(encoding.ids) for encoding in tokenizer.encode_batch(texts, add_special_tokens=False)]
