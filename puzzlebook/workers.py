"""Making many puzzles at once on every core, with the results in the order asked.

Each puzzle depends on its recipe and seed alone, so which process makes it changes nothing: a book is
byte-identical on one core or sixteen. Work goes to other processes only where forking is cheap and safe
(Linux) and a batch is big enough to repay it; anywhere else, and for small batches, puzzles are made
here, one after another.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import hashlib
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from itertools import islice
from types import TracebackType
from typing import Any, TypeVar

from .puzzles import Puzzle, Recipe

A = TypeVar("A")
B = TypeVar("B")

START = 0.02
"""Seconds of work a batch must hold to start the other processes (starting them takes about 15 ms)."""
BATCH = 0.004
"""Seconds of work a batch must hold to go to processes already started (a batch's round trip)."""


def work(jobs: list[tuple[Recipe, int]] | list[tuple[Recipe, int, Any]] | list[tuple[Recipe, Any]]) -> float:
    """Roughly the seconds it takes to make the mazes of ``jobs`` (each a recipe first) here: a cost a
    maze and a cost a cell."""
    return sum(0.0002 + 0.0000012 * job[0].width * job[0].height for job in jobs)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _make(job: tuple[Recipe, int]) -> Puzzle:
    recipe, seed = job
    return recipe.make(seed)


def _make_finished(finish: Callable[[Puzzle, A], B], job: tuple[Recipe, int, A]) -> B:
    recipe, seed, arg = job
    return finish(recipe.make(seed), arg)


def _quiet_interrupt() -> None:
    """Ctrl-C is the main process's to handle (one line, nothing written): workers print no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()


def die_with_parent() -> None:
    """In a forked worker: end when the process that forked it does, however that ends. A plain
    ``kill`` leaves the main process no time to stop its workers, which would linger with their memory."""
    with contextlib.suppress(OSError, AttributeError):  # Linux, where workers are forked
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() == 1:  # the parent was gone before the signal was asked for
        os._exit(0)


PR_SET_PDEATHSIG = 1


class _Kept:
    """Puzzles made, by ``_key``, pickled (a build may change the objects it is given), the oldest
    dropped past ``most`` bytes."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.size = 0
        self.items: OrderedDict[bytes, bytes] = OrderedDict()

    def __contains__(self, key: bytes) -> bool:
        return key in self.items

    def get(self, key: bytes) -> Puzzle:
        self.items.move_to_end(key)
        puzzle: Puzzle = pickle.loads(self.items[key])
        return puzzle

    def put(self, key: bytes, puzzle: Puzzle) -> None:
        data = pickle.dumps(puzzle, protocol=pickle.HIGHEST_PROTOCOL)
        if key not in self.items:
            self.items[key] = data
            self.size += len(data)
        while self.size > self.most and len(self.items) > 1:
            self.size -= len(self.items.popitem(last=False)[1])


_KEPT: _Kept | None = None
"""The puzzles kept between builds of one process, when ``keep_puzzles`` asked for it (the studio's
warm worker); a command builds once, and keeps nothing."""


def keep_puzzles(most: int) -> None:
    """Keep the puzzles each build makes for the next build of this process, up to ``most`` bytes: a
    puzzle is decided by its recipe and seed alone, so the same pair makes the same puzzle."""
    global _KEPT
    _KEPT = _Kept(most)


def _key(job: tuple[Recipe, int]) -> bytes:
    """Everything that decides a puzzle: its recipe (size, grid, shape, algorithm and every option) and
    its seed, as bytes."""
    return hashlib.sha256(pickle.dumps(job, protocol=pickle.HIGHEST_PROTOCOL)).digest()


def _merged(keys: list[bytes], fresh: list[bool], made: Iterator[Puzzle], kept: _Kept) -> Iterator[Puzzle]:
    """The puzzles in the jobs' order, the kept ones between those made; closing it stops the making."""
    try:
        for key, new in zip(keys, fresh, strict=True):
            if new:
                puzzle = next(made)
                kept.put(key, puzzle)
                yield puzzle
            else:
                yield kept.get(key)
    finally:
        getattr(made, "close", lambda: None)()


def _ready() -> bool:
    return True


AHEAD = 0.006
"""Seconds of work a chunk holds when puzzles are made ahead: enough to repay its round trip (a chunk of
one maze of 26x34 takes 40% longer a maze than one of four), little enough that a search which stops
early wastes little."""

STARTING = 10.0
"""Seconds the worker processes have to answer a first call before the build goes on without them."""


@contextlib.contextmanager
def _frozen() -> Iterator[None]:
    """The objects this process holds left out of garbage collection while it forks: each worker
    inherits them frozen, so its collections never walk them. A walk writes to every page they lie on,
    which the fork then copies (8,800 pages and 0.04 s of CPU across the 500-maze book's two workers).
    This process collects them again as soon as the workers are forked."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _started(workers: int) -> ProcessPoolExecutor | None:
    """A pool of ``workers`` processes that has answered a first call, or None: under a tight memory
    limit its threads or processes may fail to start, and a pool that cannot start would never finish
    a batch; the build then makes everything here. A thread of the pool that fails meanwhile is noted
    here rather than printed as a traceback."""
    failed: list[BaseException | None] = []
    previous = threading.excepthook
    threading.excepthook = lambda hook: failed.append(hook.exc_value)
    pool = None
    try:
        with _frozen():  # the first call forks every worker
            pool = ProcessPoolExecutor(
                workers, multiprocessing.get_context("fork"), initializer=_quiet_interrupt
            )
            answer = pool.submit(_ready)
        deadline = time.monotonic() + STARTING
        while not failed and time.monotonic() < deadline:
            try:
                answer.result(timeout=0.05)
                return pool
            except TimeoutError:
                continue
    except (RuntimeError, OSError, MemoryError, BrokenProcessPool):
        pass
    finally:
        threading.excepthook = previous
    if pool is not None:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()  # a worker that never answered must not outlive the build
        pool.shutdown(wait=False, cancel_futures=True)
    return None


WINDOW = 0.02
"""Seconds of work a chunk holds when results are read as they come (``Makers.finished``)."""


def _chunk(task: Callable[[Any], B], jobs: list[Any]) -> list[B]:
    return [task(job) for job in jobs]


def _windowed(
    pool: ProcessPoolExecutor, task: Callable[[Any], B], jobs: list[Any], chunk: int, ahead: int
) -> Iterator[B]:
    """``task`` of every job, in order, in chunks of ``chunk`` with at most ``ahead`` chunks sent
    before the one read: a reader slower than the cores (a book's pages) holds a few chunks' results,
    not the whole book's. Closing it cancels the chunks not yet started."""
    chunks = (jobs[start : start + chunk] for start in range(0, len(jobs), chunk))
    sent = deque(pool.submit(_chunk, task, part) for part in islice(chunks, ahead))  # sent now

    def read() -> Iterator[B]:
        try:
            while sent:
                results = sent.popleft().result()
                sent.extend(pool.submit(_chunk, task, part) for part in islice(chunks, 1))
                yield from results
        finally:
            for future in sent:
                future.cancel()

    return read()


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

    def ahead(self, recipe: Recipe, seeds: Iterable[int]) -> Iterator[Puzzle]:
        """One puzzle for each seed, in order, made ahead on every core as they are read: a search that
        stops early closes it, and what has not started is not made."""
        return self.stream([(recipe, seed) for seed in seeds])

    def stream(self, jobs: list[tuple[Recipe, int]]) -> Iterator[Puzzle]:
        """``ahead`` for any (recipe, seed) pairs."""
        made = self._made(jobs, most=AHEAD)
        done = 0
        try:
            for puzzle in made:
                done += 1
                yield puzzle
        except BrokenProcessPool:
            self.__exit__(None, None, None)
            self.workers = 1
            yield from map(_make, jobs[done:])
        finally:
            getattr(made, "close", lambda: None)()  # cancels the chunks not started

    def finished(self, jobs: list[tuple[Recipe, int, A]], finish: Callable[[Puzzle, A], B]) -> Iterator[B]:
        """Each job's ``finish(puzzle, arg)`` (the puzzle, say, and what is drawn of it), made where the
        puzzle is (a worker, when the batch repays it), in order, as they are made: the caller uses
        the first while the cores make the rest. ``finish`` must be a module's function, so that a
        worker can find it."""
        if (
            _KEPT is not None
        ):  # a studio's worker: the puzzles kept as they were, the rest made; finished here
            puzzles = self._made([(recipe, seed) for recipe, seed, _ in jobs])
            return (finish(puzzle, arg) for puzzle, (_, _, arg) in zip(puzzles, jobs, strict=True))
        task = partial(_make_finished, finish)
        return self._yielding(self._making(jobs, task=task, window=True), jobs, task)  # started now

    def _yielding(self, made: Iterator[B], jobs: list[Any], task: Callable[[Any], B]) -> Iterator[B]:
        done = 0
        try:
            for result in made:
                done += 1
                yield result
        except BrokenProcessPool:
            self.__exit__(None, None, None)
            self.workers = 1
            yield from map(task, jobs[done:])
        finally:
            getattr(made, "close", lambda: None)()

    def _made(self, jobs: list[tuple[Recipe, int]], most: float | None = None) -> Iterator[Puzzle]:
        """The puzzles of ``jobs``: those kept (``keep_puzzles``) as they were, the others made."""
        if _KEPT is None:
            made: Iterator[Puzzle] = self._making(jobs, most)
            return made
        keys = [_key(job) for job in jobs]
        fresh = [key not in _KEPT for key in keys]  # decided once: a job twice in the list is made once
        made = self._making([job for job, new in zip(jobs, fresh, strict=True) if new], most)
        return _merged(keys, fresh, made, _KEPT)

    def _making(
        self,
        jobs: list[Any],
        most: float | None = None,
        task: Callable[[Any], Any] | None = None,
        window: bool = False,
    ) -> Any:
        """The results of ``task`` (by default, the puzzles) for ``jobs``, here or in the pool; ``most``
        caps a chunk's seconds of work. With ``window``, only a few chunks are made ahead of the one
        read (``_windowed``)."""
        task = _make if task is None else task  # looked up now: a test may count the puzzles made
        seconds = work(jobs)
        if not jobs or not self.parallel or seconds < (START if self._pool is None else BATCH):
            return map(task, jobs)
        if self._pool is None:
            self._pool = _started(self.workers)
            if self._pool is None:
                self.workers = 1
                return map(task, jobs)
        chunk = max(1, len(jobs) // (self.workers * 8))  # a few chunks each: the cores finish together
        if most is not None or window:
            chunk = min(chunk, max(1, int((most or WINDOW) * len(jobs) / seconds)))
        if window:
            return _windowed(self._pool, task, jobs, chunk, self.workers * 4)
        return self._pool.map(task, jobs, chunksize=chunk)

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
