"""The typer app every command registers on, and what the commands share: the spec argument, the seed,
sizes and choices read from options, whether a stream is a terminal.

The command modules (``mazes``, ``books``, ``starting``) import from here and never from each other or
from the package, so the command line has no import cycle; ``cli/__init__`` registers them in order.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, TextIO

import typer

from .. import __version__, grid
from ..errors import Problem, SpecError
from ..registry import suggest
from ..rng import MAX_SEED
from ..usage import OneLineGroup, seed_problem

app = typer.Typer(
    cls=OneLineGroup,
    help="Make print-ready PDF puzzle books of mazes from a short YAML spec.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

SpecArgument = Annotated[str, typer.Argument(help="The book spec, a .yaml file.")]
"""The spec `build`, `check` and `validate` read, said the same way in each one's help."""

BookSeed = Annotated[int | None, typer.Option(help="Use this book seed instead of the spec's.")]
"""--seed on the commands that read a spec: it wins over the spec's."""


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"puzzlebook {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=version_callback, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Make print-ready PDF puzzle books of mazes from a short YAML spec."""


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
