"""A word shape's letters, accents and dots joined into one piece (``words.word_mask``): each piece but
the largest bridged to the nearest other by a shortest path of cells, so a child traces the whole name
as one maze."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from .masks import near_cells, parts_of


def joined(
    cells: set[tuple[int, int]], grid: str = "rectangle", marks: AbstractSet[tuple[int, int]] = frozenset()
) -> set[tuple[int, int]]:
    """``cells`` with each piece but the largest bridged to the nearest other piece by a shortest path
    of cells (``bridge``). ``marks`` (accents and dots) are joined first, each to its own letter
    (``upright``) and never to another mark, so two dots do not become one bar. The smallest piece is
    joined first, of two alike the one whose first cell comes first, so the order depends on the cells
    alone; the pieces are found once, and a join merges the pieces its bridge touches (finding them
    again after every join took most of a long name's fitting time)."""
    cells = set(cells)
    if not cells:
        return cells
    box = max(x for x, _ in cells), max(y for _, y in cells)
    parts = [(not part <= marks, len(part), min(part), part) for part in parts_of(cells, grid)]
    while len(parts) > 1:
        parts.sort(key=lambda entry: entry[:3])
        letters, _, _, piece = parts[0]  # a mark's piece sorts first: its ``letters`` is False
        straight = upright(piece, cells, marks, box[1]) if grid == "rectangle" and not letters else None
        path = straight or bridge(piece, cells, marks, grid, box)
        cells |= path
        touched = path.union(*(near_cells(x, y, grid, (0, 0)) for x, y in path))
        merged = [entry for entry in parts if entry[3] is piece or not touched.isdisjoint(entry[3])]
        whole = path.union(*(entry[3] for entry in merged))
        parts = [entry for entry in parts if all(entry is not m for m in merged)]
        parts.append((not whole <= marks, len(whole), min(whole), whole))
    return cells


def upright(
    mark: set[tuple[int, int]], cells: set[tuple[int, int]], marks: AbstractSet[tuple[int, int]], bottom: int
) -> set[tuple[int, int]] | None:
    """A straight bridge from a mark down (or up) its own columns to the letter it stands over (or
    under), the nearest such; None when no letter is in line. The nearest cell of any letter was often
    the letter beside: an i's dot joined to the l before it, and "li" read as a П."""
    best: tuple[int, int, int] | None = None  # length, column, step
    for x in sorted({x for x, _ in mark}):
        column = [y for mx, y in mark if mx == x]
        for step, y in ((1, max(column)), (-1, min(column))):
            y += step
            while 0 <= y <= bottom and (x, y) not in cells:
                y += step
            length = abs(y - (max(column) if step == 1 else min(column)))
            if 0 <= y <= bottom and (x, y) not in marks and (best is None or length < best[0]):
                best = (length, x, step)
    if best is None:
        return None
    length, x, step = best
    start = max(y for mx, y in mark if mx == x) if step == 1 else min(y for mx, y in mark if mx == x)
    return {(x, start + step * k) for k in range(1, length + 1)}


def bridge(
    piece: set[tuple[int, int]],
    cells: set[tuple[int, int]],
    marks: AbstractSet[tuple[int, int]],
    grid: str,
    box: tuple[int, int],
) -> set[tuple[int, int]]:
    """The cells of a shortest path from ``piece`` to the nearest cell of another piece but a mark
    (that cell included), found by a breadth-first search within the box: one pass over the box at
    most, however large the pieces. A letter's path leaves from the letter, not from its accent or
    dot (an i joined to the l before it by its dot read as a П), and of paths alike the lowest is
    taken: letters joined along their baseline, as handwriting joins them."""
    came: dict[tuple[int, int], tuple[int, int] | None] = dict.fromkeys(piece)
    frontier = sorted([c for c in piece if c not in marks] or piece, key=lambda c: (-c[1], c[0]))
    found = None
    while found is None:
        reached = []
        for x, y in frontier:
            for near in near_cells(x, y, grid, (0, 0)):
                if near in came or not (0 <= near[0] <= box[0] and 0 <= near[1] <= box[1]):
                    continue
                came[near] = (x, y)
                if near in cells and near not in marks:  # the nearest cell of another piece
                    found = near
                    break
                reached.append(near)
            if found is not None:
                break
        frontier = reached
    path = {found}
    step = came[found]
    while step is not None and step not in piece:
        path.add(step)
        step = came[step]
    return path
