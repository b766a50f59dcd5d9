"""Numbers that describe a maze and how hard it is to solve."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from .graph import GraphMaze
from .maze import Maze

_DEGREE = bytes(bin(b & 15).count("1") for b in range(256))


@dataclass(frozen=True)
class Metrics:
    cells: int
    dead_ends: int
    junctions: int
    solution_length: int
    turns: int
    decisions: int
    difficulty: int

    @property
    def dead_end_ratio(self) -> float:
        return self.dead_ends / self.cells

    def as_dict(self) -> dict[str, float | int]:
        return {**asdict(self), "dead_end_ratio": round(self.dead_end_ratio, 4)}


def dead_ends(maze: Maze) -> int:
    """Cells with exactly one way out (a 1x1 maze has none)."""
    return maze.passages.translate(_DEGREE).count(1)


def measure(maze: Maze, solution: Sequence[int]) -> Metrics:
    """Metrics of a maze and of the path a reader must find (cell indices, start to end).

    difficulty = solution_length + 3 * decisions + turns. Walking a cell costs 1. A decision is a cell on
    the path where more than one way leads on (the reader must look down each and may go wrong), which
    is what makes a maze hard rather than merely long, so it weighs 3. A turn costs 1: turns hide what
    lies ahead and break the eye's straight runs. The score grows with size, so compare mazes of the
    same size (the book builder turns it into easy/medium/hard bands per size).
    """
    degree = maze.passages.translate(_DEGREE)
    turns = 0
    decisions = 0
    for i in range(1, len(solution) - 1):
        before, cell, after = solution[i - 1 : i + 2]
        if cell - before != after - cell:  # a step is an index offset, the same for the same direction
            turns += 1
        if degree[cell] > 2:
            decisions += 1
    if len(solution) > 1 and degree[solution[0]] > 1:
        decisions += 1  # the very first step can already be a choice
    length = len(solution)
    return Metrics(
        cells=maze.grid.count,
        dead_ends=degree.count(1),
        junctions=sum(degree.count(k) for k in (3, 4)),
        solution_length=length,
        turns=turns,
        decisions=decisions,
        difficulty=length + 3 * decisions + turns,
    )


def on_graph(maze: GraphMaze, solution: Sequence[int]) -> Metrics:
    """The metrics of ``measure`` on a grid of any other kind: a turn is a change of heading of more than
    60 degrees between cell centres, so a hexagon corridor bending by one side, or a row of triangles,
    reads as straight."""
    grid = maze.grid
    degree = [bin(b).count("1") for b in maze.passages]
    turns = decisions = 0
    centres = [grid.centre(cell) for cell in solution]
    for i in range(1, len(solution) - 1):
        (ax, ay), (bx, by), (cx, cy) = centres[i - 1 : i + 2]
        ux, uy, vx, vy = bx - ax, by - ay, cx - bx, cy - by
        if ux * vx + uy * vy < 0.5 * math.hypot(ux, uy) * math.hypot(vx, vy) - 1e-9:
            turns += 1
        if degree[solution[i]] > 2:
            decisions += 1
    if len(solution) > 1 and degree[solution[0]] > 1:
        decisions += 1
    length = len(solution)
    return Metrics(
        cells=grid.count,
        dead_ends=degree.count(1),
        junctions=sum(1 for d in degree if d > 2),
        solution_length=length,
        turns=turns,
        decisions=decisions,
        difficulty=length + 3 * decisions + turns,
    )
