from __future__ import annotations

import random
from itertools import permutations

from ..graph import GraphMaze, Topology
from ..grid import OPPOSITE, Grid
from ..maze import IN_MAZE, TAKEN, Maze, blank, carve, finish
from ._base import algorithm, compiled, on_graph, random_indices

FRONTIER = 64  # scratch mark: a free cell already in the frontier list; finish() clears it


@algorithm(
    "simplified-prim",
    "Simplified Prim",
    "short dead ends spreading out from where it starts: grown from a random frontier cell",
)
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
    fast = compiled("growth", grid.count)
    if fast:
        sides = [[(d, off, OPPOSITE[d]) for d, off in order] for order in orders]
        if (made := fast.simplified_prim(rng, passages, sides, frontier, FRONTIER, IN_MAZE)) is not None:
            return finish(grid, made)
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


@on_graph("simplified-prim")
def on_any_grid(topology: Topology, rng: random.Random) -> GraphMaze:
    """The same growth over the field's neighbour arrays: a random frontier cell joins the maze through
    a random neighbour already in it, and its free neighbours join the frontier. ``state`` has one
    more byte than there are cells, for the -1 of a missing neighbour: never free, never in the maze."""
    k, n = topology.slots, topology.count
    nbr, back = topology.links
    passages = bytearray(n)
    state = bytearray(n + 1)  # 0 free, 1 on the frontier, 2 in the maze
    state[n] = 1
    rand = rng.random
    cell = int(rand() * n)
    state[cell] = 2
    frontier = [other for other in nbr[cell * k : cell * k + k] if not state[other]]
    for other in frontier:
        state[other] = 1
    fast = compiled("fields", n)
    if fast and (made := fast.simplified_prim(rng, nbr, back, k, state, frontier)) is not None:
        return GraphMaze(topology, made)
    add = frontier.append
    while frontier:
        i = int(rand() * len(frontier))
        cell = frontier[i]
        frontier[i] = frontier[-1]
        frontier.pop()
        base = cell * k
        inside = [s for s in range(k) if state[nbr[base + s]] == 2]
        slot = inside[int(rand() * len(inside))] if len(inside) > 1 else inside[0]
        passages[cell] |= 1 << slot
        passages[nbr[base + slot]] |= 1 << back[base + slot]
        state[cell] = 2
        for other in nbr[base : base + k]:
            if not state[other]:
                state[other] = 1
                add(other)
    return GraphMaze(topology, bytes(passages))
