"""Braided mazes: loops opened at a share of the dead ends, checked against the cells alone."""

import itertools
import json
import random

import pytest
from clirun import invoke
from hypothesis import given, settings
from hypothesis import strategies as st
from mazecheck import BACK, MOVES, bfs, shortest_path

from puzzlebook import generators
from puzzlebook.braid import braid
from puzzlebook.grid import Grid
from puzzlebook.interchange import to_json
from puzzlebook.puzzles import make_puzzle

ALL = generators.ALGORITHMS.names()


def passages(cells):
    """Every open passage once, as a pair of cells; and whether each one opens on both sides, inside."""
    h, w = len(cells), len(cells[0])
    found = set()
    for y in range(h):
        for x in range(w):
            for d, (dx, dy) in MOVES.items():
                if cells[y][x] & d:
                    nx, ny = x + dx, y + dy
                    assert 0 <= nx < w and 0 <= ny < h, f"({x},{y}) opens out of the maze"
                    assert cells[ny][nx] & BACK[d], f"({x},{y}) opens {d} but ({nx},{ny}) is closed"
                    found.add(frozenset({(x, y), (nx, ny)}))
    return found


def dead_ends(cells):
    return [(x, y) for y, row in enumerate(cells) for x, bits in enumerate(row) if bin(bits).count("1") == 1]


def walled_in(cells, x, y):
    """A dead end whose every closed side faces the outline: no loop can open from it."""
    h, w = len(cells), len(cells[0])
    closed = [d for d in MOVES if not cells[y][x] & d]
    return all(not (0 <= x + MOVES[d][0] < w and 0 <= y + MOVES[d][1] < h) for d in closed)


@settings(max_examples=150, deadline=None)
@given(
    algorithm=st.sampled_from(ALL),
    w=st.integers(1, 14),
    h=st.integers(1, 14),
    seed=st.integers(0, 2**32),
    share=st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.8, 1.0]),
)
def test_a_braid_opens_loops_at_the_share_of_dead_ends_and_nothing_else(algorithm, w, h, seed, share):
    perfect = generators.generate(algorithm, Grid(w, h), random.Random(seed), {})
    braided = braid(perfect, share, random.Random(seed + 1))
    before, after = perfect.rows(), braided.rows()
    old, new = passages(before), passages(after)
    assert old <= new  # walls only ever open
    assert len(bfs(after, (0, 0))) == w * h  # still one connected maze
    ends_before, ends_after = dead_ends(before), dead_ends(after)
    assert set(ends_after) <= set(ends_before)  # a loop never makes a dead end
    wanted = round(share * len(ends_before))
    gone = len(ends_before) - len(ends_after)
    loops = len(new) - len(old)
    assert gone <= wanted + 1  # the last loop may join two dead ends
    assert loops <= gone  # every loop starts at a dead end it removes
    stuck = [e for e in ends_after if walled_in(after, *e)]
    assert gone >= min(wanted, len(ends_before) - len(stuck))
    if share == 1.0:
        assert len(ends_after) == len(stuck)  # only dead ends the outline walls in are left
    if share == 0.0:
        assert braided == perfect


def test_a_braid_is_the_same_for_the_same_seed_and_differs_for_another():
    perfect = generators.generate("recursive-backtracker", Grid(20, 20), random.Random(3), {})
    first = braid(perfect, 0.5, random.Random(9))
    assert braid(perfect, 0.5, random.Random(9)) == first
    assert braid(perfect, 0.5, random.Random(10)) != first


@pytest.mark.parametrize("marks", ["suggested", "corners", ((0, 3), (9, 0))])
@pytest.mark.parametrize("algorithm", ["recursive-backtracker", "kruskal", "sidewinder"])
def test_a_braided_puzzle_is_solved_by_the_shortest_path(algorithm, marks):
    for seed in range(12):
        puzzle = make_puzzle(algorithm, 10, 8, seed, marks=marks, braid=0.7)
        cells = puzzle.maze.rows()
        route = puzzle.solution
        assert route[0] == puzzle.start and route[-1] == puzzle.end
        for (x0, y0), (x1, y1) in itertools.pairwise(route):
            assert frozenset({(x0, y0), (x1, y1)}) in passages(cells)
        assert len(route) == len(shortest_path(cells, puzzle.start, puzzle.end))
        assert puzzle.metrics.solution_length == len(route)
        document = to_json(puzzle)
        assert document["braid"] == 0.7 and document["solution"] == [list(c) for c in route]


def test_the_ends_of_a_braided_maze_are_those_of_its_perfect_maze():
    """Ends are chosen on the maze before its loops (the farthest pair of a tree is well defined), so
    braiding moves neither the start nor the end, only shortens the way between them."""
    for seed in range(10):
        perfect = make_puzzle("wilson", 12, 9, seed, marks="suggested")
        braided = make_puzzle("wilson", 12, 9, seed, marks="suggested", braid=1.0)
        assert (braided.start, braided.end, braided.sides) == (perfect.start, perfect.end, perfect.sides)
        assert len(braided.solution) <= len(perfect.solution)
        assert braided.metrics.dead_ends <= perfect.metrics.dead_ends


def test_braid_in_a_spec_and_on_the_command_line(tmp_path):
    spec = tmp_path / "book.yaml"
    spec.write_text("title: Loops\nmarks: suggested\nmazes:\n  - {size: 9x9, braid: 0.5, count: 2}\n")
    result = invoke(["build", "-q", str(spec), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.stderr
    spec.write_text("title: Loops\nmazes:\n  - {size: 9x9, braid: 1.5}\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: book.yaml:3: mazes[0].braid:")
    assert "1" in result.stderr.splitlines()[0]
    out = tmp_path / "m.json"
    result = invoke(["maze", "-a", "prim", "-s", "8x6", "--seed", "4", "--braid", "1", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    made = json.loads(out.read_text())
    assert made["braid"] == 1.0 and made["metrics"]["dead_ends"] < 8
    result = invoke(["maze", "-a", "prim", "-s", "8x6", "--braid", "-0.5", "-o", str(out)])
    assert result.exit_code == 2
    assert "--braid" in result.stderr and "Traceback" not in result.stderr
