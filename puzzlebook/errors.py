"""One exception family, so the CLI can turn any expected failure into a message and an exit code."""

from __future__ import annotations

from dataclasses import dataclass


class PuzzlebookError(Exception):
    """An expected failure with a message meant for the person running puzzlebook."""

    exit_code = 1


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: where it is (``book.yaml:14: mazes[1].size``) and what to do."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class SpecError(PuzzlebookError):
    """Every problem found in a spec or option set, collected so the user fixes them all at once."""

    exit_code = 2

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class NotReady(PuzzlebookError):
    """What preflight found in a book, a line each, naming the file and the page."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


class GenerationError(PuzzlebookError):
    """A maze cannot be made as asked (for example a mask that splits the grid)."""


class LayoutError(PuzzlebookError):
    """A maze or page does not fit the chosen layout."""
