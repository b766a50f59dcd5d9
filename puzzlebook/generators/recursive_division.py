from __future__ import annotations

import random

from ..grid import Grid
from ..maze import Maze, blank, carve_line, finish
from ._base import algorithm, compiled

N, S, E, W = 1, 2, 4, 8


@algorithm(
    "recursive-division",
    "Recursive division",
    "long straight walls and boxy rooms: the room split by walls with one door each",
    rectangle_only=True,
)
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Recursive division, done with a work list instead of recursion.

    1. Take a rectangular region; if it is one cell wide or tall, it is a straight corridor: carve it.
    2. Otherwise split it with a wall across its shorter side (a coin decides squares) at a random
       position, carve a single door through that wall at a random place, and divide both halves.

    The classic version starts from an open room and adds walls; carving only the doors and the final
    corridors gives exactly the same mazes and needs no "add a wall" operation.
    Look: long straight walls and a boxy, hierarchical layout; about 25% dead ends.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 12.
    """
    passages = blank(grid)
    stride = grid.stride
    rand = rng.random
    fast = compiled("rows", grid.count, quick=True)
    if fast and (made := fast.division(rng, passages, grid.width, grid.height)) is not None:
        return finish(grid, made)
    # A region is (index of its top-left cell, width, height): no x/y arithmetic in the loop. Corridors
    # are queued too and carved when popped, so the loop makes no Python function calls; most are two
    # cells long and get two plain byte updates.
    regions = [(grid.index(0, 0), grid.width, grid.height)]
    push, pop = regions.append, regions.pop
    while regions:
        corner, w, h = pop()
        if h == 1:
            if w == 2:
                passages[corner] |= E
                passages[corner + 1] |= W
            else:
                carve_line(passages, corner, w, E, 1)
        elif w == 1:
            if h == 2:
                passages[corner] |= S
                passages[corner + stride] |= N
            else:
                carve_line(passages, corner, h, S, stride)
        elif w < h or (w == h and rand() < 0.5):
            cut = 1 + int(rand() * (h - 1))  # rows [0, cut) above the wall, the rest below
            door = corner + (cut - 1) * stride + int(rand() * w)
            passages[door] |= S
            passages[door + stride] |= N
            push((corner + cut * stride, w, h - cut))
            push((corner, w, cut))
        else:
            cut = 1 + int(rand() * (w - 1))
            door = corner + int(rand() * h) * stride + cut - 1
            passages[door] |= E
            passages[door + 1] |= W
            push((corner + cut, w - cut, h))
            push((corner, cut, h))
    return finish(grid, passages)
