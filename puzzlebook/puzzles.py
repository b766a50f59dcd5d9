"""A puzzle: one generated maze with its chosen start and end, solution and metrics."""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import generators, paths
from .errors import GenerationError
from .graph import GraphMaze, Topology
from .grid import Grid, check_size
from .maze import Maze
from .measure import Metrics
from .rng import derive_seed, make_rng
from .solve import Cell, Ends


@dataclass(frozen=True)
class Puzzle:
    algorithm: str
    seed: int
    options: Mapping[str, Any]
    maze: Maze | GraphMaze
    start: Cell | None
    end: Cell | None
    route: array[int] | None  # the solution as cell indices: a book holds hundreds of these
    metrics: Metrics
    sides: tuple[int | None, int | None] = (None, None)  # outer walls opened at the start and the end
    # (a rectangle's N/S/E/W bit; on other grids, the slot of the cell)
    rating: str | None = None  # "Easy", "Medium" or "Hard", when the book shows it
    braid: float = 0.0  # the share of dead ends opened into loops (see braid.py)
    weave: float = 0.0  # how many crossings were asked for, 0 to 1 (see generators/weave.py)
    joins: frozenset[tuple[int, int]] = frozenset()  # a word's cells joining its letters: no outline
    # runs along them, so each letter stands outlined on its own (``geometry.outline_runs``)
    accents: frozenset[tuple[int, int]] = frozenset()  # a word's accents and dots: cells beside the
    # maze, drawn solid or outlined by their size (``accents``)

    @property
    def solution(self) -> list[Cell] | None:
        """The cells from start to end, or None when the reader picks them. Made on each call and not
        kept: a 5,000-maze book would hold 30 MB of them; callers read it once."""
        if self.route is None:
            return None
        xy = self.maze.grid.xy
        return [xy(cell) for cell in self.route]


def make_puzzle(
    algorithm: str,
    width: int,
    height: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    marks: str | tuple[Cell, Cell] = "none",
    solve_unmarked: bool = True,
    braid: float = 0.0,
    masked: frozenset[tuple[int, int]] = frozenset(),
    grid: str = "rectangle",
    inner: int = 0,
    first: str = "",
    axis: str = "",
    weave: float = 0.0,
    joins: frozenset[tuple[int, int]] = frozenset(),
    accents: frozenset[tuple[int, int]] = frozenset(),
) -> Puzzle:
    """Generate, choose ends, solve and measure.

    ``grid`` names the kind of grid (see ``kinds``): squares take the padded fast path of ``grid.Grid``,
    every other kind the general arrays of ``graph.Topology`` and the searches of ``paths``.

    With ``solve_unmarked=False`` a maze without marks is not searched at all (a picture of a huge maze
    needs no path): its metrics then count dead ends and junctions only.

    ``marks`` is "none" (the reader picks; metrics then describe the path ``suggested`` would mark), a
    rule of ``solve.choose_ends`` ("suggested", "farthest", "left-right", "top-bottom", "corners"), or an
    explicit (start, end) pair of cells. ``first`` ("left" or "right") puts a rule's start on that side
    of its end: a word is traced from its first letter. ``axis`` keeps ``suggested`` ends to one pair of
    sides, where a book with pictures planned room for them (see ``paths.choose_ends``).

    ``braid`` opens loops at that share of the dead ends, with the same generator of draws after the
    maze is made. The ends are chosen on the perfect maze first (its longest paths are well defined);
    the solution is then the shortest way between them through the loops.

    ``weave`` (a share, 0 to 1) makes a rectangle whose passages may cross under one another: a maze on
    the weave field (``kinds.weave``), where each tunnel is a link of its own.

    ``joins``: a word's cells joining its letters, drawn as corridors between them (``Puzzle.joins``);
    its ends open into a letter where one will do. ``accents``: a word's accents and dots, drawn beside
    the maze (``Puzzle.accents``).
    """
    check_size(width, height)
    opts = generators.validate_options(algorithm, options or {})
    field: Grid | Topology
    if weave:
        field = Topology.of("weave", width, height)
    elif grid == "rectangle":
        field = Grid.with_mask(width, height, masked) if masked else Grid(width, height)
    else:
        field = Topology.of(grid, width, height, masked, inner)
        if field.masked:
            field.check_connected()
    rng = make_rng(seed)
    if weave:
        perfect: Maze | GraphMaze = generators.generate_weave(algorithm, width, height, rng, weave)
    else:
        perfect = generators.generate(algorithm, field, rng, opts)
    maze = paths.braid(perfect, braid, rng) if braid else perfect
    made = opts.model_dump()

    def unmarked(metrics: Metrics) -> Puzzle:
        return Puzzle(
            algorithm,
            seed,
            made,
            maze,
            None,
            None,
            None,
            metrics,
            braid=braid,
            weave=weave,
            joins=joins,
            accents=accents,
        )

    if marks == "none" and not solve_unmarked:
        return unmarked(paths.measure(maze, []))
    if isinstance(marks, str):
        rule = "suggested" if marks == "none" else marks
        ends = paths.choose_ends(perfect, rule, axis, first, joins, accents)
        ends = _oriented(ends, first, _across(perfect), _down(perfect))
    else:
        ends = paths.marked_ends(perfect, *marks)
    cells = ends.cells if maze is perfect else paths.shortest(maze, ends.cells[0], ends.cells[-1])
    metrics = paths.measure(maze, cells)
    if marks == "none":
        return unmarked(metrics)
    route = array("I", cells)
    return Puzzle(
        algorithm,
        seed,
        made,
        maze,
        ends.start,
        ends.end,
        route,
        metrics,
        ends.sides,
        braid=braid,
        weave=weave,
        joins=joins,
        accents=accents,
    )


def _across(maze: Maze | GraphMaze) -> Callable[[Cell], float]:
    """A cell's distance across the page: its column on squares, its centre's x on other grids."""
    if isinstance(maze, Maze):
        return lambda cell: cell[0]
    kind = maze.grid.kind
    return lambda cell: kind.centre(*cell)[0]


def _down(maze: Maze | GraphMaze) -> tuple[Callable[[Cell], float], float]:
    """A cell's distance down the page (its row on squares, its centre's y on other grids), and the
    field's height in the same units."""
    if isinstance(maze, Maze):
        return (lambda cell: cell[1]), float(maze.height)
    kind = maze.grid.kind
    return (lambda cell: kind.centre(*cell)[1]), maze.grid.extent[1]


def _oriented(
    ends: Ends, first: str, x: Callable[[Cell], float], down: tuple[Callable[[Cell], float], float]
) -> Ends:
    """The ends turned round when the start is not on the ``first`` side of the end (by ``x``, a cell's
    distance across the page); as they were when ``first`` is empty. A word on two lines ("left top")
    starts on its first line when the ends are on different lines (a third of the field apart)."""
    side, _, lines = first.partition(" ")
    y, tall = down
    if lines == "top" and abs(y(ends.start) - y(ends.end)) > tall / 3:
        wrong = y(ends.start) > y(ends.end)
    else:
        wrong = (side == "left" and x(ends.start) > x(ends.end)) or (
            side == "right" and x(ends.start) < x(ends.end)
        )
    if wrong:
        return Ends(ends.end, ends.start, (ends.sides[1], ends.sides[0]), ends.cells[::-1], ends.grid)
    return ends


BANDS = {"easy": 0, "medium": 1, "hard": 2}
SAMPLE = 30  # seeds tried for easy/medium/hard
MAX_TRIES = 300  # seeds tried for a numeric range


def candidate_seeds(seed: int) -> Iterator[int]:
    """The deterministic order in which seeds are tried: the maze's own seed first."""
    yield seed
    for k in itertools.count(1):
        yield derive_seed(seed, "try", k)


@dataclass(frozen=True)
class Recipe:
    """Everything that makes a puzzle except its seed, for the searches that try several seeds."""

    algorithm: str
    width: int
    height: int
    options: Mapping[str, Any] | None = None
    marks: str | tuple[Cell, Cell] = "none"
    braid: float = 0.0
    masked: frozenset[tuple[int, int]] = frozenset()
    grid: str = "rectangle"
    inner: int = 0
    first: str = ""
    axis: str = ""
    weave: float = 0.0
    joins: frozenset[tuple[int, int]] = frozenset()
    accents: frozenset[tuple[int, int]] = frozenset()

    def make(self, seed: int) -> Puzzle:
        return make_puzzle(
            self.algorithm,
            self.width,
            self.height,
            seed,
            self.options,
            self.marks,
            braid=self.braid,
            masked=self.masked,
            grid=self.grid,
            inner=self.inner,
            first=self.first,
            axis=self.axis,
            weave=self.weave,
            joins=self.joins,
            accents=self.accents,
        )


MakeMany = Callable[[Recipe, list[int]], Iterable[Puzzle]]
"""Makes one puzzle of a recipe for each seed, in order (see ``workers.Makers``); a caller may stop
early, and the maker need not make the rest."""


def one_by_one(recipe: Recipe, seeds: list[int]) -> Iterator[Puzzle]:
    return map(recipe.make, seeds)


def make_puzzle_with_difficulty(recipe: Recipe, seed: int, difficulty: str | tuple[float, float]) -> Puzzle:
    """One maze in a difficulty band: see ``banded_puzzles``."""
    return banded_puzzles(recipe, seed, difficulty, 1)[0]


def banded_puzzles(
    recipe: Recipe,
    seed: int,
    difficulty: str | tuple[float, float],
    count: int,
    make_many: MakeMany = one_by_one,
    ahead: bool = False,
    sample: list[Puzzle] | None = None,
) -> list[Puzzle]:
    """``count`` mazes in a difficulty band, from one search in the fixed order of seeds from ``seed``.

    easy, medium and hard are the lower, middle and upper thirds of the scores of the first 30 seeds for
    this size, algorithm and options (scores grow with size, so bands must be relative to it); the mazes
    of those seeds that lie in the third are handed out first, in seed order, and the search goes on past
    30 seeds only when more are needed. Past them, a maze easier than all 30 is easy and one harder than
    all 30 is hard (both used to be passed over, which could make a band of many copies try twice the
    seeds it needed). A [low, high] range takes mazes that score inside it, trying up
    to 300 seeds a maze, and says what the scores were when too few do. All the copies of one entry share
    the search, so a band costs about 30 mazes an entry rather than 30 a maze.

    ``sample`` is the puzzles of those first 30 seeds, when they were made beforehand.

    With ``ahead``, seeds are made in batches sized by the share of tries kept so far (see ``_ahead``),
    for ``make_many`` to spread over the cores; the mazes kept and the tries counted are exactly those
    of making one seed at a time, and what a batch makes past the last maze is dropped.
    """
    seeds = candidate_seeds(seed)
    tried: list[Puzzle] = []
    if isinstance(difficulty, str):
        first = list(itertools.islice(seeds, SAMPLE))  # taken either way: the search goes on after them
        tried = sample if sample is not None else list(make_many(recipe, first))
    seen = [p.metrics.difficulty for p in tried]
    if isinstance(difficulty, str):
        scores = sorted(seen)
        third = BANDS[difficulty]
        low = float(scores[third * SAMPLE // 3]) if third else -math.inf  # easy has no floor,
        high = float(scores[(third + 1) * SAMPLE // 3 - 1]) if third < 2 else math.inf  # hard no ceiling
    else:
        low, high = difficulty
    chosen = [p for p in tried if low <= p.metrics.difficulty <= high][:count]
    limit = MAX_TRIES * count
    while len(chosen) < count and len(seen) < limit:
        batch = min(limit - len(seen), _ahead(count - len(chosen), len(chosen), len(seen))) if ahead else 1
        made = make_many(recipe, list(itertools.islice(seeds, batch)))
        for puzzle in made:
            seen.append(puzzle.metrics.difficulty)
            if low <= puzzle.metrics.difficulty <= high:
                chosen.append(puzzle)
                if len(chosen) == count:
                    break
        getattr(made, "close", lambda: None)()  # the rest of the batch need not be made
    if len(chosen) < count:
        raise _out_of_range(recipe, low, high, seen)
    return chosen


def _ahead(wanted: int, kept: int, tried: int) -> int:
    """Seeds to ask for in the next batch for ``wanted`` more mazes: half as many again as the share
    kept so far says it takes (three a maze before any is kept, as a band holds a third), so that the
    search seldom waits for a second batch; what is not needed is not made (see ``MakeMany``)."""
    if not kept:
        return 3 * wanted
    return math.ceil(1.5 * wanted * tried / kept)


def _out_of_range(recipe: Recipe, low: float, high: float, seen: list[int]) -> GenerationError:
    return GenerationError(
        f"no {recipe.width}x{recipe.height} {recipe.algorithm} maze scored between {low:g} and {high:g} "
        f"in {len(seen)} tries "
        f"(scores ranged from {min(seen)} to {max(seen)}); choose a range inside that, or easy/medium/hard"
    )


def rate(
    puzzles: dict[int, Puzzle],
    bands: dict[int, str | tuple[float, float] | None],
    sets: Mapping[int, Hashable] | None = None,
) -> dict[int, Puzzle]:
    """Each puzzle with its Easy/Medium/Hard rating: the band it was made for, or the third of the
    book's difficulty scores its own falls in, so a book's small mazes read Easy and its big ones Hard,
    as a parent expects of a book that grows harder page by page. The mazes of one class set (``sets``:
    maze number -> its set) are rated by their middle score, all alike: they were matched, and children
    compare sheets."""
    scores = sorted(p.metrics.difficulty for p in puzzles.values())
    n = len(scores)
    easy, medium = scores[max(0, n // 3 - 1)], scores[max(0, 2 * n // 3 - 1)]
    sets = sets or {}
    members: dict[Hashable, list[float]] = {}
    for number, key in sets.items():
        members.setdefault(key, []).append(puzzles[number].metrics.difficulty)
    middle = {key: sorted(found)[(len(found) - 1) // 2] for key, found in members.items()}
    rated = {}
    for number, puzzle in puzzles.items():
        band = bands.get(number)
        key = sets.get(number)
        score = puzzle.metrics.difficulty if key is None else middle[key]
        if isinstance(band, str) and band in BANDS:
            rating = band.capitalize()
        else:
            rating = "Easy" if score <= easy else "Medium" if score <= medium else "Hard"
        rated[number] = replace(puzzle, rating=rating)
    return rated


def matched_puzzles(
    recipe: Recipe,
    seed: int,
    difficulty: str | tuple[float, float] | None,
    count: int,
    make_many: MakeMany = one_by_one,
) -> list[Puzzle]:
    """``count`` different mazes of matched difficulty, for a class set: one per student.

    Seeds are tried in the usual order (at least 30, three per student); those in the requested band
    (easy/medium/hard third, or a score range) are kept, and the ``count`` whose scores lie closest to
    the band's median are handed out, in order of seed tried. Every student gets a different maze and
    nobody gets a much harder one.
    """
    pool = list(make_many(recipe, list(itertools.islice(candidate_seeds(seed), max(SAMPLE, 3 * count)))))
    scores = sorted(p.metrics.difficulty for p in pool)
    low: float
    high: float
    if isinstance(difficulty, str) and difficulty in BANDS:
        third = len(scores) // 3
        low, high = scores[BANDS[difficulty] * third], scores[(BANDS[difficulty] + 1) * third - 1]
    elif isinstance(difficulty, tuple):
        low, high = difficulty
    else:
        low, high = scores[0], scores[-1]
    inside = [p for p in pool if low <= p.metrics.difficulty <= high]
    if not inside:  # only a score range can miss every maze
        raise _out_of_range(recipe, low, high, scores)
    middle = sorted(p.metrics.difficulty for p in inside)[len(inside) // 2]
    ranked = sorted(range(len(inside)), key=lambda i: (abs(inside[i].metrics.difficulty - middle), i))
    chosen = sorted(ranked[:count])
    if len(chosen) < count:
        raise GenerationError(
            f"only {len(chosen)} different {recipe.width}x{recipe.height} mazes fit that difficulty for "
            f"{count} students; "
            "widen the range or use easy/medium/hard"
        )
    return [inside[i] for i in chosen]
