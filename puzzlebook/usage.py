"""A mistake on the command line, said in one line like every other: click's usage errors (a bad
value, an unknown option or command, a missing spec) caught where the command is parsed, and ``fail``,
which prints a command's problems and picks its exit code. Help, asked for or for no arguments, stays.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from typer._click.core import Context, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperGroup

from .errors import Problem, PuzzlebookError, SpecError, problems_of
from .output import write_output
from .registry import suggest
from .rng import MAX_SEED


class OneLineGroup(TyperGroup):
    """The commands, with a mistake in their arguments told in one line as every other mistake is (click
    prints its usage text around it), and exit 2. Help, asked for or for no arguments at all, stays."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any
    ) -> Context:
        with _usage_in_one_line(args, ([], self.params)):
            return super().make_context(info_name, args, parent, **extra)

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Any, list[str]]:
        name = args[0]
        if self.get_command(ctx, name) is None and not name.startswith("-"):
            hint = suggest(name, list(self.commands))
            fail(
                SpecError(
                    [Problem(name, f"is not a command of puzzlebook.{hint} puzzlebook --help lists them")]
                )
            )
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: Context) -> Any:
        args = [*ctx._protected_args, *ctx.args]
        sub = self.get_command(ctx, args[0]) if args else None
        # the parser's own errors (a value missing after --seed) do not say which command they are of
        under = ([*_names(ctx), args[0]], sub.params) if sub else (_names(ctx), self.params)
        with _usage_in_one_line(args, under):
            return super().invoke(ctx)


@contextmanager
def _usage_in_one_line(args: list[str], under: tuple[list[str], list[Parameter]]) -> Iterator[None]:
    try:
        yield
    except NoArgsIsHelpError:
        raise
    except UsageError as error:
        fail(SpecError([argument_problem(error, args, under)]))


def argument_problem(error: UsageError, args: list[str], under: tuple[list[str], list[Parameter]]) -> Problem:
    """What is wrong with a command's arguments, and the fix, at the option it concerns. ``under`` is
    the command (its names and parameters) the arguments were for, for an error that does not say."""
    names, params = (_names(error.ctx), error.ctx.command.params) if error.ctx else under
    command = " ".join(["puzzlebook", *names])
    if isinstance(error, NoSuchOption):
        commands: dict[str, Any] = getattr(error.ctx.command, "commands", {}) if error.ctx else {}
        owners = [n for n, c in commands.items() if any(error.option_name in p.opts for p in c.params)]
        if owners:  # puzzlebook --seed 3 build book.yaml
            listed = f"{', '.join(owners[:-1])} and {owners[-1]}" if len(owners) > 1 else owners[0]
            return Problem(
                error.option_name,
                f"is an option of {listed}: write it after the command, such as "
                f"puzzlebook {owners[0]} {error.option_name}",
            )
        known = [o for p in params for o in (*p.opts, *p.secondary_opts) if o.startswith("-")]
        hint = suggest(error.option_name, [*known, "--help"])
        return Problem(
            error.option_name, f"{command} has no such option.{hint} {command} --help lists its options"
        )
    if isinstance(error, BadOptionUsage):
        name = error.option_name
        option = next((p for p in params if name in (*p.opts, *p.secondary_opts)), None)
        if option is not None and getattr(option, "is_flag", False):
            return Problem(name, f"takes no value: write {name} alone")
        return Problem(name, f"needs a value after it{_about(option)}")
    if isinstance(error, MissingParameter) and error.param is not None:
        if error.param.name == "spec":
            return Problem(command, f"needs a spec, such as {command} book.yaml")
        return Problem(command, f"needs a {error.param.name}{_about(error.param)}")
    if isinstance(error, BadParameter) and error.param is not None and error.param.opts[0].startswith("-"):
        option = error.param
        name = max(option.opts, key=len)
        given = _given(args, option.opts)
        if name == "--seed":
            return seed_problem(f'"{given}"')
        kind = getattr(getattr(option, "type_descriptor", None), "annotation", None)
        wanted = {int: "a whole number", float: "a number"}.get(kind) if isinstance(kind, type) else None
        if wanted:
            return Problem(name, f'must be {wanted}, got "{given}"{_about(option)}')
        return Problem(name, f"{error.format_message()}{_about(option)}")
    extra = re.fullmatch(r"Got unexpected extra argument\(s\) \((.*)\)", error.message, re.DOTALL)
    if extra:
        more = extra[1]
        takes = next((p.name for p in params if not p.opts[0].startswith("-")), None)
        if takes:
            return Problem(command, f'takes one {takes}, and was also given "{more}": run it once for each')
        return Problem(command, f'takes no names, and was given "{more}"; {command} --help shows how')
    return Problem(command, f"{error.format_message().rstrip('.')}; {command} --help shows how")


def _names(ctx: Context | None) -> list[str]:
    """The commands a context is under, without the program's own name (a test runner calls it root)."""
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:
        names.insert(0, ctx.info_name or "")
        ctx = ctx.parent
    return names


def _about(param: Parameter | None) -> str:
    """': ' and an option's help, lowercased, as the fix for a value it cannot take."""
    words = str(getattr(param, "help", "") or "").rstrip(".")
    if words[1:2].islower():  # "The port", not "PNG resolution"
        words = words[:1].lower() + words[1:]
    return f": {words}" if words else ""


def _given(args: list[str], opts: list[str]) -> str:
    """The last value written for an option (--seed 5, --seed=5, -s5)."""
    given = ""
    for i, arg in enumerate(args):
        for opt in opts:
            if arg == opt and i + 1 < len(args):
                given = args[i + 1]
            elif arg.startswith(f"{opt}=") or (len(opt) == 2 and arg.startswith(opt) and arg != opt):
                given = arg[len(opt) :].removeprefix("=") if opt.startswith("--") else arg[len(opt) :]
    return given


def fail(error: PuzzlebookError, problems_to: str | None = None) -> NoReturn:
    """Each problem on a line of its own, and the exit code; with ``problems_to``, the problems as JSON
    in that file too (the studio's child builds: it reads them as data, never from these lines)."""
    problems = problems_of(error)
    if problems_to:
        write_output(problems_to, json.dumps([p.as_dict() for p in problems]).encode(), where="--problems-to")
    for problem in problems:
        typer.echo(f"error: {problem}", err=True)
    raise typer.Exit(error.exit_code)


def seed_problem(got: str) -> Problem:
    """One rule for seeds everywhere: the spec's, --seed on every command, whether it is out of range or
    not a number at all."""
    return Problem("--seed", f"must be a whole number from 0 to {MAX_SEED}, got {got}")
