"""Big mazes run compiled where numba is installed (the test extra installs it): the same draws from
Python's own random stream, in the same order, so the same passages as the Python loops, and the
generator left where the Python loops leave it."""

import itertools
import random
import sys
from array import array

import numpy as np
import pytest
from mazecheck import problems

from puzzlebook import generators
from puzzlebook.generators import _base, _twister
from puzzlebook.generators._base import random_indices, random_order, random_words
from puzzlebook.generators._compiled_squares import _indices
from puzzlebook.graph import GraphMaze, Topology
from puzzlebook.grid import Grid
from puzzlebook.kinds.circle import Circle

COMPILED = [
    "growing-tree",
    "hunt-and-kill",
    "kruskal",
    "prim",
    "recursive-backtracker",
    "simplified-prim",
    "wilson",
]
ROWS = ["binary-tree", "eller", "recursive-division", "sidewinder"]
OPTIONS = {
    "growing-tree": [{"select": s} for s in ("newest", "random", "oldest", "middle", "mix")]
    + [{"mix": 0.3}, {"mix": 0.5001}, {"mix": 1.0}],
    "hunt-and-kill": [
        {"scan": "columns"},
        {"hunt_probability": 0.2},
        {"max_walk": 3, "hunt_probability": 0.5},
    ],
    "binary-tree": [{"bias": b} for b in ("NW", "SE", "SW")],
    "eller": [{"horizontal": 0.0}, {"horizontal": 1.0, "vertical": 1.0}, {"vertical": 0.0}],
}
HOLE = frozenset((x, y) for x in range(10, 20) for y in range(12, 18))
SQUARES = [Grid(1, 1), Grid(1, 9), Grid(9, 1), Grid(37, 23), Grid.with_mask(30, 30, HOLE), Grid(150, 120)]
FIELDS = [
    Topology.of("hex", 1, 7), Topology.of("hex", 40, 30), Topology.of("triangle", 25, 20),
    Topology.of("triangle", 6, 1), Topology.of("circle", 1, 1), Topology.of("circle", 12, 12),
    Topology.of("circle", 30, 30, inner=3), Topology.of("rectangle", 33, 21), Topology.of("hex", 30, 30, HOLE),
]  # fmt: skip


@pytest.fixture
def strict(monkeypatch):
    """A kernel that fails raises, rather than leaving the maze to the Python loop unseen."""
    monkeypatch.setattr(_twister, "STRICT", True)
    for family in ("squares", "growth", "fields", "rows"):
        assert _base._loaded(family) is not None, family


def made(name, field, seed, fast, monkeypatch, options=None):
    """The maze's bytes and the generator's next draw after it."""
    monkeypatch.setattr(_base, "FAST_FROM", 0 if fast else 10**12)
    rng = random.Random(seed)
    maze = generators.generate(name, field, rng, options)
    return maze.passages, rng.random()


@pytest.mark.parametrize("name", COMPILED)
@pytest.mark.parametrize("field", SQUARES + FIELDS, ids=str)
def test_compiled_loops_make_the_python_loops_mazes(name, field, strict, monkeypatch):
    for seed in range(4):
        python = made(name, field, seed, False, monkeypatch)
        assert made(name, field, seed, True, monkeypatch) == python, seed
    if field.count > 100:  # many spanning trees: the seeds must make different ones
        assert len({made(name, field, seed, True, monkeypatch)[0] for seed in range(4)}) == 4


@pytest.mark.parametrize("name", ROWS)
@pytest.mark.parametrize(
    "field", [Grid(1, 1), Grid(1, 9), Grid(9, 1), Grid(37, 23), Grid(33, 34), Grid(150, 120)], ids=str
)
def test_compiled_row_loops_make_the_python_loops_mazes(name, field, strict, monkeypatch):
    for seed in range(4):
        python = made(name, field, seed, False, monkeypatch)
        assert made(name, field, seed, True, monkeypatch) == python, seed


@pytest.mark.parametrize("name, options", [(n, o) for n, opts in OPTIONS.items() for o in opts], ids=str)
def test_compiled_loops_follow_every_option(name, options, strict, monkeypatch):
    fields = (Grid(37, 23), Grid(40, 40), Grid(3, 70))
    if name not in ROWS:
        fields += (Grid.with_mask(30, 30, HOLE), Topology.of("hex", 40, 30))
    for field in fields:
        for seed in range(3):
            python = made(name, field, seed, False, monkeypatch, options)
            assert made(name, field, seed, True, monkeypatch, options) == python, (field, seed)


def test_a_big_compiled_maze_is_perfect_and_the_python_loops(strict, monkeypatch):
    """Past the threshold, where the draws run into many 64 KiB chunks and Prim's limit rises."""
    for name in ("kruskal", "prim", "growing-tree"):
        python = made(name, Grid(400, 300), 11, False, monkeypatch)
        monkeypatch.setattr(_base, "FAST_FROM", 100_000)
        rng = random.Random(11)
        maze = generators.generate(name, Grid(400, 300), rng)
        assert (maze.passages, rng.random()) == python
        assert problems(maze.rows()) == []


def test_without_numba_the_python_loops_make_the_mazes(monkeypatch):
    """numba missing or broken: every generator runs its Python loop, whatever the size."""
    monkeypatch.setattr(_base, "FAST_FROM", 0)
    for family in ("squares", "growth", "fields", "rows"):
        assert _base._loaded(family) is not None
    fast = {name: made(name, Grid(20, 10), 4, True, monkeypatch) for name in COMPILED + ROWS}
    for family in ("squares", "growth", "fields", "rows"):
        monkeypatch.setitem(sys.modules, f"puzzlebook.generators._compiled_{family}", None)  # import fails
    _base._loaded.cache_clear()
    try:
        for family in ("squares", "growth", "fields", "rows"):
            assert _base.compiled(family, 10**9) is None
        for name in COMPILED + ROWS:
            assert made(name, Grid(20, 10), 4, True, monkeypatch) == fast[name]
    finally:
        _base._loaded.cache_clear()


def test_the_twister_draws_what_random_draws():
    ours, theirs = random.Random(2026), random.Random(2026)
    mt = _twister.state_of(ours)
    assert [int(_twister.word32(mt)) for _ in range(1500)] == [theirs.getrandbits(32) for _ in range(1500)]
    assert [_twister.random01(mt) for _ in range(700)] == [theirs.random() for _ in range(700)]
    out = np.zeros(4, np.uint32)
    _twister.coins(mt, out, 101)
    assert sum(int(w) << 32 * i for i, w in enumerate(out)) == theirs.getrandbits(101)
    _twister.restore(ours, mt)
    assert ours.random() == theirs.random()


@pytest.mark.parametrize("k", [3, 4, 6, 24, 256])
def test_the_compiled_streams_are_the_python_streams(k):
    mt = _twister.state_of(random.Random(k))
    buf, at = _indices(k)
    expected = list(itertools.islice(random_indices(random.Random(k), k), 150_000))
    assert [_twister.next_index(mt, buf, at) for _ in range(150_000)] == expected
    mt = _twister.state_of(random.Random(k))
    buf, at = np.zeros(_twister.WORD_DRAW, np.uint32), np.array([_twister.WORD_DRAW // 2], np.int64)
    words = list(itertools.islice(random_words(random.Random(k)), 2500))
    assert [int(_twister.next_word(mt, buf, at)) for _ in range(2500)] == words
    assert [_twister.scaled(np.uint64(w), 1_000_003) for w in words[:200]] == [
        w * 1_000_003 >> 64 for w in words[:200]
    ]


@pytest.mark.parametrize(
    "n, chunk, top",
    [(0, 10, 5), (1, 10, 5), (3000, 10**6, 2**24 - 1), (3000, 10**6, 2**30), (5000, 700, 2**27)],
)
def test_random_order_with_numpy_is_random_orders(n, chunk, top):
    """Keys sorted as integers order the codes as the doubles do, piles and all."""
    codes = array("I", sorted(random.Random(n).sample(range(top), n)))
    expected = random_order(codes, random.Random(3), chunk)
    assert _twister.random_order(codes, random.Random(3), chunk).tolist() == list(expected)


@pytest.mark.parametrize("rings, inner", [(1, 0), (2, 0), (3, 1), (7, 0), (30, 2), (101, 5)])
def test_circles_numbered_by_cell_have_the_boxs_links(rings, inner, monkeypatch):
    """The slices of ``Circle.cell_links`` against the box's links with its holes taken out."""
    field = Topology.of("circle", rings, rings, inner=inner)
    fast = field.links
    monkeypatch.delattr(Circle, "cell_links")
    slow = Topology(field.kind, rings, rings).links
    assert (fast[0].tolist(), bytes(fast[1])) == (slow[0].tolist(), bytes(slow[1]))


def test_a_maze_on_a_circle_numbered_by_cell_is_the_same(monkeypatch):
    field = Topology.of("circle", 20, 20, inner=2)
    maze = generators.generate("wilson", field, random.Random(8))
    monkeypatch.delattr(Circle, "cell_links")
    again = generators.generate("wilson", Topology(field.kind, 20, 20), random.Random(8))
    assert isinstance(maze, GraphMaze) and maze.passages == again.passages


def test_quick_algorithms_load_numba_only_where_it_pays(monkeypatch):
    """An algorithm whose Python loop is fast loads the compiled loops only for a maze big enough to
    repay the load; once they are loaded, it uses them from the usual size."""
    monkeypatch.setattr(_base, "LOADED", set())
    _base._loaded.cache_clear()
    assert _base.compiled("rows", _base.FAST_FROM, quick=True) is None
    assert _base.compiled("squares", _base.QUICK_LOAD_FROM - 1, quick=True) is None
    assert _base.compiled("squares", _base.FAST_FROM) is not None  # a slow algorithm loads them
    assert _base.compiled("squares", _base.FAST_FROM, quick=True) is not None
    assert _base.compiled("rows", _base.QUICK_LOAD_FROM, quick=True) is not None
    assert _base.compiled("squares", _base.FAST_FROM - 1) is None
