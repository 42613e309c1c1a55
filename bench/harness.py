"""What every part of isle's benchmark shares: the binary and the runs,
one run measured (wall, CPU, peak memory), a pair run alternately, a
target noted, generated inputs kept between runs, and the report."""
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time



ISLE = os.environ.get("ISLE", ".build/release/isle")


RUNS = max(int(os.environ.get("RUNS", "5")), 5)


STARTUP_RUNS = max(int(os.environ.get("STARTUP_RUNS", "40")), 5)


OUT = "bench/out"


LINES = []


TARGETS = []


# The CPU seconds (user and system) of each label's runs in `pair`.
CPU = {}


def say(text=""):
    print(text, flush=True)
    LINES.append(text)


def measure(argv, memory=True, cpu=None):
    """Wall seconds and peak RSS (MiB) of one run, output discarded; with a
    list as cpu, the run's CPU seconds (user and system) appended to it.

    The peak comes from GNU time, the command's parent: Linux keeps a
    process's high-water mark across exec, so a command started straight
    from Python would be charged with Python's own pages. Start-up pairs are
    timed without it (memory=False), so its fork and exec are not counted."""
    with open(os.devnull, "wb") as sink, tempfile.TemporaryFile() as errors, \
            tempfile.NamedTemporaryFile() as peak:
        command = (["/usr/bin/time", "-f", "%U %S %M", "-o", peak.name] if memory else []) + argv
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=sink, stderr=errors)
        status = proc.wait()
        elapsed = time.perf_counter() - start
        if status not in (0, 1):
            errors.seek(0)
            sys.exit("bench: %s failed: %s" % (" ".join(argv), errors.read().decode()[-2000:]))
        fields = open(peak.name).read().split() if memory else []
        kib = float(fields[-1]) if memory else 0.0
        if memory and cpu is not None:
            cpu.append(float(fields[-3]) + float(fields[-2]))
    return elapsed, kib / 1024


def pair(label_a, argv_a, label_b, argv_b, runs=RUNS, startup=False):
    """Medians and peaks of A and B, run alternately; returns
    (time of B / time of A, memory of B / memory of A). With startup, the
    timed runs go without GNU time and one more run of each gives the peak."""
    times = {label_a: [], label_b: []}
    memory = {label_a: 0.0, label_b: 0.0}
    CPU[label_a], CPU[label_b] = [], []
    for _ in range(runs):
        for label, argv in ((label_a, argv_a), (label_b, argv_b)):
            seconds, mib = measure(argv, memory=not startup, cpu=CPU[label])
            times[label].append(seconds)
            memory[label] = max(memory[label], mib)
    if startup:
        for label, argv in ((label_a, argv_a), (label_b, argv_b)):
            memory[label] = measure(argv)[1]
    a = statistics.median(times[label_a])
    b = statistics.median(times[label_b])
    say("  %-40s %9.4f s  %8.1f MiB" % (label_a, a, memory[label_a]))
    say("  %-40s %9.4f s  %8.1f MiB" % (label_b, b, memory[label_b]))
    say("  time %s / %s: %.3f   memory: %.3f" % (label_b, label_a, b / a, memory[label_b] / memory[label_a]))
    return b / a, memory[label_b] / memory[label_a]


def target(text, met):
    TARGETS.append((text, met))
    say("  target: %s: %s" % (text, "met" if met else "NOT met"))


def lines_of(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def generate(path, script, size):
    """PATH made by SCRIPT, kept between runs while the generators that
    wrote it are unchanged."""
    import hashlib
    digest = hashlib.sha256()
    for source in sorted({script, "bench/generate.py"}):
        digest.update(open(source, "rb").read())
    stamp = path + ".source"
    current = digest.hexdigest() + " %d\n" % size
    if not os.path.exists(path) or not os.path.exists(stamp) or open(stamp).read() != current:
        with open(path + ".part", "w") as f:
            subprocess.run([sys.executable, script, str(size)], stdout=f, check=True)
        os.rename(path + ".part", path)
        with open(stamp, "w") as f:
            f.write(current)
    return path


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


CORPUS = os.environ.get("CORPUS", "../shared/corpus")


def cpu(a, b):
    """The CPU (user and system, every thread) of A's runs in the last
    pair against B's, medians."""
    c = statistics.median(CPU[a]) / statistics.median(CPU[b])
    say("  CPU (user and system) %s / %s: %.3f (%.3f s against %.3f s)" % (
        a, b, c, statistics.median(CPU[a]), statistics.median(CPU[b])))
    return c


def heading(name, runs):
    """The first line of one part run alone."""
    say("isle benchmark, %s: %s; %s, %d cores" % (name, runs, platform.machine(), os.cpu_count()))


def finish():
    say("\ntargets: %d of %d met" % (sum(1 for _, met in TARGETS if met), len(TARGETS)))
    for text, met in TARGETS:
        if not met:
            say("  NOT met: " + text)
    with open(os.path.join(OUT, "report.txt"), "w") as f:
        f.write("\n".join(LINES) + "\n")


# The floors: what any outliner built on each parser must pay (the C
# file, and the libraries it links).
FLOORS = {"floor": ("bench/floor.c", ["-lcmark-gfm", "-lcmark-gfm-extensions"]),
          "html_floor": ("bench/html_floor.c", ["-lgumbo"])}


def compiled(name):
    """Floor NAME (`floor`: cmark-gfm's own parse, walk and free;
    `html_floor`: gumbo's) compiled into bench/out; its path."""
    source, libraries = FLOORS[name]
    path = os.path.join(OUT, name)
    subprocess.run(["gcc", "-O2", source, *libraries, "-o", path], check=True)
    return path
