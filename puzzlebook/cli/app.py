"""What every command shares: how a command says what it takes (``command``, ``Option``, ``Argument``),
the spec argument and the seed, sizes and choices read from options, whether a stream is a terminal.

The command modules (``mazes``, ``books``, ``preview``, ``starting``) import from here and never from
each other or from the package, so the command line has no import cycle; ``cli/__init__`` lists the
commands in order and ``reading`` reads a command line for them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, TextIO

from .. import grid
from ..errors import Problem, SpecError
from ..registry import suggest
from ..rng import MAX_SEED
from ..usage import seed_problem

ABOUT = "Make print-ready PDF puzzle books of mazes from a short YAML spec."
"""What ``puzzlebook --help`` says the program does."""

Kind = Literal["text", "whole", "number", "flag", "switch", "list"]
"""What an option's value is: text, a whole number, a number, nothing (a flag), nothing with a --no-
form beside it (a switch), or text given as often as wanted (a list)."""

Value = str | int | float | bool | list[str] | None


class Option:
    """An option of a command: its names (the long one first), what it says in --help, what its value
    is and its default. ``dest`` is the command's parameter it is passed as (from the long name)."""

    def __init__(
        self,
        *names: str,
        help: str = "",
        kind: Kind = "text",
        default: Value = None,
        hidden: bool = False,
        dest: str = "",
    ) -> None:
        self.names, self.help, self.kind, self.default, self.hidden = names, help, kind, default, hidden
        self.dest = dest or names[0].removeprefix("--").replace("-", "_")

    @property
    def spellings(self) -> tuple[str, ...]:
        """Every way to write it: a switch's --no- form too."""
        return (*self.names, f"--no-{self.names[0][2:]}") if self.kind == "switch" else self.names


class Argument:
    """A name a command takes without an option (its spec); with no default, it must be given."""

    def __init__(self, dest: str, help: str, default: str | None = None) -> None:
        self.dest, self.help, self.default = dest, help, default


@dataclass(frozen=True)
class Command:
    """A command: its name, the function that runs it, and what it takes, in the order --help lists them."""

    name: str
    run: Callable[..., None]
    takes: tuple[Option | Argument, ...]

    @property
    def help(self) -> str:
        """The function's docstring, its paragraphs each on one line."""
        paragraphs: list[list[str]] = [[]]
        for line in (self.run.__doc__ or "").splitlines():
            if line.strip():
                paragraphs[-1].append(line.strip())
            elif paragraphs[-1]:
                paragraphs.append([])
        return "\n\n".join(" ".join(lines) for lines in paragraphs if lines)

    @property
    def options(self) -> list[Option]:
        return [o for o in self.takes if isinstance(o, Option)]

    @property
    def arguments(self) -> list[Argument]:
        return [a for a in self.takes if isinstance(a, Argument)]


def command(*takes: Option | Argument) -> Callable[[Callable[..., None]], Command]:
    """Make a function a command taking these options and arguments, each passed by its ``dest``."""

    def make(run: Callable[..., None]) -> Command:
        return Command(run.__name__, run, takes)

    return make


SPEC = Argument("spec", "The book spec, a .yaml file.")
"""The spec `build`, `check` and `validate` read, said the same way in each one's help."""

BOOK_SEED = Option("--seed", kind="whole", help="Use this book seed instead of the spec's.")
"""--seed on the commands that read a spec: it wins over the spec's."""


def parse_size(text: str) -> tuple[int, int]:
    try:
        return grid.parse_size(text)
    except ValueError as exc:
        raise SpecError([Problem("--size", str(exc))]) from None


def choose(value: str, choices: type[StrEnum], option: str) -> str:
    """A choice from a fixed list, with a did-you-mean hint for typos."""
    names = [c.value for c in choices]
    if value in names:
        return value
    hint = suggest(value, names) or ""
    raise SpecError(
        [Problem(option, f'expected one of {", ".join(names)}, got "{value}".{hint}'.rstrip("."))]
    )


def check_seed(seed: int | None) -> None:
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise SpecError([seed_problem(str(seed))])


def terminal(stream: TextIO | None) -> bool:
    """Whether a standard stream is a terminal: a closed or missing one is not."""
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):
        return False
