#!/usr/bin/env python3
"""The Spark job of doc/scale.md against the usual pipeline, side by side
in one Spark session (local mode), alternating, medians:

  python3 bench/spark_jobs.py ISLE CORPUS COPIES RUNS MASTER

isle: contrib/spark/isle_chunks.py, each partition through one `isle show
--all --format jsonl --records` process (RDD.pipe). LangChain: the same
DataFrame, each document split by MarkdownHeaderTextSplitter (levels 1-3,
headings kept, as bench/splitters.py) in a Python UDF, the chunks
exploded. Both write their chunks as Parquet. The documents are the
corpus's Markdown COPIES times over (folders of symbolic links in a
temporary folder). Prints one line a job: `name seconds documents chunks`.
"""
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "contrib", "spark"))
import isle_chunks  # noqa: E402


def tree(corpus, root, copies):
    """The corpus's Markdown files COPIES times under ROOT, as links."""
    corpus = os.path.abspath(corpus)
    count = 0
    for index in range(1, copies + 1):
        for folder, _, files in os.walk(corpus):
            into = os.path.join(root, "copy%02d" % index, os.path.relpath(folder, corpus))
            os.makedirs(into, exist_ok=True)
            for name in files:
                if name.endswith(".md") and os.path.getsize(os.path.join(folder, name)) > 0:
                    os.symlink(os.path.join(folder, name), os.path.join(into, name))
                    count += 1
    return count


def langchain(spark, source, output):
    """The usual pipeline: LangChain's splitter in a Python UDF."""
    from pyspark.sql import functions as F
    from pyspark.sql import types as T

    chunk = T.StructType([T.StructField("headings", T.MapType(T.StringType(), T.StringType())),
                          T.StructField("text", T.StringType())])

    @F.udf(T.ArrayType(chunk))
    def split(text):
        from langchain_text_splitters import MarkdownHeaderTextSplitter
        splitter = MarkdownHeaderTextSplitter(
            headers_to_split_on=[("#", "h1"), ("##", "h2"), ("###", "h3")], strip_headers=False)
        return [(piece.metadata, piece.page_content) for piece in splitter.split_text(text)]

    docs = isle_chunks.documents(spark, source)
    docs.select("path", F.explode(split("text")).alias("c")).select("path", "c.*") \
        .write.mode("overwrite").parquet(os.path.join(output, "chunks"))


def main():
    isle, corpus, copies, runs, master = sys.argv[1:6]
    scratch = tempfile.mkdtemp(prefix="isle-spark-bench-")
    try:
        source = os.path.join(scratch, "tree")
        documents = tree(corpus, source, int(copies))
        spark = isle_chunks.session(master)
        jobs = [("isle", lambda out: isle_chunks.run(spark, source, out, isle)),
                ("langchain", lambda out: langchain(spark, source, out))]
        times = {name: [] for name, _ in jobs}
        # A first run of each, untimed, so neither pays for the JVM's warm-up.
        for name, job in jobs:
            job(os.path.join(scratch, name))
        for _ in range(int(runs)):
            for name, job in jobs:
                start = time.perf_counter()
                job(os.path.join(scratch, name))
                times[name].append(time.perf_counter() - start)
        for name, _ in jobs:
            chunks = spark.read.parquet(os.path.join(scratch, name, "chunks")).count()
            print("%s %.3f %d %d" % (name, statistics.median(times[name]), documents, chunks))
        spark.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
