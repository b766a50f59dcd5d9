from __future__ import annotations

import random
from array import array
from itertools import permutations
from typing import Literal

from pydantic import Field

from ..grid import OPPOSITE, Grid
from ..maze import TAKEN, Maze, blank, finish
from ._base import Options, algorithm, random_indices, random_words


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

    Each step draws a 64-bit word and takes the newest cell when it falls below a threshold, instead of
    calling ``random()``; the newest cell is kept in a local, and the newest and the picked cell each have
    their own copy of the carve. Most random picks find a cell with no free neighbour, so that test comes
    first, without the loop over directions. The active list is an array: a random pick reads 4 bytes there
    instead of chasing a pointer to an int object, which at 1000x1000 is a cache miss each time.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 11.
    """
    passages = blank(grid)
    orders = [tuple((d, OPPOSITE[d], off) for d, off in order) for order in permutations(grid.steps)]
    (_, north), (_, south), (_, east), (_, west) = grid.steps
    start = grid.random_cell(rng)
    passages[start] = TAKEN
    active = array("i", [start])
    head = 0  # with "oldest", cells before head are already dropped
    newest = {"newest": 1 << 64, "mix": round(mix * 2**64)}.get(select, 0)
    words = random_words(rng)
    oldest, middle = select == "oldest", select == "middle"
    at_random = not (oldest or middle)
    indices = random_indices(rng, len(orders))
    cell = start  # the newest cell, kept in a local: three steps in four take it
    for word in words:
        if word < newest:
            if not (
                passages[cell + north]
                and passages[cell + south]
                and passages[cell + east]
                and passages[cell + west]
            ):
                for direction, back, offset in orders[next(indices)]:
                    nxt = cell + offset
                    if not passages[nxt]:
                        passages[cell] |= direction
                        passages[nxt] |= back
                        active.append(nxt)
                        cell = nxt
                        break
                continue
            active.pop()  # no free neighbour: drop it
            if len(active) == head:
                break
            cell = active[-1]
            continue
        if at_random:
            i = head + (next(words) * (len(active) - head) >> 64)
        elif oldest:
            i = head
        else:
            i = (head + len(active)) // 2
        other = active[i]
        if not (
            passages[other + north]
            and passages[other + south]
            and passages[other + east]
            and passages[other + west]
        ):
            for direction, back, offset in orders[next(indices)]:  # the same carve, from another cell
                nxt = other + offset
                if not passages[nxt]:
                    passages[other] |= direction
                    passages[nxt] |= back
                    active.append(nxt)
                    cell = nxt
                    break
            continue
        last = len(active) - 1  # no free neighbour: drop it
        if i == head:
            head += 1
            if head > last:
                break
        elif i == last:
            active.pop()
            cell = active[-1]
        elif middle:
            del active[i]
        else:
            active[i] = active.pop()  # random picks do not care about order
            cell = active[-1]
    return finish(grid, passages)
