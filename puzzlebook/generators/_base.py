"""What every generator shares: the registry entry, option models, and a uniform random-step source."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import chain, repeat

from pydantic import BaseModel, ConfigDict

from ..maze import Maze
from ..registry import Registry


class Options(BaseModel):
    """Base of every generator's options: unknown keys are errors, values are checked on load."""

    model_config = ConfigDict(extra="forbid", frozen=True)


GenerateFn = Callable[..., Maze]


@dataclass(frozen=True)
class Algorithm:
    name: str
    summary: str
    generate: GenerateFn
    options: type[Options]
    rectangle_only: bool

    @property
    def doc(self) -> str:
        return (self.generate.__doc__ or "").strip()


ALGORITHMS: Registry[Algorithm] = Registry("algorithm")


def algorithm(
    name: str, summary: str, options: type[Options] = Options, *, rectangle_only: bool = False
) -> Callable[[GenerateFn], GenerateFn]:
    """Register ``generate(grid, rng, **options) -> Maze`` under a kebab-case name."""

    def add(fn: GenerateFn) -> GenerateFn:
        ALGORITHMS.register(name)(Algorithm(name, summary, fn, options, rectangle_only))
        return fn

    return add


def random_indices(rng: random.Random, k: int) -> Iterator[int]:
    """An endless stream of uniform integers in [0, k) for 1 <= k <= 256, drawn in bulk.

    ``randbytes`` fills 64 KiB per call; ``translate`` maps each byte to ``byte % k`` and deletes the top
    ``256 % k`` byte values, so the stream is exactly uniform, and the whole pipeline runs in C: hot loops
    iterate it at a fraction of the cost of a ``randrange`` call per step.
    """
    limit = 256 - 256 % k
    table = bytes(b % k for b in range(256))
    rejected = bytes(range(limit, 256))

    def chunk(size: int) -> bytes:
        return rng.randbytes(size).translate(table, rejected)

    return chain.from_iterable(map(chunk, repeat(65536)))
