"""Distances among a few chosen cells of a perfect maze, from one depth-first walk of it.

Root the tree anywhere and list its cells in preorder (each cell just before the cells below it). For two
cells u listed before v, every cell listed after u up to v lies below their lowest common ancestor, and
so does the child of it on the way to v, so depth(ancestor) = min(depths of that stretch) - 1 and
dist(u, v) = depth(u) + depth(v) - 2 depth(ancestor).

For a fixed set of cells (a maze's border, say), the minimum of each stretch between neighbours in that
order is taken once, as ``min`` of a slice in C; the distances from any one of them to all the others
are then running minima (``itertools.accumulate``), also in C. That is a few microseconds a source where
another search of the maze costs a hundred or more, and choosing a maze's ends takes several.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import accumulate, pairwise


class Among:
    """Distances between the cells ``cells`` of a tree walked in preorder ``order`` with ``depth``
    (each cell's distance from the walk's root, indexed by cell)."""

    def __init__(self, order: Sequence[int], depth: Sequence[int], cells: Iterable[int]) -> None:
        at = dict(zip(order, range(len(order)), strict=True))
        ranked = sorted(set(cells), key=at.__getitem__)
        places = [at[cell] for cell in ranked]
        depths = [depth[cell] for cell in order]  # by place in the walk
        self._cells = ranked
        self._index = {cell: i for i, cell in enumerate(ranked)}
        self._depths = [depth[cell] for cell in ranked]
        # the shallowest cell after each chosen cell up to the next one, included
        self._gaps = [min(depths[a + 1 : b + 1]) for a, b in pairwise(places)]

    def from_cell(self, source: int) -> dict[int, int]:
        """The distance from ``source`` (one of the cells) to each of the cells."""
        i = self._index[source]
        cells, depths, gaps = self._cells, self._depths, self._gaps
        here = depths[i] + 2  # depth(u) + depth(v) - 2 (min - 1), depth(u) and the 2 taken once
        after = [here + d - 2 * m for d, m in zip(depths[i + 1 :], accumulate(gaps[i:], min), strict=True)]
        before = [
            here + d - 2 * m
            for d, m in zip(reversed(depths[:i]), accumulate(reversed(gaps[:i]), min), strict=True)
        ]
        found = dict(zip(cells[i + 1 :], after, strict=True))
        found.update(zip(reversed(cells[:i]), before, strict=True))
        found[source] = 0
        return found
