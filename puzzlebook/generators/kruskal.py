from __future__ import annotations

import random
from array import array
from itertools import compress, repeat
from operator import floordiv

from ..graph import GraphMaze, Topology
from ..grid import OPPOSITE, Grid
from ..maze import Maze, blank, finish
from ._base import CHUNK, algorithm, compiled, on_graph, random_order


def _walls(grid: Grid, down: int, right: int) -> array[int]:
    """Every inner wall: ``cell << 1`` for the east side of a cell, ``cell << 1 | 1`` for its south side.

    Built in C: a cell has a wall at ``offset`` when it and the slot ``offset`` away are both cells.
    """
    flags = int.from_bytes(grid.inside, "little")

    def both_inside(offset: int) -> bytes:
        return (flags & (flags >> 8 * offset)).to_bytes(grid.slots, "little")

    walls = array("I", compress(range(0, 2 * grid.slots, 2), both_inside(right)))
    walls.extend(compress(range(1, 2 * grid.slots, 2), both_inside(down)))
    return walls


@algorithm(
    "kruskal",
    "Kruskal’s",
    "many short dead ends, an even look: walls removed at random where they join two parts",
)
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Randomized Kruskal: a minimum spanning tree over randomly weighted walls.

    1. Every cell is a region of its own.
    2. Visit the inner walls in random order; remove a wall when the cells on its two sides lie in
       different regions, merging them (union-find with path halving and union by size).
    3. Stop after cells-1 walls are removed.

    The union-find is one flat array: a cell holds its parent, a region's root holds minus its size. One
    array instead of two means half the cache misses, which is most of the cost at random order.
    Look: uniform texture, many short dead ends (about 30%), no long corridors.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 10.
    """
    passages = blank(grid)
    (south, down), (east, right) = [(d, off) for d, off in grid.steps if off > 0]
    north, west = OPPOSITE[south], OPPOSITE[east]
    parent = array("i", [-1]) * grid.slots
    remaining = grid.count - 1
    if not remaining:
        return finish(grid, passages)
    fast = compiled("squares", grid.count)
    if fast:
        order = fast.kruskal_order(grid.inside, down, right, rng, CHUNK)
        made = fast.kruskal(passages, order, down, right, (south, north, east, west), remaining)
        if made is not None:
            return finish(grid, made)
    else:
        order = random_order(_walls(grid, down, right), rng)
    for wall in order:
        a = cell = wall >> 1
        b = nxt = cell + down if wall & 1 else cell + right
        # The find is written out twice, for a and for b: as a function it costs 7-10% more time.
        up = parent[a]
        while up >= 0:  # find a's root, pointing each cell passed at its grandparent (path halving)
            top = parent[up]
            if top < 0:
                a = up
                break
            parent[a] = a = top
            up = parent[a]
        up = parent[b]
        while up >= 0:
            top = parent[up]
            if top < 0:
                b = up
                break
            parent[b] = b = top
            up = parent[b]
        if a != b:
            if parent[a] < parent[b]:  # a is the larger region: hang the smaller one below it
                a, b = b, a
            parent[b] += parent[a]
            parent[a] = b
            if wall & 1:
                passages[cell] |= south
                passages[nxt] |= north
            else:
                passages[cell] |= east
                passages[nxt] |= west
            remaining -= 1
            if not remaining:
                break
    return finish(grid, passages)


@on_graph("kruskal")
def on_any_grid(topology: Topology, rng: random.Random) -> GraphMaze:
    """The same union-find over the field's neighbour arrays, on the field's list of walls
    (``Topology.walls``) put in random order in C (``random_order``). Each wall's two cells are read in
    C too, beside the loop, rather than by arithmetic in it."""
    k, n = topology.slots, topology.count
    nbr, back = topology.links
    passages = bytearray(n)
    remaining = n - 1
    if not remaining:
        return GraphMaze(topology, bytes(passages))
    fast = compiled("fields", n)
    if fast:
        order = fast.kruskal_order(nbr, k, rng, CHUNK)
        if (made := fast.kruskal(nbr, back, k, n, order)) is not None:
            return GraphMaze(topology, made)
    else:
        order = random_order(topology.walls, rng)
    parent = array("i", [-1]) * n  # a cell's parent, or minus its region's size at a root
    for code, cell, nxt in zip(
        order, map(floordiv, order, repeat(k)), map(nbr.__getitem__, order), strict=True
    ):
        a, b = cell, nxt
        up = parent[a]  # the find is written out twice, as in ``generate``
        while up >= 0:
            top = parent[up]
            if top < 0:
                a = up
                break
            parent[a] = a = top
            up = parent[a]
        up = parent[b]
        while up >= 0:
            top = parent[up]
            if top < 0:
                b = up
                break
            parent[b] = b = top
            up = parent[b]
        if a != b:
            if parent[a] < parent[b]:
                a, b = b, a
            parent[b] += parent[a]
            parent[a] = b
            passages[cell] |= 1 << code - cell * k
            passages[nxt] |= 1 << back[code]
            remaining -= 1
            if not remaining:
                break
    return GraphMaze(topology, bytes(passages))
