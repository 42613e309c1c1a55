"""The soak's two sides (scripts/soak): the documents it opens and the
edits it types (Editor), and isle lsp over pipes (Server)."""
import json
import os
import subprocess
import threading
import time

ISLE = os.path.abspath(os.environ.get("ISLE", ".build/release/isle"))
OPEN = 20
WORDS = ["alpha", "beta", "install", "usage", "notes", "café", "naïve", "emoji 😀", "tables", "the",
         "and", "guide", "setup", "from source", "faq"]


def document(rng, number):
    """A document of a few sections, links to itself and to the others
    (some broken), a reference definition and a fence."""
    lines = ["# Document %d" % number, ""]
    for section in range(rng.randrange(3, 8)):
        lines += ["#" * rng.randrange(2, 4) + " " + rng.choice(WORDS).title() + " %d" % section, ""]
        for _ in range(rng.randrange(1, 4)):
            lines.append(" ".join(rng.choice(WORDS) for _ in range(rng.randrange(4, 12))) + " " + link(rng))
        lines.append("")
    lines += ["```sh", "# not a heading [x](#nowhere)", "```", "", "[ref%d]: doc%02d.md#document-%d" % (
        number, (number + 1) % OPEN, (number + 1) % OPEN), "", "See [the next][ref%d]." % number, ""]
    return "\n".join(lines)


def link(rng):
    """A link on one line: to a heading here or in another document, to a
    closed document, or broken."""
    other = rng.randrange(OPEN)
    return rng.choice([
        "[here](#document-%d)" % rng.randrange(OPEN),
        "[there](doc%02d.md#document-%d)" % (other, other),
        "[there](doc%02d.md#%s)" % (other, rng.choice(["usage-1", "install-2", "alpha-0", "nowhere"])),
        "[closed](closed/guide.md#guide)", "[closed](closed/guide.md#gide)",
        "[gone](missing.md)", "![image](logo.png)", "<https://example.com>",
    ])


class Server:
    """isle lsp over pipes, its output read on a thread of its own as fast
    as it comes (an editor never stops reading)."""

    def __init__(self, root):
        self.proc = subprocess.Popen([ISLE, "lsp"], cwd=root, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, env=dict(os.environ, XDG_CACHE_HOME=root + "/.cache"))
        self.lock = threading.Lock()
        self.replies = {}
        self.diagnostics = {}  # uri -> (version, diagnostics, when)
        self.next_id = 0
        self.sent_at = {}
        self.write_lock = threading.Lock()
        threading.Thread(target=self.read, daemon=True).start()

    def send(self, message):
        body = json.dumps(message).encode()
        with self.write_lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def request(self, method, params):
        with self.lock:
            self.next_id += 1
            number = self.next_id
            self.sent_at[number] = (method, time.monotonic())
        self.send({"jsonrpc": "2.0", "id": number, "method": method, "params": params})
        return number

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, number, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                if number in self.replies:
                    return self.replies[number]
            time.sleep(0.01)
        raise SystemExit("soak: no reply to request %d (%s) in %d s" % (number, self.sent_at[number][0], timeout))

    def read(self):
        stream = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
            message = json.loads(stream.read(length))
            if "method" in message and "id" in message:
                # The server's own request (progress, file watchers): accepted.
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            elif "method" in message:
                if message["method"] == "textDocument/publishDiagnostics":
                    params = message["params"]
                    with self.lock:
                        self.diagnostics[params["uri"]] = (params.get("version"), params["diagnostics"],
                                                           time.monotonic())
            else:
                with self.lock:
                    self.replies[message["id"]] = message

    def memory(self):
        """Resident memory in MiB."""
        for line in open("/proc/%d/status" % self.proc.pid):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0


def units(text):
    """The UTF-16 length of TEXT, as the protocol counts characters."""
    return len(text.encode("utf-16-le")) // 2


class Editor:
    """The open documents as the editor has them, each edit made here and
    sent as the server would be told of it."""

    def __init__(self, server, root, rng):
        self.server, self.root, self.rng = server, root, rng
        self.texts, self.versions = {}, {}

    def uri(self, name):
        return "file://" + os.path.join(self.root, name)

    def open(self, name, text):
        self.texts[name], self.versions[name] = text, 1
        self.server.notify("textDocument/didOpen", {"textDocument": {
            "uri": self.uri(name), "languageId": "markdown", "version": 1, "text": text}})

    def edit(self):
        rng = self.rng
        name = rng.choice(sorted(self.texts))
        lines = self.texts[name].split("\n")
        row = rng.randrange(len(lines))
        line = lines[row]
        kind = rng.random()
        if kind < 0.2 and line:
            # A deletion of one to three characters, never of a bracket.
            start = rng.randrange(len(line))
            end = min(len(line), start + rng.randrange(1, 4))
            if any(c in "[]()<>" for c in line[start:end]):
                return name
            new = line[:start] + line[end:]
            change = (start, end, "")
        else:
            if kind < 0.3:
                inserted, at = "\n", len(line)
            elif kind < 0.45:
                inserted, at = " " + link(rng), len(line)
            elif kind < 0.5:
                inserted, at = "\n\n" + "#" * rng.randrange(1, 4) + " " + rng.choice(WORDS).title(), len(line)
            elif kind < 0.55:
                inserted, at = "\n\n[d%d]: #%s" % (rng.randrange(5), rng.choice(WORDS).split()[0]), len(line)
            else:
                inserted = rng.choice("abcdefghijklmnopqrstuvwxyz    é😀#-")
                at = rng.randrange(len(line) + 1)
            if inserted != "\n" and "\n" in inserted and at != len(line):
                at = len(line)
            new = line[:at] + inserted + line[at:]
            change = (at, at, inserted)
        start, end, text = change
        self.server.notify("textDocument/didChange", {
            "textDocument": {"uri": self.uri(name), "version": self.versions[name] + 1},
            "contentChanges": [{"range": {"start": {"line": row, "character": units(line[:start])},
                                          "end": {"line": row, "character": units(line[:end])}},
                                "text": text}]})
        lines[row] = new
        self.texts[name] = "\n".join(lines)
        self.versions[name] += 1
        return name

    def anywhere(self, name):
        """A position in NAME: a random line, a random character in it."""
        lines = self.texts[name].split("\n")
        row = self.rng.randrange(len(lines))
        return {"line": row, "character": units(lines[row][:self.rng.randrange(len(lines[row]) + 1)])}
