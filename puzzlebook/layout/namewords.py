"""A name's field as large as its page allows, but for its Start and Finish: fewer rows where that
lets them print at a size that reads. A name filling its page's width (Hồ, Li, Ana at the layout's
least cells) left its words 7 pt, small print beside a maze the size of the page."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..errors import Problem
from ..masks import Mask
from ..settings import Layout
from ..spec.request import MazeRequest
from .density import words_read


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
