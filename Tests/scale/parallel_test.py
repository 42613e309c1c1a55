#!/usr/bin/env python3
"""make test-scale: doc/scale.md's two GNU parallel recipes, as the page
prints them, with the local machine as the only login (`:` in the
--sshloginfile), on ../shared/corpus's Markdown twice over (folders of
symbolic links in a temporary folder, `docs/`).

The --shard recipe (N=3, its --workdir the temporary folder) and the
--pipe recipe (its blocks 1 MB, so that several isle processes share the
input) must each write the records of one `isle show --all --format
jsonl` run over the same files, each once, field by field, sorted by key;
the --pipe recipe's each carrying its document's own `id` in `meta`.

  python3 Tests/scale/parallel_test.py ISLE CORPUS [COPIES]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import recipes


def run(what, recipe, scratch, env):
    """Runs RECIPE with sh in SCRATCH; fails the test when it fails."""
    start = time.perf_counter()
    done = subprocess.run(["sh", "-c", recipe], cwd=scratch, env=env, timeout=recipes.limit(300),
                          stderr=subprocess.PIPE)
    if done.returncode != 0:
        sys.exit("%s: the recipe exited %d:\n%s\n%s" % (
            what, done.returncode, recipe, done.stderr.decode(errors="replace")[-2000:]))
    print("  %s: %.1f s" % (what, time.perf_counter() - start))


def chunks(what, path):
    """The records the recipe wrote to PATH, by key."""
    with open(path, encoding="utf-8") as lines:
        return recipes.keyed(what, [json.loads(line) for line in lines])


def shards(scratch, names, env, want):
    """The --shard recipe, N=3, and its list."""
    recipe = recipes.blocks("GNU parallel over ssh", "sh")[0]
    recipe = recipes.replace(recipe, "N=16", "N=3")
    recipe = recipes.replace(recipe, "/data/wiki", scratch)
    run("parallel --shard {}/3", recipe, scratch, env)
    with open(os.path.join(scratch, "list"), "rb") as listed:
        paths = sorted(p.decode() for p in listed.read().split(b"\0") if p)
    if paths != names:
        sys.exit("the recipe's list is not the %d Markdown files: %d paths" % (len(names), len(paths)))
    got = chunks("parallel --shard", os.path.join(scratch, "chunks.jsonl"))
    recipes.compare("parallel --shard", got, want, fields(want))


def pipe(scratch, names, env, want):
    """The --pipe recipe, on the same files as JSON Lines with an id each."""
    with open(os.path.join(scratch, "docs.jsonl"), "w", encoding="utf-8") as docs:
        for number, name in enumerate(names):
            with open(os.path.join(scratch, name), encoding="utf-8", newline="") as file:
                docs.write(json.dumps({"path": name, "text": file.read(), "id": number}) + "\n")
    recipe = recipes.blocks("GNU parallel over ssh", "sh")[1]
    recipe = recipes.replace(recipe, "--block 64M", "--block 1M")
    os.remove(os.path.join(scratch, "chunks.jsonl"))
    run("parallel --pipe --block 1M", recipe, scratch, env)
    got = chunks("parallel --pipe", os.path.join(scratch, "chunks.jsonl"))
    ids = {name: number for number, name in enumerate(names)}
    wrong = [key for key, record in got.items() if record.pop("meta", None) != {"id": ids[record["path"]]}]
    if wrong:
        sys.exit("parallel --pipe: %d records do not carry their document's id, %s first" % (
            len(wrong), wrong[0]))
    recipes.compare("parallel --pipe", got, want, fields(want))


def fields(records):
    """Every field any of RECORDS has."""
    return sorted({field for record in records.values() for field in record})


def main():
    isle, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    if not shutil.which("parallel"):
        sys.exit("test-scale: GNU parallel is not installed (scripts/install-deps scale)")
    scratch = tempfile.mkdtemp(prefix="isle-parallel-")
    try:
        names = ["docs/" + n for n in recipes.tree(corpus, os.path.join(scratch, "docs"), count, (".md",))]
        os.makedirs(os.path.join(scratch, "bin"))
        os.symlink(isle, os.path.join(scratch, "bin", "isle"))
        with open(os.path.join(scratch, "machines"), "w") as machines:
            machines.write(":\n")
        env = dict(os.environ, PATH=os.path.join(scratch, "bin") + os.pathsep + os.environ["PATH"])
        want = recipes.reference(isle, scratch, names)
        print("test-scale: GNU parallel, %s x%d, %d documents, %d records" % (
            corpus, count, len(names), len(want)))
        shards(scratch, names, env, want)
        pipe(scratch, names, env, want)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
