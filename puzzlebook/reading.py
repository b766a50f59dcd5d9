"""A word's ends in reading order: which two cells of its outline a child would start and finish by."""

from __future__ import annotations

from collections.abc import Callable, Sequence

Pair = Callable[[tuple[float, float], tuple[float, float]], bool]


def reading_pair(first: str, spots: Sequence[tuple[float, float]]) -> Pair:
    """Which two outline spots of a word are ends a child reads it by: one beside its first letter (the
    third of the word on the ``first`` side, "left" or "right", and on its top line with "left top") and
    one beside its last (the other third, on the bottom line). A two-line name had both ends by the
    end of its lines: William ("Wil- / liam") was started at the hyphen."""
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    low, high = min(xs), max(xs)
    third, middle = (high - low) / 3, (min(ys) + max(ys)) / 2
    side, _, lines = first.partition(" ")

    def by(spot: tuple[float, float], start: bool) -> bool:
        x, y = spot
        left = x <= low + third
        right = x >= high - third
        across = (left if side == "left" else right) if start else (right if side == "left" else left)
        return across and (not lines or (y <= middle) == start)

    return lambda a, b: (by(a, True) and by(b, False)) or (by(b, True) and by(a, False))
