from __future__ import annotations

import random

from ..grid import Grid
from ..maze import Maze, blank, carve, finish
from ._base import algorithm, compiled

N, E = 1, 4


@algorithm(
    "sidewinder",
    "Sidewinder",
    "an open corridor along the top, the paths running up and down: runs along each row",
    rectangle_only=True,
)
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Sidewinder: build each row from runs of cells, each run with one passage up.

    1. The top row is one long corridor.
    2. In every other row, walk left to right extending the current run east with a coin flip; when the
       coin says stop (or the row ends), carve north from a random cell of the run and start a new run.

    Look: a long open corridor along the top, paths that zig-zag upwards, 27% dead ends.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 3.
    """
    passages = blank(grid)
    width = grid.width
    up, right = grid.offset[N], grid.offset[E]
    fast = compiled("rows", grid.count, quick=True)
    if fast and (made := fast.sidewinder(rng, passages, width, grid.height)) is not None:
        return finish(grid, made)
    for y in range(grid.height):
        base = grid.index(0, y)
        coins = rng.getrandbits(width)
        run_start = base
        for x in range(width):
            cell = base + x
            at_end = x == width - 1
            if y == 0 or (not at_end and coins >> x & 1):
                if not at_end:
                    carve(passages, cell, E, cell + right)
                continue
            exit_cell = run_start + int(rng.random() * (cell - run_start + 1))
            carve(passages, exit_cell, N, exit_cell + up)
            run_start = cell + 1
    return finish(grid, passages)
