"""One exception family, so the CLI can turn any expected failure into a message and an exit code."""

from __future__ import annotations

import re
from dataclasses import dataclass


class PuzzlebookError(Exception):
    """An expected failure with a message meant for the person running puzzlebook."""

    exit_code = 1


@dataclass(frozen=True)
class Where:
    """Where a problem lies, as data: a file, its line and the key there (``book.yaml``, 14,
    ``mazes[1].size``); or a key alone (``--seed`` on the command line). Text is made only to print."""

    file: str = ""
    line: int | None = None
    key: str = ""

    def __str__(self) -> str:
        spot = f"{self.file}:{self.line}" if self.file and self.line is not None else self.file
        return ": ".join(part for part in (spot, self.key) if part)

    def __bool__(self) -> bool:
        return bool(self.file or self.key)

    def inner(self, key: str) -> Where:
        """A key inside this one, at the same line: ``mazes[1]`` -> ``mazes[1].title``."""
        return Where(self.file, self.line, f"{self.key}.{key}" if self.key else key)


At = Where | str
"""Where something was written, as a problem names it: a ``Where``, or a key alone (see ``Problem``)."""


QUOTED = re.compile(r"""(?<![^\s(\[{=])(?:"(\S[^"\n]{60,}?)"|'(\S[^'\n]{60,}?)')""")
"""A value quoted in a message, longer than a line's share: shown cut (a 100 KB value was repeated
whole in its one-line error, by every key that quotes what it got)."""


def clipped(message: str) -> str:
    """``message`` on one line, each long quoted value cut to its first 57 characters and "...": a
    value's line breaks are shown as \\n (a value of 2,000 lines made a 2,001-line error)."""
    message = message.replace("\r", "\\r").replace("\n", "\\n")
    return QUOTED.sub(
        lambda m: f'"{m[1][:57]}..."' if m[1] is not None else f"'{m[2][:57]}...'",
        message,
    )


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input: where it is and what to do. A plain string ``where`` is a key
    with no file (an option such as ``--seed``, or a name such as ``layout``). A long value quoted in
    the message is cut (``clipped``)."""

    where: At
    message: str
    fix: str | None = None
    """The value that mends it, to write at its key where one does (the largest size that fits): the
    studio offers it as a button (an age chosen made sizes too dense, told in points, with no way but
    typing the size the message named)."""

    def __post_init__(self) -> None:
        if len(self.message) > 60 or "\n" in self.message or "\r" in self.message:
            object.__setattr__(self, "message", clipped(self.message))

    @property
    def at(self) -> Where:
        return self.where if isinstance(self.where, Where) else Where(key=self.where)

    def __str__(self) -> str:
        where = str(self.where)
        return f"{where}: {self.message}" if where else self.message

    def as_dict(self) -> dict[str, str | int | None]:
        """The problem as JSON data (the studio's): file, line, key and message, each on its own, and
        its fix where it has one."""
        at = self.at
        data = {"file": at.file or None, "line": at.line, "key": at.key or None, "message": self.message}
        return data | ({"fix": self.fix} if self.fix else {})


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


def problems_of(error: PuzzlebookError) -> list[Problem]:
    """Any expected failure as its problems: a spec's each, preflight's lines, or the one message."""
    if isinstance(error, SpecError):
        return error.problems
    if isinstance(error, NotReady):
        return [Problem("", line) for line in error.problems]
    return [Problem("", str(error))]


NO_PART = {
    "answers": (
        "answer_key",
        "has no separate answers: add answer_key: separate to make them a file of their own",
    ),
    "cover": ("cover", "has no cover: section; add one, such as cover: {paper: white}"),
}
"""What a book that lacks the part asked for is told, and its key: by ``build-cover``, ``preview --part``
and the studio alike."""


class GenerationError(PuzzlebookError):
    """A maze cannot be made as asked (for example a mask that splits the grid)."""


class WalkStopped(GenerationError):
    """A random walk stopped in a shape of long corridors: the input's choice of shape and algorithm,
    told as bad input is (exit 2)."""

    exit_code = 2


def made_at(where: At, error: PuzzlebookError) -> PuzzlebookError:
    """A failure in making a maze, told at the maze's place: the input's (exit 2) as a problem there,
    as data, and any other as a line naming it."""
    if error.exit_code == 2:
        return SpecError([Problem(where, str(error))])
    return PuzzlebookError(f"{where}: {error}")


class LayoutError(PuzzlebookError):
    """A maze or page does not fit the chosen layout."""
