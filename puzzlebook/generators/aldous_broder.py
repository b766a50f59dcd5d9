from __future__ import annotations

import random
from functools import cache
from types import ModuleType

from ..graph import GraphMaze, Topology
from ..grid import OPPOSITE, Grid
from ..maze import Maze, blank, carve, finish
from ._base import DRAWN, algorithm, index_chunks, on_graph, walk_draws, walk_stopped

FAST_FROM = 100_000
"""Cells from which the walk is run compiled, where numba is installed (``pip install "puzzlebook[fast]"``):
the same steps and the same mazes, ten times as fast or more. Loading numba and the compiled walk takes
about 0.7 s and 120 MB once a process, more than the Python walk takes below this size (twice it on
squares, whose Python walk is twice as fast)."""


@cache
def compiled() -> ModuleType | None:
    """The compiled walks, loaded and tried once a process; None where numba is not installed or fails
    to load or compile, and then the Python walk makes the same mazes."""
    try:
        from . import _compiled

        _compiled.try_out()
    except Exception:  # whatever breaks in an optional accelerator, the Python walk stands
        return None
    return _compiled


@algorithm(
    "aldous-broder",
    "Aldous–Broder",
    "an even look, every maze equally likely: one long random walk, slow on big mazes",
)
def generate(grid: Grid, rng: random.Random) -> Maze:
    """Aldous-Broder: a random walk that carves into every cell it enters for the first time.

    1. Start at a random cell.
    2. Step to a uniformly random neighbour; if it has never been visited, carve the passage.
    3. Stop when every cell has been visited.

    Like Wilson's, every perfect maze is equally likely (about 29.5% dead ends), but the walk must cover
    the whole grid, which takes about n log² n steps: fine for book sizes, minutes at 1000x1000.
    Reference: D. Aldous (1990), A. Broder (1989); Jamis Buck, "Mazes for Programmers", ch. 4.
    """
    passages = blank(grid)
    inside = grid.inside
    steps = grid.steps
    visited = bytearray(grid.slots)
    cell = grid.random_cell(rng)
    visited[cell] = 1
    remaining = grid.count - 1
    walks = compiled() if remaining and grid.count >= 2 * FAST_FROM else None
    if walks:
        walks.on_squares(
            index_chunks(rng, len(steps), DRAWN), steps, OPPOSITE, inside, visited, passages, cell, remaining
        )
    elif remaining:
        for i in walk_draws(rng, len(steps), grid.count):
            direction, off = steps[i]
            nxt = cell + off
            if not inside[nxt]:
                continue
            if not visited[nxt]:
                visited[nxt] = 1
                carve(passages, cell, direction, nxt)
                remaining -= 1
                if not remaining:
                    break
            cell = nxt
        if remaining:
            raise walk_stopped("aldous-broder", grid.count)
    return finish(grid, passages)


@on_graph("aldous-broder")
def on_any_grid(topology: Topology, rng: random.Random) -> GraphMaze:
    """The same walk over the field's neighbour arrays; steps through a slot with no neighbour are
    drawn again, so every real neighbour is equally likely and the tree stays uniform."""
    k, n = topology.slots, topology.count
    nbr, back = topology.links
    passages = bytearray(n)
    seen = bytearray(n)
    cell = int(rng.random() * n)
    seen[cell] = 1
    left = n - 1
    base = cell * k
    if not left:
        return GraphMaze(topology, bytes(passages))
    walks = compiled() if n >= FAST_FROM else None
    if walks:
        walks.on_field(index_chunks(rng, k, DRAWN), nbr, back, seen, passages, cell)
        return GraphMaze(topology, bytes(passages))
    for slot in walk_draws(rng, k, n):  # the walk's step, as lean as it can be: most steps only move
        nxt = nbr[base + slot]
        if nxt < 0:
            continue
        if not seen[nxt]:
            seen[nxt] = 1
            passages[base // k] |= 1 << slot
            passages[nxt] |= 1 << back[base + slot]
            left -= 1
            if not left:
                break
        base = nxt * k
    if left:
        raise walk_stopped("aldous-broder", n)
    return GraphMaze(topology, bytes(passages))
