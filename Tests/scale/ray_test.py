#!/usr/bin/env python3
"""make test-scale: doc/scale.md's Ray Data recipe, as the page prints
it, on Ray in local mode (two CPUs, no dashboard), from Parquet this test
writes: ../shared/corpus's documents twice over (symbolic links in a
temporary folder), a `path` and a `text` column, in a folder of four
files as Spark writes one.
The chunks it writes must be the records of one `isle show --all --format
jsonl` run over the same files, each once, field by field, sorted by key,
every `meta` `{}`; then on 100 of the documents with a `doc_id` column,
each chunk carrying its document's in `meta`.

  python3 Tests/scale/ray_test.py ISLE CORPUS [COPIES]

The recipe runs in a Python of its own (`--driver`), with isle on its
PATH, under a time limit that ISLE_TIMEOUT_SCALE stretches.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import recipes

DOCUMENTS = (".md", ".markdown", ".html", ".htm")


def driver(folder, runs):
    """Runs the recipe in FOLDER (where Ray starts, so that its relative
    paths are FOLDER's for every worker) once for each of RUNS: RUN's
    docs.parquet in as docs.parquet, chunks/ out as RUN's."""
    os.chdir(folder)
    import logging
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    # Ray Data logs its progress every few seconds where there is no terminal.
    ray.data.DataContext.get_current().enable_progress_bars = False
    logging.getLogger("ray.data").setLevel(logging.WARNING)
    recipe = recipes.blocks("Ray Data", "python")[0]
    for run in runs:
        os.replace(os.path.join(run, "docs.parquet"), "docs.parquet")
        start = time.perf_counter()
        exec(compile(recipe, "doc/scale.md", "exec"), {"__name__": "recipe"})
        print("  ray: the recipe on %s: %.1f s" % (os.path.basename(run), time.perf_counter() - start))
        os.replace("docs.parquet", os.path.join(run, "docs.parquet"))
        os.replace("chunks", os.path.join(run, "chunks"))
    ray.shutdown()


def parquet(scratch, tree, names, folder, parts, ids):
    """FOLDER/docs.parquet of NAMES (paths from TREE), a folder of PARTS
    files as Spark writes one, a doc_id column too when IDS."""
    import pyarrow as pa
    import pyarrow.parquet as pq
    texts = []
    for name in names:
        with open(os.path.join(tree, name), encoding="utf-8", newline="") as file:
            texts.append(file.read())
    columns = {"path": names, "text": texts}
    if ids:
        columns["doc_id"] = list(range(len(names)))
    table = pa.table(columns)
    into = os.path.join(scratch, folder, "docs.parquet")
    os.makedirs(into)
    size = -(-len(names) // parts)
    for part in range(parts):
        pq.write_table(table.slice(part * size, size), os.path.join(into, "part-%05d.parquet" % part))


def chunks(what, folder):
    """The chunks the recipe wrote under FOLDER/chunks, by key, the fields
    their schema names, and how many files hold them."""
    import pyarrow.parquet as pq
    directory = os.path.join(folder, "chunks")
    table = pq.read_table(directory)
    files = [f for f in os.listdir(directory) if f.endswith(".parquet")]
    return recipes.keyed(what, table.to_pylist()), table.schema.names, len(files)


def check(what, got, names, want, metas):
    """GOT (chunks by key) against WANT, each chunk's meta its document's."""
    wrong = [key for key, record in got.items() if json.loads(record.pop("meta")) != metas(record["path"])]
    if wrong:
        sys.exit("%s: %d chunks do not carry their document's meta, %s first" % (what, len(wrong), wrong[0]))
    fields = [f for f in names if f not in ("meta", "line", "error")]
    absent = sorted({f for f in fields if not any(f in record for record in want.values())})
    if absent:
        sys.exit("%s: the recipe names fields isle does not write: %s" % (what, absent))
    dropped = sorted({f for record in want.values() for f in record} - set(names))
    if dropped:
        print("  %s: note: fields isle writes that the recipe leaves out: %s" % (what, dropped))
    recipes.compare(what, got, want, fields)


def main():
    if sys.argv[1] == "--driver":
        driver(sys.argv[2], sys.argv[3:])
        return
    isle, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    scratch = tempfile.mkdtemp(prefix="isle-ray-")
    try:
        tree = os.path.join(scratch, "tree")
        names = recipes.tree(corpus, tree, count, DOCUMENTS)
        parquet(scratch, tree, names, "all", 4, False)
        parquet(scratch, tree, names[:100], "ids", 1, True)
        env = dict(os.environ, PATH=os.path.dirname(isle) + os.pathsep + os.environ["PATH"])
        if not os.path.exists(os.path.join(os.path.dirname(isle), "isle")):
            os.makedirs(os.path.join(scratch, "bin"))
            os.symlink(isle, os.path.join(scratch, "bin", "isle"))
            env["PATH"] = os.path.join(scratch, "bin") + os.pathsep + os.environ["PATH"]
        print("test-scale: Ray Data, %s x%d, %d documents" % (corpus, count, len(names)))
        start = time.perf_counter()
        subprocess.run([sys.executable, os.path.abspath(__file__), "--driver", scratch,
                        os.path.join(scratch, "all"), os.path.join(scratch, "ids")],
                       env=env, check=True, timeout=recipes.limit(600))
        print("  ray: the driver, Ray's start included: %.1f s" % (time.perf_counter() - start))

        got, fields, files = chunks("ray", os.path.join(scratch, "all"))
        want = recipes.reference(isle, tree, names)
        print("  ray: %d chunks in %d Parquet file%s" % (len(got), files, "" if files == 1 else "s"))
        check("ray", got, fields, want, lambda path: {})
        got, fields, _ = chunks("ray with doc_id", os.path.join(scratch, "ids"))
        ids = {name: number for number, name in enumerate(names[:100])}
        want = recipes.reference(isle, tree, names[:100])
        check("ray with doc_id", got, fields, want, lambda path: {"doc_id": ids[path]})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
