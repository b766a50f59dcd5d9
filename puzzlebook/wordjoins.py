"""A word shape's letters joined into one piece (``words.word_mask``): each piece but the largest bridged
to another by a short path of cells, so a child traces the whole name as one maze. Its accents and dots
stand apart, drawn solid: the joins keep clear of them."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import cache
from statistics import median_low

from . import kinds
from .masks import near_cells, parts_of

Cell = tuple[int, int]
Rows = dict[Cell, tuple[int, int, int]]
"""Each cell's letter's top row, its line's foot, and which letter it is (-1: a join) (``letter_lines``)."""

LOWER = 0.5
"""How much longer than the shortest a join may run, in its letter's heights, to join two letters of a
line nearer their feet: the shortest often runs between their tops (an r's arm to the next letter), and
letters joined at their tops read as other letters (Harry's "rr" as an m, Fern's "rn" likewise);
handwriting joins them low."""


def joined(cells: set[Cell], grid: str = "rectangle", apart: AbstractSet[Cell] = frozenset()) -> set[Cell]:
    """``cells`` (a word's letters) with each piece but the largest bridged to another piece
    (``bridge``), none through or beside the cells ``apart`` (its accents and dots, drawn solid beside
    the maze) where another way is. The smallest piece is joined first, of two alike the one whose first
    cell comes first, so the order depends on the cells alone; the pieces are found once, and a join
    merges the pieces its bridge touches (finding them again after every join took most of a long
    name's fitting time)."""
    cells = set(cells)
    if not cells:
        return cells
    box = max(x for x, _ in cells | apart), max(y for _, y in cells | apart)
    keep = set(apart).union(*(near_cells(x, y, grid, (0, 0)) for x, y in apart)) - cells
    letters = parts_of(cells, grid)
    rows = letter_lines(letters)
    parts = [(len(part), min(part), part) for part in letters]
    while len(parts) > 1:
        parts.sort(key=lambda entry: entry[:2])
        piece = parts[0][2]
        path = bridge(piece, cells, grid, box, rows, keep) or bridge(piece, cells, grid, box, rows)
        cells |= path
        rows.update(bridged_rows(path, rows, grid))
        touched = path.union(*(near_cells(x, y, grid, (0, 0)) for x, y in path))
        merged = [entry for entry in parts if entry[2] is piece or not touched.isdisjoint(entry[2])]
        whole = path.union(*(entry[2] for entry in merged))
        parts = [entry for entry in parts if all(entry is not m for m in merged)]
        parts.append((len(whole), min(whole), whole))
    return cells


def letter_lines(letters: list[set[Cell]]) -> Rows:
    """Each cell's letter's top row, its line's foot (the bottom most letters of its line share; a j's
    or a y's tail goes below it), which a join meets a letter nearest to, and the letter's number."""
    spans = []
    for letter in letters:
        ys = [y for _, y in letter]
        spans.append((min(ys), max(ys)))
    rows: Rows = {}
    for number, (letter, (top, bottom)) in enumerate(zip(letters, spans, strict=True)):
        line = [b for t, b in spans if t <= bottom and top <= b]  # the letters beside it, itself too
        rows.update(dict.fromkeys(letter, (top, median_low(line), number)))
    return rows


def bridged_rows(path: set[Cell], rows: Rows, grid: str) -> Rows:
    """A join's cells' rows: those of the letters it joins, together."""
    ends = [rows[n] for x, y in path for n in near_cells(x, y, grid, (0, 0)) if n in rows]
    if not ends:
        return {}
    return dict.fromkeys(path, (min(end[0] for end in ends), max(end[1] for end in ends), -1))


def bridge(
    piece: set[Cell],
    cells: set[Cell],
    grid: str,
    box: tuple[int, int],
    rows: Rows,
    keep: AbstractSet[Cell] = frozenset(),
) -> set[Cell]:
    """The cells of a path from ``piece`` to a cell of another piece (that cell included), within the
    box and off the cells ``keep``; empty where no path is. The shortest (``shortest``), unless a level
    one at most ``LOWER`` of a letter's height longer joins a letter of the same line nearer their
    line's foot (``level``)."""
    path, start, end = shortest(piece, cells, grid, box, keep)
    if not path or not (below := _off(rows, start, end)):
        return path
    tall = max(foot - top + 1 for top, foot, _ in {rows[c] for c in piece})
    longer = round(LOWER * tall * _across(grid))
    low = level(piece, cells, grid, box, keep, rows, len(path) + longer, below)
    return low[1] if low is not None else path


@cache
def _across(grid: str) -> float:
    """Cells along a row as long as a row is tall: a triangle's row is 1.7 of them, a hexagon's 1.15."""
    if grid == "rectangle":
        return 1.0
    shape = kinds.kind(grid)
    (w, h), (wide, _), (_, tall) = shape.extent(10, 10), shape.extent(20, 10), shape.extent(10, 20)
    return (tall - h) / (wide - w)


def _off(rows: Rows, start: Cell, end: Cell) -> int:
    """How far from their line's foot a join meets the letters it leaves and reaches."""
    return abs(rows[start][1] - start[1]) + abs(rows[end][1] - end[1])


def level(
    piece: set[Cell],
    cells: set[Cell],
    grid: str,
    box: tuple[int, int],
    keep: AbstractSet[Cell],
    rows: Rows,
    most: int,
    below: int,
) -> tuple[int, set[Cell]] | None:
    """The level join of at most ``most`` cells from ``piece`` to a letter of its line that meets both
    nearest their line's foot (``_off``, then the shortest, then the lowest), nearer ``below``: a
    straight bar of cells between two letters, as a shortest join mostly is. It runs beside no other
    letter before it reaches one, and within half its letter's height of none of its own letter's
    strokes, above or below: a bar that would read as a stroke of the letter (an F's foot making it an
    E, an r's mid-height bar an F, a bar through a c's mouth an e, one under a P's bowl opening it)
    is left out. None where no such join is (on a grid without neighbours side by side in a row)."""
    best: tuple[int, int, int, set[Cell]] | None = None
    square = grid == "rectangle"  # neighbours worked out here: every cell of a piece starts a walk

    def others(cell: Cell) -> bool:
        """Whether ``cell`` lies beside a letter other than ``piece``'s."""
        x, y = cell
        near = ((x, y - 1), (x, y + 1)) if square else near_cells(x, y, grid, (0, 0))
        return any(n in cells and n not in piece for n in near)

    def under(cell: Cell, reach: int) -> bool:
        """Whether ``piece`` lies in ``cell``'s column within ``reach`` rows above or below it, or one
        letter both above and below it, within four times that (in its mouth or its counter)."""
        x, y = cell
        if any((x, y - k) in piece or (x, y + k) in piece for k in range(1, reach)):
            return True
        above = next((rows[x, y - k][2] for k in range(1, 4 * reach) if (x, y - k) in cells), -1)
        return above >= 0 and above == next(
            (rows[x, y + k][2] for k in range(1, 4 * reach) if (x, y + k) in cells), -1
        )

    def fair(way: list[Cell], reach: int) -> bool:
        """Whether a way runs along no other letter before its last cell, and ``under`` none."""
        return not any(others(cell) for cell in way[:-1]) and not any(under(cell, reach) for cell in way)

    by_off: dict[int, list[Cell]] = {}  # the cells of ``piece`` by how far they are from their foot
    for cell in piece:
        if (off := abs(rows[cell][1] - cell[1])) < below:
            by_off.setdefault(off, []).append(cell)
    starts = [cell for off in sorted(by_off) for cell in sorted(by_off[off], key=lambda c: (-c[1], c[0]))]
    for x, y in starts:
        top, foot, _ = rows[x, y]
        if best is not None and abs(foot - y) >= best[0]:
            break  # every join from here on meets its first letter farther from its foot
        for dx in (1, -1):
            if (x + dx, y) in piece:
                continue
            way: list[Cell] = []
            here = (x, y)
            while len(way) < most:
                step = (here[0] + dx, here[1])
                if step in keep or step in piece or not (0 <= step[0] <= box[0] and 0 <= step[1] <= box[1]):
                    break
                if not square and step not in near_cells(*here, grid, (0, 0)):
                    break
                if step in cells:
                    end_top, end_foot, _ = rows[step]
                    if end_top <= foot and top <= end_foot:  # a letter of its line
                        found = (_off(rows, (x, y), step), len(way) + 1, -y, {*way, step})
                        better = found[0] < below and (best is None or found[:3] < best[:3])
                        if better and fair(way, (foot - top + 2) // 2):
                            best = found
                    break
                way.append(step)
                here = step
    return (best[0], best[3]) if best is not None else None


def shortest(
    piece: set[Cell], cells: set[Cell], grid: str, box: tuple[int, int], keep: AbstractSet[Cell] = frozenset()
) -> tuple[set[Cell], Cell, Cell]:
    """The cells of a shortest path from ``piece`` to the nearest cell of another piece (that cell
    included), found by a breadth-first search within the box, off the cells ``keep``, with the cell
    of ``piece`` it leaves and the one it reaches: one pass over the box at most, however large the
    pieces; no cells where no path is. Of paths alike the lowest is taken."""
    came: dict[Cell, Cell | None] = dict.fromkeys(piece)
    frontier = sorted(piece, key=lambda c: (-c[1], c[0]))
    found = None
    while found is None and frontier:
        reached = []
        for x, y in frontier:
            for near in near_cells(x, y, grid, (0, 0)):
                if near in came or near in keep or not (0 <= near[0] <= box[0] and 0 <= near[1] <= box[1]):
                    continue
                came[near] = (x, y)
                if near in cells:  # the nearest cell of another piece
                    found = near
                    break
                reached.append(near)
            if found is not None:
                break
        frontier = reached
    if found is None:
        return set(), (0, 0), (0, 0)
    path = {found}
    step = came[found]
    while step is not None and step not in piece:
        path.add(step)
        step = came[step]
    assert step is not None
    return path, step, found
