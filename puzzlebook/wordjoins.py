"""A word shape's letters joined into one piece (``words.word_mask``): each piece but the largest bridged
to the nearest other by a shortest path of cells, so a child traces the whole name as one maze. Its
accents and dots stand apart, drawn solid: the joins keep clear of them."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from .masks import near_cells, parts_of


def joined(
    cells: set[tuple[int, int]], grid: str = "rectangle", apart: AbstractSet[tuple[int, int]] = frozenset()
) -> set[tuple[int, int]]:
    """``cells`` (a word's letters) with each piece but the largest bridged to the nearest other piece by
    a shortest path of cells (``bridge``), none through or beside the cells ``apart`` (its accents and
    dots, drawn solid beside the maze) where another way is. The smallest piece is joined first, of two
    alike the one whose first cell comes first, so the order depends on the cells alone; the pieces are
    found once, and a join merges the pieces its bridge touches (finding them again after every join
    took most of a long name's fitting time)."""
    cells = set(cells)
    if not cells:
        return cells
    box = max(x for x, _ in cells | apart), max(y for _, y in cells | apart)
    keep = set(apart).union(*(near_cells(x, y, grid, (0, 0)) for x, y in apart)) - cells
    parts = [(len(part), min(part), part) for part in parts_of(cells, grid)]
    while len(parts) > 1:
        parts.sort(key=lambda entry: entry[:2])
        piece = parts[0][2]
        path = bridge(piece, cells, grid, box, keep) or bridge(piece, cells, grid, box)
        cells |= path
        touched = path.union(*(near_cells(x, y, grid, (0, 0)) for x, y in path))
        merged = [entry for entry in parts if entry[2] is piece or not touched.isdisjoint(entry[2])]
        whole = path.union(*(entry[2] for entry in merged))
        parts = [entry for entry in parts if all(entry is not m for m in merged)]
        parts.append((len(whole), min(whole), whole))
    return cells


def bridge(
    piece: set[tuple[int, int]],
    cells: set[tuple[int, int]],
    grid: str,
    box: tuple[int, int],
    keep: AbstractSet[tuple[int, int]] = frozenset(),
) -> set[tuple[int, int]]:
    """The cells of a shortest path from ``piece`` to the nearest cell of another piece (that cell
    included), found by a breadth-first search within the box, off the cells ``keep``: one pass over
    the box at most, however large the pieces; empty where no path is. Of paths alike the lowest is
    taken: letters joined along their baseline, as handwriting joins them."""
    came: dict[tuple[int, int], tuple[int, int] | None] = dict.fromkeys(piece)
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
        return set()
    path = {found}
    step = came[found]
    while step is not None and step not in piece:
        path.add(step)
        step = came[step]
    return path
