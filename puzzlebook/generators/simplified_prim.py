from __future__ import annotations

import random
from itertools import permutations

from ..grid import Grid
from ..maze import IN_MAZE, TAKEN, Maze, blank, carve, finish
from ._base import algorithm, random_indices

FRONTIER = 64  # scratch mark: a free cell already in the frontier list; finish() clears it


@algorithm("simplified-prim", "grow from a random frontier cell: short dead ends radiating out")
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Simplified ("random frontier") Prim.

    1. Start from a random cell; its free neighbours form the frontier.
    2. Take a random frontier cell, carve into it from a random neighbour already in the maze, and add
       its free neighbours to the frontier.
    3. Stop when the frontier is empty.

    Look: very many short dead ends (32-36%) and a clear radial pattern around the start.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 11.
    """
    passages = blank(grid)
    orders = list(permutations(grid.steps))
    rand = rng.random
    start = grid.random_cell(rng)
    passages[start] = TAKEN
    frontier: list[int] = []
    add = frontier.append
    for _, off in grid.steps:
        if not passages[start + off]:
            passages[start + off] = FRONTIER
            add(start + off)
    for r in random_indices(rng, len(orders)):
        if not frontier:
            break
        i = int(rand() * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        joined = False
        for direction, off in orders[r]:  # a random order: join the first maze cell, queue free ones
            nxt = cell + off
            state = passages[nxt]
            if not state:
                passages[nxt] = FRONTIER
                add(nxt)
            elif state & IN_MAZE and not joined:
                carve(passages, cell, direction, nxt)
                joined = True
    return finish(grid, passages)
