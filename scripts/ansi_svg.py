#!/usr/bin/env python3
"""A terminal's screen, as tmux's `capture-pane -e -p` writes it (text with
SGR escapes), drawn as SVG: monospace text in cells, with the colours and
the weights the program asked for. Python's standard library only.

    svg(screen, columns, rows, title) -> str
    plain(screen) -> str             the same screen without its escapes
"""

import re
import unicodedata
from dataclasses import dataclass, replace

# The cell, in pixels: a monospace font's advance is about 0.6 em, and each
# run of text is also stretched to its cells (textLength) so that columns
# line up whatever font the viewer has.
FONT_SIZE = 15
CELL_WIDTH = 9
LINE_HEIGHT = 19
BASELINE = 14
PAD = 14
TITLE_BAR = 30
FONT = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"

FOREGROUND = "#d4d4d4"
BACKGROUND = "#1e1e1e"
# The sixteen colours of a common dark terminal theme (VS Code's), black
# to white and then their bright forms.
SIXTEEN = [
    "#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
    "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
]


def indexed(number):
    """The colour of xterm's 256-colour palette at number."""
    if number < 16:
        return SIXTEEN[number]
    if number < 232:
        levels = [0, 95, 135, 175, 215, 255]
        number -= 16
        return rgb(levels[number // 36], levels[number // 6 % 6], levels[number % 6])
    grey = 8 + 10 * (number - 232)
    return rgb(grey, grey, grey)


def rgb(red, green, blue):
    return "#%02x%02x%02x" % (red & 255, green & 255, blue & 255)


@dataclass(frozen=True)
class Style:
    """What SGR set for a cell; None is the terminal's default colour."""

    foreground: str = None
    background: str = None
    bold: bool = False
    dim: bool = False
    italic: bool = False
    underline: bool = False
    reverse: bool = False
    strike: bool = False


def colour(numbers, at):
    """The colour an extended 38/48 code gives from numbers[at] on (5;n or
    2;r;g;b), and how many numbers it took."""
    if at < len(numbers) and numbers[at] == 5 and at + 1 < len(numbers):
        return indexed(numbers[at + 1] % 256), 2
    if at < len(numbers) and numbers[at] == 2 and at + 3 < len(numbers):
        return rgb(*numbers[at + 1 : at + 4]), 4
    return None, len(numbers) - at


FLAGS = {
    1: ("bold", True), 2: ("dim", True), 3: ("italic", True), 4: ("underline", True),
    7: ("reverse", True), 9: ("strike", True), 23: ("italic", False),
    24: ("underline", False), 27: ("reverse", False), 29: ("strike", False),
}


def select(style, parameters):
    """style after one SGR sequence's parameters ("1;38;2;10;20;30")."""
    groups = parameters.split(";") if parameters else ["0"]
    index = 0
    while index < len(groups):
        group = groups[index]
        if ":" in group:  # 38:2::r:g:b, 4:3 (ITU's sub-parameters)
            parts = [int(p) if p else 0 for p in group.split(":")]
            head, rest = parts[0], parts[1:]
            if head in (38, 48, 58) and rest:
                if rest[0] == 2 and len(rest) >= 5:
                    rest = [2] + rest[-3:]
                value, _ = colour(rest, 0)
                style = apply_colour(style, head, value)
            elif head == 4:
                style = replace(style, underline=(not rest or rest[0] != 0))
            index += 1
            continue
        number = int(group) if group.isdigit() else 0
        if number in (38, 48, 58):
            numbers = [int(g) if g.isdigit() else 0 for g in groups[index + 1 :]]
            value, used = colour(numbers, 0)
            style = apply_colour(style, number, value)
            index += 1 + used
            continue
        style = simple(style, number)
        index += 1
    return style


def apply_colour(style, code, value):
    if code == 38:
        return replace(style, foreground=value)
    if code == 48:
        return replace(style, background=value)
    return style  # 58, the underline's colour, is not drawn


def simple(style, number):
    """style after one SGR code without arguments."""
    if number == 0:
        return Style()
    if number in FLAGS:
        name, value = FLAGS[number]
        return replace(style, **{name: value})
    if number == 22:
        return replace(style, bold=False, dim=False)
    if 30 <= number <= 37:
        return replace(style, foreground=SIXTEEN[number - 30])
    if 90 <= number <= 97:
        return replace(style, foreground=SIXTEEN[number - 90 + 8])
    if number == 39:
        return replace(style, foreground=None)
    if 40 <= number <= 47:
        return replace(style, background=SIXTEEN[number - 40])
    if 100 <= number <= 107:
        return replace(style, background=SIXTEEN[number - 100 + 8])
    if number == 49:
        return replace(style, background=None)
    return style


# CSI … final byte, OSC … BEL or ST, and any other two-byte escape.
ESCAPE = re.compile(r"\x1b\[([0-9;:?<=>]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def width(character):
    """The cells a character takes: 0 for a combining mark, 2 for a wide one."""
    if unicodedata.combining(character) or unicodedata.category(character) in ("Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def cells(screen):
    """The screen's rows, each a list of [text, cells, style] per cell."""
    rows, row, style = [], [], Style()
    position = 0
    for match in ESCAPE.finditer(screen + "\x1b[0m"):
        row, rows = place(screen[position : match.start()], row, rows, style)
        if match.group(2) == "m":
            style = select(style, match.group(1))
        position = match.end()
    rows.append(row)
    return rows


def place(text, row, rows, style):
    for character in text:
        if character == "\n":
            rows.append(row)
            row = []
        elif ord(character) < 0x20 or ord(character) == 0x7F:
            continue
        elif width(character) == 0 and row:
            row[-1][0] += character
        elif width(character) > 0:
            row.append([character, width(character), style])
    return row, rows


def plain(screen):
    """The screen's text, without its escapes."""
    return ESCAPE.sub("", screen)


def runs(row):
    """A row's cells joined into runs of one style: (column, text, cells, style)."""
    result, column = [], 0
    for text, size, style in row:
        if result and result[-1][3] == style:
            start, joined, count, _ = result[-1]
            result[-1] = (start, joined + text, count + size, style)
        else:
            result.append((column, text, size, style))
        column += size
    return result


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def painted(style):
    """The foreground and background a style shows (reverse swaps them)."""
    foreground = style.foreground or FOREGROUND
    background = style.background
    if style.reverse:
        foreground, background = background or BACKGROUND, foreground
    return foreground, background


def draw_run(column, row_number, text, count, style):
    """The SVG of one run: its background, then its text."""
    x = PAD + column * CELL_WIDTH
    top = TITLE_BAR + PAD + row_number * LINE_HEIGHT
    foreground, background = painted(style)
    parts = []
    if background is not None:
        parts.append(
            f'<rect x="{x}" y="{top}" width="{count * CELL_WIDTH}" height="{LINE_HEIGHT}"'
            f' fill="{background}"/>')
    if text.strip():
        attributes = [f'x="{x}"', f'y="{top + BASELINE}"', f'fill="{foreground}"']
        attributes.append(f'textLength="{count * CELL_WIDTH}" lengthAdjust="spacingAndGlyphs"')
        if style.bold:
            attributes.append('font-weight="bold"')
        if style.italic:
            attributes.append('font-style="italic"')
        if style.dim:
            attributes.append('fill-opacity="0.6"')
        decorations = [name for name, on in (("underline", style.underline),
                       ("line-through", style.strike)) if on]
        if decorations:
            attributes.append(f'text-decoration="{" ".join(decorations)}"')
        parts.append(f'<text {" ".join(attributes)}>{escape(text)}</text>')
    return parts


def svg(screen, columns, rows, title=""):
    """The screen as an SVG picture of a terminal window columns × rows."""
    grid = cells(screen)[:rows]
    width_px = 2 * PAD + columns * CELL_WIDTH
    height_px = TITLE_BAR + 2 * PAD + rows * LINE_HEIGHT
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px}" height="{height_px}"'
        f' viewBox="0 0 {width_px} {height_px}" font-family="{FONT}" font-size="{FONT_SIZE}"'
        ' xml:space="preserve">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{width_px}" height="{height_px}" rx="8" fill="{BACKGROUND}"/>',
        f'<rect width="{width_px}" height="{TITLE_BAR}" rx="8" fill="#323233"/>',
        f'<rect y="{TITLE_BAR - 8}" width="{width_px}" height="8" fill="#323233"/>',
    ]
    for index, fill in enumerate(["#ff5f57", "#febc2e", "#28c840"]):
        lines.append(f'<circle cx="{18 + 20 * index}" cy="{TITLE_BAR // 2}" r="6" fill="{fill}"/>')
    lines.append(
        f'<text x="{width_px // 2}" y="{TITLE_BAR // 2 + 5}" text-anchor="middle"'
        f' fill="#a0a0a0" font-size="13">{escape(title)}</text>')
    for row_number, row in enumerate(grid):
        for column, text, count, style in runs(row[:columns]):
            lines.extend(draw_run(column, row_number, text, count, style))
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    # ansi_svg.py COLUMNS ROWS [TITLE] < screen > picture.svg
    import sys

    if len(sys.argv) not in (3, 4) or not all(a.isdigit() for a in sys.argv[1:3]):
        raise SystemExit("usage: scripts/ansi_svg.py COLUMNS ROWS [TITLE] < SCREEN")
    screen = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    title = sys.argv[3] if len(sys.argv) == 4 else ""
    sys.stdout.write(svg(screen, int(sys.argv[1]), int(sys.argv[2]), title))
