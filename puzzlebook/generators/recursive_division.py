from __future__ import annotations

import random

from ..grid import Grid
from ..maze import Maze, blank, carve, finish
from ._base import algorithm

N, S, E, W = 1, 2, 4, 8


@algorithm(
    "recursive-division",
    "split the room by walls with one door each: long straight walls, boxy look",
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
    regions = [(0, 0, grid.width, grid.height)]
    while regions:
        x, y, w, h = regions.pop()
        if h == 1:
            cell = grid.index(x, y)
            for c in range(cell, cell + w - 1):
                carve(passages, c, E, c + 1)
            continue
        if w == 1:
            cell = grid.index(x, y)
            for c in range(cell, cell + (h - 1) * stride, stride):
                carve(passages, c, S, c + stride)
            continue
        if w < h or (w == h and rand() < 0.5):
            cut = 1 + int(rand() * (h - 1))  # rows [y, y+cut) above the wall, the rest below
            door = grid.index(x + int(rand() * w), y + cut - 1)
            carve(passages, door, S, door + stride)
            regions.append((x, y + cut, w, h - cut))
            regions.append((x, y, w, cut))
        else:
            cut = 1 + int(rand() * (w - 1))
            door = grid.index(x + cut - 1, y + int(rand() * h))
            carve(passages, door, E, door + 1)
            regions.append((x + cut, y, w - cut, h))
            regions.append((x, y, cut, h))
    return finish(grid, passages)
