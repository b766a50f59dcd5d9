"""What every generator shares: the registry entry, option models, and bulk sources of uniform draws."""

from __future__ import annotations

import importlib
import math
import random
import sys
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import chain, compress, islice, permutations, repeat
from types import ModuleType
from typing import Any

from pydantic import ConfigDict

from ..errors import WalkStopped
from ..fields import Caseless
from ..graph import GraphMaze
from ..grid import OPPOSITE, Grid
from ..maze import Maze
from ..registry import Registry


class Options(Caseless):
    """Base of every generator's options: unknown keys are errors, values are checked on load. A model's
    checks are built when it first checks something, so a spec pays only for the algorithms it names."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


GenerateFn = Callable[..., Maze]
GraphFn = Callable[..., GraphMaze]
ON_GRAPHS: dict[str, GraphFn] = {}
"""The algorithms that walk from cell to neighbour, each in the form that runs on any ``Topology``."""


@dataclass(frozen=True)
class Algorithm:
    name: str
    title: str  # as people write it ("Hunt-and-Kill", "Eller’s"), where a list shows it to read
    summary: str
    generate: GenerateFn
    options: type[Options]
    rectangle_only: bool

    @property
    def doc(self) -> str:
        return (self.generate.__doc__ or "").strip()


ALGORITHMS: Registry[Algorithm] = Registry("algorithm")


def algorithm(
    name: str, title: str, summary: str, options: type[Options] = Options, *, rectangle_only: bool = False
) -> Callable[[GenerateFn], GenerateFn]:
    """Register ``generate(grid, rng, **options) -> Maze`` under a kebab-case name."""

    def add(fn: GenerateFn) -> GenerateFn:
        ALGORITHMS.register(name)(Algorithm(name, title, summary, fn, options, rectangle_only))
        return fn

    return add


def on_graph(name: str) -> Callable[[GraphFn], GraphFn]:
    """Register ``generate(topology, rng, **options) -> GraphMaze``: the same algorithm, read from the
    field's ``nbr``/``back`` arrays, for hexagons, triangles and every kind to come."""

    def add(fn: GraphFn) -> GraphFn:
        ON_GRAPHS[name] = fn
        return fn

    return add


FAST_FROM = 250_000
"""Cells from which a generator runs its compiled loop, where numba is installed (``puzzlebook[fast]``):
the same draws and the same maze, ten times as fast or more. Loading numba and a family's loops costs
about 0.7 s once a process (several seconds on a busy machine), what the slower Python loops (Kruskal,
Prim, Wilson) take for about this many cells; books' mazes never pay it."""

QUICK_LOAD_FROM = 8 * FAST_FROM
"""Cells from which the loops are loaded for an algorithm whose Python loop already makes over 2
million cells a second: below it, one maze takes less time in Python than loading numba would (once
loaded, by a bigger maze or another algorithm, its compiled loop runs from ``FAST_FROM``)."""


def compiled(family: str, cells: int, quick: bool = False) -> ModuleType | None:
    """The compiled loops of ``family`` (``"squares"``, ``"growth"``, ``"fields"`` or ``"rows"``) for a
    maze of ``cells`` cells; None where they would not pay, or where numba is missing or fails to load:
    the Python loops stand. ``quick``: the algorithm's Python loop is fast (see ``QUICK_LOAD_FROM``)."""
    if cells < FAST_FROM:
        return None
    if quick and cells < QUICK_LOAD_FROM and family not in LOADED:
        return None
    return _loaded(family)


LOADED: set[str] = set()
"""The families whose compiled loops this process has loaded."""


@cache
def _loaded(family: str) -> ModuleType | None:
    try:
        module = importlib.import_module(f"{__package__}._compiled_{family}")
    except Exception:  # whatever breaks in an optional accelerator, the Python loops stand
        return None
    LOADED.add(family)
    return module


def step_orders(grid: Grid) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Every order of the four steps, each as (direction, direction back, offset): a walk picks one at
    random and carves on both sides without a call. Made once for each width."""
    return _step_orders(grid.steps)


@cache
def _step_orders(steps: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    return tuple(tuple((d, OPPOSITE[d], off) for d, off in order) for order in permutations(steps))


def random_indices(rng: random.Random, k: int) -> Iterator[int]:
    """An endless stream of uniform integers in [0, k) for 1 <= k <= 256, drawn in bulk.

    ``randbytes`` fills 64 KiB per call; ``translate`` maps each byte to ``byte % k`` and deletes the top
    ``256 % k`` byte values, so the stream is exactly uniform, and the whole pipeline runs in C: hot loops
    iterate it at a fraction of the cost of a ``randrange`` call per step.
    """
    return chain.from_iterable(index_chunks(rng, k))


def walk_draws(rng: random.Random, k: int, cells: int) -> Iterator[int]:
    """``random_indices`` for a random walk over ``cells``, ending after ``walk_most`` draws: the walk
    that has not covered its field by then is stopped (``walk_stopped``), where it would run for hours."""
    return islice(random_indices(rng, k), walk_most(cells))


def walk_most(cells: int) -> int:
    """The draws a random walk may take: four times n ln² n, at least 100 million (about 6 s here).
    Aldous-Broder covers a field of squares in 0.34-0.5 n ln² n, Wilson's in under 0.1, so a maze of
    any blob of a shape never comes near it; a corridor one cell wide takes n² (a serpentine of 45,149
    cells ran for minutes, and is refused after 6.8 s; one of 2,540 cells is made in 4 s)."""
    return max(100_000_000, int(4 * cells * math.log(max(cells, 2)) ** 2))


def walk_stopped(name: str, cells: int) -> WalkStopped:
    """What a walk stopped by ``walk_most`` says: the shape, not the maze's size, makes it so slow."""
    return WalkStopped(
        f"{name}'s random walk did not cover this shape's {cells:,} cells in {walk_most(cells):,} steps: a "
        "shape of long narrow corridors takes a random walk far longer than its size suggests; use another "
        "algorithm, such as recursive-backtracker or kruskal"
    )


DRAWN = 65536
"""Random bytes drawn at a time: every stream of indices is made of these, so a seed's mazes depend on it."""


def index_chunks(rng: random.Random, k: int, piece: int = 4096) -> Iterator[bytes]:
    """The chunks ``random_indices`` is made of, for a loop that takes a chunk at a time.

    Bytes are drawn ``DRAWN`` at a time but made into bytes and translated ``piece`` at a time, as the
    walk needs them: a book-sized maze uses a few thousand indices, and converting and translating the
    whole draw cost a third of its making. ``randbytes(n)`` is ``getrandbits(8 n)`` written out little
    end first, and deleting byte values a piece at a time leaves the same stream as deleting them all at
    once, so the indices are those of whole draws (tested).
    """
    table, rejected = _tables(k)
    mask = (1 << 8 * piece) - 1
    while True:
        drawn = rng.getrandbits(8 * DRAWN)  # randbytes(DRAWN), as the number it makes its bytes from:
        yield (drawn & mask).to_bytes(piece, "little").translate(table, rejected)  # the first piece
        rest = (drawn >> 8 * piece).to_bytes(DRAWN - piece, "little")  # costs as much as the draw
        for start in range(0, DRAWN - piece, piece):
            yield rest[start : start + piece].translate(table, rejected)


@cache
def _tables(k: int) -> tuple[bytes, bytes]:
    """``translate``'s table (byte -> byte % k) and the byte values it deletes (the top 256 % k)."""
    return bytes(b % k for b in range(256)), bytes(range(256 - 256 % k, 256))


def random_words(rng: random.Random) -> Iterator[int]:
    """An endless stream of uniform 64-bit integers, drawn 8 KiB at a time: a coin flip per step costs a
    comparison with a threshold instead of a ``random()`` call."""

    def chunk(size: int) -> array[int]:
        return native_array("Q", rng.randbytes(size))

    return chain.from_iterable(map(chunk, repeat(8192)))


def native_array(kind: str, little_endian: bytes | bytearray) -> array[Any]:
    """Random bytes become numbers, and bytes cut from arrays are read, in one byte order on every
    machine: a seed makes the same maze on a big-endian one."""
    values = array(kind, little_endian)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def little_endian_bytes(values: array[Any]) -> bytes:
    """The inverse of ``native_array``."""
    if sys.byteorder == "big":
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


CHUNK = 1 << 22
"""Codes sorted at once by ``random_order``: about 130 MB of float keys at the peak."""


def random_order(codes: array[int], rng: random.Random, chunk: int = CHUNK) -> array[int]:
    """``codes`` (an ``array("I")``) in uniformly random order, permuted in C instead of step by step.

    More than ``chunk`` codes are first dealt into 2, 4, 8... piles by a random byte each (C again), and
    the piles are shuffled one at a time and joined: still a uniform order, and memory stays that of one
    pile instead of 110 bytes a code.
    """
    if len(codes) <= chunk:
        return _sorted_by_random_keys(codes, rng)
    piles = 1 << ((len(codes) - 1) // chunk).bit_length()
    if piles > 256:
        raise ValueError(f"{len(codes)} codes need more than 256 piles of {chunk}")
    deal = rng.randbytes(len(codes)).translate(_pile_of_byte(piles))
    out = array("I")
    for pile in range(piles):
        chosen = deal.translate(_in_pile(pile))
        out.extend(_sorted_by_random_keys(array("I", compress(codes, chosen)), rng))
    return out


@cache
def _pile_of_byte(piles: int) -> bytes:
    """The table dealing a random byte into one of ``piles`` (a power of two: every pile alike)."""
    return bytes(b % piles for b in range(256))


@cache
def _in_pile(pile: int) -> bytes:
    """The table marking a dealt byte 1 if it is ``pile``, else 0, for ``itertools.compress``."""
    return bytes(int(b == pile) for b in range(256))


_POSITIVE = bytes(b & 0x3F for b in range(256))  # top byte of a double: sign 0, exponent at most 0x3FF


def _sorted_by_random_keys(codes: array[int], rng: random.Random) -> array[int]:
    """Each code becomes the low bytes of a random positive double, and positive doubles order like their
    bit patterns read as unsigned integers: sorting them orders the codes by the random high bits. A list
    of floats sorts about twice as fast as ``random.shuffle`` runs or a list of big ints sorts, and the
    rest is byte slicing. The random part has 38 bits for codes below 2**24 (a 1000x1000 maze's walls),
    so about ten codes in a million tie with another; for larger codes it has 30 bits, and in a pile of
    ``CHUNK`` codes about 0.4% do. Tied codes keep their own order: a bias no maze can show.
    """
    n = len(codes)
    width = 3 if max(codes, default=0) < 1 << 24 else 4
    raw = bytearray(rng.randbytes(8 * n))
    code_bytes = little_endian_bytes(codes)
    for b in range(width):
        raw[b::8] = code_bytes[b::4]
    raw[7::8] = raw[7::8].translate(_POSITIVE)
    doubles = native_array("d", raw)
    del raw, code_bytes  # each copy is let go as soon as the next exists: 2M keys peak near 90 MB
    keys = doubles.tolist()
    del doubles
    keys.sort()
    doubles = array("d", keys)
    del keys
    ordered = little_endian_bytes(doubles)
    del doubles
    out = bytearray(4 * n)
    for b in range(width):
        out[b::4] = ordered[b::8]
    return native_array("I", out)
