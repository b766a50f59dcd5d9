import heapq
import itertools
import random
import re
from array import array
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mazecheck import dead_end_share, problems

from puzzlebook import generators
from puzzlebook.errors import GenerationError, SpecError
from puzzlebook.generators import eller
from puzzlebook.generators._base import random_indices, random_order
from puzzlebook.generators.growing_tree import GONE, without_marks
from puzzlebook.grid import OPPOSITE, Grid
from puzzlebook.maze import from_rows

ALL = generators.ALGORITHMS.names()
ANY_GRID = [n for n in ALL if not generators.get(n).rectangle_only]
ROW_BASED = [n for n in ALL if generators.get(n).rectangle_only]

# Options that change how each algorithm works; every one must still give a perfect maze.
VARIANTS = {
    "hunt-and-kill": [{}, {"scan": "columns"}, {"hunt_probability": 0.4}, {"max_walk": 2}],
    "eller": [{}, {"horizontal": 0.0}, {"horizontal": 1.0, "vertical": 1.0}, {"vertical": 0.0}],
    "growing-tree": [{"select": s} for s in ("newest", "random", "oldest", "middle", "mix")]
    + [{"select": "mix", "mix": 0.0}, {"select": "mix", "mix": 1.0}],
    "binary-tree": [{"bias": b} for b in ("NE", "NW", "SE", "SW")],
}


def make(name, w, h, seed, options=None, grid=None):
    return generators.generate(name, grid or Grid(w, h), random.Random(seed), options or {})


def test_all_twelve_algorithms_are_registered():
    assert set(ALL) == {
        "hunt-and-kill", "eller", "recursive-backtracker", "kruskal", "prim", "simplified-prim",
        "wilson", "aldous-broder", "growing-tree", "binary-tree", "sidewinder", "recursive-division",
    }  # fmt: skip
    for name in ALL:
        algo = generators.get(name)
        assert algo.summary and "Reference" in algo.doc and "1." in algo.doc


@pytest.mark.parametrize("name", ALL)
@settings(max_examples=60, deadline=None)
@given(w=st.integers(1, 14), h=st.integers(1, 14), seed=st.integers(0, 2**64 - 1))
def test_every_algorithm_makes_a_perfect_maze(name, w, h, seed):
    maze = make(name, w, h, seed)
    assert problems(maze.rows()) == []


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("w,h", [(1, 1), (1, 2), (2, 1), (1, 9), (9, 1), (2, 2)])
def test_degenerate_sizes(name, w, h):
    for seed in range(10):
        assert problems(make(name, w, h, seed).rows()) == []


@pytest.mark.parametrize(
    "name,options", [(n, o) for n, variants in VARIANTS.items() for o in variants], ids=str
)
@settings(max_examples=25, deadline=None)
@given(w=st.integers(1, 12), h=st.integers(1, 12), seed=st.integers(0, 10**9))
def test_option_variants_still_make_perfect_mazes(name, options, w, h, seed):
    assert problems(make(name, w, h, seed, options).rows()) == []


@pytest.mark.parametrize("name", ALL)
def test_same_seed_same_maze_other_seed_other_maze(name):
    a, b, c = (make(name, 16, 12, s) for s in (99, 99, 100))
    assert a == b
    assert a != c


@pytest.mark.parametrize("name", ANY_GRID)
@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    holes=st.sets(st.tuples(st.integers(0, 9), st.integers(0, 7)), max_size=25),
)
def test_neighbour_only_algorithms_work_on_masked_grids(name, seed, holes):
    try:
        grid = Grid.with_mask(10, 8, holes)
    except GenerationError:
        return  # this mask splits the grid: refusing it is right (tested in test_grid)
    maze = make(name, 10, 8, seed, grid=grid)
    assert problems(maze.rows(), frozenset(holes)) == []


@pytest.mark.parametrize("name", ROW_BASED)
def test_row_based_algorithms_refuse_a_mask(name):
    with pytest.raises(GenerationError, match="plain rectangle"):
        make(name, 5, 5, 1, grid=Grid.with_mask(5, 5, [(2, 2)]))


@pytest.mark.parametrize("name", ALL)
def test_long_thin_mazes_need_no_recursion(name):
    # 1500 cells in a line: any recursive implementation would hit Python's 1000-frame limit (a random
    # walk covers a line in about n^2 steps, so 3000 cost Aldous-Broder seconds and proved no more).
    for w, h in ((1, 1500), (1500, 1)):
        assert make(name, w, h, 7).passage_count() == 1499


@pytest.mark.parametrize(
    "name,low,high",
    [
        # Published dead-end shares (Pullen, Buck); generous bands around them, 3 fixed seeds of 50x50.
        ("recursive-backtracker", 0.07, 0.13),
        ("hunt-and-kill", 0.07, 0.14),
        ("kruskal", 0.27, 0.33),
        ("prim", 0.27, 0.33),
        ("simplified-prim", 0.31, 0.40),
        ("wilson", 0.27, 0.32),
        ("aldous-broder", 0.27, 0.32),
        ("binary-tree", 0.22, 0.28),
        ("sidewinder", 0.24, 0.30),
        ("recursive-division", 0.20, 0.30),
    ],
)
def test_dead_end_share_matches_the_algorithms_character(name, low, high):
    share = sum(dead_end_share(make(name, 50, 50, seed).rows()) for seed in (1, 2, 3)) / 3
    assert low <= share <= high, share


def test_uniform_spanning_tree_algorithms_approach_the_theoretical_dead_end_share():
    # Uniform spanning trees of large grids: 8/pi^2 * (1 - 2/pi) = 0.2945 dead ends (minus a border effect).
    for name in ("wilson", "aldous-broder"):
        share = sum(dead_end_share(make(name, 80, 80, seed).rows()) for seed in range(4)) / 4
        assert abs(share - 0.2945) < 0.012, (name, share)


@pytest.mark.parametrize("base", [0, 2**24, 2**32 - 5000], ids=["3-byte codes", "4-byte codes", "top"])
def test_random_order_is_a_permutation_of_its_codes(base):
    codes = array("I", range(base, base + 5000))
    shuffled = random_order(codes, random.Random(5))
    assert sorted(shuffled) == sorted(codes)
    assert list(shuffled) != list(codes)
    assert shuffled == random_order(codes, random.Random(5))
    assert shuffled != random_order(codes, random.Random(6))
    assert len(random_order(array("I"), random.Random(5))) == 0


@pytest.mark.parametrize("chunk", [4, 1, 3], ids=["one sort", "4 piles", "2 piles"])
def test_random_order_draws_every_order_equally_often(chunk):
    # 4 codes have 24 orders; 24,000 draws: each order about 1,000 times (chi-square, 23 degrees of freedom).
    codes = array("I", [7, 70000, 3, 2**24 - 1])
    counts = Counter(tuple(random_order(codes, random.Random(s), chunk)) for s in range(24000))
    assert len(counts) == 24
    chi2 = sum((n - 1000) ** 2 / 1000 for n in counts.values())
    assert chi2 < 60, chi2  # p < 0.0001 for a uniform draw


def test_random_order_in_piles_is_a_permutation():
    codes = array("I", range(3, 30000, 3))
    for chunk in (1000, 4000, 9999):
        shuffled = random_order(codes, random.Random(chunk), chunk)
        assert sorted(shuffled) == list(codes) and list(shuffled) != list(codes)
        assert shuffled == random_order(codes, random.Random(chunk), chunk)


def test_random_order_puts_each_code_in_each_place_equally_often():
    codes = array("I", range(0, 2**25, 2**20))  # 32 codes of 4 bytes
    first = Counter(random_order(codes, random.Random(s))[0] for s in range(6400))
    assert set(first) == set(codes)
    assert max(first.values()) < 300 and min(first.values()) > 110  # 200 expected each


def textbook_prim(grid, rng):
    """Prim with one heap of (weight, cell, side) and a weight per wall drawn as it is queued."""
    side_bits = [d for d, _ in grid.steps]
    opened = {}  # cell -> open sides
    heap = []

    def add(cell):
        opened.setdefault(cell, 0)
        for i, (_, off) in enumerate(grid.steps):
            nxt = cell + off
            if grid.inside[nxt] and nxt not in opened:
                heapq.heappush(heap, (rng.getrandbits(32), nxt, i))

    add(grid.random_cell(rng))
    while heap:
        _, cell, i = heapq.heappop(heap)
        if cell not in opened:
            back = cell - grid.steps[i][1]
            opened[back] |= side_bits[i]
            add(cell)
            opened[cell] |= OPPOSITE[side_bits[i]]
    return [[opened.get(grid.index(x, y), 0) for x in range(grid.width)] for y in range(grid.height)]


@pytest.mark.parametrize("w,h", [(1, 1), (1, 7), (6, 1), (13, 9), (60, 45), (250, 200)])
def test_prim_makes_exactly_the_tree_of_a_single_heap(w, h):
    # The waiting list for heavy walls is only a speed-up: the tree must not change.
    for seed in range(3):
        assert make("prim", w, h, seed).rows() == textbook_prim(Grid(w, h), random.Random(seed))


def test_hunting_more_often_gives_more_dead_ends():
    plain = dead_end_share(make("hunt-and-kill", 40, 40, 3).rows())
    eager = dead_end_share(make("hunt-and-kill", 40, 40, 3, {"hunt_probability": 0.5}).rows())
    assert eager > plain + 0.05


def test_growing_tree_selection_sets_the_character():
    newest = dead_end_share(make("growing-tree", 40, 40, 3, {"select": "newest"}).rows())
    random_ = dead_end_share(make("growing-tree", 40, 40, 3, {"select": "random"}).rows())
    assert newest < 0.15 < 0.25 < random_


def test_growing_tree_mix_runs_from_random_to_newest():
    for seed in range(3):
        assert (
            make("growing-tree", 20, 15, seed, {"select": "mix", "mix": 1.0}).rows()
            == make("growing-tree", 20, 15, seed, {"select": "newest"}).rows()
        )
        assert (
            make("growing-tree", 20, 15, seed, {"select": "mix", "mix": 0.0}).rows()
            == make("growing-tree", 20, 15, seed, {"select": "random"}).rows()
        )
    # Dead ends fall steadily from random-only (about 28%) to newest-only (about 10%).
    share = {
        m: sum(dead_end_share(make("growing-tree", 60, 60, s, {"mix": m}).rows()) for s in (1, 2)) / 2
        for m in (0.0, 0.5, 0.75, 0.9, 1.0)
    }
    assert share[0.0] > share[0.5] > share[0.75] > share[0.9] > share[1.0], share
    assert share[0.0] > 0.25 and share[1.0] < 0.13, share


def textbook_growing_tree(grid, rng, mix):
    """Buck's growing tree: one ordered list, the newest cell is its last, a dead cell is deleted in place."""
    opened = {grid.random_cell(rng): 0}
    active = list(opened)
    while active:
        i = len(active) - 1 if rng.random() < mix else rng.randrange(len(active))
        cell = active[i]
        free = [(d, off) for d, off in grid.steps if grid.inside[cell + off] and cell + off not in opened]
        if not free:
            del active[i]
            continue
        d, off = rng.choice(free)
        opened[cell] |= d
        opened[cell + off] = OPPOSITE[d]
        active.append(cell + off)
    return [[opened[grid.index(x, y)] for x in range(grid.width)] for y in range(grid.height)]


def straight_share(cells):
    return sum(1 for row in cells for b in row if b in (3, 12)) / sum(map(len, cells))


@pytest.mark.parametrize("mix", [0.9, 0.75, 0.5, 0.25])
def test_growing_tree_mix_has_the_textbook_character(mix):
    # Dropping a cell must not reorder the list: the newest cell stays the one the corridor grows from.
    # Moving the last cell into the gap gave 26% dead ends at mix 0.75, where the textbook gives 14%.
    seeds = range(6)
    ours = [make("growing-tree", 60, 60, s, {"mix": mix}).rows() for s in seeds]
    theirs = [textbook_growing_tree(Grid(60, 60), random.Random(s), mix) for s in seeds]
    for measure in (dead_end_share, straight_share):
        a, b = (sum(map(measure, mazes)) / len(seeds) for mazes in (ours, theirs))
        assert abs(a - b) < 0.015, (measure.__name__, a, b)


MARK_BYTE_CELLS = st.lists(st.sampled_from(b"\x00\x3f\xff"), min_size=3, max_size=3).map(
    lambda b: int.from_bytes(bytes(b), "little")
)


@settings(max_examples=300)
@given(st.lists(st.one_of(st.integers(0, 2**26 - 1), MARK_BYTE_CELLS, st.just(GONE))))
def test_clearing_marks_keeps_every_cell_in_order(values):
    # Cells whose low bytes are 0x3F sit next to the marks' 0x3F3F3F3F; only whole marks may go.
    assert list(without_marks(array("I", values))) == [v for v in values if v != GONE]


def test_clearing_marks_around_cells_made_of_mark_bytes():
    cells = [0x3F, 0x3F3F, 0x3F3F3F, 0x3F3F00, 0x3F0000, 0x1003F3F]
    for order in (cells, cells[::-1]):
        values = [v for c in order for v in (GONE, c, GONE, GONE)]
        assert list(without_marks(array("I", values))) == order


def test_binary_tree_bias_leaves_two_open_sides():
    for bias in ("NE", "NW", "SE", "SW"):
        rows = make("binary-tree", 12, 9, 5, {"bias": bias}).rows()
        row = rows[0] if "N" in bias else rows[-1]
        col = [r[-1] if "E" in bias else r[0] for r in rows]
        along = 4 | 8  # E|W: the biased row is one corridor
        assert all(b & along for b in row)
        assert all(b & 3 for b in col)  # N|S: so is the biased column


def test_eller_stream_matches_the_whole_maze_and_keeps_rows_finished():
    grid = Grid(23, 40)
    whole = generators.generate("eller", grid, random.Random(8), {"horizontal": 0.6})
    streamed = from_rows(eller.rows(23, 40, random.Random(8), horizontal=0.6))
    assert whole == streamed
    assert problems(whole.rows()) == []


def test_eller_stream_has_no_height_limit_but_checks_width():
    rows = eller.rows(5, 50_000, random.Random(1))
    assert sum(1 for _ in rows) == 50_000
    with pytest.raises(GenerationError):
        next(eller.rows(0, 5, random.Random(1)))


@pytest.mark.parametrize(
    "name,options,needle",
    [
        ("hunt-and-kill", {"scna": "rows"}, 'unknown option "scna". Did you mean "scan"?'),
        ("hunt-and-kill", {"scan": "diagonal"}, "expected 'rows' or 'columns'"),
        ("hunt-and-kill", {"hunt_probability": 1.5}, "must be at most 1"),
        ("hunt-and-kill", {"max_walk": 0}, "must be at least 1"),
        ("eller", {"horizontal": "lots"}, "expected a number"),
        ("binary-tree", {"bias": "up"}, "'NE', 'NW', 'SE' or 'SW'"),
        ("kruskal", {"anything": 1}, 'unknown option "anything"'),
    ],
)
def test_bad_options_are_named(name, options, needle):
    with pytest.raises(SpecError) as err:
        generators.validate_options(name, options)
    assert needle in str(err.value)
    assert name in str(err.value)


def test_unknown_algorithm_suggests_the_closest_name():
    with pytest.raises(
        SpecError, match=re.escape('unknown algorithm "hunt-and-kil". Did you mean "hunt-and-kill"')
    ):
        generators.get("hunt-and-kil")


@pytest.mark.parametrize(
    "grid, w, h",
    [
        ("rectangle", 1, 1), ("rectangle", 1, 9), ("rectangle", 9, 1), ("rectangle", 37, 23),
        ("masked", 30, 30), ("hex", 1, 7), ("hex", 40, 30), ("triangle", 25, 20), ("triangle", 6, 1),
        ("circle", 1, 1), ("circle", 12, 12),
    ],
)  # fmt: skip
def test_the_compiled_walk_makes_the_same_mazes_as_the_python_walk(grid, w, h, monkeypatch):
    """Aldous-Broder runs compiled on big mazes where numba is installed (the test extra installs it):
    the same steps over the same random chunks, so the same maze from the same seed."""
    from puzzlebook.generators import aldous_broder
    from puzzlebook.graph import Topology

    assert aldous_broder.compiled() is not None

    def made(fast_from: int, seed: int) -> bytes:
        monkeypatch.setattr(aldous_broder, "FAST_FROM", fast_from)
        if grid == "rectangle":
            return aldous_broder.generate(Grid(w, h), random.Random(seed)).passages
        if grid == "masked":
            hole = frozenset((x, y) for x in range(10, 20) for y in range(12, 18))
            return aldous_broder.generate(Grid.with_mask(w, h, hole), random.Random(seed)).passages
        return aldous_broder.on_any_grid(Topology.of(grid, w, h), random.Random(seed)).passages

    for seed in range(12):
        python, compiled = made(10**12, seed), made(0, seed)
        assert python == compiled, seed
    if w > 2 and h > 2:  # a strip has one spanning tree; a field with loops has many
        assert len({made(0, seed) for seed in range(12)}) == 12


def test_without_the_compiled_walk_the_python_walk_makes_the_maze(monkeypatch):
    """numba missing or broken: Aldous-Broder walks in Python, whatever the size (the same maze)."""
    import sys

    from puzzlebook.generators import aldous_broder

    monkeypatch.setattr(aldous_broder, "FAST_FROM", 0)  # compiled whatever the size, where it loads
    assert aldous_broder.compiled() is not None
    fast = aldous_broder.generate(Grid(20, 10), random.Random(4)).passages
    monkeypatch.setitem(sys.modules, "puzzlebook.generators._compiled", None)  # its import now fails
    monkeypatch.delattr("puzzlebook.generators._compiled")
    aldous_broder.compiled.cache_clear()
    try:
        assert aldous_broder.compiled() is None
        maze = aldous_broder.generate(Grid(20, 10), random.Random(4))
    finally:
        aldous_broder.compiled.cache_clear()
    assert problems(maze.rows()) == []
    assert maze.passages == fast


@pytest.mark.parametrize("k", [1, 3, 4, 6, 24, 256])
def test_indices_are_the_draws_of_64_kib_translated_whole(k):
    """Translating a piece at a time leaves the stream of indices every seed's mazes were made from:
    each 64 KiB draw as ``byte % k``, with the top ``256 % k`` byte values dropped."""
    ours, theirs = random.Random(9), random.Random(9)
    keep = bytes(b % k for b in range(256)), bytes(range(256 - 256 % k, 256))
    expected = b"".join(theirs.randbytes(65536).translate(*keep) for _ in range(3))
    made = bytes(itertools.islice(random_indices(ours, k), len(expected)))
    assert made == expected
    assert ours.random() == theirs.random()  # and the generator is left where it was
