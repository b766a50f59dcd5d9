"""Braids: loops opened in a perfect maze, so that some dead ends lead on and more than one way may reach
the end. The reader can no longer win by keeping a hand on one wall, and the answer is the shortest way.

It works from the grid's neighbour steps and its ``inside`` flags alone, so it serves any grid the
generators carve, masked ones included.
"""

from __future__ import annotations

import random

from .graph import GraphMaze
from .maze import Maze, carve

_DEGREE = bytes(bin(b & 15).count("1") for b in range(256))


def shuffled(items: list[int], rng: random.Random) -> list[int]:
    """``items`` in random order (Fisher-Yates), from ``rng.random()`` alone: the one draw Python
    promises to repeat on every version, where ``shuffle`` may change."""
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
    return items


def braid(maze: Maze, share: float, rng: random.Random) -> Maze:
    """The maze with ``share`` (0 to 1) of its dead ends opened into a neighbour, as Jamis Buck's "Mazes
    for Programmers" describes: dead ends are taken in random order, and each one that is still a dead
    end opens the wall to a neighbour that is a dead end too when it has one (one loop, two dead ends
    gone), or else to any neighbour. A dead end walled in by the outline on every other side stays.

    Draws come from ``rng.random()`` alone, the one draw Python promises to repeat on every version.
    """
    if share <= 0:
        return maze
    grid = maze.grid
    passages = bytearray(maze.passages)
    inside = grid.inside
    ends = shuffled([cell for cell in grid.cells() if _DEGREE[passages[cell]] == 1], rng)
    wanted = round(share * len(ends))
    opened = 0
    for cell in ends:
        if opened >= wanted:
            break
        if _DEGREE[passages[cell]] != 1:
            continue  # an earlier loop already joined it
        walls = [(d, step) for d, step in grid.steps if not passages[cell] & d and inside[cell + step]]
        if not walls:
            continue
        dead = [(d, step) for d, step in walls if _DEGREE[passages[cell + step]] == 1]
        choices = dead or walls
        d, step = choices[int(rng.random() * len(choices))]
        opened += 2 if dead else 1
        carve(passages, cell, d, cell + step)
    return Maze(grid, bytes(passages))


def on_graph(maze: GraphMaze, share: float, rng: random.Random) -> GraphMaze:
    """``braid`` on a grid of any other kind: dead ends in random order, each still a dead end opened
    into a neighbour that is a dead end too when it has one, else into any neighbour."""
    if share <= 0:
        return maze
    grid = maze.grid
    k, (nbr, back) = grid.slots, grid.links
    passages = bytearray(maze.passages)

    def degree(cell: int) -> int:
        return bin(passages[cell]).count("1")

    ends = shuffled([cell for cell in range(grid.count) if degree(cell) == 1], rng)
    wanted = round(share * len(ends))
    opened = 0
    for cell in ends:
        if opened >= wanted:
            break
        if degree(cell) != 1:
            continue
        base = cell * k
        walls = [s for s in range(k) if nbr[base + s] >= 0 and not passages[cell] >> s & 1]
        if not walls:
            continue
        dead = [s for s in walls if degree(nbr[base + s]) == 1]
        choices = dead or walls
        s = choices[int(rng.random() * len(choices))]
        opened += 2 if dead else 1
        passages[cell] |= 1 << s
        passages[nbr[base + s]] |= 1 << back[base + s]
    return GraphMaze(grid, bytes(passages))
