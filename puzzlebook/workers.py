"""Making many puzzles at once on every core, with the results in the order asked.

Each puzzle depends on its recipe and seed alone, so which process makes it changes nothing: a book is
byte-identical on one core or sixteen. Work goes to other processes only where forking is cheap and safe
(Linux) and a batch is big enough to repay it; anywhere else, and for small batches, puzzles are made
here, one after another.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType

from .puzzles import Puzzle, Recipe

START = 0.02
"""Seconds of work a batch must hold to start the other processes (starting them takes about 15 ms)."""
BATCH = 0.004
"""Seconds of work a batch must hold to go to processes already started (a batch's round trip)."""


def work(jobs: list[tuple[Recipe, int]]) -> float:
    """Roughly the seconds it takes to make ``jobs`` here: a cost a maze and a cost a cell."""
    return sum(0.0003 + 0.000003 * recipe.width * recipe.height for recipe, _ in jobs)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _make(job: tuple[Recipe, int]) -> Puzzle:
    recipe, seed = job
    return recipe.make(seed)


def _quiet_interrupt() -> None:
    """Ctrl-C is the main process's to handle (one line, nothing written): workers print no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Makers:
    """The processes a build makes its puzzles with; ``workers`` 1 makes everything here."""

    def __init__(self, workers: int | None = None) -> None:
        can_fork = sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
        self.workers = (workers or cores()) if can_fork else 1
        self._pool: ProcessPoolExecutor | None = None

    def __enter__(self) -> Makers:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=error is None, cancel_futures=True)
            self._pool = None

    @property
    def parallel(self) -> bool:
        return self.workers > 1

    def make(self, recipe: Recipe, seeds: Iterable[int]) -> list[Puzzle]:
        """One puzzle for each seed, in order."""
        return self.make_all([(recipe, seed) for seed in seeds])

    def _made(self, jobs: list[tuple[Recipe, int]]) -> Iterable[Puzzle]:
        if not self.parallel or work(jobs) < (START if self._pool is None else BATCH):
            return map(_make, jobs)
        if self._pool is None:
            context = multiprocessing.get_context("fork")
            self._pool = ProcessPoolExecutor(self.workers, context, initializer=_quiet_interrupt)
        chunk = max(1, len(jobs) // (self.workers * 8))  # a few chunks each: the cores finish together
        return self._pool.map(_make, jobs, chunksize=chunk)

    def make_all(
        self, jobs: list[tuple[Recipe, int]], progress: Callable[[int], None] | None = None
    ) -> list[Puzzle]:
        """One puzzle for each (recipe, seed), in order; ``progress`` hears of each as it is made."""
        puzzles: list[Puzzle] = []
        try:
            for puzzle in self._made(jobs):
                puzzles.append(puzzle)
                if progress:
                    progress(1)
        except BrokenProcessPool:  # a worker was killed (out of memory, say): go on here, one by one
            self.__exit__(None, None, None)
            self.workers = 1
            for job in jobs[len(puzzles) :]:
                puzzles.append(_make(job))
                if progress:
                    progress(1)
        return puzzles
