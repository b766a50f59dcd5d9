from __future__ import annotations

import random

from ..graph import GraphMaze, Topology
from ..grid import OPPOSITE, Grid
from ..maze import Maze, blank, carve, finish
from ._base import algorithm, compiled, on_graph, walk_draws, walk_stopped


@algorithm("wilson", "Wilson’s", "an even look, every maze equally likely: loop-erased random walks")
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Wilson's algorithm: every perfect maze of the grid is equally likely.

    1. Put one random cell in the maze.
    2. From each cell not yet in the maze (in reading order), random-walk until the walk hits the maze,
       remembering only the last exit taken from every cell: that erases loops for free.
    3. Follow the remembered exits from the walk's first cell and carve that loop-free path into the maze.

    The walk chooses among real neighbours uniformly (steps off the grid are redrawn), which is what makes
    the tree uniform. Look: no bias at all; about 29.5% dead ends. Slow start on big grids, fast finish.
    Reference: D. B. Wilson, "Generating random spanning trees more quickly than the cover time" (1996).
    """
    passages = blank(grid)
    inside = grid.inside
    steps = grid.steps
    offsets = [off for _, off in steps]
    exits = bytearray(grid.slots)
    in_maze = bytearray(grid.slots)
    # Any root gives a uniform tree; the middle one makes the first walks shortest.
    root = grid.index(grid.width // 2, grid.height // 2)
    root = root if inside[root] else grid.random_cell(rng)
    fast = compiled("squares", grid.count)
    if fast and (made := fast.wilson(rng, passages, inside, steps, OPPOSITE, root)) is not None:
        return finish(grid, made)
    in_maze[root] = 1
    draws = walk_draws(rng, len(steps), grid.count)
    for first in grid.cells():
        if in_maze[first]:
            continue
        cell = first
        for i in draws:
            nxt = cell + offsets[i]
            if inside[nxt]:
                exits[cell] = i
                if in_maze[nxt]:
                    break
                cell = nxt
        else:
            raise walk_stopped("wilson", grid.count)
        cell = first
        while not in_maze[cell]:
            direction, off = steps[exits[cell]]
            in_maze[cell] = 1
            carve(passages, cell, direction, cell + off)
            cell += off
    return finish(grid, passages)


@on_graph("wilson")
def on_any_grid(topology: Topology, rng: random.Random) -> GraphMaze:
    """The same loop-erased walks over the field's neighbour arrays; a step through a slot with no
    neighbour is drawn again, so the walk is uniform over real neighbours and the tree stays uniform."""
    k, n = topology.slots, topology.count
    nbr, back = topology.links
    passages = bytearray(n)
    in_maze = bytearray(n)
    exits = bytearray(n)
    root = int(rng.random() * n)
    fast = compiled("fields", n)
    if fast and (made := fast.wilson(rng, nbr, back, k, n, root)) is not None:
        return GraphMaze(topology, made)
    in_maze[root] = 1
    draws = walk_draws(rng, k, n)
    for start in range(n):
        if in_maze[start]:
            continue
        cell = start
        while not in_maze[cell]:
            base = cell * k
            for slot in draws:
                if nbr[base + slot] >= 0:
                    break
            else:
                raise walk_stopped("wilson", n)
            exits[cell] = slot
            cell = nbr[base + slot]
        cell = start
        while not in_maze[cell]:
            at = cell * k + exits[cell]
            other = nbr[at]
            passages[cell] |= 1 << exits[cell]
            passages[other] |= 1 << back[at]
            in_maze[cell] = 1
            cell = other
    return GraphMaze(topology, bytes(passages))
