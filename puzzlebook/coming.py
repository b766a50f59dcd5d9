"""A book's puzzles as the cores make them, so that its pages are drawn while the rest are made."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

from .drawn import Ahead, solution_path, walls_ahead
from .errors import At, PuzzlebookError, made_at
from .puzzles import Puzzle, Recipe
from .workers import Makers


class Coming(dict[int, Puzzle]):
    """The puzzles of a book, each made on the cores in book order, with its walls form and its
    answer's line written there (``_as_sent``), and waited for only when a page asks for it by number;
    the ones made meanwhile are kept. ``close`` stops the cores, whatever is left. It is the drawing's
    ``drawn.Ahead``."""

    def __init__(
        self,
        jobs: Sequence[tuple[int, At, Recipe, int, bool]],
        answers: Sequence[int],
        progress: Callable[[int], None] | None = None,
    ) -> None:
        """``jobs``: each maze's number, where the spec asks for it, its recipe, its seed, and whether
        its walls are drawn twice (a form); ``answers``: the mazes whose answers are drawn."""
        super().__init__()
        self.makers = Makers()
        self._forms: dict[int, bytes] = {}
        self._lines: dict[int, str] = {}
        answered = set(answers)
        self._jobs = iter(jobs)
        self._coming: Iterator[tuple[Puzzle, bytes | None, str | None]] = self.makers.finished(
            [(recipe, seed, (twice, n in answered)) for n, _, recipe, seed, twice in jobs],
            _as_sent,
        )
        self._progress = progress

    def __missing__(self, number: int) -> Puzzle:
        for made, where, *_ in self._jobs:
            try:
                puzzle, form, line = next(self._coming)
            except PuzzlebookError as exc:  # the cores make them in order: this is the one that failed
                raise made_at(where, exc) from None
            self[made] = puzzle
            if form is not None:
                self._forms[made] = form
            if line is not None:
                self._lines[made] = line
            if self._progress:
                self._progress(1)
            if made == number:
                return puzzle
        raise KeyError(number)

    def form(self, number: int) -> bytes | None:
        """The walls form written with maze ``number``, if it is drawn twice (taken once)."""
        return self._forms.pop(number, None)

    def line(self, number: int) -> str | None:
        """The answer's line written with maze ``number``, if its answer is drawn (taken once)."""
        return self._lines.pop(number, None)

    def close(self, failed: bool = False) -> None:
        """Stop the cores: at once, dropping what is not made, when the build ``failed``."""
        getattr(self._coming, "close", lambda: None)()
        self.makers.__exit__(None, PuzzlebookError() if failed else None, None)


def _as_sent(puzzle: Puzzle, uses: tuple[bool, bool]) -> tuple[Puzzle, bytes | None, str | None]:
    """A maze as its core sends it: with its walls form if it is drawn twice (``walls_ahead``), and its
    answer's line if its answer is drawn (``solution_path``), without its route, which nothing on a
    page reads: the key is drawn as its mazes come (``layout.drawing_order``), so a line waits a few
    pages for its answer, where a route waited packed for the whole book to be made."""
    twice, answered = uses
    line = solution_path(puzzle) if answered else None
    return replace(puzzle, route=None), walls_ahead(puzzle, twice), line


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
