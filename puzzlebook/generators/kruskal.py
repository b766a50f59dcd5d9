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
       different regions, merging them (union-find with path halving).
    3. Stop after cells-1 walls are removed.

    The random order is a Fisher-Yates shuffle done one step at a time inside the main loop, so it stops
    as soon as the tree is complete. Look: uniform texture, many short dead ends
    (about 30%), no long corridors. Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 10.
    """
    passages = blank(grid)
    (south, down), (east, right) = [(d, off) for d, off in grid.steps if off > 0]
    walls = [c << 1 for c in _walls(grid, right)] + [c << 1 | 1 for c in _walls(grid, down)]
    rand = rng.random
    parent = array("i", range(grid.slots))  # contiguous: fewer cache misses than a list
    remaining = grid.count - 1
    left = len(walls)
    while remaining:
        j = int(rand() * left)  # Fisher-Yates, one step per wall, fused with the main loop
        left -= 1
        wall = walls[j]
        walls[j] = walls[left]
        cell = wall >> 1
        direction, off = (south, down) if wall & 1 else (east, right)
        a, b = cell, cell + off
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a != b:
            parent[a] = b
            carve(passages, cell, direction, cell + off)
            remaining -= 1
    return finish(grid, passages)
