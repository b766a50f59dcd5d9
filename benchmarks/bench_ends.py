"""Choosing a maze's ends: on whole fields of squares, hexagons and triangles, and on shapes of each, each
beside the time to make the same maze, in one run.

    python benchmarks/bench_ends.py [--rounds 5]

Each figure is the median of ``--rounds`` calls of ``paths.choose_ends`` on one maze (its field's arrays
and its outline's looking-out, made once per shape as in a book, are made before the clock starts, and
timed apart), and the ratio to making that maze: this machine's speed drifts by up to 2x within the
hour, so the ratio is what to compare between two trees run one after the other.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from puzzlebook import generators, paths
from puzzlebook.graph import Topology
from puzzlebook.grid import Grid
from puzzlebook.maze import Maze
from puzzlebook.shapes import shape_mask

CASES = [
    ("squares 340x340", "rectangle", 340, 340, None),
    ("hexagons 340x340", "hex", 340, 340, None),
    ("triangles 340x340", "triangle", 340, 340, None),
    ("square heart 60x60", "rectangle", 60, 60, "heart"),
    ("hexagon star 60x60", "hex", 60, 60, "star"),
    ("triangle cat 80x50", "triangle", 80, 50, "cat"),
    ("square fish 200x150", "rectangle", 200, 150, "fish"),
]


def field(grid: str, width: int, height: int, shape: str | None) -> Grid | Topology:
    if shape is None:
        return Grid(width, height) if grid == "rectangle" else Topology.of(grid, width, height)
    mask, _ = shape_mask(shape, width, height, "", grid)
    assert mask is not None
    if grid == "rectangle":
        return Grid(mask.width, mask.height, mask.off)
    return Topology.of(grid, mask.width, mask.height, mask.off)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    print("| maze | cells | made (s) | looking out, once (s) | ends (s) | ends / made |")
    print("|---|---|---|---|---|---|")
    for name, grid, width, height, shape in CASES:
        where = field(grid, width, height, shape)
        start = time.perf_counter()
        maze = generators.generate("recursive-backtracker", where, random.Random(1), {})
        made = time.perf_counter() - start
        start = time.perf_counter()
        if isinstance(maze, Maze):
            paths.choose_ends(maze)  # squares look out inside the search: the first call is timed too
        else:
            paths.clear_sides(maze.grid)
        once = time.perf_counter() - start
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            paths.choose_ends(maze)
            times.append(time.perf_counter() - start)
        ends = statistics.median(times)
        count = maze.grid.count if not isinstance(maze, Maze) else width * height - len(maze.grid.masked)
        print(f"| {name} | {count:,} | {made:.3f} | {once:.3f} | {ends:.4f} | {ends / made:.3f} |")


if __name__ == "__main__":
    main()
