from __future__ import annotations

import random
from itertools import permutations

from ..graph import GraphMaze, Topology
from ..grid import Grid
from ..maze import TAKEN, Maze, blank, finish
from ._base import algorithm, compiled, on_graph, random_indices, random_words, step_orders


@algorithm(
    "recursive-backtracker",
    "Recursive backtracker",
    "long winding corridors, few dead ends: a depth-first walk",
)
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Depth-first search with an explicit stack (no recursion limit at any size).

    1. Start at a random cell and push it.
    2. From the top cell, step to a random unvisited neighbour, carve, push it.
    3. When the top cell has no unvisited neighbour, pop it; stop when the stack is empty.

    Look: long, twisting corridors and few dead ends (about 10%): a long solution, easy to see but slow
    to follow. Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 5.
    """
    passages = blank(grid)
    orders = step_orders(grid)  # a random order, then the first free neighbour in it
    cell = grid.random_cell(rng)
    passages[cell] = TAKEN
    fast = compiled("squares", grid.count, quick=True)
    if fast and (made := fast.backtracker(rng, passages, orders, cell)) is not None:
        return finish(grid, made)
    stack = [cell]
    push, pop = stack.append, stack.pop
    for r in random_indices(rng, len(orders)):
        for direction, back, offset in orders[r]:  # noqa: B007 (used after the loop)
            nxt = cell + offset
            if not passages[nxt]:
                break
        else:
            pop()
            if not stack:
                break
            cell = stack[-1]
            continue
        passages[cell] |= direction  # the carve, here rather than a call: it runs for every cell
        passages[nxt] |= back
        push(nxt)
        cell = nxt
    return finish(grid, passages)


@on_graph("recursive-backtracker")
def on_any_grid(topology: Topology, rng: random.Random) -> GraphMaze:
    """The same walk over the field's neighbour arrays. ``seen`` has one more byte than there are cells,
    set, so the -1 of a missing neighbour reads as seen; a random order of the slots, then the first
    unseen neighbour in it, is a uniform choice among the unseen ones."""
    k, n = topology.slots, topology.count
    nbr, back = topology.links
    passages = bytearray(n)
    seen = bytearray(n + 1)
    seen[n] = 1
    bits = [1 << s for s in range(k)]
    orders = list(permutations(range(k)))
    count = len(orders)
    cell = int(rng.random() * n)
    fast = compiled("fields", n)
    if fast and (made := fast.backtracker(rng, nbr, back, k, n, cell)) is not None:
        return GraphMaze(topology, made)
    seen[cell] = 1
    stack = [cell]
    push, pop = stack.append, stack.pop
    for word in random_words(rng):
        base = cell * k
        for slot in orders[word % count]:
            nxt = nbr[base + slot]
            if not seen[nxt]:
                break
        else:
            pop()
            if not stack:
                break
            cell = stack[-1]
            continue
        passages[cell] |= bits[slot]
        passages[nxt] |= bits[back[base + slot]]
        seen[nxt] = 1
        push(nxt)
        cell = nxt
    return GraphMaze(topology, bytes(passages))
