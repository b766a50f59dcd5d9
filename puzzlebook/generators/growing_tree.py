from __future__ import annotations

import random
from itertools import permutations
from typing import Literal

from pydantic import Field

from ..grid import Grid
from ..maze import TAKEN, Maze, blank, carve, finish
from ._base import Options, algorithm, random_indices


class GrowingTreeOptions(Options):
    select: Literal["newest", "random", "oldest", "middle", "mix"] = Field(
        "mix", description="which active cell grows next"
    )
    mix: float = Field(
        0.75,
        ge=0.0,
        le=1.0,
        description="with select: mix, the share of steps that take the newest cell",
    )


@algorithm(
    "growing-tree",
    "grow from a list of active cells; the selection rule sets the look",
    GrowingTreeOptions,
)
def generate(grid: Grid, rng: random.Random, select: str = "mix", mix: float = 0.75) -> Maze:
    """Growing tree: one framework, many looks, chosen by how the next active cell is picked.

    1. Put a random cell in the active list.
    2. Pick an active cell (``select``); carve to a random free neighbour and make it active, or drop the
       cell from the list when it has none.
    3. Stop when the list is empty.

    ``newest`` behaves like the recursive backtracker (long corridors, ~10% dead ends); ``random`` like
    simplified Prim (short dead ends, ~30%+); ``oldest`` gives long straight radial corridors; ``middle``
    sits between; ``mix`` takes the newest cell with chance ``mix`` and a random one otherwise.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 11.
    """
    passages = blank(grid)
    orders = list(permutations(grid.steps))
    rand = rng.random
    start = grid.random_cell(rng)
    passages[start] = TAKEN
    active = [start]
    head = 0  # with "oldest", cells before head are already dropped
    always_newest = select == "newest" or (select == "mix" and mix == 1.0)
    mixing, oldest, middle = select == "mix", select == "oldest", select == "middle"
    for r in random_indices(rng, len(orders)):
        if always_newest or (mixing and rand() < mix):
            i = -1  # the newest: the common case, kept cheap
        elif oldest:
            i = head
        elif middle:
            i = (head + len(active)) // 2
        else:
            i = head + int(rand() * (len(active) - head))
        cell = active[i]
        for direction, offset in orders[r]:
            nxt = cell + offset
            if not passages[nxt]:
                carve(passages, cell, direction, nxt)
                active.append(nxt)
                break
        else:
            last = len(active) - 1
            if i < 0:
                i = last
            if i == head:
                head += 1
                if head > last:
                    break
            elif i == last:
                active.pop()
            elif middle:
                del active[i]
            else:
                active[i] = active[-1]  # random picks do not care about order
                active.pop()
    return finish(grid, passages)
