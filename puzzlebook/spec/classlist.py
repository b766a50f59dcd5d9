"""A class set's names: in the spec or in a text file beside it, each checked as printed text."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import Any

from .. import inputs
from ..errors import At, Problem, SpecError, Where
from ..fields import NAME_FIX, one_line, printed
from ..messages import Loc
from ..yamlread import where
from .model import MAX_NAME, MAX_STUDENTS


def roster_of(given: Any, path: Path, lines: dict[Loc, int]) -> tuple[list[tuple[str, At]], list[Problem]]:
    """The class list, each name with where it was written: in the spec (a list the model has checked),
    or in a text file beside it (one name a line, ``#`` comments), read even when the spec has other
    problems so they are all reported at once. Names are checked like any text the book prints."""
    if given is None:
        return [], []
    named: list[tuple[str, At]]
    if isinstance(given, list):
        named = [(n.strip(), where(path.name, lines, "students", i)) for i, n in enumerate(given)]
    else:
        file = path.parent / given
        hint = ""
        if "," in given and not given.lower().endswith(".txt"):
            hint = f"; to list the names in the spec, write them in brackets: students: [{given}]"
        if re.match(r"[A-Za-z]:[\\/]|\\\\", given):  # C:\Users\...\class.txt, \\server\share
            name = re.split(r"[\\/]", given)[-1]
            return [], [
                Problem(
                    where(path.name, lines, "students"),
                    f'"{given[:60]}": a spec reads files only from its own folder; put the class list there '
                    f"and write its name alone: students: {name}",
                )
            ]
        try:
            text, _ = inputs.read_text(
                file, "class list", where(path.name, lines, "students"), path.parent, given
            )
        except SpecError as exc:
            return [], [Problem(p.where, p.message + hint) for p in exc.problems]
        named = [
            (line.strip(), Where(file.name, number))
            for number, line in enumerate(text.splitlines(), 1)
            if not line.lstrip().startswith("#")
        ]
    roster = [(name, at) for name, at in named if name]
    problems = []
    if isinstance(given, str) and len(roster) > 1 and all("," in n or "\t" in n for n, _ in roster):
        return [], [
            Problem(
                roster[0][1],
                "every line holds a comma or a tab: this looks like a spreadsheet's table, not a class list; "
                "save one name per line, with no other columns and no heading (a .txt file)",
            )
        ]
    if isinstance(given, str) and roster and _HEADING.fullmatch(roster[0][0].casefold()):
        problems.append(
            Problem(
                roster[0][1],
                f"\"{roster[0][0]}\" looks like a spreadsheet's column heading, not a student's name: delete "
                "that line (or put # before it)",
            )
        )
    for name, at in roster if isinstance(given, str) else []:
        try:
            printed(name, NAME_FIX)
        except ValueError as exc:  # the name itself is not shown: it would be blank
            problems.append(Problem(at, str(exc)))
            continue
        try:
            one_line(name)
            if len(name) > MAX_NAME:
                raise ValueError(f"is {len(name)} characters long; a name may be at most {MAX_NAME}")
        except ValueError as exc:
            problems.append(Problem(at, f'"{name[:20]}": {exc}'))
    if not roster:
        problems.append(Problem(where(path.name, lines, "students"), "the class list has no names in it"))
    elif len(roster) > MAX_STUDENTS:
        problems.append(
            Problem(
                where(path.name, lines, "students"),
                f"{len(roster):,} students; a class set may have at most {MAX_STUDENTS:,}",
            )
        )
    seen: dict[str, tuple[str, At]] = {}
    twice = 0
    for name, at in roster:  # the answer key is labelled by name: two Anas would share answers
        key = unicodedata.normalize("NFC", name).casefold()
        if key in seen:
            twice += 1
            if twice > MAX_TOLD:  # a list of one name 260,000 times printed 44 MB of errors
                continue
            first, where_first = seen[key]
            problems.append(
                Problem(
                    at,
                    f'"{name}" is in the class list twice (also "{first}", {where_first}); the answer key is '
                    f'labelled by name, so tell the two apart, such as "{name} M." and "{name} S."',
                )
            )
        seen.setdefault(key, (name, at))
    if twice > MAX_TOLD:
        problems.append(
            Problem(where(path.name, lines, "students"), f"and {twice - MAX_TOLD:,} more names given twice")
        )
    return roster, problems


MAX_TOLD = 20


_HEADING = re.compile(
    r"(students?|pupils?|child(ren)?|kids?|class( list)?|roster|(first |full |last |given )?names?"
    r"|(student|pupil|child)('?s)? (first |full )?names?|name of (the )?(student|pupil|child)"
    r"|nom|prénom|nombre|nombres|alumnos?|élèves?|name ?\d*)"
)
"""First lines of a class list saved from a spreadsheet with its heading: "Student Name" became a
student, with a maze of their own."""
"""Problems of one kind told one by one at most; the rest are counted in one line."""
