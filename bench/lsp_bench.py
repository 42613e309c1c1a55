import json
import os
import statistics
import subprocess
import time

from harness import CORPUS, ISLE, OUT, RUNS, generate, say, target


class LspClient:
    """isle lsp spoken to over pipes: requests framed, replies read back."""

    def __init__(self, isle=None, env=None):
        self.proc = subprocess.Popen([isle or ISLE, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env)
        self.next_id = 0
        self.notes = []

    def send(self, method, params, request=True):

        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return self.next_id

    def message(self):
        """The next message's body, as bytes, and when it was read whole."""
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += self.proc.stdout.read(1)
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        body = self.proc.stdout.read(length)
        return body, time.perf_counter()

    def reply(self, wanted, answered=None):
        """The reply to request WANTED (notifications kept in notes, with
        when they came). ANSWERED, a list, gets the time the reply's last
        byte was read: the client's own JSON parse is not the server's."""

        while True:
            body, at = self.message()
            if answered is not None:
                answered.append(at)
            message = json.loads(body)
            if message.get("id") == wanted and "method" not in message:
                return message
            if answered is not None:
                answered.pop()
            self.notes.append((at, message))

    def close(self):
        self.reply(self.send("shutdown", None))
        self.send("exit", None, request=False)
        self.proc.stdin.close()
        return self.proc.wait()


def opened_with_symbols(capabilities, uri, text):
    """A server started and initialized with CAPABILITIES, TEXT opened at
    URI and its symbols asked: (the client, seconds from the open to the
    symbols' last byte, the symbols' reply)."""
    client = LspClient()
    client.reply(client.send("initialize", {"capabilities": capabilities}))
    client.send("initialized", {}, request=False)
    start = time.perf_counter()
    client.send("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "markdown", "version": 1, "text": text}}, request=False)
    answered = []
    symbols = client.reply(client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}), answered)
    return client, answered[0] - start, symbols


def corpus_document(path, size):
    """SIZE bytes or a little more of the corpus's Markdown, its files in
    name order, joined as people join chapters; None without the corpus."""
    if not os.path.isdir(CORPUS):
        return None
    names = sorted(os.path.join(d, f) for d, _, fs in os.walk(CORPUS) for f in fs if f.endswith(".md"))
    with open(path, "wb") as out:
        written = 0
        for name in names:
            if written >= size:
                break
            written += out.write(open(name, "rb").read())
    return path


def lsp_large():
    """isle lsp on a 5.8 MB document made from the corpus: symbols after
    opening it, and after a one-character edit, as an editor asks (the
    issue's targets: 2 s, 100 ms). Timed to the last byte of the reply:
    the client's own JSON parse (Python's takes 30 ms for 1.5 MB) is not
    the server's. Edits come as typing does, PACE seconds apart, so that the
    diagnostics of each (found on a thread of their own once the messages
    pause) run beside the next; then back to back."""
    size = int(5.8 * 1024 * 1024)
    doc = corpus_document(os.path.join(OUT, "corpus-5.8mb.md"), size)
    if doc is None:
        doc = generate(os.path.join(OUT, "generated-5.8mb.md"), "bench/generate.py", size)
    text = open(doc, encoding="utf-8", errors="replace").read()
    uri = "file://" + os.path.abspath(doc)
    middle = text.count("\n") // 2
    pace = float(os.environ.get("PACE", "0.2"))
    say("\n%s (%d bytes): isle lsp, documentSymbol after didOpen and after a one-character didChange"
        % (doc, os.path.getsize(doc)))
    capabilities = {"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
                                     "publishDiagnostics": {"versionSupport": True}}}

    opened, paced, burst, beside, published = [], [], [], [], []
    for _ in range(RUNS):
        client, seconds, symbols = opened_with_symbols(capabilities, uri, text)
        opened.append(seconds)
        assert symbols.get("result"), "no symbols"
        count = lambda tree: sum(1 + count(symbol.get("children", [])) for symbol in tree)
        headings = count(symbols["result"])
        version, start = edits(client, uri, middle, pace, paced, burst, beside)
        # The last version's diagnostics, from its edit on.
        while not any(m.get("method") == "textDocument/publishDiagnostics"
                      and m["params"].get("version") == version for _, m in client.notes):
            body, at = client.message()
            client.notes.append((at, json.loads(body)))
        published.append([at for at, m in client.notes if m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"].get("version") == version][0] - start)
        client.close()
    say("  %d symbols (headings), %d bytes of JSON" % (headings, len(json.dumps(symbols))))
    t_open = statistics.median(opened)
    t_paced, t_burst = statistics.median(paced), statistics.median(burst)
    say("  %-48s %9.4f s" % ("didOpen, then documentSymbol", t_open))
    say("  %-48s %9.4f s  (%.2fx the 100 ms target; slowest %.4f s)"
        % ("didChange (1 char) as typed, then documentSymbol", t_paced, t_paced / 0.1, max(paced)))
    say("  %-48s %9.4f s  (%.2fx the 100 ms target; slowest %.4f s)"
        % ("didChange (1 char) back to back, documentSymbol", t_burst, t_burst / 0.1, max(burst)))
    t_beside = statistics.median(beside)
    say("  %-48s %9.4f s  (%.2fx the 100 ms target; slowest %.4f s)"
        % ("the same, a code action and folding asked first", t_beside, t_beside / 0.1, max(beside)))
    say("  %-48s %9.4f s" % ("the last edit's diagnostics published", statistics.median(published)))
    target("symbols within 2 s of opening (%.3f s)" % t_open, t_open < 2)
    target("symbols within 100 ms of a one-character edit, as typed (%.3f s, %.2fx)" % (t_paced, t_paced / 0.1),
           t_paced < 0.1)
    target("and back to back (%.3f s, %.2fx)" % (t_burst, t_burst / 0.1), t_burst < 0.1)
    target("and with link requests asked first (%.3f s, %.2fx)" % (t_beside, t_beside / 0.1), t_beside < 0.1)


def edits(client, uri, middle, pace, paced, burst, beside):
    """One-character edits to the open document at URI, each followed by
    documentSymbol: four PACE seconds apart (their times to PACED), four
    back to back (BURST), four with a code action and the folding ranges
    asked first (BESIDE); the last version sent, and when it was."""
    version = 1

    def type_one_character(version):
        """An 'x' typed at the start of the middle line, as version VERSION."""
        client.send("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": {"line": middle, "character": 0},
                                          "end": {"line": middle, "character": 0}}, "text": "x"}]},
            request=False)

    for times, wait in ((paced, pace), (burst, 0)):
        for _ in range(4):
            time.sleep(wait)
            version += 1
            start = time.perf_counter()
            type_one_character(version)
            answered = []
            client.reply(client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}), answered)
            times.append(answered[0] - start)
    # As VS Code asks: a code action at the cursor and the folding
    # ranges (both read links: one parse of the whole, on the server's
    # other thread) before the symbols.
    for _ in range(4):
        time.sleep(pace)
        version += 1
        start = time.perf_counter()
        type_one_character(version)
        here = {"start": {"line": middle, "character": 1}, "end": {"line": middle, "character": 1}}
        asked = [client.send("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": here,
                                                          "context": {"diagnostics": []}}),
                 client.send("textDocument/foldingRange", {"textDocument": {"uri": uri}})]
        answered = []
        client.reply(client.send("textDocument/documentSymbol", {"textDocument": {"uri": uri}}), answered)
        beside.append(answered[0] - start)
        for wanted in asked:
            client.reply(wanted)
    return version, start


def headings_text(count):
    """COUNT sections at levels 1 to 6 in turn, each with a link to the
    heading of half its number: about 68 bytes a heading."""
    return "".join("%s Heading %d\n\nWords [here](#heading-%d) for the section.\n\n" % (
        "#" * (index % 6 + 1), index, index // 2) for index in range(count))


def lsp_headings():
    """isle lsp on documents of 75,000 and 150,000 headings (5 and 10 MB),
    each heading with a link: symbols after didOpen and the document's links
    after them, each timed to the last byte of its reply (issue 41: the
    document links went through every heading for each link), as the
    ratio of the larger to the smaller: linear is 2. Then `shutdown` sent
    while the larger one's links are found: answered within a second."""

    say("\nisle lsp on documents of 75,000 and 150,000 headings, a link each: "
        "time to symbols and to document links, larger over smaller (linear: 2)")
    capabilities = {"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}}
    timings = {}
    for count in (75000, 150000):
        text = headings_text(count)
        uri = "file:///isle-bench/headings-%d.md" % count
        symbols, links = [], []
        for _ in range(3):
            client, seconds, _ = opened_with_symbols(capabilities, uri, text)
            symbols.append(seconds)
            start = time.perf_counter()
            answered = []
            client.reply(client.send("textDocument/documentLink", {"textDocument": {"uri": uri}}),
                         answered)
            links.append(answered[0] - start)
            client.close()
        timings[count] = (statistics.median(symbols), statistics.median(links))
        say("  %7d headings, %5.1f MB: symbols %6.2f s, document links %6.2f s" % (
            count, len(text) / 1e6, timings[count][0], timings[count][1]))
    symbols = timings[150000][0] / timings[75000][0]
    links = timings[150000][1] / timings[75000][1]
    say("  ratios, twice the headings: symbols %.2f, document links %.2f" % (symbols, links))
    target("symbols linear in the headings (ratio %.2f at most 2.5)" % symbols, symbols <= 2.5)
    target("document links linear in the headings (ratio %.2f at most 2.5)" % links, links <= 2.5)
    client = LspClient()
    client.reply(client.send("initialize", {"capabilities": capabilities}))
    uri = "file:///isle-bench/headings-150000.md"
    client.send("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "markdown", "version": 1, "text": headings_text(150000)}},
        request=False)
    client.send("textDocument/documentLink", {"textDocument": {"uri": uri}})
    time.sleep(0.2)
    start = time.perf_counter()
    answered = []
    client.reply(client.send("shutdown", None), answered)
    waited = answered[0] - start
    client.send("exit", None, request=False)
    client.proc.stdin.close()
    client.proc.wait()
    say("  shutdown while the document links of 150,000 headings are found: answered in %.2f s"
        % waited)
    target("shutdown answered within a second whatever runs (%.2f s)" % waited, waited < 1)
