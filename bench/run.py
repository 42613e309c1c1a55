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


def main():
    os.makedirs(OUT, exist_ok=True)
    big = os.path.join(OUT, "generated-50mb.md")
    if not os.path.exists(big):
        with open(big, "w") as f:
            subprocess.run([sys.executable, "bench/generate.py", str(50 * 1024 * 1024)], stdout=f, check=True)
    fixtures = [os.path.join("fixtures", n) for n in os.listdir("fixtures")]
    largest = max(fixtures, key=os.path.getsize)
    print("isle benchmark: %d runs each, alternating, medians" % RUNS)
    for path in (largest, big):
        middle = str(max(lines_of(path) // 2, 1))
        print("\n%s (%d bytes): where --line %s against toc" % (path, os.path.getsize(path), middle))
        pair("toc --format json", [ISLE, "toc", "--format", "json", path],
             "where --line " + middle, [ISLE, "where", "--line", middle, path])


main()
