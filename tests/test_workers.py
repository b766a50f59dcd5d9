"""Puzzles made on several cores are the puzzles made on one, and a book is the same file either way."""

import multiprocessing
import os
import signal

import pytest

from puzzlebook import workers
from puzzlebook.build import build_book
from puzzlebook.errors import GenerationError
from puzzlebook.puzzles import Recipe, banded_puzzles, matched_puzzles

SPEC = """\
title: Cores
seed: 77
marks: suggested
answer_key: true
students: [Ana, Ben, Chloe]
mazes:
  - {size: 9x7, algorithm: wilson, count: 5}
  - {size: 10x10, algorithm: hunt-and-kill, count: 7, difficulty: hard}
  - {size: 8x8, algorithm: kruskal, count: 4, difficulty: [40, 400]}
  - {size: 6x6, algorithm: prim, count: 2, difficulty: easy}
"""


@pytest.fixture
def two_cores(monkeypatch):
    """Spread even tiny batches over two processes, so the tests see the pool at work."""
    monkeypatch.setattr(workers, "START", 0)
    monkeypatch.setattr(workers, "BATCH", 0)
    monkeypatch.setattr(workers, "cores", lambda: 2)


def test_a_book_made_on_two_cores_is_the_same_file_as_on_one(tmp_path, monkeypatch, two_cores):
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    batches = []

    class Counting(workers.ProcessPoolExecutor):
        def map(self, fn, *iterables, **options):
            batches.append(1)
            return super().map(fn, *iterables, **options)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Counting)
    build_book(spec, tmp_path / "two.pdf")
    pooled = len(batches)
    assert pooled >= 3  # the plain mazes, the band searches, the class sets: all made in the pool
    monkeypatch.setattr(workers, "cores", lambda: 1)
    build_book(spec, tmp_path / "one.pdf")
    assert len(batches) == pooled  # on one core, nothing goes to the pool
    assert (tmp_path / "two.pdf").read_bytes() == (tmp_path / "one.pdf").read_bytes()


@pytest.mark.parametrize(
    ("difficulty", "count"), [("easy", 12), ("hard", 1), ("medium", 40), ((60, 90), 6), ((30, 200), 3)]
)
def test_a_band_searched_in_batches_keeps_the_mazes_of_one_seed_at_a_time(two_cores, difficulty, count):
    recipe = Recipe("recursive-backtracker", 7, 9, None, "suggested")
    alone = banded_puzzles(recipe, 5, difficulty, count)
    with workers.Makers() as makers:
        assert makers.parallel
        batched = banded_puzzles(recipe, 5, difficulty, count, makers.make, ahead=True)
        streamed = banded_puzzles(recipe, 5, difficulty, count, makers.ahead, ahead=True)
    for made in (batched, streamed):
        assert [p.seed for p in made] == [p.seed for p in alone]
        assert [p.maze for p in made] == [p.maze for p in alone]


def test_a_search_that_stops_early_leaves_the_rest_of_its_batch_unmade(two_cores, monkeypatch):
    made = multiprocessing.get_context("fork").Value("i", 0)
    real = Recipe.make

    def counted(self, seed):
        with made.get_lock():
            made.value += 1
        return real(self, seed)

    monkeypatch.setattr(Recipe, "make", counted)
    recipe = Recipe("kruskal", 6, 6, None, "suggested")
    with workers.Makers() as makers:
        stream = makers.ahead(recipe, range(4000))
        first = [next(stream) for _ in range(5)]
        stream.close()
        makers._pool.shutdown(wait=True, cancel_futures=False)  # whatever is still queued finishes
    assert [p.maze for p in first] == [real(recipe, seed).maze for seed in range(5)]
    assert 5 <= made.value < 1000  # a few chunks were under way; the other 3,000 and more were not


def test_a_band_no_maze_reaches_counts_the_same_tries_either_way(two_cores):
    recipe = Recipe("kruskal", 6, 6, None, "suggested")
    with pytest.raises(GenerationError) as alone:
        banded_puzzles(recipe, 3, (900, 1000), 2)
    with workers.Makers() as makers, pytest.raises(GenerationError) as batched:
        banded_puzzles(recipe, 3, (900, 1000), 2, makers.make, ahead=True)
    assert "in 600 tries" in str(alone.value)
    assert str(batched.value) == str(alone.value)


def test_a_class_set_is_the_same_from_the_pool(two_cores):
    recipe = Recipe("wilson", 8, 8, None, "suggested")
    alone = matched_puzzles(recipe, 21, "medium", 12)
    with workers.Makers() as makers:
        pooled = matched_puzzles(recipe, 21, "medium", 12, makers.make)
    assert [p.maze for p in pooled] == [p.maze for p in alone]


def test_a_worker_that_dies_leaves_the_rest_to_this_process(two_cores, monkeypatch):
    """A worker killed mid-batch (the kernel's out-of-memory killer, say) costs time, not the book."""
    recipe = Recipe("wilson", 8, 8, None, "suggested")
    expected = [recipe.make(seed) for seed in range(40)]
    with workers.Makers() as makers:
        makers.make(recipe, [0, 1])  # start the pool
        for pid in list(makers._pool._processes):
            os.kill(pid, signal.SIGKILL)
        made = makers.make(recipe, range(40))
        assert not makers.parallel  # and the rest of the build stays here
    assert [p.maze for p in made] == [p.maze for p in expected]


def _silent() -> bool:
    import time

    time.sleep(30)
    return True


@pytest.mark.parametrize("failure", ["no answer", "no thread"])
def test_a_pool_that_cannot_start_leaves_the_work_to_this_process(two_cores, monkeypatch, failure):
    """Under a tight memory limit the pool's threads or processes may not start; the build must not
    wait for them forever, nor print their tracebacks."""
    if failure == "no answer":
        monkeypatch.setattr(workers, "_ready", _silent)
        monkeypatch.setattr(workers, "STARTING", 0.5)
    else:

        def refuse(self, *args, **kwargs):
            raise RuntimeError("can't start new thread")

        monkeypatch.setattr(workers.ProcessPoolExecutor, "submit", refuse)
    recipe = Recipe("kruskal", 9, 9, None, "suggested")
    expected = [recipe.make(seed) for seed in range(30)]
    with workers.Makers() as makers:
        made = makers.make(recipe, range(30))
        assert not makers.parallel
    assert [p.maze for p in made] == [p.maze for p in expected]


@pytest.mark.parametrize("cores", [1, 2])
def test_mazes_kept_between_builds_are_not_made_again_and_the_book_is_the_same(tmp_path, monkeypatch, cores):
    """The studio's warm worker keeps the mazes it made: a title edit made every maze again."""
    monkeypatch.setattr(workers, "_KEPT", None)
    monkeypatch.setattr(workers, "cores", lambda: cores)
    if cores == 2:
        monkeypatch.setattr(workers, "START", 0)
        monkeypatch.setattr(workers, "BATCH", 0)
    made: list[int] = []
    if cores == 1:  # counted here (the pool's processes would count their own)
        making = workers._make
        monkeypatch.setattr(workers, "_make", lambda job: made.append(job[1]) or making(job))
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    build_book(spec, tmp_path / "cold.pdf")  # nothing kept: the command line's way
    workers.keep_puzzles(100_000_000)
    build_book(spec, tmp_path / "first.pdf")
    first = len(made)
    spec.write_text(SPEC.replace("title: Cores", "title: Cores Again"))
    build_book(spec, tmp_path / "again.pdf")
    spec.write_text(SPEC)
    build_book(spec, tmp_path / "back.pdf")
    assert (tmp_path / "first.pdf").read_bytes() == (tmp_path / "cold.pdf").read_bytes()
    assert (tmp_path / "back.pdf").read_bytes() == (tmp_path / "cold.pdf").read_bytes()
    assert len(made) == first  # the title edit and the way back made no maze
    spec.write_text(SPEC.replace("count: 2, difficulty: easy", "count: 3, difficulty: easy"))
    build_book(spec, tmp_path / "more.pdf")
    if cores == 1:  # the new maze (and its band's search), not the book again
        assert first > 0 and 0 < len(made) - first < first / 10


def _frozen_here(_: object) -> int:
    import gc

    return gc.get_freeze_count()


def test_the_workers_hold_what_they_inherit_out_of_collection_and_this_process_does_not(two_cores):
    """A worker's garbage collector never walks the objects it was forked with (a walk would copy every
    page they lie on), while this process collects its own as before once the workers are forked."""
    import gc

    held = [object() for _ in range(1000)]  # objects made before the fork
    with workers.Makers() as makers:
        jobs = [(Recipe("kruskal", 9, 9, None, "suggested"), seed) for seed in range(40)]
        frozen = list(makers._making(jobs, task=_frozen_here))  # the workers' answers
        assert makers._pool is not None
        assert min(frozen) >= len(held)
        assert gc.get_freeze_count() == 0
