"""`isle read` on a pseudo-terminal of its own: how long until the first
frame is written (the cursor sent to the bottom row, where the island is
drawn, ends it), and until the island says where the reader is (the
outline, made in the background, has arrived)."""
import fcntl
import os
import select
import struct
import subprocess
import termios
import time

ELLIPSIS = "\u2026".encode()


def first_frame(argv, rows=24, columns=80, limit=60.0):
    """(seconds to the first frame, seconds to the island) of one run of
    ARGV on a ROWS x COLUMNS terminal; then it is sent `q`."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def controlling():
        os.setsid()
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    environment = dict(os.environ, TERM="xterm-256color")
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave,
                            preexec_fn=controlling, close_fds=True, env=environment)
    os.close(slave)
    seen = b""
    bottom = ("\x1b[%d;1H" % rows).encode()
    first = island = None
    while time.perf_counter() - start < limit and island is None:
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            continue
        try:
            seen += os.read(master, 1 << 16)
        except OSError:
            break
        at = seen.rfind(bottom)
        if at < 0:
            continue
        if first is None:
            first = time.perf_counter() - start
        row = seen[at:at + 200]
        if ELLIPSIS not in row[:len(bottom) + 12] and b" of " in row:
            island = time.perf_counter() - start
    os.write(master, b"q")
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
    os.close(master)
    return first, island
