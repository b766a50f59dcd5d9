"""A mistake on the command line, said in one line like every other: the words for each kind of mistake
(an unknown command or option, a flag given a value, a value or a spec missing, a bad number, more
names than a command takes), which ``cli.reading`` picks as it reads the arguments; and ``fail``, which
prints a command's problems and picks its exit code.
"""

from __future__ import annotations

import json
import sys
from typing import NoReturn

from .errors import Problem, PuzzlebookError, problems_of
from .output import write_output
from .registry import suggest
from .rng import MAX_SEED


def unknown_command(name: str, commands: list[str]) -> Problem:
    return Problem(
        name, f"is not a command of puzzlebook.{suggest(name, commands)} puzzlebook --help lists them"
    )


def no_command() -> Problem:
    """``puzzlebook --``: options of the program and nothing after them."""
    return Problem(
        "puzzlebook", "needs a command, such as puzzlebook build book.yaml; puzzlebook --help lists them"
    )


def unknown_option(name: str, command: str, known: list[str], owners: list[str]) -> Problem:
    """``name`` is no option of ``command`` (puzzlebook, or puzzlebook build); ``owners`` are the commands
    that have it, for an option written before its command (puzzlebook --seed 3 build book.yaml)."""
    if owners:
        listed = f"{', '.join(owners[:-1])} and {owners[-1]}" if len(owners) > 1 else owners[0]
        return Problem(
            name,
            f"is an option of {listed}: write it after the command, such as puzzlebook {owners[0]} {name}",
        )
    hint = suggest(name, [*known, "--help"])
    return Problem(name, f"{command} has no such option.{hint} {command} --help lists its options")


def flag_given_value(name: str) -> Problem:
    return Problem(name, f"takes no value: write {name} alone")


def missing_value(name: str, help: str) -> Problem:
    return Problem(name, f"needs a value after it{_about(help)}")


def missing_argument(command: str, name: str, help: str) -> Problem:
    if name == "spec":
        return Problem(command, f"needs a spec, such as {command} book.yaml")
    return Problem(command, f"needs a {name}{_about(help)}")


def not_a_number(name: str, given: str, whole: bool, help: str) -> Problem:
    """A value that is not the number its option takes; ``--seed`` says its own rule."""
    if name == "--seed":
        return seed_problem(f'"{given}"')
    wanted = "a whole number" if whole else "a number"
    return Problem(name, f'must be {wanted}, got "{given}"{_about(help)}')


def extra_names(command: str, more: list[str], takes: str | None) -> Problem:
    """More names than ``command`` takes: one of its ``takes`` (a spec), or none at all."""
    given = " ".join(more)
    if takes:
        return Problem(command, f'takes one {takes}, and was also given "{given}": run it once for each')
    return Problem(command, f'takes no names, and was given "{given}"; {command} --help shows how')


def value_with_spaces(name: str, value: str, rest: str, help: str) -> Problem:
    """A value typed with spaces and no quotes (``-s 20 by 30``): the option took its first word."""
    return Problem(
        name, f'took "{value}" and left "{rest}" over (a value with spaces goes in quotes){_about(help)}'
    )


def other(command: str, message: str) -> Problem:
    """Whatever else the arguments' parser found wrong, in its own words."""
    return Problem(command, f"{message.rstrip('.')}; {command} --help shows how")


def _about(help: str) -> str:
    """': ' and an option's help, lowercased, as the fix for a value it cannot take."""
    words = help.rstrip(".")
    if words.split(" ")[0][1:].islower():  # "The port", not "PNG resolution" or "WxH in cells"
        words = words[:1].lower() + words[1:]
    return f": {words}" if words else ""


def fail(error: PuzzlebookError, problems_to: str | None = None) -> NoReturn:
    """Each problem on a line of its own, and the exit code; with ``problems_to``, the problems as JSON
    in that file too (the studio's child builds: it reads them as data, never from these lines)."""
    problems = problems_of(error)
    if problems_to:
        write_output(problems_to, json.dumps([p.as_dict() for p in problems]).encode(), where="--problems-to")
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    raise SystemExit(error.exit_code)


def seed_problem(got: str) -> Problem:
    """One rule for seeds everywhere: the spec's, --seed on every command, whether it is out of range or
    not a number at all."""
    return Problem("--seed", f"must be a whole number from 0 to {MAX_SEED}, got {got}")
