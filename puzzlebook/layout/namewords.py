"""A name's field and ends chosen for its Start and Finish: fewer rows where that lets them print at a
size that reads (a name filling its page's width, Hồ, Li, Ana at the layout's least cells, left its
words 7 pt, small print beside a maze the size of the page), and its ends on an axis where that gives
it larger cells and keeps its words clear of its accents."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..errors import Problem
from ..masks import Mask
from ..settings import Layout
from ..spec.request import MazeRequest
from .items import MazeFrame
from .room import AXES
from .slotplan import slot_frame, words_read


def readable(
    layout: Layout,
    maze: MazeRequest,
    found: Mask,
    rows: tuple[int, int],
    draw: Callable[[int], tuple[Mask | None, list[Problem], bool]],
    box: Callable[[int], MazeRequest],
) -> Mask:
    """``found``, the most rows that fit (``rows``: the least that reads, and its), or fewer where that
    leaves its Start and Finish room to print at a size that reads (``density.words_read``): a name
    filling its page's width left them 7 pt. The rows are found without drawing, by bisection on the
    box its letters take (``box``), then drawn: a row more while that still reads, or a row less until
    one does; none: ``found``."""

    def reads(mask: Mask) -> bool:
        return words_read(layout, replace(maze, width=mask.width, height=mask.height, masked=mask.off))

    least, most = rows
    if reads(found) or not words_read(layout, box(least)):
        return found
    low, high = least, most  # the box over ``low`` rows reads, over ``high`` it does not
    while low < high - 1:
        mid = (low + high) // 2
        low, high = (mid, high) if words_read(layout, box(mid)) else (low, mid)
    best, at = None, low
    for at in range(low, least - 1, -1):  # down from the box's rows until a drawing reads
        mask, _, fit = draw(at)
        if mask is not None and fit and reads(mask):
            best = mask
            break
    if best is None:
        return found
    for h in range(at + 1, most):  # up while a drawing a row taller still reads
        mask, _, fit = draw(h)
        if mask is None or not fit or not reads(mask):
            break
        best = mask
    return best


def larger(layout: Layout, maze: MazeRequest, found: list[Mask]) -> Mask:
    """Of a name's masks (ends anywhere, then on an axis), the one drawn in larger cells: with the
    heading's room given to it, Juliette fitted a handout's place in 7.1 pt cells with ends anywhere,
    8.5 pt on an axis. Not ends from top to bottom over a name's accents or dots, where the start's word
    would stand among them and be left out (Ümit, Íñigo)."""

    def frame(mask: Mask) -> MazeFrame:
        drawn = replace(maze, width=mask.width, height=mask.height, masked=mask.off, min_cell=mask.min_cell)
        return slot_frame(layout, replace(drawn, ends_on_axis=mask.ends_on_axis))

    best, best_cell = found[0], frame(found[0]).cell
    for mask in found[1:]:
        drawn = frame(mask)
        if drawn.cell > best_cell + 1e-6 and not (mask.accents and drawn.axis == AXES[1]):
            best, best_cell = mask, drawn.cell
    return best
