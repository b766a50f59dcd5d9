"""What ``--help`` prints: the program's commands, or a command's arguments and options, each with its
help, its kind of value and its default, wrapped to the terminal (at most 80 columns)."""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Sequence

from .app import ABOUT, Argument, Command, Option

METAVARS = {"text": "<str>", "whole": "<int>", "number": "<float>", "list": "<str>"}
"""How an option's value is shown beside it, by its kind; a flag and a switch take none."""


def program_help(commands: Sequence[Command]) -> str:
    """``puzzlebook --help``: the commands in their order, each with its help's first sentence."""
    width = _width()
    return "\n".join(
        [
            "Usage: puzzlebook [OPTIONS] COMMAND [ARGS]...",
            "",
            *_paragraphs(ABOUT, width),
            "",
            "Options:",
            *_rows([("--version", "Show the version."), ("--help", "Show this message and exit.")], width),
            "",
            "Commands:",
            *_rows([(c.name, _first_sentence(c.help)) for c in commands], width),
        ]
    )


def command_help(command: Command) -> str:
    """``puzzlebook COMMAND --help``: how it is called, what it does, its arguments and options."""
    width = _width()
    names = " ".join(
        a.dest.upper() if a.default is None else f"[{a.dest.upper()}]" for a in command.arguments
    )
    lines = [f"Usage: puzzlebook {command.name} [OPTIONS]{' ' + names if names else ''}", ""]
    lines += _paragraphs(command.help, width)
    if command.arguments:
        lines += ["", "Arguments:", *_rows([_argument(a) for a in command.arguments], width)]
    shown = [_option(o) for o in command.options if not o.hidden]
    lines += ["", "Options:", *_rows([*shown, ("--help", "Show this message and exit.")], width)]
    return "\n".join(lines)


def _argument(argument: Argument) -> tuple[str, str]:
    told = "[required]" if argument.default is None else f"[default: {argument.default}]"
    return f"{argument.dest} <str>", f"{argument.help}  {told}"


def _option(option: Option) -> tuple[str, str]:
    names = sorted(option.names, key=lambda n: n.startswith("--"))  # -o, --output
    shown = ", ".join(names)
    if option.kind == "switch":
        shown += f" / --no-{option.names[0][2:]}"
    elif option.kind != "flag":
        shown += f" {METAVARS[option.kind]}"
    default = option.default
    if option.kind == "switch":
        default = option.names[0][2:] if default else f"no-{option.names[0][2:]}"
    elif option.kind == "flag":
        default = None
    return shown, option.help + (f"  [default: {default}]" if default is not None else "")


def _width() -> int:
    return max(min(shutil.get_terminal_size().columns, 80) - 2, 50)


def _paragraphs(text: str, width: int) -> list[str]:
    """Text indented by two, its paragraphs wrapped and a blank line between them."""
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        lines += [*([""] if lines else []), *_wrap(paragraph, width - 2, "  ")]
    return lines


def _rows(rows: list[tuple[str, str]], width: int) -> list[str]:
    """Two columns, the second wrapped beside the first (under it, for a first column wider than 30)."""
    first = min(max(len(name) for name, _ in rows), 30) + 2
    room = max(width - first - 2, 10)
    lines: list[str] = []
    for name, words in rows:
        wrapped = _wrap(words, room, "")
        if len(name) > first - 2:
            lines.append(f"  {name}")
        else:
            lines.append(f"  {name:<{first}}{wrapped.pop(0) if wrapped else ''}".rstrip())
        lines += [" " * (first + 2) + line for line in wrapped]
    return lines


def _wrap(text: str, width: int, indent: str) -> list[str]:
    """Never at a hyphen: ``hunt-and-kill`` and ``left-right`` stay whole, as they are typed."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )


def _first_sentence(help: str) -> str:
    """A command's help up to its first full stop, whole: wrapped beside its name where it is long, as
    "List the maze algorithms with what they look like and their..." left a reader guessing."""
    words = help.split("\n\n")[0].split()
    ends = [k for k, word in enumerate(words) if word.endswith(".")]
    return " ".join(words[: ends[0] + 1] if ends else words)
