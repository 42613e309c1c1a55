import json
import os
import statistics
import subprocess
import time

from harness import CORPUS, ISLE, OUT, RUNS, say, target
from lsp_bench import LspClient


def mcp_lines():
    """isle mcp reading one line of 8 and 16 MiB (a ping with a long
    argument), timed to its answer, larger over smaller (linear: 2); and a
    line of 64 MiB, past its 16 MiB limit: an error, and the next line
    answered."""
    say("\nisle mcp reading one long line: 8 and 16 MiB (under the 16 MiB limit), then 64 MiB")
    times = {}
    for mib in (8, 16, 64):
        padding = mib * 1024 * 1024 - 80
        line = b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"' + b"a" * padding + b'"}}\n'
        runs = []
        for _ in range(3):
            proc = subprocess.Popen([ISLE, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            start = time.perf_counter()
            proc.stdin.write(line + b'{"jsonrpc":"2.0","id":2,"method":"ping"}\n')
            proc.stdin.close()
            replies = proc.stdout.read().decode().splitlines()
            runs.append(time.perf_counter() - start)
            proc.wait()
        times[mib] = statistics.median(runs)
        say("  %3d MiB: %.3f s, %s" % (mib, times[mib], "an error, then the next line answered"
                                      if '"error"' in replies[0] and len(replies) == 2 else
                                      "answered" if len(replies) == 2 else "NOT answered"))
    ratio = times[16] / times[8]
    say("  ratio 16 over 8 MiB: %.2f" % ratio)
    target("a line read in time linear in it (ratio %.2f at most 2.5)" % ratio, ratio <= 2.5)


def workspace_corpus(copies=9):
    """The corpus COPIES times over, each copy a folder of its own, made
    once under bench/out (a git repository of its own, so that the
    project's ignore files, which name bench/out, are not its); None
    without the corpus."""
    import shutil
    if not os.path.isdir(CORPUS):
        return None
    root = os.path.join(OUT, "workspace-x%d" % copies)
    if not os.path.exists(os.path.join(root, ".done")):
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        subprocess.run(["git", "init", "-q", root], check=True)
        for copy in range(copies):
            shutil.copytree(CORPUS, os.path.join(root, "copy%d" % (copy + 1)), symlinks=True)
        open(os.path.join(root, ".done"), "w").close()
    return root


def workspace_start(root, cache, queries, isle=None, indexed=False):
    """One start of isle lsp over the folder ROOT with CACHE as its
    XDG_CACHE_HOME, for a client that shows progress: seconds from
    `initialized` to the reply to workspace/symbol for the first of
    QUERIES (asked at once, so it waits for the index), then each other
    query's own time; with INDEXED, from `initialized` to the progress's
    end (the links indexed too; None from a server that sends none, or
    without INDEXED); the number of symbols each query found, and the
    server's CPU seconds at the first answer."""

    client = LspClient(isle=isle, env=dict(os.environ, XDG_CACHE_HOME=cache))
    capabilities = {"window": {"workDoneProgress": True},
                    "workspace": {"symbol": {"dynamicRegistration": False}}}
    client.reply(client.send("initialize", {"rootUri": "file://" + os.path.abspath(root),
                                            "capabilities": capabilities}))
    start = time.perf_counter()
    client.send("initialized", {}, request=False)
    times, counts, cpu = [], [], None
    for query in queries:
        asked = time.perf_counter()
        answered = []
        reply = client.reply(client.send("workspace/symbol", {"query": query}), answered)
        times.append(answered[0] - (start if not times else asked))
        counts.append(len(reply.get("result") or []))
        if cpu is None:
            # The server's CPU seconds so far (user and system): what the
            # first answer cost, whatever else the machine was doing.
            fields = open("/proc/%d/stat" % client.proc.pid).read().rsplit(")", 1)[1].split()
            cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    ended = lambda: [at for at, m in client.notes if m.get("method") == "$/progress"
                     and m["params"]["value"].get("kind") == "end"]
    began = indexed and any(m.get("method") == "$/progress" for _, m in client.notes)
    while began and not ended():
        body, at = client.message()
        client.notes.append((at, json.loads(body)))
    for _, m in client.notes:
        if m.get("method") == "window/workDoneProgress/create":
            # As a client does: the token accepted.
            body = json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": None}).encode()
            client.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    indexed = ended()[0] - start if began else None
    client.close()
    return times, indexed, counts, cpu


def lsp_workspace():
    """isle lsp over a workspace of the corpus nine times over (issue 33's
    10,500 documents): the first complete workspace/symbol after
    `initialized`, cold (an empty cache folder) and warm (the index the
    cold start kept), alternating; the targets 1 s and 0.3 s. With
    ISLE_BEFORE, the same starts of that binary beside them."""
    import shutil
    root = workspace_corpus()
    if root is None:
        say("\n%s is not here: the workspace rows are skipped" % CORPUS)
        return
    docs = [os.path.join(d, f) for d, _, fs in os.walk(root) if "/.git" not in d for f in fs
            if f.rsplit(".", 1)[-1].lower() in ("md", "markdown", "html", "htm")]
    queries = [os.environ.get("WS_QUERY", "install"), ""]
    load = open("/proc/loadavg").read().split()[0]
    say("\n%s: %d documents, %.0f MB: isle lsp, workspace/symbol %r asked at `initialized`, then %r"
        " (load average %s at the start)" % (root, len(docs), sum(os.path.getsize(p) for p in docs) / 1e6,
                                             queries[0], queries[1], load))
    # XDG_CACHE_HOME is read only when absolute, as the XDG spec says.
    caches = os.path.abspath(os.path.join(OUT, "lsp-cache"))
    warm = os.path.join(caches, "warm")
    shutil.rmtree(caches, ignore_errors=True)
    workspace_start(root, warm, queries[:1])
    rows = {"cold": [], "warm": []}
    before = os.environ.get("ISLE_BEFORE")
    if before:
        rows["before (%s)" % before] = []
    for run in range(RUNS):
        for label in rows:
            cold = os.path.join(caches, "cold-%d" % run)
            shutil.rmtree(cold, ignore_errors=True)
            cache = warm if label == "warm" else cold
            # The links' stage (niced, minutes on a loaded machine) is
            # waited for in the last round only.
            rows[label].append(workspace_start(root, cache, queries,
                                               isle=before if label.startswith("before") else None,
                                               indexed=run == RUNS - 1))
            shutil.rmtree(cold, ignore_errors=True)
    medians = {}
    for label, runs in rows.items():
        first = statistics.median(r[0][0] for r in runs)
        everything = statistics.median(r[0][1] for r in runs)
        indexed = [r[1] for r in runs if r[1] is not None]
        medians[label] = first
        say("  %-18s first answer %8.4f s (slowest %.4f; %d symbols; %.2f CPU s)   %r then %8.4f s"
            " (%d symbols)%s" % (
                label, first, max(r[0][0] for r in runs), runs[0][2][0], statistics.median(r[3] for r in runs),
                queries[1], everything, runs[0][2][1],
                "   all indexed %.4f s" % statistics.median(indexed) if indexed else ""))
    say("  time warm / cold: %.3f" % (medians["warm"] / medians["cold"]))
    if before:
        say("  time cold / before: %.3f" % (medians["cold"] / medians["before (%s)" % before]))
    target("first complete workspace/symbol within 1 s of initialized, cold (%.3f s, %.2fx)"
           % (medians["cold"], medians["cold"] / 1.0), medians["cold"] <= 1.0)
    target("and within 0.3 s from the kept index (%.3f s, %.2fx)" % (medians["warm"], medians["warm"] / 0.3),
           medians["warm"] <= 0.3)
