"""A word's accents and dots as drawn (``Puzzle.accents``: cells apart from the maze, over their
letters): small marks solid in the walls' ink, a word with a large one outlined like its letters
(``OUTLINED_MARK``), its dots round (``round_marks``). Every output draws them from here."""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet

from .graph import GraphMaze
from .puzzles import Puzzle
from .solve import Cell

Point = tuple[float, float]


OUTLINED_MARK = 0.3 * 72
"""How wide, in points its narrower way, a word's accent or dot is drawn from which it is outlined like
its letters rather than filled: a short name drawn large made an i's dot a black square over an inch
wide, the heaviest thing on a child's page. A smaller mark stays solid, where it reads as a dot (an
outline round a few cells reads as an empty box)."""


def drawn_marks(puzzle: Puzzle, cell: float) -> tuple[frozenset[Cell], frozenset[Cell]]:
    """A word's accents and dots (``Puzzle.accents``) drawn at ``cell`` points a cell: those drawn solid,
    and those outlined. A word's marks are drawn alike, outlined where any mark (its cells side by side
    or corner to corner) is ``OUTLINED_MARK`` across: an outlined acute beside a solid i-dot read as
    two hands at work."""
    for mark in _marks(puzzle):
        points = [p for accent in mark for p in _polygon(puzzle, accent)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        if min(max(xs) - min(xs), max(ys) - min(ys)) * cell >= OUTLINED_MARK - 1e-6:
            return frozenset(), frozenset(puzzle.accents)
    return frozenset(puzzle.accents), frozenset()


def _marks(puzzle: Puzzle) -> list[frozenset[Cell]]:
    """A word's marks: its accents' cells side by side or corner to corner, one mark, in reading order."""
    by_corner: dict[Point, set[Cell]] = {}
    for accent in puzzle.accents:
        for corner in _polygon(puzzle, accent):
            by_corner.setdefault(corner, set()).add(accent)
    left = set(puzzle.accents)
    found = []
    while left:
        first = min(left, key=lambda c: (c[1], c[0]))
        left.discard(first)
        mark, todo = {first}, [first]
        while todo:
            near = {c for p in _polygon(puzzle, todo.pop()) for c in by_corner[p] if c in left}
            left -= near
            mark |= near
            todo += near
        found.append(frozenset(mark))
    return found


def round_marks(puzzle: Puzzle, cell: float) -> list[tuple[float, float, float, float]]:
    """The outlined dots at ``cell`` points a cell (``drawn_marks``) as ellipses (x, y, half width,
    half height) in the grid's units, each in its mark's box: on squares, a mark that fills most of a
    box near square (``DOT_FILL``, ``DOT_SHAPE``). Outlined square, a large dot read as an empty box, a
    letter the font lacked (Zoë's two, Mia's one: a design review); round, as a bubble letter's. Jiří's
    i-dot, 5 cells by 4, stayed a box (a hostile review). Other marks (an acute, a tilde) keep their
    cells' outline."""
    if not puzzle.accents or isinstance(puzzle.maze, GraphMaze) or not drawn_marks(puzzle, cell)[1]:
        return []
    dots = []
    for mark in _marks(puzzle):
        xs, ys = [x for x, _ in mark], [y for _, y in mark]
        w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
        if len(mark) >= DOT_FILL * w * h and max(w, h) <= DOT_SHAPE * min(w, h):
            dots.append((min(xs) + w / 2, min(ys) + h / 2, w / 2, h / 2))
    return dots


DOT_FILL = 0.75
"""Of its box, the share of cells a mark fills to be a dot (a square's 24 of 25 cells, its corner
notched)."""
DOT_SHAPE = 1.5
"""How many times longer one way than the other a dot's box is at most: an acute's or a macron's is more."""


def _rounded(puzzle: Puzzle, cell: float) -> frozenset[Cell]:
    """The cells of the marks drawn round (``round_marks``)."""
    return frozenset(
        mark for mark in puzzle.accents if any(_within(mark, dot) for dot in round_marks(puzzle, cell))
    )


def _within(cell: Cell, dot: tuple[float, float, float, float]) -> bool:
    x, y = cell
    cx, cy, rx, ry = dot
    return cx - rx <= x < cx + rx and cy - ry <= y < cy + ry


ROUND_SIDES = 48
"""Sides of the polygon a round dot's tint is filled as, under its drawn ellipse."""


def _polygon(puzzle: Puzzle, cell: Cell) -> tuple[Point, ...]:
    x, y = cell
    if isinstance(puzzle.maze, GraphMaze):
        return tuple((round(a, 6), round(b, 6)) for a, b in puzzle.maze.grid.kind.corners(x, y))
    return (x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)


def mark_outlines(puzzle: Puzzle, cell: float) -> list[tuple[float, float, float, float]]:
    """The outlines of the marks outlined at ``cell`` points a cell (``drawn_marks``): the sides of their
    cells that no other of them shares, as (x0, y0, x1, y1) in the grid's units."""
    cells = drawn_marks(puzzle, cell)[1] - _rounded(puzzle, cell) if puzzle.accents else frozenset()
    sides: dict[tuple[Point, Point], int] = {}
    for accent in cells:
        corners = _polygon(puzzle, accent)
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            key = (min(a, b), max(a, b))
            sides[key] = sides.get(key, 0) + 1
    return [(a[0], a[1], b[0], b[1]) for (a, b), count in sorted(sides.items()) if count == 1]


def accent_areas(
    puzzle: Puzzle, cell: float, outlined: bool = False
) -> list[tuple[tuple[float, float], ...]]:
    """A word's accents and dots that are small at ``cell`` points a cell (``drawn_marks``), as polygons
    in the grid's units (y down), drawn solid in the walls' ink: on squares, each row's runs of their
    cells as one rectangle; on other grids, each cell's corners. They stand a cell clear of their
    letters and out of the maze, so an i reads as an i. With ``outlined``, those outlined instead, for
    a tint inside them as inside their letters (an i's dot stood white over a pink name)."""
    cells = drawn_marks(puzzle, cell)[1 if outlined else 0] if puzzle.accents else frozenset()
    if not cells:
        return []
    maze = puzzle.maze
    if isinstance(maze, GraphMaze):
        shape = maze.grid.kind
        return [tuple(shape.corners(x, y)) for x, y in sorted(cells, key=lambda c: (c[1], c[0]))]
    if not outlined:
        return row_runs(cells)
    round_dots = [
        tuple(
            (
                cx + rx * math.cos(2 * math.pi * k / ROUND_SIDES),
                cy + ry * math.sin(2 * math.pi * k / ROUND_SIDES),
            )
            for k in range(ROUND_SIDES)
        )
        for cx, cy, rx, ry in round_marks(puzzle, cell)
    ]
    return row_runs(cells - _rounded(puzzle, cell)) + round_dots


def row_runs(cells: AbstractSet[Cell]) -> list[tuple[tuple[float, float], ...]]:
    """Squares' ``cells`` as rectangles, each row's runs of cells one, row by row from the top."""
    areas: list[tuple[tuple[float, float], ...]] = []
    for y in sorted({y for _, y in cells}):
        row = sorted(x for x, cy in cells if cy == y)
        start = row[0]
        for x, after in zip(row, [*row[1:], None], strict=True):
            if after != x + 1:  # the run ends here
                areas.append(((start, y), (x + 1, y), (x + 1, y + 1), (start, y + 1)))
                start = after if after is not None else start
    return areas
