#!/usr/bin/env python3
"""isle's benchmark: commands measured side by side in one run, each pair
alternating (A B A B ...), medians over RUNS runs, ratios printed, peak memory
(max RSS) beside each. Timings are wall clock on a shared machine: read the
ratios, not the absolute numbers."""
import os
import statistics
import subprocess
import sys
import time

ISLE = os.environ.get("ISLE", ".build/release/isle")
RUNS = int(os.environ.get("RUNS", "5"))
OUT = "bench/out"


def measure(argv):
    """Wall seconds and peak RSS (MiB) of one run, output discarded."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(argv, stdout=sink, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit("bench: %s failed: %s" % (" ".join(argv), proc.stderr.read().decode()))
    return elapsed, usage.ru_maxrss / 1024


def pair(label_a, argv_a, label_b, argv_b):
    times = {label_a: [], label_b: []}
    memory = {label_a: 0.0, label_b: 0.0}
    for _ in range(RUNS):
        for label, argv in ((label_a, argv_a), (label_b, argv_b)):
            seconds, mib = measure(argv)
            times[label].append(seconds)
            memory[label] = max(memory[label], mib)
    a = statistics.median(times[label_a])
    b = statistics.median(times[label_b])
    print("  %-34s %8.3f s  %7.1f MiB" % (label_a, a, memory[label_a]))
    print("  %-34s %8.3f s  %7.1f MiB" % (label_b, b, memory[label_b]))
    print("  ratio %s / %s: %.3f" % (label_b, label_a, b / a))
    return b / a


def lines_of(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def tree(root, count=2000):
    """A deterministic docs tree: COUNT Markdown files of 2 to 60 KB in
    nested folders, one of them (the largest) 2 MB."""
    if os.path.exists(os.path.join(root, ".done")):
        return
    import random
    rng = random.Random(2000)
    for i in range(count):
        folder = os.path.join(root, "part%02d" % (i % 40), "sub%d" % (i % 3))
        os.makedirs(folder, exist_ok=True)
        size = 2 * 1024 * 1024 if i == 1234 else rng.randrange(2 * 1024, 60 * 1024)
        with open(os.path.join(folder, "doc%04d.md" % i), "w") as f:
            subprocess.run([sys.executable, "bench/generate.py", str(size)], stdout=f, check=True)
    open(os.path.join(root, ".done"), "w").close()


def main():
    os.makedirs(OUT, exist_ok=True)
    big = os.path.join(OUT, "generated-50mb.md")
    if not os.path.exists(big):
        with open(big, "w") as f:
            subprocess.run([sys.executable, "bench/generate.py", str(50 * 1024 * 1024)], stdout=f, check=True)
    floor = os.path.join(OUT, "floor")
    subprocess.run(["gcc", "-O2", "bench/floor.c", "-lcmark-gfm", "-lcmark-gfm-extensions", "-o", floor],
                   check=True)
    fixtures = [os.path.join("fixtures", n) for n in os.listdir("fixtures")
                if os.path.isfile(os.path.join("fixtures", n))]
    largest = max(fixtures, key=os.path.getsize)
    print("isle benchmark: %d runs each, alternating, medians" % RUNS)
    for path in (largest, big):
        middle = str(max(lines_of(path) // 2, 1))
        print("\n%s (%d bytes): where --line %s against toc" % (path, os.path.getsize(path), middle))
        pair("toc --format json", [ISLE, "toc", "--format", "json", path],
             "where --line " + middle, [ISLE, "where", "--line", middle, path])

    print("\n%s: isle against the floor (cmark-gfm's own parse, walk and free, bench/floor.c)" % big)
    ratio = pair("floor", [floor, big], "isle toc --format json", [ISLE, "toc", "--format", "json", big])

    docs = os.path.join(OUT, "tree")
    tree(docs)
    paths = [os.path.join(d, f) for d, _, fs in os.walk(docs) for f in fs if f.endswith(".md")]
    largest_doc = max(paths, key=os.path.getsize)
    total = sum(os.path.getsize(p) for p in paths)
    print("\n%s: %d documents, %.1f MB in all, the largest %.1f MB" % (
        docs, len(paths), total / 1e6, os.path.getsize(largest_doc) / 1e6))
    ratio = pair("toc --jobs 1 --format json", [ISLE, "toc", "--jobs", "1", "--format", "json", docs],
                 "toc --jobs 2 --format json", [ISLE, "toc", "--jobs", "2", "--format", "json", docs])
    print("  target: 0.6 or less on 2 cores: %s" % ("met" if ratio <= 0.6 else "NOT met"))
    _, single = measure([ISLE, "toc", "--format", "json", largest_doc])
    _, whole = measure([ISLE, "toc", "--jobs", "2", "--format", "json", docs])
    print("  peak memory: the whole tree %.1f MiB, its largest document alone %.1f MiB (ratio %.2f)" % (
        whole, single, whole / single))


main()
