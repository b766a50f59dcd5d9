"""A book's puzzles as the cores make them, so that its pages are drawn while the rest are made."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace

from .errors import At, PuzzlebookError
from .puzzles import Puzzle, Recipe
from .render.drawn import Drawn, drawn
from .workers import Makers


class Coming(dict[int, Puzzle]):
    """The puzzles of a book, each made (with its walls form and answer line written: ``render.drawn``)
    on the cores in book order and waited for only when a page asks for it by number; the ones made
    meanwhile are kept. ``drawn`` holds what was written ahead, for the drawing to take (and let go).
    ``close`` stops the cores, whatever is left."""

    def __init__(
        self,
        jobs: Sequence[tuple[int, At, Recipe, int, tuple[bool, bool]]],
        progress: Callable[[int], None] | None = None,
    ) -> None:
        super().__init__()
        self.makers = Makers()
        self.drawn: dict[int, Drawn] = {}
        self._jobs = iter(jobs)
        self._coming: Iterator[tuple[Puzzle, Drawn]] = self.makers.finished(
            [(recipe, seed, twice) for _, _, recipe, seed, twice in jobs], drawn
        )
        self._progress = progress

    def __missing__(self, number: int) -> Puzzle:
        for made, where, *_ in self._jobs:
            try:
                puzzle, walls = next(self._coming)
            except PuzzlebookError as exc:  # the cores make them in order: this is the one that failed
                raise PuzzlebookError(f"{where}: {exc}") from None
            # the answer's line is written (``walls.solution``) and nothing on a page reads the route:
            # a book's puzzles wait for their answer pages without it (4 MB in 5,000 mazes of 20x20)
            self[made] = replace(puzzle, route=None)
            if walls.form is not None or walls.solution is not None:
                self.drawn[made] = walls
            if self._progress:
                self._progress(1)
            if made == number:
                return puzzle
        raise KeyError(number)

    def close(self, failed: bool = False) -> None:
        """Stop the cores: at once, dropping what is not made, when the build ``failed``."""
        getattr(self._coming, "close", lambda: None)()
        self.makers.__exit__(None, PuzzlebookError() if failed else None, None)


@contextmanager
def drawing(puzzles: dict[int, Puzzle]) -> Iterator[dict[int, Drawn] | None]:
    """The walls already written of ``puzzles`` while a book is drawn from them, and for puzzles still
    ``Coming``, the cores stopped when it is done or has failed (Ctrl-C, a full disk: at once)."""
    if not isinstance(puzzles, Coming):
        yield None
        return
    try:
        yield puzzles.drawn
    except BaseException:
        puzzles.close(failed=True)
        raise
    puzzles.close()
