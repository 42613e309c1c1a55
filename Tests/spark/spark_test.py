#!/usr/bin/env python3
"""make test-spark: the PySpark job of doc/scale.md (contrib/spark/
isle_chunks.py) run in local mode, `local[2]`, on ../shared/corpus twenty
times over, and its chunks held to those of one `isle show --all --format
jsonl` run over the same files: the same rows, sorted by path and bytes,
field by field (the text by its SHA-256), empty files left out (Spark's
file source lists none). Then the same job from Parquet,
on one copy, each document's own column carried into its chunks' `meta`.

  python3 Tests/spark/spark_test.py ISLE CORPUS [COPIES]

The copies are folders of symbolic links to the corpus's files in a
temporary folder, removed afterwards; nothing is written in the project.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "contrib", "spark"))
import isle_chunks  # noqa: E402

FIELDS = ["number", "level", "id", "title", "headings", "lines", "words", "seconds", "part",
          "parts", "frontMatter"]


def copies(corpus, root, count):
    """COUNT folders under ROOT, each the corpus's tree with every file a
    symbolic link to the corpus's own."""
    corpus = os.path.abspath(corpus)
    names = []
    for index in range(1, count + 1):
        name = "copy%02d" % index
        names.append(name)
        for folder, _, files in os.walk(corpus):
            into = os.path.join(root, name, os.path.relpath(folder, corpus))
            os.makedirs(into, exist_ok=True)
            for file in files:
                os.symlink(os.path.join(folder, file), os.path.join(into, file))
    return names


def row(record):
    """A chunk as compared: (path, bytes) and the rest."""
    key = (record["path"], tuple(record["bytes"]))
    text = hashlib.sha256(record["text"].encode("utf-8")).hexdigest()
    return key, tuple(json.dumps(record[field]) for field in FIELDS) + (text,)


def isle_rows(isle, tree, names):
    """The chunks of one `isle show --all --format jsonl` run over NAMES,
    but those of empty files: Spark's file source lists no empty file
    (each gives isle one chunk, of no bytes), so the job never sees them."""
    out = subprocess.run([isle, "show", "--all", "--format", "jsonl", *names], cwd=tree,
                         stdout=subprocess.PIPE, check=True).stdout
    rows = [row(json.loads(line)) for line in out.splitlines()]
    return sorted(r for r in rows if os.path.getsize(os.path.join(tree, r[0][0])) > 0)


def spark_rows(spark, output):
    """The chunks the job wrote, text by its hash, and its error rows."""
    from pyspark.sql import functions as F
    chunks = spark.read.parquet(os.path.join(output, "chunks"))
    errors = [r.asDict() for r in chunks.where("error is not null").collect()]
    picked = chunks.where("error is null").select(
        "path", "bytes", "meta", *FIELDS, F.sha2("text", 256).alias("sha"))
    rows, metas = [], set()
    for r in picked.collect():
        record = r.asDict(recursive=True)
        metas.add(record["meta"])
        key = (record["path"], tuple(record["bytes"]))
        rows.append((key, tuple(json.dumps(record[field]) for field in FIELDS) + (record["sha"],)))
    return sorted(rows), errors, metas


def compare(what, ours, theirs):
    """Fails the run unless the two lists of rows are equal."""
    if ours == theirs:
        print("  %s: the same %d chunks" % (what, len(ours)))
        return
    mine, other = set(ours), set(theirs)
    print("  %s: %d chunks from Spark, %d from isle; %d only in Spark, %d only in isle" % (
        what, len(ours), len(theirs), len(mine - other), len(other - mine)))
    for extra in sorted(mine - other)[:3]:
        print("    only in Spark:", extra)
    for extra in sorted(other - mine)[:3]:
        print("    only in isle:", extra)
    sys.exit("test-spark: the chunks differ")


def main():
    isle, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    scratch = tempfile.mkdtemp(prefix="isle-spark-")
    try:
        tree = os.path.join(scratch, "tree")
        names = copies(corpus, tree, count)
        spark = isle_chunks.session("local[2]")
        start = time.perf_counter()
        isle_chunks.run(spark, tree, os.path.join(scratch, "out"), isle)
        seconds = time.perf_counter() - start
        rows, errors, metas = spark_rows(spark, os.path.join(scratch, "out"))
        reference = isle_rows(isle, tree, names)
        documents = len({key[0] for key, _ in reference})
        print("test-spark: %s x%d, %d documents, the job in local[2]: %.1f s" % (
            corpus, count, documents, seconds))
        if errors:
            sys.exit("test-spark: isle could not read %d documents: %s" % (len(errors), errors[:3]))
        if metas != {"{}"}:
            sys.exit("test-spark: a file's chunks carry a meta: %s" % sorted(metas)[:3])
        compare("from files", rows, reference)

        # From Parquet: one copy, with a column of its own.
        docs = isle_chunks.documents(spark, os.path.join(tree, names[0]))
        from pyspark.sql import functions as F
        parquet = os.path.join(scratch, "docs.parquet")
        docs.withColumn("doc_id", F.crc32("path")).write.parquet(parquet)
        isle_chunks.run(spark, parquet, os.path.join(scratch, "from-parquet"), isle)
        rows, errors, metas = spark_rows(spark, os.path.join(scratch, "from-parquet"))
        carried = spark.read.parquet(os.path.join(scratch, "from-parquet", "chunks")) \
            .where("error is null").select("path", "meta").distinct().collect()
        ids = {r.path: json.loads(r.meta)["doc_id"] for r in carried}
        expected = {r.path: r.doc_id for r in spark.read.parquet(parquet).select("path", "doc_id").collect()}
        if any(ids[path] != expected[path] for path in ids) or errors:
            sys.exit("test-spark: the Parquet job's meta is not each document's own doc_id")
        reference = isle_rows(isle, os.path.join(tree, names[0]), sorted(os.listdir(os.path.join(tree, names[0]))))
        compare("from Parquet, meta carried", rows, reference)
        spark.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
