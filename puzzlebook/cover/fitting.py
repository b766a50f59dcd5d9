"""The cover's words fitted to their room: the largest size at which a title, subtitle or blurb wraps
into the lines it may take, as wide as its place. The plan sizes them and the drawing sets them with
the same breaking (``typeset.even_lines`` for a line of words, ``wrap_lines`` for a blurb's paragraphs, then evened),
so the two agree."""

from __future__ import annotations

from ..settings import MIN_TEXT
from ..typeset import Line, Setter, even_lines, even_paragraphs, wrap_lines

LEADING = 1.15
"""A line's height, in font sizes."""
BLURB_MOST = 20.0
"""pt of a short blurb: a back panel of a book of 8.5 x 11 in at 16 pt looked like its small print."""
BLURB_SIZES = [BLURB_MOST - 0.5 * i for i in range(int((BLURB_MOST - MIN_TEXT) / 0.5) + 1)]
"""The blurb's sizes, largest first, down to the smallest print size."""


def fitted(text: str, setter: Setter, size: float, width: float, most: int) -> tuple[float, int]:
    """The largest size up to ``size`` at which ``text`` wraps into ``most`` lines ``width`` wide, and
    its lines: the room planned for it. A long title shrunk to one width on two lines printed at 16 pt
    on a 6 x 9 in front, under a first line of two words; a title on one line kept a second's room."""
    at = size
    while at >= MIN_TEXT:
        lines = even_lines(text, setter, width / at, most)
        if max(line.width for line in lines) * at <= width:
            return at, len(lines)
        at *= 0.97
    return size, most  # too long even at the smallest print size: a problem (``render.cover``)


def blurb_height(text: str, regular: Setter, width: float) -> float:
    """How tall the back's words stand at ``BLURB_MOST`` in a box ``width`` wide, wrapped as the drawing
    wraps them (``fit_blurb``): the page drawn under them takes the rest of the back."""
    return len(wrap_lines(text, regular, width / BLURB_MOST, 10_000)) * BLURB_MOST * LEADING


def fit_blurb(text: str, setter: Setter, width: float, height: float) -> tuple[float, list[Line]] | None:
    """The largest size from ``BLURB_MOST`` down to the smallest print size at which the blurb fits the box
    wrapped, and its lines, each paragraph's made even (``even_paragraphs``: as many, no wider); None
    when it does not fit even at the smallest."""
    for size in BLURB_SIZES:
        lines = wrap_lines(text, setter, width / size, 10_000)
        if max(line.width for line in lines) * size <= width and len(lines) * size * LEADING <= height:
            return size, even_paragraphs(text, setter, width / size)
    return None
