"""A word shape's letters joined into one piece (``words.word_mask``): each piece but the largest bridged
to another by a short path of cells, so a child traces the whole name as one maze. Its accents and dots
stand apart, drawn solid: the joins keep clear of them."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from statistics import median_low

from .masks import near_cells, parts_of

Cell = tuple[int, int]
Rows = dict[Cell, tuple[int, int]]
"""Each cell's letter's top row and its line's foot (``letter_rows``)."""

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
    rows = letter_rows(letters)
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


def letter_rows(letters: list[set[Cell]]) -> Rows:
    """Each cell's letter's top row and its line's foot: the bottom most letters of its line share (a
    j's or a y's tail goes below it), which a join meets a letter nearest to."""
    spans = []
    for letter in letters:
        ys = [y for _, y in letter]
        spans.append((min(ys), max(ys)))
    rows: Rows = {}
    for letter, (top, bottom) in zip(letters, spans, strict=True):
        line = [b for t, b in spans if t <= bottom and top <= b]  # the letters beside it, itself too
        rows.update(dict.fromkeys(letter, (top, median_low(line))))
    return rows


def bridged_rows(path: set[Cell], rows: Rows, grid: str) -> Rows:
    """A join's cells' rows: those of the letters it joins, together."""
    ends = [rows[n] for x, y in path for n in near_cells(x, y, grid, (0, 0)) if n in rows]
    if not ends:
        return {}
    return dict.fromkeys(path, (min(top for top, _ in ends), max(foot for _, foot in ends)))


def bridge(
    piece: set[Cell],
    cells: set[Cell],
    grid: str,
    box: tuple[int, int],
    rows: Rows,
    keep: AbstractSet[Cell] = frozenset(),
) -> set[Cell]:
    """The cells of a short path from ``piece`` to a cell of another piece (that cell included), found
    by a breadth-first search within the box, off the cells ``keep``; empty where no path is. Of the
    paths up to ``LOWER`` of a letter's height longer than the shortest that join letters of one line
    (their ``rows`` overlap), the one that meets its two letters nearest their line's foot; of those
    alike, the shortest, then the lowest."""
    came: dict[Cell, Cell | None] = dict.fromkeys(piece)
    left = {cell: cell for cell in piece}  # the cell of ``piece`` each way leaves from
    frontier = sorted(piece, key=lambda c: (-c[1], c[0]))
    longer = max(round(LOWER * (foot - top + 1)) for top, foot in {rows[c] for c in piece})
    best: tuple[int, Cell] | None = None  # how far from their feet the best way meets its letters; its end
    depth, shortest = 0, 0
    square = grid == "rectangle"  # its neighbours written out: most of a long name's joining is here
    while frontier and (not shortest or depth < shortest + longer) and (best is None or best[0]):
        depth += 1
        reached = []
        for x, y in frontier:
            start = left[x, y]
            start_top, start_foot = rows[start]
            if best is not None and abs(start_foot - start[1]) >= best[0]:
                continue  # every way on from here meets its first letter farther from its foot
            for near in (
                ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if square else near_cells(x, y, grid, (0, 0))
            ):
                if near in came or near in keep or not (0 <= near[0] <= box[0] and 0 <= near[1] <= box[1]):
                    continue
                came[near] = (x, y)
                left[near] = start
                if near not in cells:
                    reached.append(near)
                    continue
                shortest = shortest or depth
                top, foot = rows[near]
                if depth > shortest and not (top <= start_foot and start_top <= foot):
                    continue  # a letter of another line: only the shortest way
                off = abs(foot - near[1]) + abs(start_foot - start[1])
                if best is None or off < best[0]:
                    best = off, near  # at both feet (0), no way found later is better
        frontier = reached
    if best is None:
        return set()
    end = best[1]
    path = {end}
    step = came[end]
    while step is not None and step not in piece:
        path.add(step)
        step = came[step]
    return path
