"""A book's puzzles as the cores make them, so that its pages are drawn while the rest are made."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

from .drawn import Ahead, solution_path, walls_ahead
from .errors import At, PuzzlebookError
from .puzzles import Puzzle, Recipe
from .workers import Makers

LINE_SHARE = 0.1
"""An answer's line is written in about a tenth of the time its maze takes to make (0.12 ms against
1.4 ms for a maze of 30x30): its share of the work, for the chunks the cores take (``Makers.mapped``)."""
LINE_CHUNK = 0.002
"""Seconds of work a chunk of lines holds: a few, since the puzzles a chunk sends and the lines it
returns wait in memory until they are read (chunks of 6 ms held 1 MB more at the peak of a 5,000-maze
book of 20x20)."""


class Coming(dict[int, Puzzle]):
    """The puzzles of a book, each made (with its walls form written: ``drawn.walls_ahead``) on the
    cores in book order and waited for only when a page asks for it by number; the ones made meanwhile
    are kept. Once every maze is made, the cores write the answers' lines (``line``), in the order the
    answer key draws them, while the pages before the key are drawn: they would otherwise wait idle
    while this process draws the key, and the mazes come sooner without the lines. ``close`` stops the
    cores, whatever is left. It is the drawing's ``drawn.Ahead``."""

    def __init__(
        self,
        jobs: Sequence[tuple[int, At, Recipe, int, bool]],
        answers: Sequence[int],
        progress: Callable[[int], None] | None = None,
    ) -> None:
        """``jobs``: each maze's number, where the spec asks for it, its recipe, its seed, and whether
        its walls are drawn twice (a form); ``answers``: the mazes whose answers are drawn, in the order
        they are drawn."""
        super().__init__()
        self.makers = Makers()
        self._forms: dict[int, bytes] = {}
        self._recipes = {number: recipe for number, _, recipe, *_ in jobs}
        self._answers = list(answers)
        self._answered = set(answers)
        self._left = len(jobs)
        self._jobs = iter(jobs)
        self._coming: Iterator[tuple[Puzzle, bytes | None]] = self.makers.finished(
            [(recipe, seed, (twice, n in self._answered)) for n, _, recipe, seed, twice in jobs], _as_sent
        )
        self._lines: Iterator[str] | None = None  # written once every maze is made
        self._lined: Iterator[int] = iter(())  # the maze of each line, in the same order
        self._written: dict[int, str] = {}
        self._progress = progress

    def __missing__(self, number: int) -> Puzzle:
        for made, where, *_ in self._jobs:
            try:
                puzzle, form = next(self._coming)
            except PuzzlebookError as exc:  # the cores make them in order: this is the one that failed
                raise PuzzlebookError(f"{where}: {exc}") from None
            self[made] = puzzle
            if form is not None:
                self._forms[made] = form
            self._left -= 1
            if not self._left:
                self._write_lines()
            if self._progress:
                self._progress(1)
            if made == number:
                return puzzle
        raise KeyError(number)

    def _write_lines(self) -> None:
        """Every maze made: the cores write the answers' lines of the mazes still waiting for them."""
        waiting = [number for number in self._answers if number in self]
        jobs = [(self._recipes[number], self[number]) for number in waiting]
        self._lines = self.makers.mapped(_line, jobs, LINE_SHARE, LINE_CHUNK)
        self._lined = iter(waiting)

    def form(self, number: int) -> bytes | None:
        """The walls form written with maze ``number``, if it is drawn twice (taken once)."""
        return self._forms.pop(number, None)

    def line(self, number: int) -> str | None:
        """The answer's line of maze ``number``, written on the cores (waited for while it is being
        written); None where they write none (an answer drawn before every maze was made), for the
        drawing to write it."""
        if number not in self._written and self._lines is not None:
            for made, line in zip(self._lined, self._lines, strict=False):
                self._written[made] = line
                if made == number:
                    break
        return self._written.pop(number, None)

    def close(self, failed: bool = False) -> None:
        """Stop the cores: at once, dropping what is not made, when the build ``failed``."""
        for made in (self._coming, self._lines):
            getattr(made, "close", lambda: None)()
        self.makers.__exit__(None, PuzzlebookError() if failed else None, None)


def _as_sent(puzzle: Puzzle, uses: tuple[bool, bool]) -> tuple[Puzzle, bytes | None]:
    """A maze as its core sends it: with its walls form if it is drawn twice (``walls_ahead``), and its
    route only if its answer is drawn, packed in two bytes a cell where it fits, for its line to be
    written from it once every maze is made (``Coming.line``). Nothing on a page reads the route: the
    puzzles wait for their last page without it, or with it packed (a 5,000-maze book of 20x20 holds
    2.2 MB of packed routes, 3.9 MB unpacked, where its answers' lines, compressed, took 1.7 MB)."""
    twice, answered = uses
    route = puzzle.route if answered else None
    if route is not None and max(route, default=0) < 1 << 16:
        route = array("H", route)
    return replace(puzzle, route=route), walls_ahead(puzzle, twice)


def _line(job: tuple[Recipe, Puzzle]) -> str:
    """An answer's line, written on a core (``Coming``): the job's recipe only sizes its chunk."""
    return solution_path(job[1])


@contextmanager
def drawing(puzzles: dict[int, Puzzle]) -> Iterator[Ahead | None]:
    """What is written ahead of ``puzzles`` while a book is drawn from them, and for puzzles still
    ``Coming``, the cores stopped when it is done or has failed (Ctrl-C, a full disk: at once)."""
    if not isinstance(puzzles, Coming):
        yield None
        return
    try:
        yield puzzles
    except BaseException:
        puzzles.close(failed=True)
        raise
    puzzles.close()
