"""What Tests/mcp's scripts share: the failures gathered, a check that
adds one, a tool result's text, and the exit that reports them."""

import sys

failures = []


def expect(truth, what):
    if not truth:
        failures.append(what)


def text(result):
    return " ".join(part.text for part in result.content if part.type == "text")


def finish():
    """Prints what did not hold and exits 1, or exits 0 when all did."""
    for failure in failures:
        print(failure)
    sys.exit(1 if failures else 0)
