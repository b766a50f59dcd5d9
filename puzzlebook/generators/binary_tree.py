from __future__ import annotations

import random
from typing import Literal

from pydantic import Field

from ..grid import OPPOSITE, Grid
from ..maze import Maze, blank, carve, finish
from ._base import Options, algorithm, compiled

N, S, E, W = 1, 2, 4, 8


class BinaryTreeOptions(Options):
    bias: Literal["NE", "NW", "SE", "SW"] = Field(
        "NE", description="the two directions every cell may open towards"
    )


@algorithm(
    "binary-tree",
    "Binary tree",
    "easy from one corner: two open sides and a diagonal lean; each cell opens one of two ways",
    BinaryTreeOptions,
    rectangle_only=True,
)
def generate(grid: Grid, rng: random.Random, bias: str = "NE") -> Maze:
    """Binary tree: every cell carves towards one of two fixed directions, chosen by a coin.

    1. For each cell, pick N or S (by ``bias``) or E or W at random, where that neighbour exists.
    2. Cells on the two biased edges have one choice; the corner has none.

    Look: two sides are long open corridors and every path drifts diagonally towards the biased corner;
    25% dead ends. Fastest of all and needs no memory beyond the maze.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 2.
    """
    passages = blank(grid)
    vertical = N if "N" in bias else S
    horizontal = E if "E" in bias else W
    vstep, hstep = grid.offset[vertical], grid.offset[horizontal]
    width = grid.width
    edge_row = 0 if vertical == N else grid.height - 1
    edge_col = width - 1 if horizontal == E else 0
    fast = compiled("rows", grid.count, quick=True)
    if fast:
        ways = [
            vertical,
            OPPOSITE[vertical],
            vstep,
            horizontal,
            OPPOSITE[horizontal],
            hstep,
            edge_row,
            edge_col,
        ]
        if (made := fast.binary_tree(rng, passages, width, grid.height, ways)) is not None:
            return finish(grid, made)
    for y in range(grid.height):
        coins = rng.getrandbits(width)
        base = grid.index(0, y)
        for x in range(width):
            cell = base + x
            can_v, can_h = y != edge_row, x != edge_col
            if can_v and (not can_h or coins >> x & 1):
                carve(passages, cell, vertical, cell + vstep)
            elif can_h:
                carve(passages, cell, horizontal, cell + hstep)
    return finish(grid, passages)
