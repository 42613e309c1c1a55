#!/usr/bin/env python3
"""Documents chunked by isle on Spark: each partition's documents piped
through one `isle show --all --format jsonl --records` process
(`RDD.pipe`), the chunks written as Parquet.

  python3 contrib/spark/isle_chunks.py SOURCE OUTPUT [--isle PATH] [--master URL]
  spark-submit contrib/spark/isle_chunks.py SOURCE OUTPUT

SOURCE is a folder (its .md, .markdown, .html and .htm files at any depth,
hidden ones left out, each named by its path from SOURCE), or a Parquet
dataset with a `path` and a `text` column, whose other columns each chunk
carries in `meta` (JSON text). OUTPUT/chunks gets the chunks, one row
each, with the fields `isle show --format jsonl` documents, and a row for
each document isle could not read, its `error` saying why (null in every
chunk). isle must be on every executor's PATH (or --isle names it there).

doc/scale.md is the guide to this script, and `make test-spark` runs it.
"""
import argparse
import os

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql import types as T

# What a line of `isle show --format jsonl` holds (an error record's
# `line` and `error` too); fields isle adds later are left out until named.
CHUNK = T.StructType([
    T.StructField("path", T.StringType()),
    T.StructField("number", T.IntegerType()),
    T.StructField("level", T.IntegerType()),
    T.StructField("id", T.StringType()),
    T.StructField("title", T.StringType()),
    T.StructField("headings", T.ArrayType(T.StringType())),
    T.StructField("bytes", T.ArrayType(T.LongType())),
    T.StructField("lines", T.ArrayType(T.LongType())),
    T.StructField("words", T.LongType()),
    T.StructField("seconds", T.LongType()),
    T.StructField("part", T.IntegerType()),
    T.StructField("parts", T.IntegerType()),
    T.StructField("frontMatter", T.ArrayType(T.LongType())),
    T.StructField("text", T.StringType()),
    # An object whatever its members: Spark keeps it as its JSON text.
    T.StructField("meta", T.StringType()),
    T.StructField("line", T.LongType()),
    T.StructField("error", T.StringType()),
])

DOCUMENTS = r"(?i).*\.(md|markdown|html|htm)$"


def documents(spark, source):
    """A DataFrame of `path` and `text` (and any other columns) from a
    folder of files or a Parquet dataset."""
    if source.endswith(".parquet") or os.path.exists(os.path.join(source, "_SUCCESS")):
        return spark.read.parquet(source)
    root = "file:" + os.path.abspath(source).rstrip("/") + "/"
    files = (spark.read.format("binaryFile")
             .option("recursiveFileLookup", "true")
             .load(source)
             .where(F.col("path").rlike(DOCUMENTS)))
    # Java's UTF-8 decoding reads a byte that is not UTF-8 as U+FFFD, as
    # isle's JSON does.
    return files.select(
        F.expr("substring(path, %d)" % (len(root) + 1)).alias("path"),
        F.decode("content", "UTF-8").alias("text"))


def chunks(spark, docs, isle):
    """Every section of every document, one row each: each partition
    through one isle process, as JSON Lines both ways."""
    command = "%s show --all --format jsonl --records --jobs 1" % isle
    # toJSON writes each row as one line of JSON in the JVM: the path,
    # the text and the rest, which isle carries into `meta`.
    lines = docs.toJSON().pipe(command)
    raw = spark.createDataFrame(lines.map(lambda line: (line,)), "json string")
    return raw.select(F.from_json("json", CHUNK).alias("c")).select("c.*")


def run(spark, source, output, isle="isle"):
    """The whole job: SOURCE's documents chunked into OUTPUT/chunks."""
    chunks(spark, documents(spark, source), isle) \
        .write.mode("overwrite").parquet(os.path.join(output, "chunks"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source")
    parser.add_argument("output")
    parser.add_argument("--isle", default="isle")
    parser.add_argument("--master", default=None)
    args = parser.parse_args()
    spark = session(args.master)
    run(spark, args.source, args.output, args.isle)
    spark.stop()


def session(master=None):
    """A Spark session for many small files: a file counts as 16 KB more
    than its size, and a partition holds up to 32 MB of them."""
    builder = (SparkSession.builder.appName("isle-chunks")
               .config("spark.sql.files.openCostInBytes", str(16 << 10))
               .config("spark.sql.files.maxPartitionBytes", str(32 << 20))
               .config("spark.ui.showConsoleProgress", "false"))
    if master:
        builder = builder.master(master)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


if __name__ == "__main__":
    main()
