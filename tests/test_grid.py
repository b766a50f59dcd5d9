import random

import pytest

from puzzlebook.errors import GenerationError
from puzzlebook.grid import DIRECTIONS, DX, DY, OPPOSITE, E, Grid, N, S, W
from puzzlebook.maze import OUTSIDE, blank, carve, carve_line, finish


def test_directions_are_distinct_bits_with_opposites():
    assert sorted(DIRECTIONS) == [1, 2, 4, 8]
    for d in DIRECTIONS:
        assert OPPOSITE[OPPOSITE[d]] == d
        assert (DX[d] + DX[OPPOSITE[d]], DY[d] + DY[OPPOSITE[d]]) == (0, 0)
    assert (DX[E], DY[S], DY[N], DX[W]) == (1, 1, -1, -1)  # y grows downwards


@pytest.mark.parametrize("w,h", [(1, 1), (1, 7), (7, 1), (5, 3)])
def test_index_round_trip_and_steps_agree_with_dx_dy(w, h):
    grid = Grid(w, h)
    cells = list(grid.cells())
    assert len(cells) == w * h == grid.count
    for cell in cells:
        x, y = grid.xy(cell)
        assert grid.index(x, y) == cell
        for d, off in grid.steps:
            assert grid.xy(cell + off) == (x + DX[d], y + DY[d])
    # the padding keeps every neighbour index inside the arrays
    assert all(0 <= c + off < grid.slots for c in cells for _, off in grid.steps)


def test_carve_opens_both_sides_and_finish_clears_marks():
    grid = Grid(3, 2)
    passages = blank(grid)
    assert passages[0] == OUTSIDE and passages[grid.index(0, 0)] == 0
    a = grid.index(1, 0)
    carve(passages, a, S, a + grid.offset[S])
    carve(passages, a, E, a + 1)
    maze = finish(grid, passages)
    assert maze.at(1, 0) == S | E
    assert maze.at(1, 1) == N
    assert maze.at(2, 0) == W
    assert maze.rows() == [[0, S | E, W], [0, N, 0]]
    assert maze.passage_count() == 2


def test_masked_cells_are_outside_and_border_detection():
    grid = Grid.with_mask(3, 3, [(1, 1)])
    assert grid.count == 8
    assert not grid.inside[grid.index(1, 1)]
    assert all(grid.on_border(c) for c in grid.cells())  # every cell touches the hole or the edge
    assert not Grid(3, 3).on_border(Grid(3, 3).index(1, 1))


def test_mask_that_splits_the_grid_is_refused():
    with pytest.raises(GenerationError, match="splits"):
        Grid.with_mask(3, 3, [(1, 0), (1, 1), (1, 2)])


@pytest.mark.parametrize("w,h", [(0, 5), (5, 0), (-1, 3), (100000, 100000), (10001, 1), (5000, 5000)])
def test_impossible_sizes_are_refused(w, h):
    with pytest.raises(GenerationError):
        Grid(w, h)


def test_random_cell_is_a_live_cell():
    grid = Grid.with_mask(4, 4, [(0, 0), (3, 3)])
    rng = random.Random(5)
    for _ in range(100):
        assert grid.inside[grid.random_cell(rng)]


def test_transposed_maze_swaps_axes():
    grid = Grid(3, 2)
    passages = blank(grid)
    a = grid.index(0, 0)
    carve(passages, a, E, a + 1)
    maze = finish(grid, passages)
    t = maze.transposed()
    assert (t.width, t.height) == (2, 3)
    assert t.at(0, 0) == S and t.at(0, 1) == N


@pytest.mark.parametrize("count", [1, 2, 3, 7])
@pytest.mark.parametrize("direction", [E, S])
def test_carve_line_equals_carving_each_pair(count, direction):
    grid = Grid(8, 8)
    step = grid.offset[direction]
    first = grid.index(0, 0)
    one, many = blank(grid), blank(grid)
    for cell in range(first, first + (count - 1) * step, step):
        carve(one, cell, direction, cell + step)
    carve_line(many, first, count, direction, step)
    assert one == many


@pytest.mark.parametrize("masked", [frozenset(), frozenset({(0, 0), (3, 2)})])
def test_mazes_sent_between_processes_come_back_the_same_sharing_one_grid_a_shape(masked):
    """A maze is pickled as its size, mask and passages (a book's thousands of puzzles, received from
    the workers, then share one grid and its tables): the same maze comes back."""
    import pickle

    from puzzlebook.generators import generate
    from puzzlebook.rng import make_rng

    grid = Grid.with_mask(5, 4, masked) if masked else Grid(5, 4)
    mazes = [generate("recursive-backtracker", grid, make_rng(seed)) for seed in (1, 2)]
    grid.inside  # noqa: B018  # a cached table is not sent
    back = [pickle.loads(pickle.dumps(maze)) for maze in mazes]
    assert back == mazes and [m.passages for m in back] == [m.passages for m in mazes]
    assert back[0].grid is back[1].grid and back[0].grid is not grid
    assert (back[0].grid.width, back[0].grid.height, back[0].grid.masked) == (5, 4, masked)
    assert back[0].grid.inside == grid.inside
    assert b"inside" not in pickle.dumps(mazes[0])
    other = pickle.loads(pickle.dumps(generate("recursive-backtracker", Grid(4, 5), make_rng(1))))
    assert other.grid is not back[0].grid and (other.width, other.height) == (4, 5)
