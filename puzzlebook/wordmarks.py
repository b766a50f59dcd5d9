"""A word shape's dots drawn as dots (``words.word_mask``): squared where the cells draw them as an L,
and one size across the word. Its accents and dots are first set a cell apart from their letters
(``words._marks_apart``); these rules then draw them, in cells, as a reader expects dots to look."""

from __future__ import annotations

import unicodedata

from .masks import near_cells, parts_of

DOTS = frozenset("\u0307\u0308")
"""The combining marks that are dots (a dot above, a diaeresis): with an i's and a j's, the only marks a
word may have for its marks to be drawn square (``squared``)."""
DOT_FILL = 0.6
"""Of its box, the least share of cells a dot fills to be drawn as the whole box."""


def dotted(word: str) -> bool:
    """Whether every mark of ``word`` is a dot (Zoë, Björn, Chidi; not Chloé, whose acute drawn in cells
    as an L would be squared into a block)."""
    return all(c in DOTS for c in unicodedata.normalize("NFD", word) if unicodedata.combining(c))


def squared(marks: set[tuple[int, int]], letters: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Dots drawn in cells as an L or a notched square (an umlaut's read as flags) filled to their box,
    where that keeps them a cell clear of every letter."""
    out = set(marks)
    for mark in parts_of(marks, corners=True):
        xs, ys = [x for x, _ in mark], [y for _, y in mark]
        box = {(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)}
        near = box.union(*(around(x, y, "rectangle") for x, y in box))
        if len(mark) >= DOT_FILL * len(box) and not near & letters:
            out |= box
    return out


def around(x: int, y: int, grid: str) -> list[tuple[int, int]]:
    """A cell's neighbours by side and by corner: a mark clear of these reads apart from its letter."""
    if grid == "rectangle":
        return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    return [m for n in near_cells(x, y, grid, (0, 0)) for m in [n, *near_cells(*n, grid, (0, 0))]]


ALIKE_MOST = 6
"""Cells across the largest dot ``alike`` squares: past it the font's own dots are square within a
cell, and the search for each dot's place, which grows with the fourth power of its size, took 17 s
for a two-dot word over 200x200 cells."""


def alike(
    marks: set[tuple[int, int]], letters: set[tuple[int, int]], size: tuple[int, int]
) -> set[tuple[int, int]]:
    """A word's dots drawn as squares of one size: Jörg's two dots came out of the cells as a bar and a
    square, Eun-ji's j's as a bar beside its i's square, Kai's as a bar. The square is the largest each
    dot can take, from the longest side a dot has down to the shortest, nearest its own cells and
    overlapping them, within the ``size`` of the field and a cell clear of every letter and every other
    dot; where no size fits them all, the dots keep their cells."""
    dots = sorted(parts_of(marks, corners=True), key=min)
    boxes = [
        (min(x for x, _ in d), min(y for _, y in d), max(x for x, _ in d), max(y for _, y in d)) for d in dots
    ]
    sides = [(x1 - x0 + 1, y1 - y0 + 1) for x0, y0, x1, y1 in boxes]
    if not dots or max(max(side) for side in sides) > ALIKE_MOST:  # large dots: square enough as drawn
        return set(marks)
    for side in range(max(max(s) for s in sides), max(min(s) for s in sides) - 1, -1):
        squares = _squares(dots, boxes, letters, size, side)
        if squares is not None:
            return squares
    return set(marks)


def _squares(
    dots: list[set[tuple[int, int]]],
    boxes: list[tuple[int, int, int, int]],
    letters: set[tuple[int, int]],
    size: tuple[int, int],
    side: int,
) -> set[tuple[int, int]] | None:
    """Each dot as a square ``side`` cells across (``alike``), or None where one finds no place."""
    out: list[set[tuple[int, int]]] = []
    for i, (dot, (x0, y0, x1, y1)) in enumerate(zip(dots, boxes, strict=True)):
        others = set().union(*out, *dots[i + 1 :])  # the dots placed, and those still to come
        cx, cy = sum(x for x, _ in dot) / len(dot), sum(y for _, y in dot) / len(dot)
        best: tuple[tuple[float, int, int], set[tuple[int, int]]] | None = None
        for left in range(max(0, x0 - side + 1), min(x1, size[0] - side) + 1):
            for top in range(max(0, y0 - side + 1), min(y1, size[1] - side) + 1):
                square = {(x, y) for x in range(left, left + side) for y in range(top, top + side)}
                near = square.union(*(around(x, y, "rectangle") for x, y in square))
                if not square & dot or near & letters or near & others:
                    continue
                key = ((left + (side - 1) / 2 - cx) ** 2 + (top + (side - 1) / 2 - cy) ** 2, top, left)
                if best is None or key < best[0]:
                    best = (key, square)
        if best is None:
            return None
        out.append(best[1])
    return set().union(*out)
