"""A word shape's accents and dots (``words.word_mask``): set a cell apart from their letters, and a
stack's upper mark from the lower (``apart``); then dots squared where the cells draw them as an L,
and one size across the word: drawn, in cells, as a reader expects marks to look."""

from __future__ import annotations

import math
import re
import unicodedata
from typing import Any

from .masks import Run, fit, near_cells, parts_of, run_pieces

Cell = tuple[int, int]

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


ABOVE = 230
"""The canonical combining class of a mark above its letter."""
LIFTS = 3
"""Rows a mark is lifted at most to stand clear (``apart``)."""


def stacked(word: str) -> bool:
    """Whether a letter of ``word`` carries a mark above another (Vietnamese ễ, ầ, ỗ; ǘ)."""
    above = 0
    for c in unicodedata.normalize("NFD", word):
        kind = unicodedata.combining(c)
        above = above + 1 if kind == ABOVE else above if kind else 0
        if above > 1:
            return True
    return False


ON = re.compile(b"\xff+")
"""A run of a mark's pixels in a row of its picture."""
Piece = tuple[int, int, tuple[Run, ...]]
"""A mark of a word's picture: its top and bottom rows, and its runs."""


def stack_pieces(picture: Any, bare: Any) -> tuple[Piece, ...]:
    """The marks of a word's ``picture`` (less its ``bare`` letters) that stand above or below another
    mark (``Piece``); the marks are found run by run, a row's runs joined to the runs they touch in
    the row above (pixel by pixel, a name's took 20 ms a field)."""
    from PIL import ImageChops

    marks = ImageChops.subtract(picture, bare).point(lambda v: 255 if v >= 128 else 0)
    box = marks.getbbox()
    if box is None:
        return ()
    crop = marks.crop(box)
    data, width = crop.tobytes(), crop.width
    rows = []
    for y in range(crop.height):
        left = box[0] - y * width  # a run's columns in the picture
        rows.append(
            [
                (y + box[1], m.start() + left, m.end() + left)
                for m in ON.finditer(data, y * width, (y + 1) * width)
            ]
        )
    parts = run_pieces(rows)
    boxes = [(min(r[1] for r in p), p[0][0], max(r[2] for r in p) - 1, p[-1][0], tuple(p)) for p in parts]
    return tuple(
        (y0, y1, part)
        for x0, y0, x1, y1, part in boxes
        if any(a <= x1 and x0 <= b and (d < y0 or y1 < c) for a, c, b, d, _ in boxes)  # one over another
    )


def stack_parts(
    pieces: tuple[Piece, ...], size: tuple[int, int], width: int, height: int, grid: str
) -> list[tuple[int, int, set[Cell]]]:
    """``stack_pieces`` of a picture of ``size``, each fitted into the field as on its own: its top and
    bottom, and its cells. On squares, pieces too far apart to share a cell are fitted together and
    their cells told apart after: one by one, a class set of 200 names of 14 stacked letters took 70 s
    to validate, and takes 51 s so (39 s before stacks were told apart, 29 s for plain names)."""
    from PIL import Image, ImageDraw

    boxes = [
        (min(r[1] for r in runs), top, max(r[2] for r in runs) - 1, bottom) for top, bottom, runs in pieces
    ]
    per_cell = max(size[0] / width, size[1] / height)  # pixels a cell, as ``masks.fit`` scales
    gap = math.ceil(per_cell) + 2  # pixels between two pieces that share no cell
    groups: list[list[int]] = []
    for i, box in enumerate(boxes):
        home = (
            next((g for g in groups if all(_clear(box, boxes[j], gap) for j in g)), None)
            if grid == "rectangle"
            else None  # other grids fit by the cells' centres: each piece on its own
        )
        if home is None:
            groups.append([i])
        else:
            home.append(i)
    cells: list[set[Cell]] = [set() for _ in pieces]
    for group in groups:
        together = Image.new("L", size, 0)
        draw = ImageDraw.Draw(together)
        for i in group:
            for y, x0, x1 in pieces[i][2]:
                draw.line([(x0, y), (x1 - 1, y)], fill=255)
        for x, y in fit(together, width, height, grid):  # each cell to the nearest piece of the group
            px, py = (x + 0.5) * per_cell, (y + 0.5) * per_cell
            nearest = group[0] if len(group) == 1 else min(group, key=lambda i: _off(px, py, boxes[i]))
            cells[nearest].add((x, y))
    return [(top, bottom, found) for (top, bottom, _), found in zip(pieces, cells, strict=True)]


def _clear(a: tuple[int, int, int, int], b: tuple[int, int, int, int], gap: int) -> bool:
    """Whether two boxes of pixels are more than ``gap`` apart across or down."""
    return a[0] - b[2] > gap or b[0] - a[2] > gap or a[1] - b[3] > gap or b[1] - a[3] > gap


def _off(x: float, y: float, box: tuple[int, int, int, int]) -> float:
    """How far a point lies outside a box."""
    return max(box[0] - x, 0.0, x - box[2]) + max(box[1] - y, 0.0, y - box[3])


def apart(
    marks: set[Cell], near: set[Cell], grid: str, stacks: list[tuple[int, int, set[Cell]]]
) -> set[Cell]:
    """Each mark of ``marks`` (cells) lifted a row at a time until it is clear of ``near`` (its letters
    and the cells round them), or where there is no room, its cells in ``near`` left out. A mark the
    cells drew as one blot of a stack (``stack_parts``: ễ's tilde on its circumflex read as an H) is
    lifted layer by layer, the lowest first, each upper one also a cell clear of those below; where
    that finds no room it is lifted whole, as one mark."""
    out: set[Cell] = set()
    # a triangle lifted one row would point the other way, an octagon would become a square
    step = 2 if grid in ("triangle", "octagon") else 1
    for mark in sorted(parts_of(marks, grid), key=min):
        layers = _layers(mark, stacks)
        placed = _stacked(layers, near, grid, step) if len(layers) > 1 else None
        if placed is None:
            lifted = _lifted(mark, near, step)
            placed = lifted if not lifted & near else {c for c in mark if c not in near}
        out |= placed
    return out


def _stacked(layers: list[set[Cell]], near: set[Cell], grid: str, step: int) -> set[Cell] | None:
    """A stack's layers lifted in turn, each clear of ``near`` and a cell clear of those below; None
    where one finds no room."""
    placed: set[Cell] = set()
    for layer in layers:
        clear = near | placed.union(*(around(x, y, grid) for x, y in placed))
        lifted = _lifted(layer, clear, step)
        if lifted & clear:
            return None
        placed |= lifted
    return placed


def _lifted(mark: set[Cell], clear: set[Cell], step: int) -> set[Cell]:
    lifted = mark
    for _ in range(LIFTS):
        if not lifted & clear or min(y for _, y in lifted) < step:
            break
        lifted = {(x, y - step) for x, y in lifted}
    return lifted


def _layers(mark: set[Cell], stacks: list[tuple[int, int, set[Cell]]]) -> list[set[Cell]]:
    """``mark``'s cells by the layer of its stack they come from, the lowest first: the stack's marks
    whose cells it holds, those side by side one layer (ǘ's two dots); each cell to the layer it was
    fitted in, or the nearest. ``[mark]`` for a mark of one layer."""
    parts = sorted((p for p in stacks if p[2] & mark), key=lambda p: -p[1])
    layers: list[tuple[int, set[Cell]]] = []  # each layer's top in the picture, and its cells
    for top, bottom, cells in parts:
        if layers and bottom >= layers[-1][0]:  # beside the layer below, not above it
            layers[-1] = (min(top, layers[-1][0]), layers[-1][1] | cells)
        else:
            layers.append((top, set(cells)))
    if len(layers) < 2:
        return [mark]
    split: list[set[Cell]] = [set() for _ in layers]
    for x, y in mark:
        home = next((i for i, (_, cells) in enumerate(layers) if (x, y) in cells), None)
        if home is None:
            home = min(
                range(len(layers)), key=lambda i: min(abs(x - a) + abs(y - b) for a, b in layers[i][1])
            )
        split[home].add((x, y))
    return [layer for layer in split if layer]
