"""Choosing a maze's ends: on whole fields of squares, hexagons and triangles, and on shapes of each, each
beside the time to make the same maze, in one run.

    python benchmarks/bench_ends.py [--rounds 5]
    python benchmarks/bench_ends.py --bound       # the work limit's count beside the time it counts

Each figure is the median of ``--rounds`` calls of ``paths.choose_ends`` on one maze (its field's arrays
and its outline's looking-out, made once per shape as in a book, are made before the clock starts, and
timed apart), and the ratio to making that maze: this machine's speed drifts by up to 2x within the
hour, so the ratio is what to compare between two trees run one after the other.

``--bound`` checks the work limit's count of a shape's search for its ends (``shapelimits.shape_search_cells``,
at ``cost.SEARCH``'s seconds a cell) against the time the search takes: a maze made with its ends
chosen, less the same maze made without, on drawings, names, a comb of thin teeth and a Γ (a box
nearly all left out). The count must
never be under the time (a ratio under 1 is a shape the limit lets take longer than it says).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from puzzlebook import generators, paths, puzzles
from puzzlebook.cost import SEARCH
from puzzlebook.graph import Topology
from puzzlebook.grid import Grid
from puzzlebook.masks import Mask, parse_mask
from puzzlebook.maze import Maze
from puzzlebook.shapelimits import shape_search_cells
from puzzlebook.shapes import shape_mask
from puzzlebook.words import legible_size, word_field, word_mask, word_picture

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


def drawing(rule: Callable[[int, int], bool], width: int, height: int) -> Mask:
    """A drawing's mask, its cells where ``rule(x, y)`` holds."""
    rows = ("".join("X" if rule(x, y) else "." for x in range(width)) for y in range(height))
    mask, _ = parse_mask("\n".join(rows), "drawing", "")
    assert mask is not None
    return mask


def bounds(rounds: int) -> None:
    shapes = {
        "diamond 61x61": drawing(lambda x, y: abs(x - 30) + abs(y - 30) <= 30, 61, 61),
        "diamond 301x301": drawing(lambda x, y: abs(x - 150) + abs(y - 150) <= 150, 301, 301),
        "ring 81x81": drawing(lambda x, y: 400 <= (x - 40) ** 2 + (y - 40) ** 2 <= 1600, 81, 81),
        "comb 120x80": drawing(lambda x, y: x % 3 == 0 or y >= 78, 120, 80),
        "Γ 400x400": drawing(lambda x, y: x == 0 or y == 0, 400, 400),  # a box nearly all left out
    }
    for name in ("Mia", "Ava B.", "Charlotte K.", "Maximiliano", "Bartholomew"):
        picture = word_picture(name)
        for extra in (0, 10, 25):  # the least field that reads, and larger
            width, height = word_field(picture, legible_size(picture)[1] + extra)
            mask, _ = word_mask(name, width, height, "")
            assert mask is not None
            shapes[f"{name} {width}x{height}"] = mask
    print("| shape | cells | outline | search (ms) | counted (ms) | counted / search |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, mask in shapes.items():

        def made(marks: str, mask: Mask = mask) -> float:
            times = []
            for seed in range(rounds):
                start = time.process_time()
                puzzles.make_puzzle(
                    "recursive-backtracker",
                    mask.width,
                    mask.height,
                    seed,
                    marks=marks,
                    masked=mask.off,
                    first=mask.first,  # a name's ends in reading order, as a book asks
                    solve_unmarked=False,  # without marks, no ends at all
                )
                times.append(time.process_time() - start)
            return min(times)

        search = made("suggested") - made("none")
        counted = shape_search_cells(mask.outline, mask.cells, mask.width * mask.height)
        seconds = counted * SEARCH["rectangle"] / 1e6
        print(
            f"| {label} | {mask.cells:,} | {mask.outline:,} | {search * 1e3:.1f} | {seconds * 1e3:.1f} "
            f"| {seconds / search:.2f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--bound", action="store_true", help="the work limit's count of a shape's search")
    args = parser.parse_args()
    rounds = args.rounds
    if args.bound:
        bounds(rounds)
        return
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
