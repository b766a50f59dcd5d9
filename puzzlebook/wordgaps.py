"""A word's letters kept a cell apart once fitted into cells, so each reads as its own letter.

Letters closer than a cell in the font's picture (a t's bar beside the next t's, an r's arm beside an
l, most pairs of a narrowed name) fell into touching cells: the maze ran through both as one piece, and
Charlotte's "tt" printed as one blot. The picture says which letter each cell's ink is from; where two
letters' cells touch, by side or corner, one letter gives up the cells that touch, so a cell lies
between them: the one whose stroke there runs out further (an r's arm rather than the short bar of the
t beside it), else one that has not given up cells on its other side (a t between two letters would
lose its bar both ways and read as an l), else the one for which they are the smaller share (the tall
l rather than the short i).
The letters are then joined as any others are, by a bar at their foot (``wordjoins``).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from . import kinds
from .masks import Run, run_pieces
from .wordforms import INKED

Cell = tuple[int, int]
Box = tuple[float, float, float, float]  # a letter's box in the picture: left, top, right, bottom
Ink = dict[int, list[tuple[int, int, int]]]  # each row's stretches of ink: start, end, letter

OWN_INK = 0.05
"""Of a piece of ink, the share a second letter must have in its box, where no other letter's box
reaches, for the piece to be two letters that touch (an e's bar and a hyphen): a y kerned under a T
has its ink in the y's box, part of it where the T's box reaches too, none in the T's alone."""


def letters_apart(cells: set[Cell], ink: LetterInk, width: int, height: int, grid: str) -> set[Cell]:
    """``cells``, the letters of a picture as ``masks.fit`` fitted them into ``width`` x ``height``, with
    cells left out until no two letters touch; ``ink`` says which letter each cell's ink is from."""
    owner, near = _owners(cells, ink, width, height, grid)
    count = Counter(owner.values())
    kept = set(cells)

    def beside(cell: Cell) -> list[Cell]:
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in _corner_steps(grid, kinds.kind(grid).pattern(x, y))]

    # leaving cells out brings no letters together: the cells that touch are among those that did
    sides: dict[tuple[int, int], set[Cell]] = defaultdict(set)  # (letter, other): its cells by the other
    for x, y in near & owner.keys():
        letter = owner[x, y]
        for n in beside((x, y)):
            if (other := owner.get(n, letter)) != letter:
                sides[letter, other].add((x, y))
                sides[other, letter].add(n)

    gave: set[int] = set()  # the letters that gave up cells
    for letter, other in sorted(pair for pair in sides if pair[0] < pair[1]):
        mine, theirs = (
            {c for c in sides[a, b] if c in kept and any(owner.get(n) == b and n in kept for n in beside(c))}
            for a, b in ((letter, other), (other, letter))
        )
        if not (mine and theirs):
            continue
        first, second = (_reach(cells, owner, kept) for cells in (mine, theirs))
        if first != second:  # the longer stroke gives a cell up: the shorter would be lost
            mine_go = first > second
        elif (letter in gave) != (other in gave):  # not one letter squeezed from both sides
            mine_go = other in gave
        else:  # the letter for which they are the smaller share, else the later
            mine_go = len(mine) * count[other] < len(theirs) * count[letter]
        kept -= mine if mine_go else theirs
        gave.add(letter if mine_go else other)
    return kept


@functools.cache
def _corner_steps(grid: str, pattern: int) -> tuple[Cell, ...]:
    """The steps from a cell of ``pattern`` to the cells that share a corner with it, by side or corner
    alone: on squares the eight around it, on triangles twelve (three by side), on hexagons six."""
    shape = kinds.kind(grid)
    x, y = next((x, y) for x in (6, 7) for y in (6, 7) if shape.pattern(x, y) == pattern)

    def points(x: int, y: int) -> set[tuple[float, float]]:
        return {(round(a, 6), round(b, 6)) for a, b in shape.corners(x, y)}

    mine = points(x, y)
    near = itertools.product(range(-3, 4), repeat=2)
    return tuple((dx, dy) for dx, dy in near if (dx or dy) and mine & points(x + dx, y + dy))


def _reach(cells: set[Cell], owner: dict[Cell, int], kept: set[Cell]) -> int:
    """How far the shortest of the strokes these cells of one letter end runs out across from the
    letter's upright ones, in cells along the grid's row (on squares a t's bar left of its stem 1 cell,
    an r's arm 5): a cell given up from a stroke of one loses the stroke. Cells that touch the other
    letter only above or below: 0."""
    least = None
    for x, y in cells:
        letter = owner[x, y]
        away = {x - n[0] for n in ((x + 1, y), (x - 1, y)) if n in kept and n in owner and owner[n] != letter}
        if len(away) != 1:
            continue
        step, thick, run = away.pop(), _column(x, y, owner, kept), 0
        while owner.get((x, y)) == letter and (x, y) in kept and _column(x, y, owner, kept) <= thick + 1:
            run, x = run + 1, x + step
        least = run if least is None else min(least, run)
    return least or 0


def _column(x: int, y: int, owner: dict[Cell, int], kept: set[Cell]) -> int:
    """The cells of a cell's letter in its column, through it: a bar's thickness, or a stem's height."""
    letter, up, down = owner[x, y], y, y
    while owner.get((x, up - 1)) == letter and (x, up - 1) in kept:
        up -= 1
    while owner.get((x, down + 1)) == letter and (x, down + 1) in kept:
        down += 1
    return down - up + 1


class LetterInk:
    """Which letter the ink of a word's picture (a Pillow "L" image) is from, worked out where a cell
    asks: ink in one letter's box is that letter's (``glyphs``, each letter's box); where two boxes
    overlap (a y kerned under a T), it is the letter of the piece of ink it is part of (``_window``)."""

    def __init__(
        self, picture: Any, glyphs: tuple[Box, ...], alone: Callable[[int], tuple[int, Any]]
    ) -> None:
        """``alone``: a letter drawn alone, as ``wordforms.letter_alone`` draws it, which tells two
        letters that touch in the picture apart where their boxes overlap."""
        self.size: tuple[int, int] = picture.size
        self.glyphs = glyphs
        self._ink = picture.tobytes().translate(INKED)
        self._rows: dict[int, list[tuple[int, int, tuple[int, ...]]]] = {}
        self._shared: dict[tuple[int, ...], Ink] = {}
        self._draw_alone = alone
        self._alone: dict[int, tuple[int, int, bytes]] = {}

    def held(self, x0: int, x1: int, y0: int, y1: int) -> dict[int, int]:
        """How much ink of each letter lies in the pixels from ``x0`` to ``x1`` and ``y0`` to ``y1``."""
        held: dict[int, int] = defaultdict(int)
        width = self.size[0]
        for row in range(max(0, y0), min(self.size[1], y1)):
            for a, b, over in self._row(row):
                lo, hi = max(a, x0), min(b, x1)
                if hi <= lo:
                    if a >= x1:
                        break
                    continue
                if len(over) == 1:
                    held[over[0]] += self._ink.count(1, row * width + lo, row * width + hi)
                    continue
                for start, end, letter in self._window(over).get(row, ()):
                    held[letter] += max(0, min(end, hi) - max(start, lo))
        return held

    def _row(self, row: int) -> list[tuple[int, int, tuple[int, ...]]]:
        """A row of the picture cut where letters' boxes start and end: each stretch with the letters
        whose boxes hold it (ink beyond every box, a pixel of rounding, goes to the nearest)."""
        if row not in self._rows:
            width = self.size[0]
            on = [k for k, g in enumerate(self.glyphs) if g[1] <= row <= g[3]]
            edges = sorted(
                {0, width, *(min(width, max(0, round(self.glyphs[k][e]))) for k in on for e in (0, 2))}
            )
            stretches = []
            for a, b in itertools.pairwise(edges):
                over = tuple(k for k in on if round(self.glyphs[k][0]) <= a and b <= round(self.glyphs[k][2]))
                stretches.append((a, b, over or (_nearest(self.glyphs, (a + b) / 2, row),)))
            self._rows[row] = stretches
        return self._rows[row]

    def _window(self, over: tuple[int, ...]) -> Ink:
        """The ink within the boxes of the letters ``over``, each stretch with its letter: stretches that
        touch (by side or corner) are one piece, a letter's, unless a second letter has ink of its own
        in it (``OWN_INK``); then each stretch is cut where one letter's box gives way to the next's."""
        if over in self._shared:
            return self._shared[over]
        glyphs = self.glyphs
        left = max(0, round(min(glyphs[k][0] for k in over)))
        right = min(self.size[0], round(max(glyphs[k][2] for k in over)))
        top = max(0, round(min(glyphs[k][1] for k in over)))
        bottom = min(self.size[1], round(max(glyphs[k][3] for k in over)) + 1)
        width, ink = self.size[0], self._ink
        rows = []
        for row in range(top, bottom):
            start, end = row * width + left, row * width + right
            runs, x = [], ink.find(1, start, end)
            while x >= 0:
                stop = ink.find(0, x, end)
                stop = end if stop < 0 else stop
                runs.append((row, x - row * width, stop - row * width))
                x = ink.find(1, stop, end)
            rows.append(runs)
        out: Ink = defaultdict(list)
        for piece in run_pieces(rows, corners=True):
            own: Counter[int] = Counter()
            for run in piece:
                for (x0, x1), glyph in _cut(run, glyphs, over, alone=True):
                    own[glyph] += x1 - x0
            total = sum(x1 - x0 for _, x0, x1 in piece)
            present = [glyph for glyph, mass in own.items() if mass >= OWN_INK * total]
            for run in piece:
                row, x0, x1 = run
                if len(present) > 1:  # letters that touch in the picture
                    out[row].extend(self._touching(run, over))
                else:
                    one = present[0] if present else own.most_common(1)[0][0] if own else over[0]
                    out[row].append((x0, x1, one))
        self._shared[over] = dict(out)
        return self._shared[over]

    def _touching(self, run: Run, over: tuple[int, ...]) -> list[tuple[int, int, int]]:
        """A stretch of ink across letters that touch, each pixel the letter's whose box alone holds
        it, else whose ink drawn alone it is (``alone``), else cut half way across the boxes' overlap."""
        row = run[0]
        out: list[tuple[int, int, int]] = []
        for (a, b), cut in _cut(run, self.glyphs, over):
            for start, end, boxes in self._row(row):
                lo, hi = max(a, start), min(b, end)
                mine = [k for k in boxes if k in over]
                for x in range(lo, hi) if len(mine) > 1 else ():
                    holding = [k for k in mine if self._drawn(k, x, row)]
                    out.append((x, x + 1, holding[0] if len(holding) == 1 else cut))
                if hi > lo and len(mine) < 2:
                    out.append((lo, hi, mine[0] if mine else cut))
        return out

    def _drawn(self, letter: int, x: int, row: int) -> bool:
        """Whether letter ``letter`` drawn alone inks the pixel."""
        if letter not in self._alone:
            left, picture = self._draw_alone(letter)
            self._alone[letter] = (left, picture.width, picture.tobytes().translate(INKED))
        left, width, ink = self._alone[letter]
        return (
            0 <= x - left < width and row * width + x - left < len(ink) and ink[row * width + x - left] == 1
        )


def _nearest(glyphs: tuple[Box, ...], x: float, y: float) -> int:
    """The glyph whose box is nearest the point."""

    def away(k: int) -> float:
        left, top, right, bottom = glyphs[k]
        return max(left - x, x - right, 0) + max(top - y, y - bottom, 0)

    return min(range(len(glyphs)), key=away)


def _cut(
    run: Run, glyphs: tuple[Box, ...], near: tuple[int, ...], alone: bool = False
) -> list[tuple[tuple[int, int], int]]:
    """A stretch of ink across the letters ``near`` it, cut where one's box gives way to the next's on
    its row (half way where two overlap); with ``alone``, only its parts in one letter's box alone."""
    row, x0, x1 = run
    on_row = sorted(
        (k for k in near if glyphs[k][1] <= row <= glyphs[k][3]), key=lambda k: glyphs[k][0] + glyphs[k][2]
    )
    out = []
    for n, k in enumerate(on_row):
        left, right = glyphs[k][0], glyphs[k][2]
        before = glyphs[on_row[n - 1]][2] if n else None
        after = glyphs[on_row[n + 1]][0] if n + 1 < len(on_row) else None
        if alone:
            start, end = max(left, before or left), min(right, after or right)
        else:
            start = x0 if before is None else (before + left) / 2
            end = x1 if after is None else (right + after) / 2
        start, end = max(x0, round(start)), min(x1, round(end))
        if end > start:
            out.append(((start, end), k))
    if not out and not alone:
        out.append(((x0, x1), on_row[0] if on_row else near[0]))
    return out


def _owners(
    cells: set[Cell], ink: LetterInk, width: int, height: int, grid: str
) -> tuple[dict[Cell, int], set[Cell]]:
    """The letter most of each cell's ink comes from, over the pixels ``masks.fit`` reads for it (a
    square's whole area, another grid's sample at its centre): the only letter whose box reaches there,
    else the ink counted. And the cells near enough two letters' boxes to touch another letter."""
    (pw, ph), glyphs = ink.size, ink.glyphs
    shape = kinds.kind(grid)
    if grid == "rectangle":
        scale, reach = min(width / pw, height / ph), 1
    else:
        ew, eh = shape.extent(width, height)
        scale, reach = min(ew / pw, eh / ph) * 4, 8  # as ``fit`` samples: four a corridor width; a
        # neighbour by corner is at most two corridors away
    across, down = max(1, round(pw * scale)) / pw, max(1, round(ph * scale)) / ph

    @functools.cache
    def column(sx: int) -> int:
        """The glyphs whose boxes reach a column of samples, as bits."""
        return sum(1 << k for k, g in enumerate(glyphs) if g[0] < (sx + 1) / across and sx / across < g[2])

    @functools.cache
    def row(sy: int) -> int:
        return sum(1 << k for k, g in enumerate(glyphs) if g[1] < (sy + 1) / down and sy / down <= g[3])

    @functools.cache
    def columns_near(sx: int) -> int:
        return functools.reduce(int.__or__, map(column, range(sx - reach, sx + reach + 1)))

    @functools.cache
    def rows_near(sy: int) -> int:
        return functools.reduce(int.__or__, map(row, range(sy - reach, sy + reach + 1)))

    owners, near = {}, set()
    for cell in cells:
        if grid == "rectangle":
            sx, sy = cell
        else:
            cx, cy = shape.centre(*cell)
            sx, sy = int(cx * 4), int(cy * 4)
        here = column(sx) & row(sy)
        if here and not here & (here - 1):  # one letter's box alone
            owners[cell] = here.bit_length() - 1
        elif here:
            x0, y0 = round(sx / across), round(sy / down)
            held = ink.held(
                x0, max(x0 + 1, round((sx + 1) / across)), y0, max(y0 + 1, round((sy + 1) / down))
            )
            if held:
                owners[cell] = max(held, key=lambda letter: held[letter])
        if (more := columns_near(sx) & rows_near(sy)) & (more - 1):
            near.add(cell)
    return owners, near
