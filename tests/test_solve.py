import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mazecheck import bfs, path_lengths, shortest_path

from puzzlebook import generators
from puzzlebook.grid import E, Grid, N, S, W
from puzzlebook.measure import dead_ends
from puzzlebook.paths import choose_ends
from puzzlebook.puzzles import make_puzzle
from puzzlebook.solve import RULES, _preorder, opening, path
from puzzlebook.tree import Among

ALL = generators.ALGORITHMS.names()


def maze_of(name, w, h, seed):
    return generators.generate(name, Grid(w, h), random.Random(seed))


@settings(max_examples=80, deadline=None)
@given(
    name=st.sampled_from(ALL),
    w=st.integers(1, 12),
    h=st.integers(1, 12),
    seed=st.integers(0, 10**9),
    data=st.data(),
)
def test_solver_agrees_with_an_independent_bfs(name, w, h, seed, data):
    maze = maze_of(name, w, h, seed)
    cell = st.tuples(st.integers(0, w - 1), st.integers(0, h - 1))
    a, b = data.draw(cell), data.draw(cell)
    assert path(maze, a, b) == shortest_path(maze.rows(), a, b)


def brute_longest(rows, first, second):
    """The longest path from a cell of ``first`` to one of ``second``, by a search from every cell."""
    return max(lengths[b] for a in first for lengths in [path_lengths(rows, a)] for b in second)


@settings(max_examples=120, deadline=None)
@given(name=st.sampled_from(ALL), w=st.integers(1, 9), h=st.integers(1, 9), seed=st.integers(0, 10**9))
def test_every_rule_picks_the_longest_path_it_may(name, w, h, seed):
    maze = maze_of(name, w, h, seed)
    rows = maze.rows()
    left, right = [(0, y) for y in range(h)], [(w - 1, y) for y in range(h)]
    top, bottom = [(x, 0) for x in range(w)], [(x, h - 1) for x in range(w)]
    border = sorted({*left, *right, *top, *bottom}, key=lambda c: (c[1], c[0]))
    lr, tb = brute_longest(rows, left, right), brute_longest(rows, top, bottom)
    for rule in RULES:
        ends = choose_ends(maze, rule)
        length = len(ends.route) - 1
        assert ends.route == shortest_path(rows, ends.start, ends.end)
        if rule == "left-right" or (rule == "suggested" and ends.sides == (W, E)):
            assert ends.start in left and ends.end in right and ends.sides == (W, E)
            assert length == lr
        if rule == "top-bottom" or (rule == "suggested" and ends.sides == (N, S)):
            assert ends.start in top and ends.end in bottom and ends.sides == (N, S)
            assert length == tb
        if rule == "suggested":
            assert length == max(lr, tb)
            if lr == tb:  # a tie goes along the longer side
                assert ends.sides == ((N, S) if h > w else (W, E))
        if rule == "farthest":
            assert length == brute_longest(rows, border, border)
            assert (ends.start[1], ends.start[0]) <= (ends.end[1], ends.end[0])  # reading order
        if rule == "corners":
            assert (ends.start, ends.end, ends.sides) == ((0, 0), (w - 1, h - 1), (W, E))
        assert ends.sides[0] is not None and ends.sides[1] is not None
        if ends.start == ends.end:  # a one-cell maze, or a one-cell side
            assert ends.sides[0] != ends.sides[1]


def test_suggested_ends_sit_on_opposite_sides_even_when_the_farthest_pair_does_not():
    """The farthest pair of border cells often shares a side; the suggested one never does."""
    shared = 0
    for seed in range(60):
        maze = maze_of("kruskal", 12, 16, seed)
        far = choose_ends(maze, "farthest")
        if far.start[0] == far.end[0] or far.start[1] == far.end[1]:
            shared += 1
        ends = choose_ends(maze, "suggested")
        (x0, y0), (x1, y1) = ends.start, ends.end
        assert (x0, x1) == (0, 11) or (y0, y1) == (0, 15)
    assert shared > 0  # the rule matters: today's farthest pair put both ends on one side this often


def test_openings_face_outwards_and_prefer_the_sides():
    grid = Grid(5, 4)
    assert opening(grid, (0, 0)) == W
    assert opening(grid, (4, 3)) == E
    assert opening(grid, (2, 0)) == N
    assert opening(grid, (2, 3)) == S
    assert opening(grid, (2, 2)) is None


def independent_metrics(rows, solution):
    degree = {(x, y): bin(b).count("1") for y, row in enumerate(rows) for x, b in enumerate(row)}
    turns = sum(
        1
        for p, q, r in zip(solution, solution[1:], solution[2:], strict=False)
        if (q[0] - p[0], q[1] - p[1]) != (r[0] - q[0], r[1] - q[1])
    )
    # a decision: more than one way on, not counting the way the reader came in
    ways_on = [degree[c] - (i > 0) for i, c in enumerate(solution[:-1])]
    decisions = sum(1 for n in ways_on if n > 1)
    dead = sum(1 for d in degree.values() if d == 1)
    junctions = sum(1 for d in degree.values() if d >= 3)
    return dead, junctions, turns, decisions


@pytest.mark.parametrize("name", ALL)
def test_metrics_match_an_independent_count(name):
    puzzle = make_puzzle(name, 15, 11, seed=4, marks="suggested")
    rows = puzzle.maze.rows()
    m = puzzle.metrics
    assert (m.dead_ends, m.junctions, m.turns, m.decisions) == independent_metrics(rows, puzzle.solution)
    assert m.solution_length == len(shortest_path(rows, puzzle.start, puzzle.end))
    assert m.difficulty == m.solution_length + 3 * m.decisions + m.turns
    assert dead_ends(puzzle.maze) == m.dead_ends
    assert len(bfs(rows, puzzle.start)) == m.cells == 165


def test_a_straight_corridor_has_no_decisions_or_turns():
    corridor = make_puzzle("binary-tree", 7, 1, seed=1, marks="suggested")
    assert corridor.metrics.decisions == 0 and corridor.metrics.turns == 0
    assert corridor.metrics.difficulty == 7


def test_unmarked_puzzle_still_has_metrics_of_its_longest_path():
    puzzle = make_puzzle("kruskal", 10, 10, seed=3, marks="none")
    assert puzzle.start is None and puzzle.solution is None
    marked = make_puzzle("kruskal", 10, 10, seed=3, marks="suggested")
    assert puzzle.metrics == marked.metrics
    assert marked.metrics.solution_length == len(marked.solution)


def test_explicit_marks_are_used_as_given():
    puzzle = make_puzzle("wilson", 6, 6, seed=2, marks=((0, 0), (5, 5)))
    assert puzzle.solution[0] == (0, 0) and puzzle.solution[-1] == (5, 5)
    assert (puzzle.start, puzzle.end) == ((0, 0), (5, 5))
    assert puzzle.sides == (W, E)


def test_a_one_cell_maze_opens_two_different_sides():
    from puzzlebook.geometry import gaps
    from puzzlebook.render.text import ascii_art

    puzzle = make_puzzle("kruskal", 1, 1, seed=1, marks="suggested")
    assert puzzle.start == puzzle.end == (0, 0)
    assert gaps(puzzle) == {(0, 0, W), (0, 0, E)}
    assert ascii_art(puzzle) == "+--+\n SE \n+--+\n"


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(ALL),
    w=st.integers(1, 14),
    h=st.integers(1, 14),
    seed=st.integers(0, 10**9),
    data=st.data(),
)
def test_distances_among_chosen_cells_agree_with_an_independent_bfs(name, w, h, seed, data):
    """``tree.Among``, rooted anywhere, gives each chosen cell's distance to every other one."""
    maze = maze_of(name, w, h, seed)
    grid = maze.grid
    rows = maze.rows()
    every = [(x, y) for y in range(h) for x in range(w)]
    root = data.draw(st.sampled_from(every))
    chosen = data.draw(st.lists(st.sampled_from(every), min_size=1, max_size=12))
    depth, order = _preorder(maze, grid.index(*root))
    assert sorted(order) == sorted(grid.index(x, y) for x, y in every)  # every cell, once
    among = Among(order, depth, [grid.index(x, y) for x, y in chosen])
    for source in chosen:
        found = among.from_cell(grid.index(*source))
        lengths = path_lengths(rows, source)
        for cell in chosen:
            assert found[grid.index(*cell)] == lengths[cell]
