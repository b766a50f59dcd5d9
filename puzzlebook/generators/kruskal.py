from __future__ import annotations

import random
from array import array
from itertools import compress

from ..grid import Grid
from ..maze import Maze, blank, carve, finish
from ._base import algorithm


def _walls(grid: Grid, offset: int) -> list[int]:
    """Cells whose neighbour at ``offset`` is also a cell: one wall each (computed in C, not per cell)."""
    flags = int.from_bytes(grid.inside, "little")
    both = (flags & (flags >> 8 * offset)).to_bytes(grid.slots, "little")
    return list(compress(range(grid.slots), both))


@algorithm("kruskal", "random walls removed where they join two regions: many short dead ends")
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Randomized Kruskal: a minimum spanning tree over randomly weighted walls.

    1. Every cell is a region of its own.
    2. Visit the inner walls in random order; remove a wall when the cells on its two sides lie in
       different regions, merging them (union-find with path halving and union by size).
    3. Stop after cells-1 walls are removed.

    Look: uniform texture, many short dead ends
    (about 30%), no long corridors. Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 10.
    """
    passages = blank(grid)
    (south, down), (east, right) = [(d, off) for d, off in grid.steps if off > 0]
    walls = [c << 1 for c in _walls(grid, right)] + [c << 1 | 1 for c in _walls(grid, down)]
    rng.shuffle(walls)
    parent = array("i", range(grid.slots))  # contiguous: fewer cache misses than a list
    size = array("i", [1]) * grid.slots
    remaining = grid.count - 1
    for wall in walls:
        if not remaining:
            break
        cell = wall >> 1
        direction, nxt = (south, cell + down) if wall & 1 else (east, cell + right)
        a, b = cell, nxt
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            if size[a] > size[b]:  # union by size keeps every find short
                a, b = b, a
            parent[a] = b
            size[b] += size[a]
            carve(passages, cell, direction, nxt)
            remaining -= 1
    return finish(grid, passages)
