"""The two ends of a shape that make the longest way across it: of its outline's cells, a pair far
enough apart and on opposite sides of its middle, compared pair by pair from one walk of the maze
(``tree.Among``). Squares (``solve``) and every other grid (``paths``) take them from here."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence

from .reading import Pair, reading_pair
from .shapelimits import NEAR, OPPOSITE, WORD_NEAR
from .tree import Among

Distances = Sequence[int]


def longest_apart(
    outline: list[int],
    spots: list[tuple[float, float]],
    apart: float,
    search: Callable[[int], Mapping[int, int] | Distances],
    room: Collection[int] = (),
    pair: Pair | None = None,
    middle: tuple[float, float] | None = None,
    near: float = NEAR,
) -> tuple[int, int, int] | None:
    """(length, a, b) of the longest path between two ``outline`` cells whose ``spots`` lie at least
    sqrt(``apart``) apart (and that ``pair`` takes, given their spots), from ``search``, the distances
    from each (``tree.Among`` gives them from one walk of the maze); ties go to the pair first in
    reading order. None when no pair lies that far apart.

    With ``middle``, only pairs on opposite sides of it (``OPPOSITE``) are taken where any is: two ends
    far apart can still lie on one side of a shape, both on a heart's top or down a fish's back.
    With ``room`` (the cells whose ends have room, see ``ROOM``), the longest of the pairs with both
    ends in it, else with one, is taken instead when it is at least ``near`` times as long."""
    # by ends with room (0, 1, 2), then again for pairs on opposite sides (3, 4, 5)
    best: list[tuple[int, int, int, int, int] | None] = [None] * 6
    roomy = [cell in room for cell in outline]
    mx, my = middle or (0.0, 0.0)
    bearings = [(x - mx, y - my) for x, y in spots]
    reach = [math.hypot(x, y) for x, y in bearings]
    for i, a in enumerate(outline):
        dist = search(a)
        ax, ay = spots[i]
        here = roomy[i]
        ux, uy = bearings[i]
        far = OPPOSITE * reach[i] if middle else -math.inf  # no middle: no pair is opposite
        for j in range(i + 1, len(outline)):
            bx, by = spots[j]
            if (ax - bx) ** 2 + (ay - by) ** 2 >= apart and (pair is None or pair(spots[i], spots[j])):
                length = dist[outline[j]]
                level = here + roomy[j]
                found = best[level]
                if found is None or length > found[0]:
                    best[level] = (length, -i, -j, a, outline[j])
                vx, vy = bearings[j]
                if ux * vx + uy * vy <= far * reach[j]:
                    found = best[level + 3]
                    if found is None or length > found[0]:
                        best[level + 3] = (length, -i, -j, a, outline[j])
    if any(best[3:]):
        best = best[3:]
    # the longest with at least so many ends with room; ties to the pair first in reading order
    at_least = [max((b for b in best[level:3] if b is not None), default=None) for level in range(3)]
    longest = at_least[0]
    if longest is None:
        return None
    for pick in (at_least[2], at_least[1], longest):
        if pick is not None and pick[0] >= near * longest[0]:
            return pick[0], pick[3], pick[4]
    raise AssertionError("the longest pair is always near enough to itself")


def box_middle(spots: Iterable[tuple[float, float]]) -> tuple[float, float]:
    """The middle of the box round a shape's outline: what its ends are on opposite sides of, and face
    away from."""
    xs, ys = zip(*spots, strict=True)
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def longest_apart_preferring(
    preferred: list[int],
    outline: list[int],
    spots: Mapping[int, tuple[float, float]],
    apart: float,
    order: Sequence[int],
    depth: Sequence[int],
    room: Collection[int] = (),
    first: str = "",
) -> tuple[int, int, int] | None:
    """``longest_apart`` among the ``preferred`` cells of the ``outline`` (those whose arrows have room),
    or among all of it when no pair of those lies far enough apart; distances from one walk of the maze
    (``order``, ``depth``: see ``tree``); ``room``, the cells whose pictures have room, as there. A
    word's (``first``: the side its first letter is on) takes a pair in reading order first
    (``reading_pair``), and any pair where none is; its ends take room sooner (``WORD_NEAR``)."""
    tried = (preferred, outline) if len(preferred) < len(outline) else (outline,)
    reading = reading_pair(first, list(spots.values())) if first else None
    middle = box_middle(spots.values())
    for pair in (reading, None) if reading else (None,):
        for cells in tried:
            found = longest_apart(
                cells,
                [spots[c] for c in cells],
                apart,
                Among(order, depth, cells).from_cell,
                room,
                pair,
                middle,
                WORD_NEAR if first else NEAR,
            )
            if found is not None:
                return found
    return None
