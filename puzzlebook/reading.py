"""A word's ends in reading order: which two cells of its outline a child would start and finish by."""

from __future__ import annotations

from collections.abc import Callable, Sequence

Pair = Callable[[tuple[float, float], tuple[float, float]], bool]


def reading_pair(first: str, spots: Sequence[tuple[float, float]]) -> Pair:
    """Which two outline spots of a word are ends a child reads it by: one beside its first letter (the
    third of its first line on the ``first`` side, "left" or "right", that line the top one with "left
    top") and one beside its last (the other third of its last line, the bottom one). A two-line name
    had both ends by the end of its lines: William ("Wil- / liam") was started at the hyphen; and with
    thirds of the whole box, Eun-ji's "ji", short and under the left of "Eun-", had no spot in the last
    third, and she finished on her hyphen."""
    ys = [y for _, y in spots]
    middle = (min(ys) + max(ys)) / 2
    side, _, lines = first.partition(" ")

    def span(top: bool) -> tuple[float, float]:  # across the line an end is read on
        xs = [x for x, y in spots if not lines or (y <= middle) == top] or [x for x, _ in spots]
        return min(xs), max(xs)

    spans = {True: span(True), False: span(False)}

    def by(spot: tuple[float, float], start: bool) -> bool:
        x, y = spot
        low, high = spans[start]
        third = (high - low) / 3
        left = x <= low + third
        right = x >= high - third
        across = (left if side == "left" else right) if start else (right if side == "left" else left)
        return across and (not lines or (y <= middle) == start)

    return lambda a, b: (by(a, True) and by(b, False)) or (by(b, True) and by(a, False))
