from __future__ import annotations

import heapq
import random

from ..grid import Grid
from ..maze import Maze, blank, carve, finish
from ._base import algorithm


@algorithm("prim", "true Prim (random wall weights): radial texture, many short dead ends")
def generate(grid: Grid, rng: random.Random) -> Maze:
    """True Prim: grow one tree from a cell, always through the lightest wall on its edge.

    1. Give every wall a random weight (drawn when the wall first touches the tree).
    2. Start from a random cell; put the walls around it in a priority queue.
    3. Pop the lightest wall; if the cell behind it is not in the tree, carve it and queue its walls.

    Each queue entry is one integer, weight in the high bits and (cell beyond the wall, direction) in the
    low bits, so the heap compares plain ints and a stale entry is dropped after one lookup. Look: many short dead ends (about 30%) radiating from the start.
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 11.
    """
    passages = blank(grid)
    steps = grid.steps
    offsets = [(i, off) for i, (_, off) in enumerate(steps)]
    shift = (grid.slots * 8).bit_length()
    low = (1 << shift) - 1
    bits = rng.getrandbits
    heap: list[int] = []
    push, pop = heapq.heappush, heapq.heappop
    cell = grid.random_cell(rng)  # free-looking until its first passage, but only its walls are queued
    while True:
        for i, off in offsets:  # queue each wall towards a free cell as (weight, that cell, direction)
            nxt = cell + off
            if not passages[nxt]:
                push(heap, (bits(32) << shift) | (nxt << 3) | i)
        while heap:
            entry = pop(heap) & low
            nxt = entry >> 3
            if not passages[nxt]:  # the lightest wall still leading out of the tree
                break
        else:
            break
        direction, off = steps[entry & 7]
        carve(passages, nxt - off, direction, nxt)
        cell = nxt
    return finish(grid, passages)
