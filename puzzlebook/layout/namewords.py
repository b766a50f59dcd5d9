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
    rows: int,
    least: int,
    draw: Callable[[int], tuple[Mask | None, list[Problem], bool]],
) -> Mask:
    """``found``, the most rows that fit, or fewer where that leaves its Start and Finish room to print
    at a size that reads (``density.words_read``): a name filling its page's width left them 7 pt. The
    most rows that do, by bisection, down to the least that reads; none: ``found``."""

    def reads(mask: Mask) -> bool:
        return words_read(layout, replace(maze, width=mask.width, height=mask.height, masked=mask.off))

    if reads(found):
        return found
    smallest, _, fit = draw(least)
    if smallest is None or not fit or not reads(smallest):
        return found
    low, high, best = least, rows, smallest  # draw(low) reads, draw(high) does not
    while low < high - 1:
        mid = (low + high) // 2
        mask, _, fit = draw(mid)
        if fit and mask is not None and reads(mask):
            low, best = mid, mask
        else:
            high = mid
    return best
