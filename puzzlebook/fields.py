"""Text a book prints, as field types the spec and the layout share: one line, a few paragraphs, a
name that prints something, font files, and the isolate that keeps a name's direction its own.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    Field,
    ModelWrapValidatorHandler,
    model_validator,
)


def one_line(value: str) -> str:
    """Text printed in the book: one line, no control characters (they print as empty boxes)."""
    value = value.strip()
    bad = next((c for c in value if unicodedata.category(c) == "Cc"), None)
    if bad is not None:
        what = "a line break" if bad in "\n\r" else f"the control character U+{ord(bad):04X}"
        raise ValueError(f"holds {what}; write it as one line of plain text")
    turn = next((c for c in value if "\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069"), None)
    if turn is not None:  # pasted from a web page or a chat: "Maze\u202e end" printed "Maze dne"
        raise ValueError(
            f"holds the invisible direction control U+{ord(turn):04X}, which turns the text after it around "
            "when printed: type the line again, or delete that character"
        )
    return value


OneLine = Annotated[str, AfterValidator(one_line)]


def printed(value: str, fix: str) -> str:
    """Text that must show on the page: a title or a student's name made only of spaces, invisible
    characters (U+200B, joiners) or combining marks printed nothing, and got a blank sheet of its own."""
    if any(_shows(c) for c in value):
        return value
    unseen = next((c for c in value if not c.isspace()), None)
    if unseen is None:
        raise ValueError(f"is empty; {fix}")
    what = (
        "combining marks, which print on a letter"
        if unicodedata.category(unseen).startswith("M")
        else "invisible characters"
    )
    said = f"U+{ord(unseen):04X} {unicodedata.name(unseen, '(unassigned)')}"
    raise ValueError(f"prints nothing: it holds only {what} ({said}); {fix}")


_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters that print nothing: the Hangul fillers and the blank Braille pattern."""


def _shows(c: str) -> bool:
    """Whether a character prints something by itself: not a space, a mark (drawn on a letter), a
    control, a format character or an unassigned code point. Private-use ones are left to the fonts."""
    kind = unicodedata.category(c)
    return (kind[0] not in "MZC" or kind == "Co") and c not in _BLANK_LETTERS


NAME_FIX = "write the name in letters, or delete it"


def _paragraphs(value: str) -> str:
    """Printed text of a few lines (the copyright notice): line breaks allowed, nothing else unseen."""
    lines = [line.strip() for line in value.strip().replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    if len(lines) > MAX_PARAGRAPH_LINES:
        raise ValueError(f"has {len(lines)} lines; at most {MAX_PARAGRAPH_LINES} fit the page")
    return "\n".join(one_line(line) for line in lines)


MAX_PARAGRAPH_LINES = 12


Paragraphs = Annotated[str, AfterValidator(_paragraphs)]


def is_one_line(value: str) -> bool:
    try:
        one_line(value)
    except ValueError:
        return False
    return True


def isolate(words: str) -> str:
    """Someone's words set inside ours ("Ana · Maze 3"): a right-to-left name is wrapped in Unicode bidi
    isolates (UAX #9), so it keeps its own direction and the line around it still reads left to right."""
    rtl = any(unicodedata.bidirectional(c) in ("R", "AL") for c in words)
    return f"\u2068{words}\u2069" if rtl else words


MAX_FALLBACKS = 8  # fallback fonts one layout or spec may name


FontFiles = Annotated[
    list[Annotated[OneLine, Field(max_length=255)]],
    Field(
        max_length=MAX_FALLBACKS,
        description="fonts tried letter by letter for what the main font lacks: .ttf, .otf or .ttc files, "
        "relative to this file",
    ),
]


class Caseless(BaseModel):
    """The base of every model a spec or layout fills: its words chosen from a list read in any case
    (``caseless``), before any validator of a model's own reads one (a circle's ``grid: Circle``)."""

    @model_validator(mode="wrap")
    @classmethod
    def _caseless(cls, data: Any, handler: ModelWrapValidatorHandler[Any]) -> Any:
        return handler(caseless(cls, data))


def caseless(model: type[BaseModel], data: Any) -> Any:
    """A word a key chooses from (``KDP``, ``Suggested``, ``Hex``) read in any case, as a page size and
    a layout's name are: a self-publisher types the printer's name as it spells it, and was refused."""
    if not isinstance(data, dict):
        return data
    lowered = {
        key: value.strip().lower()
        for key, value in data.items()
        if key in model.model_fields  # never a key the spec invents: the choices are kept per field
        and isinstance(value, str)
        and value != value.strip().lower()
        and value.strip().lower() in _choices(model, key)
    }
    return {**data, **lowered} if lowered else data


@functools.cache
def _choices(model: type[BaseModel], key: str) -> frozenset[str]:
    """The words a model's field may be, in lower case, wherever they are in its type (a union, a
    discriminated one, or an optional)."""
    field = model.model_fields.get(key)
    found: set[str] = set()
    stack = [field.annotation] if field is not None else []
    while stack:
        kind = stack.pop()
        if get_origin(kind) is Literal:
            found.update(arg for arg in get_args(kind) if isinstance(arg, str) and arg == arg.lower())
        else:
            stack.extend(arg for arg in get_args(kind) if not isinstance(arg, str | int | float))
    return frozenset(found)


TRUE_FALSE = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
"""The words a true-or-false key takes, in any case (the spec's YAML is read as text)."""


def crossings(value: Any) -> Any:
    """true, false or a share of crossings, in one message when it is none of them (pydantic told the
    union's two kinds apart, as "weave.bool" and "weave.float", in two lines for one slip)."""
    if isinstance(value, bool | int | float):
        return value
    if isinstance(value, str) and value.strip().lower() in TRUE_FALSE:
        return value  # read as pydantic reads them, as for any true-or-false key
    if isinstance(value, str):
        try:
            float(value)
        except ValueError:
            pass
        else:
            return value  # a number as the spec's text gives it: checked as a number after
    shown = f'"{value}"' if isinstance(value, str) else "a list" if isinstance(value, list) else str(value)
    raise ValueError(f"expected true, false or a share of the crossings that fit such as 0.3, got {shown}")
