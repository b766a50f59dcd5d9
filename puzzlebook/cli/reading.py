"""Reading a command line: the program's own options and the command's name by hand (a few words, and
the mistakes there need the other commands: an option written before its command), then the command's
options and names by argparse, their numbers checked and converted here. Every mistake is one line
worded by ``usage``, exit 2; --help prints ``helptext``'s help.

argparse reads with ``exit_on_error=False`` and an ``error`` that raises, so it never prints its usage
text or exits: its two errors (a flag given a value, an option given none) are told at the option as it
was written, and the options it does not know and the names it leaves over are told from what it returns.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__, usage
from ..errors import Problem, SpecError
from .app import Command, Option, Value
from .helptext import command_help, program_help


def run(commands: Sequence[Command], args: list[str]) -> None:
    """Run the command ``args`` name (the words after ``puzzlebook``); with none, the help, exit 2."""
    if not args:
        print(program_help(commands), file=sys.stderr)
        raise SystemExit(2)
    asked, at = "", 0
    while at < len(args) and args[at].startswith("-") and args[at] != "-":  # the program's options
        word = args[at]
        at += 1
        if word == "--":
            break
        if word in ("--help", "--version"):
            asked = asked or word  # the first one given wins, once every option is known to be right
            continue
        name = _option_name(word)
        if name in ("--help", "--version"):
            _refuse(usage.flag_given_value(name))
        owners = [c.name for c in commands if any(name in o.names for o in c.options)]
        _refuse(usage.unknown_option(name, "puzzlebook", ["--version"], owners))
    if asked == "--help":
        print(program_help(commands))
    elif asked == "--version":
        print(f"puzzlebook {__version__}")
    elif at == len(args):
        _refuse(usage.no_command())
    else:
        chosen = next((c for c in commands if c.name == args[at]), None)
        if chosen is None:
            _refuse(usage.unknown_command(args[at], [c.name for c in commands]))
        run_command(chosen, args[at + 1 :])


def run_command(command: Command, args: list[str]) -> None:
    """Read a command's arguments and run it. The first mistake is told, looked for in this order: in
    the options as written, then (after --help, which wins over the rest) in their values, a name
    missing, and names left over."""
    called = f"puzzlebook {command.name}"
    parser = _Parser(prog=called, add_help=False, allow_abbrev=False, exit_on_error=False)
    for option in command.options:
        if option.kind == "flag":
            parser.add_argument(*option.names, dest=option.dest, action="store_true")
        elif option.kind == "switch":
            action = argparse.BooleanOptionalAction
            parser.add_argument(*option.names, dest=option.dest, action=action, default=option.default)
        else:
            parser.add_argument(*option.names, dest=option.dest, action="append")  # the last one counts
    parser.add_argument("--help", dest="help", action="store_true")
    parser.add_argument("names", nargs="*")
    try:
        found, left = parser.parse_known_args(args)
    except argparse.ArgumentError as error:
        _refuse(_misused(command, error, args))
    except _Refused as error:
        _refuse(usage.other(called, str(error)))
    unknown = next((word for word in left if word.startswith("-") and word != "-"), None)
    if unknown is not None:
        known = [n for o in command.options for n in o.spellings]
        _refuse(usage.unknown_option(_option_name(unknown), called, known, []))
    if found.help:
        print(command_help(command))
        return
    values = {o.dest: _value(o, getattr(found, o.dest)) for o in command.options}
    names = [*found.names, *left]
    for argument in command.arguments:
        if names:
            values[argument.dest] = names.pop(0)
        elif argument.default is None:
            _refuse(usage.missing_argument(called, argument.dest, argument.help))
        else:
            values[argument.dest] = argument.default
    if names:
        takes = command.arguments[0].dest if command.arguments else None
        _refuse(_valued(command, args, len(command.arguments)) or usage.extra_names(called, names, takes))
    command.run(**values)


def _valued(command: Command, args: list[str], taken: int) -> Problem | None:
    """The first name left over, where it follows an option's value (``-s 20 by 30``): told at that
    option, as the rest of a value with spaces, with what the option takes."""
    valued = {
        name: option
        for option in command.options
        if option.kind not in ("flag", "switch")
        for name in option.names
    }
    seen, after = 0, None
    at = 0
    while at < len(args):
        word = args[at]
        if word in valued and at + 1 < len(args):
            after, at = (valued[word], word, args[at + 1]), at + 2
            continue
        if not word.startswith("-") or word == "-":
            seen += 1
            if seen > taken and after is not None:
                option, name, value = after
                rest = " ".join(a for a in args[at:] if not a.startswith("-"))
                return usage.value_with_spaces(name, value, rest, option.help)
        after, at = None, at + 1
    return None


class _Refused(Exception):
    """What argparse would have printed with its usage text before exiting."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Refused(message)


def _misused(command: Command, error: argparse.ArgumentError, args: list[str]) -> Problem:
    """A flag given a value (--quiet=yes), or an option given none (a --seed last), at the option as
    it was written."""
    called = f"puzzlebook {command.name}"
    name = (error.argument_name or "").split("/")[0]
    option = next((o for o in command.options if name in o.spellings), None)
    if option is None and name != "--help":
        return usage.other(called, str(error))
    spellings = option.spellings if option else ("--help",)
    words = [w for w in args[: args.index("--") if "--" in args else len(args)] if w.startswith("-")]
    named = [(w, n) for w in words for n in spellings if _names(w, n)]
    if option is not None and option.kind not in ("flag", "switch"):  # the last (-o in -qo)
        return usage.missing_value(named[-1][1] if named else spellings[0], option.help)
    word, given = named[0] if named else ("", spellings[0])  # the first (-q in -q=yes or -qx)
    if not word.startswith("--") and word[2:3] not in ("", "="):  # -qx: a letter that is no option
        letter = next(c for c in word[1:] if f"-{c}" not in spellings)
        known = [n for o in command.options for n in o.spellings]
        return usage.unknown_option(f"-{letter}", called, known, [])
    return usage.flag_given_value(given)


def _names(word: str, name: str) -> bool:
    """Whether a word on the command line names an option: --seed, --seed=5; -q, -qx, -qo for -q and -o."""
    if word.startswith("--"):
        return word.partition("=")[0] == name
    return len(name) == 2 and name[1] in (word[1:2], word[-1:])


def _value(option: Option, given: Value) -> Value:
    """An option's value as its command takes it: a number read from its text (the last one given, when
    it was given more than once), its default when it was not given."""
    if option.kind in ("flag", "switch", "list"):
        return given if given is not None else option.default
    if not isinstance(given, list):
        return option.default
    text = given[-1]
    if option.kind == "text":
        return text
    number = _whole(text) if option.kind == "whole" else _number(text)
    if number is None:
        _refuse(usage.not_a_number(option.names[0], text, option.kind == "whole", option.help))
    return number


def _whole(text: str) -> int | None:
    """A whole number as people write it: a sign, spaces around it, _ between digits, and a point with
    only zeros after it (300.0)."""
    words = text.strip()
    whole, point, zeros = words.partition(".")
    if not words.isascii() or (point and (not zeros or zeros.strip("0"))):
        return None
    try:
        return int(whole)
    except ValueError:
        return None


def _number(text: str) -> float | None:
    try:
        return float(text) if text.isascii() else None
    except ValueError:
        return None


def _option_name(word: str) -> str:
    """The option a word on the command line names: --seed in --seed=5, -q in -qo (a short option's
    letter, and any after it)."""
    return word.partition("=")[0] if word.startswith("--") else word[:2]


def _refuse(problem: Problem) -> NoReturn:
    usage.fail(SpecError([problem]))
