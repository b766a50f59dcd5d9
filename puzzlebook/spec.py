"""The book spec: a YAML file a person writes, checked in full before any work starts.

Every problem is reported at once, each as ``book.yaml:LINE: key.path: what is wrong`` with a hint. The YAML
is read with YAML 1.2 rules for plain words, so ``title: no`` is the word "no" and ``title: 12:30`` is
"12:30", not False and 750 as YAML 1.1 would have them.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from . import generators, inputs, kinds
from .errors import At, Problem, SpecError, Where
from .grid import parse_size, size_problem
from .kinds.circle import MAX_RINGS
from .masks import Mask, Pictures, load_mask
from .messages import Loc, errors_of, format_loc
from .output import spec_output_problem
from .registry import suggest
from .rng import MAX_SEED, derive_seed
from .shapes import (
    MAX_WORD,
    MAX_WORD_CELLS,
    MIN_WORD_ROWS,
    SHAPES,
    shape_mask,
    too_thin,
    word_mask,
    word_picture,
    word_refused,
)
from .solve import ends_problem
from .units import page_size

MAX_NAME = 60  # characters in a student's name
MAX_STUDENTS = 1000
MAX_COUNT = 1000  # mazes from one entry
NO_MASK: frozenset[tuple[int, int]] = frozenset()  # one for every unmasked maze: a book has thousands


@dataclass(frozen=True)
class Age:
    """What suits a reader of this age: maze size in cells, cell size and wall weight in points."""

    size: tuple[int, int]
    cell: float
    wall: float


# After a published ladder of maze sizes by age (see README, "For teachers"); age-8 sits between its
# 6-8 and 9-11 rungs.
AGES = {
    "age-4": Age((7, 8), 60, 4),
    "age-6": Age((10, 14), 30, 4),
    "age-8": Age((12, 16), 27, 3),
    "age-10": Age((12, 18), 24, 2),
    "age-12": Age((14, 20), 24, 2),
    "adult": Age((36, 42), 12, 1),
}
AgeName = Literal["age-4", "age-6", "age-8", "age-10", "age-12", "adult"]


def _one_line(value: str) -> str:
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


OneLine = Annotated[str, AfterValidator(_one_line)]


def _printed(value: str, fix: str) -> str:
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
Title = Annotated[OneLine, AfterValidator(partial(_printed, fix="write the title in letters"))]
Name = Annotated[OneLine, AfterValidator(partial(_printed, fix=NAME_FIX)), Field(max_length=MAX_NAME)]


def _layout_key(loc: Loc, message: str) -> str:
    """A layout's setting written in a spec (instructions, words) is told where it goes."""
    from .layout.presets import Layout  # the layout model is built on this module's types

    key = str(loc[0]) if len(loc) == 1 else ""
    if message.startswith("unknown key") and key in Layout.model_fields:
        return (
            f"a layout's setting, not a spec's: write it in a layout file beside the spec (base: handout, "
            f"then {key}: ...) and name that file in layout:"
        )
    return message


def _paragraphs(value: str) -> str:
    """Printed text of a few lines (the copyright notice): line breaks allowed, nothing else unseen."""
    lines = [line.strip() for line in value.strip().replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    if len(lines) > MAX_PARAGRAPH_LINES:
        raise ValueError(f"has {len(lines)} lines; at most {MAX_PARAGRAPH_LINES} fit the page")
    return "\n".join(_one_line(line) for line in lines)


MAX_PARAGRAPH_LINES = 12
Paragraphs = Annotated[str, AfterValidator(_paragraphs)]


def _is_one_line(value: str) -> bool:
    try:
        _one_line(value)
    except ValueError:
        return False
    return True


def _isbn(value: str) -> str:
    """An ISBN-10 or ISBN-13 whose check digit is right: a wrong one on a printed book cannot be undone."""
    digits = value.replace("-", "").replace(" ", "").upper()
    if len(digits) == 13 and digits.isdigit():
        total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    elif len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        total = sum((10 - i) * (10 if d == "X" else int(d)) for i, d in enumerate(digits))
        total = 0 if total % 11 == 0 else 1
    else:
        raise ValueError(f'expected an ISBN of 10 or 13 digits such as 978-0-306-40615-7, got "{value}"')
    if total % 10:
        raise ValueError(f'"{value}" is not a valid ISBN: its check digit is wrong; copy it again')
    return value


def _answer_key(value: Any) -> Any:
    """true, false or separate, in one message when it is none of them."""
    words = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
    if isinstance(value, bool) or value == "separate":
        return value
    if isinstance(value, str) and value.strip().lower() in words:
        return words[value.strip().lower()]
    shown = f'"{value}"' if isinstance(value, str) else "a list" if isinstance(value, list) else str(value)
    hint = suggest(value, ["true", "false", "separate"]) if isinstance(value, str) else ""
    raise ValueError(f"expected true, false or separate, got {shown}.{hint}".rstrip("."))


def isolate(words: str) -> str:
    """Someone's words set inside ours ("Ana · Maze 3"): a right-to-left name is wrapped in Unicode bidi
    isolates (UAX #9), so it keeps its own direction and the line around it still reads left to right."""
    rtl = any(unicodedata.bidirectional(c) in ("R", "AL") for c in words)
    return f"\u2068{words}\u2069" if rtl else words


def _students_kind(value: Any) -> str:
    return "~list" if isinstance(value, list | tuple) else "~file"


MAX_FALLBACKS = 8  # fallback fonts one layout or spec may name
FontFiles = Annotated[
    list[Annotated[OneLine, Field(max_length=255)]],
    Field(
        max_length=MAX_FALLBACKS,
        description="fonts tried letter by letter for what the main font lacks: .ttf, .otf or .ttc files, "
        "relative to this file",
    ),
]
Names = Annotated[list[Name], Field(max_length=MAX_STUDENTS)]
NamesFile = Annotated[OneLine, Field(max_length=255)]
StudentsField = Annotated[
    Annotated[Names, Tag("~list")] | Annotated[NamesFile, Tag("~file")],
    Discriminator(_students_kind),
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)


class Cells(_Model):
    start: tuple[int, int] = Field(description="[x, y] of the start cell; [0, 0] is the top-left")
    end: tuple[int, int] = Field(description="[x, y] of the end cell")

    @model_validator(mode="after")
    def _different(self) -> Cells:
        if self.start == self.end:
            raise ValueError("start and end must be different cells")
        return self


MarksSetting = Literal["none", "suggested", "farthest", "left-right", "top-bottom", "corners", "center-out"]


def _marks_kind(value: Any) -> str:
    """Pick the one union branch that applies, so a typo gets one message and not one per branch."""
    return "~cells" if isinstance(value, dict | Cells) else "~word"


def _difficulty_kind(value: Any) -> str:
    return "~range" if isinstance(value, list | tuple) else "~word"


DifficultyField = Annotated[
    Annotated[
        Literal["easy", "medium", "hard", "age-4", "age-6", "age-8", "age-10", "age-12", "adult"],
        Tag("~word"),
    ]
    | Annotated[tuple[float, float], Tag("~range")],
    Discriminator(_difficulty_kind),
]

MarksField = Annotated[
    Annotated[MarksSetting, Tag("~word")] | Annotated[Cells, Tag("~cells")], Discriminator(_marks_kind)
]


ShapeName = Literal[
    "heart", "star", "circle", "diamond", "hexagon", "triangle", "cloud", "apple", "fish", "cat"
]  # fmt: skip


class WordShape(_Model):
    """``shape: {text: ANA}``: the word's letters in the bundled bold font, joined into one maze."""

    text: OneLine = Field(max_length=MAX_WORD, description="the word, up to 12 letters")


def _shape_kind(value: Any) -> str:
    return "~text" if isinstance(value, dict | WordShape) else "~name"


ShapeField = Annotated[
    Annotated[ShapeName, Tag("~name")] | Annotated[WordShape, Tag("~text")], Discriminator(_shape_kind)
]


class MazeEntry(_Model):
    size: (
        Annotated[
            tuple[int, int],
            WithJsonSchema(
                {
                    "anyOf": [
                        {"type": "string", "pattern": r"^\s*\d+\s*[xX×]\s*\d+\s*$"},
                        {"type": "integer", "minimum": 1, "description": "a circle's rings"},
                    ]
                }
            ),
        ]
        | None
    ) = Field(
        None,
        description="W x H in cells, such as 20x30, or a circle's rings, such as 12 (default: from an age)",
    )
    algorithm: str = Field("hunt-and-kill", description="see `puzzlebook algorithms`")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="this maze's own seed")
    options: dict[str, Any] = Field(default_factory=dict, description="algorithm options")
    title: OneLine | None = Field(None, max_length=80, description="caption printed with the maze")
    count: int = Field(1, ge=1, le=MAX_COUNT, description="how many mazes like this one")
    marks: MarksField | None = Field(
        None,
        description="none, suggested (opposite sides), farthest, left-right, top-bottom, corners, "
        "or {start: [x, y], end: [x, y]}",
    )
    difficulty: DifficultyField | None = Field(
        None,
        description="easy, medium, hard, or [low, high] of the difficulty score; seeds are tried in turn",
    )
    braid: float = Field(
        0.0, ge=0, le=1, description="share of dead ends opened into loops, 0 to 1 (0: a perfect maze)"
    )
    grid: Literal["rectangle", "hex", "triangle", "circle"] = Field(
        "rectangle",
        description="rectangle (squares), hex (columns of hexagons), triangle (pointing up and down in turn) "
        "or circle (rings; size: R rings)",
    )
    inner: int | None = Field(
        None, ge=1, le=MAX_RINGS, description="a circle's round hole in the middle, this many rings wide"
    )
    shape: ShapeField | None = Field(
        None, description="a built-in shape (" + ", ".join(SHAPES) + "), or {text: WORD}"
    )
    mask: OneLine | None = Field(
        None,
        max_length=200,
        description="the maze's shape, a file beside the spec: a .txt drawing (X or # a cell, . or space none) "
        "or a .png picture (dark, opaque pixels) fitted into size",
    )

    @model_validator(mode="before")
    @classmethod
    def _rings(cls, data: Any) -> Any:
        """A circle's size is its rings, ``size: 12``: the field takes it as 12x12."""
        if isinstance(data, dict) and data.get("grid") == "circle":
            size = data.get("size")
            if isinstance(size, int) and not isinstance(size, bool):
                data = {**data, "size": (size, size)}
            elif isinstance(size, str) and size.strip().isdigit() and len(size.strip()) <= 9:
                data = {**data, "size": (int(size), int(size))}
            elif size is not None:
                raise ValueError(
                    f"size: a circle's size is its number of rings, such as size: 12; got {size!r}"
                )
        return data

    @field_validator("size", mode="before")
    @classmethod
    def _parse_size(cls, value: Any) -> Any:
        if isinstance(value, str):
            return parse_size(value)
        elif not isinstance(value, list | tuple):
            raise ValueError(f"expected WxH such as 20x30, got {value!r}")
        return value

    @field_validator("size")
    @classmethod
    def _check_size(cls, value: tuple[int, int] | None) -> tuple[int, int] | None:
        if value is None:
            return value
        problem = size_problem(*value)
        if problem:
            raise ValueError(problem)
        return value

    @field_validator("difficulty")
    @classmethod
    def _range(cls, value: Any) -> Any:
        if isinstance(value, tuple) and not 0 <= value[0] < value[1]:
            raise ValueError(f"expected [low, high] with 0 <= low < high, got [{value[0]:g}, {value[1]:g}]")
        return value

    @property
    def age(self) -> Age | None:
        return AGES.get(self.difficulty) if isinstance(self.difficulty, str) else None

    @model_validator(mode="after")
    def _marks_inside(self) -> MazeEntry:
        if isinstance(self.marks, Cells) and self.size is not None and self.grid != "circle":
            w, h = self.size
            for name, (x, y) in (("start", self.marks.start), ("end", self.marks.end)):
                if not (0 <= x < w and 0 <= y < h):
                    raise ValueError(
                        f"marks.{name} [{x}, {y}] is outside the {w}x{h} maze "
                        f"(x from 0 to {w - 1}, y from 0 to {h - 1})"
                    )
        return self


class BookSpec(_Model):
    """A puzzlebook book spec."""

    title: Title = Field(max_length=120, description="the book's title", json_schema_extra={"minLength": 1})
    subtitle: OneLine | None = Field(None, max_length=160)
    author: OneLine | None = Field(None, max_length=120)
    layout: OneLine = Field(
        "activity-book", max_length=255, description="a preset name or a layout .yaml file"
    )
    page_size: str | None = Field(None, description="letter, a4, a5, 6x9in, 210x297mm ...")
    seed: int = Field(1, ge=0, le=MAX_SEED, description="book seed; mazes without a seed derive theirs")
    marks: MarksSetting = Field("none", description="default for every maze")
    answer_key: Annotated[bool | Literal["separate"], BeforeValidator(_answer_key)] = Field(
        True, description="true: answers at the back; separate: in NAME-answers.pdf beside the book"
    )
    title_page: bool | None = Field(None, description="default: as the layout says")
    edition: Literal["print", "screen"] = Field("print", description="screen adds bookmarks")
    mazes_per_page: int | None = Field(None, description="override the layout: 1, 2, 4 or 6")
    bleed: bool | None = Field(None, description="0.125in bleed and trim boxes for print-on-demand")
    pad: bool = Field(False, description="add notes pages to reach at least 24 pages, an even count")
    difficulty: AgeName | None = Field(
        None, description="an age preset for the whole book: maze size, cell size and line weight"
    )
    students: StudentsField | None = Field(
        None, description="class set: names, or a text file with one name per line"
    )
    order: Literal["as-listed", "difficulty"] = Field(
        "as-listed", description="difficulty: easiest maze first, by difficulty score"
    )
    output: OneLine | None = Field(None, max_length=255, description="PDF path, relative to the spec file")
    show_seed: bool | None = Field(None, description="the algorithm, size and seed under each maze")
    show_difficulty: bool | None = Field(None, description="Easy, Medium or Hard under each maze")
    start_label: OneLine | None = Field(None, min_length=1, max_length=20, description="word at the start")
    end_label: OneLine | None = Field(None, min_length=1, max_length=20, description="word at the end")
    pictures: str | None = Field(None, description="pictures at the start and end, such as mouse-cheese")
    belongs_to: bool = Field(False, description='a "This book belongs to" line on the title page')
    copyright: Paragraphs | None = Field(
        None, max_length=1000, description="copyright page text: lines wrap, and may be broken (copyright: |)"
    )
    year: int | None = Field(None, ge=1900, le=2200, description="year on the copyright page")
    isbn: Annotated[str, AfterValidator(_isbn)] | None = Field(None, description="ISBN on the copyright page")
    fallback_fonts: FontFiles = Field(default_factory=list)
    mazes: list[MazeEntry] = Field(min_length=1, max_length=MAX_COUNT)

    @field_validator("page_size")
    @classmethod
    def _page_size(cls, value: str | None) -> str | None:
        if value is not None:
            page_size(value)
        return value


@dataclass(frozen=True)
class MazeRequest:
    """One maze of the book, after ``count`` is expanded and its seed is settled."""

    number: int  # 1-based, as printed
    entry: int  # index into spec.mazes
    where: Where  # book.yaml:14: mazes[1], for messages
    width: int
    height: int
    algorithm: str
    options: dict[str, Any]
    seed: int
    title: str | None
    marks: MarksSetting | tuple[tuple[int, int], tuple[int, int]]
    difficulty: str | tuple[float, float] | None = None
    student: str | None = None  # class sets: whose maze this is
    student_where: At = ""  # where the name is written (book.yaml:5: students[2], or names.txt:3)
    size_from: str = ""  # "difficulty: age-6" when an age preset chose the size
    label: int = 0  # the number printed: the maze's place in its student's set (0: use number)
    match: tuple[int, int] | None = None  # class sets: (this student's index, number of students)
    braid: float = 0.0  # share of dead ends opened into loops
    masked: frozenset[tuple[int, int]] = frozenset()  # cells of the box left out (mask:)
    grid: str = "rectangle"  # the kind of grid (see ``kinds``)
    inner: int = 0  # a circle's hole, in rings
    first: str = ""  # a word shape's: the side its first letter is on, where the start goes
    drawn_over: tuple[int, int] | None = None  # a shape's: the size written, which its cells fill part of

    @property
    def shown(self) -> int:
        return self.label or self.number

    @property
    def name(self) -> str:
        """How the maze is named in captions and lists: "Maze 3", or "Ana · Maze 3" in a class set."""
        return f"{isolate(self.student)} · Maze {self.shown}" if self.student else f"Maze {self.shown}"

    @property
    def has_answer(self) -> bool:
        return self.marks != "none"


@dataclass(frozen=True)
class Spec:
    book: BookSpec
    path: Path
    lines: dict[Loc, int] = field(default_factory=dict)
    roster: list[tuple[str, At]] = field(default_factory=list)  # (name, where it is written)
    masks: dict[int, Mask] = field(default_factory=dict)  # entry index -> its mask:, read and checked
    name_masks: dict[tuple[int, int], Mask] = field(default_factory=dict)  # (entry, student) -> name shape

    def where(self, *loc: int | str) -> Where:
        return where(self.path.name, self.lines, *loc)

    def mazes(self, seed: int | None = None) -> Iterator[MazeRequest]:
        """Every maze in book order, seeds settled: a maze's own seed is used exactly (its copies derive
        theirs from it); the others derive theirs from the book seed and their position."""
        book_seed = self.book.seed if seed is None else seed
        one_set = list(self._one_set(book_seed))
        if not self.roster:
            yield from one_set
            return
        number = 0
        for k, (name, at) in enumerate(self.roster):
            for label, maze in enumerate(one_set, 1):
                number += 1
                match = (k, len(self.roster))
                mine = replace(maze, number=number, student=name, student_where=at, label=label, match=match)
                if maze.title and STUDENT in maze.title:  # "{student}'s maze": Ana's maze
                    # isolated: "محمد's maze" would otherwise read as a right-to-left line, "s maze'محمد"
                    mine = replace(mine, title=maze.title.replace(STUDENT, isolate(name)))
                shape = self.name_masks.get((maze.entry, k))
                if shape:  # the student's own name: a maze of its own, not one of a matched set
                    seed = derive_seed(maze.seed, "student", k)
                    mine = replace(
                        mine,
                        width=shape.width,
                        height=shape.height,
                        masked=shape.off,
                        match=None,
                        seed=seed,
                        first=shape.first,
                    )
                yield mine

    def _one_set(self, book_seed: int) -> Iterator[MazeRequest]:
        number = 0
        for i, entry in enumerate(self.book.mazes):
            marks = entry.marks if entry.marks is not None else self.book.marks
            options = generators.validate_options(entry.algorithm, entry.options).model_dump()
            age = entry.age or (AGES[self.book.difficulty] if self.book.difficulty else None)
            mask = self.masks.get(i)
            width, height = (mask.width, mask.height) if mask else entry.size or (age.size if age else (1, 1))
            band = None if entry.age else entry.difficulty
            for copy in range(entry.count):
                number += 1
                if entry.seed is None:
                    maze_seed = derive_seed(book_seed, i, copy)
                else:
                    maze_seed = entry.seed if copy == 0 else derive_seed(entry.seed, "copy", copy)
                yield MazeRequest(
                    number=number,
                    entry=i,
                    where=self.where("mazes", i),
                    width=width,
                    height=height,
                    algorithm=entry.algorithm,
                    options=options,
                    seed=maze_seed,
                    title=entry.title,
                    marks=(marks.start, marks.end) if isinstance(marks, Cells) else marks,
                    difficulty=band,
                    size_from=""
                    if entry.size or mask
                    else f"difficulty: {entry.difficulty or self.book.difficulty}",
                    braid=entry.braid,
                    masked=mask.off if mask else NO_MASK,
                    grid=entry.grid,
                    inner=entry.inner or 0,
                    first=mask.first if mask else "",
                    drawn_over=(entry.size or (age.size if age else None)) if entry.shape else None,
                )

    def students(self) -> list[str]:
        return [name for name, _ in self.roster]

    @property
    def inputs(self) -> list[Path]:
        """The files this spec made puzzlebook read: no output may land on one of them."""
        files = [self.path]
        if isinstance(self.book.students, str):
            files.append(self.path.parent / self.book.students)
        files += [self.path.parent / entry.mask for entry in self.book.mazes if entry.mask]
        return files


def _roster(given: Any, path: Path, lines: dict[Loc, int]) -> tuple[list[tuple[str, At]], list[Problem]]:
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
            _printed(name, NAME_FIX)
        except ValueError as exc:  # the name itself is not shown: it would be blank
            problems.append(Problem(at, str(exc)))
            continue
        try:
            _one_line(name)
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


def where(name: str, lines: dict[Loc, int], *loc: int | str) -> Where:
    """``book.yaml:14: mazes[1].size``: the nearest line known for ``loc``."""
    probe: Loc = tuple(loc)
    while probe and probe not in lines:
        probe = probe[:-1]
    return Where(name, lines.get(probe, 1), format_loc(tuple(loc)) if loc else "")


MAX_DEPTH = 24
"""Levels of nesting a spec or layout may use; a real one uses five."""
MAX_VALUES = 100_000
"""Values a spec or layout's aliases (``*name``) may add once expanded: a few kilobytes of aliases to
aliases could otherwise stand for billions of values."""
MAX_NODES = 50_000
"""Values a spec or layout may write out, aliases aside: reading them costs about 35 us each here
(1.75 s for 50,000), so this bounds the reader's own time. A real book of 1,000 mazes and a class of
1,000 holds about 20,000; a list of 8,000 mazes is told by the book's limit on mazes."""
_STR, _NULL, _MERGE = (f"tag:yaml.org,2002:{t}" for t in ("str", "null", "merge"))
_PLAIN_TAGS = {_STR, _NULL, _MERGE, "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"}


class _Refused(yaml.MarkedYAMLError):
    """Valid YAML that a spec may not be: too deep, or too many values behind its aliases."""


class _Loader(yaml.SafeLoader):
    """SafeLoader that reads every plain scalar as text (except an empty value, ``null`` and ``<<``).

    The spec's model then converts text to the type each key needs, so ``title: no`` stays "no",
    ``title: 007`` stays "007" and ``author: 12:30`` stays "12:30", while ``seed: 7`` and
    ``answer_key: yes`` still become 7 and True. YAML 1.1's guesses never reach the book. Nesting and
    alias expansion are counted while the document is composed, so a hostile file is refused before it
    costs anything.
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.depth = 0
        self.values = 0  # nodes so far, each alias counted as all it stands for
        self.nodes = 0  # nodes written out
        self.added = 0  # nodes the aliases stand for
        self.sizes: dict[int, int] = {}

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event: Any = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent):
            node = super().compose_node(parent, index)
            added = self.sizes.get(id(node), 1)
            self.values += added
            self.added += added
            if self.added > MAX_VALUES:
                _refuse(f"aliases (*name) expand to more than {MAX_VALUES:,} values", event)
            return node
        self.depth += 1
        if self.depth > MAX_DEPTH:
            _refuse(f"nested more than {MAX_DEPTH} levels deep", event)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            _refuse(f"holds more than {MAX_NODES:,} values; a book needs a few thousand at most", event)
        before = self.values
        node = super().compose_node(parent, index)
        self.depth -= 1
        self.values += 1
        self.sizes[id(node)] = self.values - before
        return node


def _refuse(message: str, event: Any) -> NoReturn:
    raise _Refused(None, None, message, event.start_mark)


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag in (_NULL, _MERGE)]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _walk(
    node: yaml.Node,
    loc: Loc,
    lines: dict[Loc, int],
    problems: list[tuple[Loc, int, str]],
    within: frozenset[int] = frozenset(),
) -> None:
    """Record the line of every key path; report keys given twice (YAML keeps only the last), keys left
    out, and tags. Runs before construction, which rewrites merge keys (``<<: *base``) in place.
    ``within`` holds the lists and mappings this node is inside: an alias to one of them (``mazes: &a
    [*a]``) would make the spec endless."""
    lines[loc] = node.start_mark.line + 1
    if id(node) in within:
        problems.append((loc, node.start_mark.line + 1, "holds itself through an alias (*name inside &name)"))
        return
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode):
        within = within | {id(node)}
    if node.tag not in _PLAIN_TAGS:
        problems.append(
            (
                loc,
                node.start_mark.line + 1,
                f'the YAML tag "{_short_tag(node.tag)}" has no use here; remove it',
            )
        )
        return
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if key_node.tag == _MERGE:
                for base in value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]:
                    _merged_lines(base, loc, lines)
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == _NULL:
                what = "a key is missing before the ':'" if key_node.tag == _NULL else "a key must be a word"
                problems.append((loc, line, f"{what} (write key: value)"))
                continue
            key = str(key_node.value)
            if _SURROGATE.search(key):
                problems.append((loc, line, f"a key {_HALF}"))
                continue
            if key in seen:
                problems.append(((*loc, key), line, f"appears twice (also on line {seen[key]}); keep one"))
            seen[key] = line
            lines[(*loc, key)] = line
            _walk(value_node, (*loc, key), lines, problems, within)
            lines[(*loc, key)] = line  # point at the key, not at its value
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*loc, i), lines, problems, within)
    elif isinstance(node, yaml.ScalarNode) and _SURROGATE.search(str(node.value)):
        problems.append((loc, node.start_mark.line + 1, _HALF))


_SURROGATE = re.compile("[\ud800-\udfff]")
_HALF = (
    "holds half of a character (U+D800 to U+DFFF, from a \\u escape), which nothing can print or save: "
    "write the character itself"
)


def _merged_lines(base: yaml.Node, loc: Loc, lines: dict[Loc, int]) -> None:
    """Lines of keys that come from a merged mapping, where the entry does not set them itself."""
    if isinstance(base, yaml.MappingNode):
        for key_node, _ in base.value:
            lines.setdefault((*loc, str(key_node.value)), key_node.start_mark.line + 1)


def _short_tag(tag: str) -> str:
    return tag.replace("tag:yaml.org,2002:", "!!")


def parse_yaml(text: str, name: str) -> tuple[Any, dict[Loc, int], list[Problem]]:
    """YAML text -> (data, line of every key path, keys given twice). Tags and missing keys are refused."""
    lines: dict[Loc, int] = {}
    found: list[tuple[Loc, int, str]] = []
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is not None:
                _walk(node, (), lines, found)
            problems = [Problem(Where(name, line, format_loc(loc)), m) for loc, line, m in found]
            if any(not m.startswith("appears twice") for _, _, m in found):
                raise SpecError(problems)
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except _Refused as exc:
        at = Where(name, exc.problem_mark.line + 1 if exc.problem_mark else None)
        raise SpecError([Problem(at, str(exc.problem))]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context_mark and any(w in (exc.context or "") for w in ("simple key", "quoted scalar")):
            mark = exc.context_mark  # a key without its ':', or a quote never closed, is found lines later
        line = mark.line + 1 if mark else None
        what = exc.problem or exc.context or ""
        said = _plain_yaml_problem(f"{what} {exc.context or ''}")
        rows = text.splitlines()
        row = rows[mark.line] if mark and mark.line < len(rows) else ""
        if "mapping values are not allowed" in what and re.search(r"^\s*(- )?\w+: [^{\[]*, \w+:", row):
            said = (  # "- size: 12x12, algorithm: wilson": several keys on one line go in braces
                f"this is not valid YAML: several settings on one line go in braces: {_braced(row.strip())}"
            )
        elif row and re.search(r"(^\s*(- )?|[{,]\s*)\w+: *'[^']*'[^,}\s]|[{,]\s*\w+: [^'\"{,}]*: ", row):
            said = (  # {title: Fun: part 2}, {title: 'Tom's maze'}: the value ends where YAML sees it end
                "this is not valid YAML: text holding ': ' or an apostrophe goes in double quotes, such as "
                'title: "Tom\'s maze: part 2"'
            )
        quoted = re.search(r"(^\s*-\s*|[\[{,]\s*)'([^']*'[^,}\]\s][^,}\]]*)", row) if row else None
        if quoted:  # [Ana, 'O'Brien'], - 'O'Brien': the apostrophe ends the single-quoted text
            meant = quoted[2].strip().rstrip("'")
            said = (
                "this is not valid YAML: an apostrophe inside single quotes ends the text: put it in double "
                f'quotes, such as "{meant}"'
            )
        dash = re.match(r"^\s*-(?=[^\s\-])(.*)$", row) if row else None
        if dash:  # "-Chloé" under "- Ana": a list item needs a space after its dash
            said = f'this is not valid YAML: a list item needs a space after its dash: "- {dash[1].strip()}"'
        glued = next(  # "title:Maze Fun": YAML needs a space after a key's colon, and says so lines later
            (
                (i, m)
                for i, r in enumerate(rows[: (mark.line + 1) if mark else len(rows)])
                if (m := re.match(r"^(\s*(?:- )?)([A-Za-z_]\w*):(?=[^\s/:])(.*)$", r))
            ),
            None,
        )
        if glued:
            i, m = glued
            line = i + 1
            said = f'this is not valid YAML: put a space after the colon: "{m[2]}: {m[3].strip()}"'
        raise SpecError([Problem(Where(name, line), said)]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(name, f"this is not valid YAML ({exc})")]) from None
    return data, lines, problems


_YAML_PROBLEMS = (
    ("'\\t'", "a tab: indent with spaces, never tabs"),
    (
        "mapping values are not allowed",
        "a ':' where none belongs: check this line's indentation against the "
        "lines above, or put text that contains ': ' in quotes",
    ),
    ("expected <block end>", "this line's indentation does not line up with the lines above it"),
    ("could not find expected ':'", "a line without its ':' (write key: value)"),
    ("found undefined alias", "a '*' starts a YAML alias: put text that begins with * in quotes"),
    ("expected ',' or ']'", "a list in [ ] is not closed: check its commas and the closing ]"),
    ("expected ',' or '}'", "a mapping in { } is not closed: check its commas and the closing }"),
    ("while scanning a quoted scalar", "a quote is opened and never closed"),
    (
        "escape sequence",
        "a backslash in double quotes starts an escape (\\U...): write a file's name alone, or use single "
        "quotes",
    ),
)


def _braced(line: str) -> str:
    """``- a: 1, b: 2`` as it should be written: ``- {a: 1, b: 2}``."""
    dash, rest = ("- ", line[2:]) if line.startswith("- ") else ("", line)
    key, _, value = rest.partition(": ")
    return f"{dash}{{{rest}}}" if dash else f"{key}: {{{value}}}"


def _plain_yaml_problem(what: str) -> str:
    """PyYAML's parser words, told as what to fix."""
    for needle, plain in _YAML_PROBLEMS:
        if needle in what:
            return f"this is not valid YAML: {plain}"
    return f"this is not valid YAML ({what}); check the indentation and the quotes"


def load_spec(path: str | os.PathLike[str], output_given: bool = False) -> Spec:
    """Read and check a book spec; a SpecError lists every problem found. With ``output_given`` (``-o``)
    the spec's own `output:` is not where the book goes, so a folder it names need not exist."""
    path = Path(path)
    text, _ = inputs.read_text(path, "spec")
    data, lines, problems = parse_yaml(text, path.name)
    if data is None:
        raise SpecError([Problem(Where(path.name, 1), "the spec is empty; start with `title: My Maze Book`")])
    if not isinstance(data, dict):
        raise SpecError(
            [Problem(Where(path.name, 1), "a spec is a list of `key: value` lines, such as `title: My Book`")]
        )
    mazes = data.get("mazes")
    for i, entry in enumerate(mazes if isinstance(mazes, list) else []):
        if isinstance(entry, dict):
            problems += _check_algorithm(path.name, lines, i, entry)
    roster: list[tuple[str, At]] = []
    masks: dict[int, Mask] = {}
    name_masks: dict[tuple[int, int], Mask] = {}
    if isinstance(data.get("students"), str) and _is_one_line(data["students"]):  # files are checked
        roster, more = _roster(data["students"], path, lines)  # whatever else is wrong; a name the
        problems += more  # model refuses (a control character in it) is told once, by the model
    output = data.get("output")
    if (
        isinstance(output, str)
        and _is_one_line(output)
        and not output_given
        and (wrong := spec_output_problem(path.parent, output))
    ):
        problems.append(Problem(where(path.name, lines, "output"), wrong))
    try:
        book = BookSpec.model_validate(data)
    except ValidationError as exc:
        problems += [
            Problem(where(path.name, lines, *loc), _layout_key(loc, msg))
            for loc, msg in errors_of(exc, BookSpec)
        ]
    else:
        if isinstance(book.students, list):
            roster, more = _roster(book.students, path, lines)
            problems += more
        drawings = _Drawings()
        named_cells = [0]  # the class set's names drawn so far, in cells (NAME_CELLS)
        for i, entry in enumerate(book.mazes):
            problems += _circle_problems(entry, book, i, path, lines)
            if entry.title and STUDENT in entry.title and book.students is None:
                problems.append(
                    Problem(
                        where(path.name, lines, "mazes", i, "title"),
                        f"{STUDENT} is each student's name: add students: to the spec, or write the title out",
                    )
                )
            if entry.grid == "circle" and (entry.mask or entry.shape):
                continue  # refused just above: a circle is its own shape
            if isinstance(entry.shape, WordShape) and STUDENT in entry.shape.text:
                more = _name_shapes(entry, book, i, path, lines, roster, name_masks, named_cells)
                problems += more
                continue
            if entry.mask or entry.shape:
                shaped = _builtin_shape if entry.shape else _mask
                mask, more = shaped(entry, book, i, path, lines, drawings)
                problems += more
                if mask:
                    masks[i] = mask
                continue
            if entry.grid != "rectangle":
                problems += _fits_grid(
                    entry, book, i, path, lines, f"a {entry.grid} grid", f"make a {entry.grid} grid"
                )
                size = entry.size or (entry.age.size if entry.age else None)
                wrong = kinds.field_problem(entry.grid, *size, entry.inner or 0) if size else None
                if wrong:
                    problems.append(Problem(where(path.name, lines, "mazes", i, "size"), wrong))
            size = entry.size or (entry.age.size if entry.age else None)
            marks = entry.marks if entry.marks is not None else book.marks
            alone = ends_problem(entry.grid, *size, entry.inner or 0) if size and marks != "none" else None
            if alone and not isinstance(marks, Cells):  # two cells named are told they must differ
                at = where(path.name, lines, "mazes", i, "marks" if entry.marks is not None else "size")
                problems.append(Problem(at, alone))
            if entry.size is None and entry.age is None and book.difficulty is None:
                problems.append(
                    Problem(
                        where(path.name, lines, "mazes", i, "size"),
                        "is required: give one such as 20x30, or an age such as difficulty: age-6",
                    )
                )
    if problems:  # a drawing two entries name is told once
        raise SpecError(sort_problems(list(dict.fromkeys(problems))))
    return Spec(book, path, lines, roster, masks, name_masks)


SHAPED_MARKS = ("none", "suggested", "farthest")
"""The marks rules a masked maze takes: the others name sides and corners a shape may not have."""


SHAPE_CELLS = 400_000
"""Cells the built-in shapes and words of one spec are drawn over in all, each one once: 2 to 3.6 s of
work here (``cost.SHAPE``; a shape tests nine points a cell), counted in the book's work too. Shapes are
drawn before the page is known, so this also bounds what a too-dense shape costs before it is refused."""
MASK_CELLS = 16_000_000
"""Cells the mask files of one spec fill in all, each one once: as many as one maze may have."""


class _Drawings:
    """The shapes and masks a spec names, each drawn once however many entries name it (1,000 aliases
    of one 500x500 heart drew it 1,000 times, 1.6 s each), and within ``SHAPE_CELLS`` and
    ``MASK_CELLS`` in all, counted before the drawing."""

    def __init__(self) -> None:
        self.found: dict[tuple[Any, ...], tuple[Mask | None, list[Problem], At]] = {}
        self.cells = {"shape": 0, "mask": 0}
        self.pictures = Pictures()

    def draw(
        self,
        key: tuple[Any, ...],
        at: At,
        cells: int,
        make: Callable[[At], tuple[Mask | None, list[Problem]]],
    ) -> tuple[Mask | None, list[Problem]]:
        """``make(at)``, or what it gave for ``key`` before, told at ``at``; ``cells`` is its cost."""
        if key not in self.found:
            kind = "mask" if key[0] == "mask" else "shape"
            most = MASK_CELLS if kind == "mask" else SHAPE_CELLS
            if self.cells[kind] + cells > most:
                return None, [
                    Problem(
                        at,
                        f"this spec's {kind}s are drawn over more than {most:,} cells in all: use fewer "
                        f"or smaller {kind}s",
                    )
                ]
            self.cells[kind] += cells
            self.found[key] = (*make(at), at)
        mask, problems, first = self.found[key]
        return mask, [replace(p, where=at) if p.where == first else p for p in problems]


def _mask(
    entry: MazeEntry,
    book: BookSpec,
    i: int,
    path: Path,
    lines: dict[Loc, int],
    drawings: _Drawings,
) -> tuple[Mask | None, list[Problem]]:
    """The entry's mask file, read from the spec's folder and checked, with what else the entry must
    agree with: its size (if given), an algorithm that walks from cell to neighbour, and a marks rule a
    shape can have."""
    at = where(path.name, lines, "mazes", i, "mask")
    assert entry.mask is not None
    named = entry.mask
    file = path.parent / named
    if entry.size:  # a picture is fitted into it, and a drawing must fill it
        cells = entry.size[0] * entry.size[1]
    else:
        try:
            cells = file.stat().st_size  # a drawing's characters: about its cells
        except (OSError, ValueError):
            cells = 0  # load_mask says what is wrong with it
    mask, problems = drawings.draw(
        ("mask", named, entry.size, entry.grid),
        at,
        cells,
        lambda at: load_mask(
            file, at, entry.size, inside=path.parent, shown=named, grid=entry.grid, pictures=drawings.pictures
        ),
    )
    if mask is None:
        return None, problems
    drawn = Path(entry.mask).suffix.lower() == ".txt"  # a picture is fitted into size; a drawing sets it
    if drawn and entry.size is not None and entry.size != (mask.width, mask.height):
        problems.append(
            Problem(
                where(path.name, lines, "mazes", i, "size"),
                f"{entry.size[0]}x{entry.size[1]}, but the mask's cells fill {mask.width}x{mask.height}: "
                "leave size out, it comes from the mask",
            )
        )
    return mask, problems + _fits_shape(entry, book, i, mask, path, lines)


def _fits_shape(
    entry: MazeEntry, book: BookSpec, i: int, mask: Mask, path: Path, lines: dict[Loc, int]
) -> list[Problem]:
    """What an entry with a mask or shape must agree with: an algorithm that walks from cell to
    neighbour, and a marks rule a shape can have."""
    problems = _fits_grid(entry, book, i, path, lines, "a shape", "follow a mask", "a masked maze")
    marks = entry.marks if entry.marks is not None else book.marks
    if isinstance(marks, Cells):
        for name, (x, y) in (("start", marks.start), ("end", marks.end)):
            if (x, y) in mask.off or not (0 <= x < mask.width and 0 <= y < mask.height):
                problems.append(
                    Problem(
                        where(path.name, lines, "mazes", i, "marks"),
                        f"{name} [{x}, {y}] is not a cell of the mask",
                    )
                )
    return problems


def _circle_problems(
    entry: MazeEntry, book: BookSpec, i: int, path: Path, lines: dict[Loc, int]
) -> list[Problem]:
    """What only a circle takes (``inner``, ``marks: center-out``), and what it cannot (a mask or shape:
    a circle is its own shape)."""
    problems = []
    marks = entry.marks if entry.marks is not None else book.marks
    if entry.grid != "circle":
        if entry.inner is not None:
            at = where(path.name, lines, "mazes", i, "inner")
            problems.append(Problem(at, "inner is the hole in the middle of a circle: add grid: circle"))
        if marks == "center-out":
            at = where(path.name, lines, "mazes", i, "marks")
            problems.append(Problem(at, "center-out starts in the centre of a circle: add grid: circle"))
    elif entry.mask or entry.shape:
        key = "mask" if entry.mask else "shape"
        problems.append(
            Problem(
                where(path.name, lines, "mazes", i, key), "a circle is its own shape: leave " + key + " out"
            )
        )
    return problems


def _fits_grid(
    entry: MazeEntry,
    book: BookSpec,
    i: int,
    path: Path,
    lines: dict[Loc, int],
    what: str,
    verb: str,
    taker: str = "it",
) -> list[Problem]:
    """What a maze that is not a plain rectangle (masked, or of another grid) must agree with: an
    algorithm that walks from cell to neighbour, and a marks rule its outline can have."""
    problems: list[Problem] = []
    if entry.algorithm in generators.ALGORITHMS and entry.algorithm not in generators.on_graphs():
        problems.append(
            Problem(
                where(path.name, lines, "mazes", i, "algorithm"),
                f"{entry.algorithm} builds a plain rectangle row by row and cannot {verb}; use one "
                f"of {', '.join(generators.on_graphs())}",
            )
        )
    marks = entry.marks if entry.marks is not None else book.marks
    takes = (*SHAPED_MARKS, "center-out") if entry.grid == "circle" else SHAPED_MARKS
    if isinstance(marks, str) and marks not in takes and marks != "center-out":
        problems.append(
            Problem(
                where(path.name, lines, "mazes", i, "marks"),
                f"{marks} names sides {what} may not have; {taker} takes {', '.join(takes)}, "
                "or {start: [x, y], end: [x, y]}",
            )
        )
    return problems


NAME_CELLS = 4_000_000
"""Cells a class set's name shapes are drawn over in all (each name's box times the students)."""

STUDENT = "{student}"
"""In a word shape or a maze's title of a class set, each student's name: every child traces their own."""


def _name_shapes(
    entry: MazeEntry,
    book: BookSpec,
    i: int,
    path: Path,
    lines: dict[Loc, int],
    roster: list[tuple[str, At]],
    found: dict[tuple[int, int], Mask],
    spent: list[int],
) -> list[Problem]:
    """Each student's own word shape for ``{text: "{student}"}``, checked like any shape (a name too
    long or falling apart is reported where the name is written)."""
    at = where(path.name, lines, "mazes", i, "shape")
    assert isinstance(entry.shape, WordShape)
    if not roster:
        return [
            Problem(at, f"{STUDENT} is each student's name: add students: to the spec, or write the word")
        ]
    if entry.difficulty is not None and entry.age is None:
        return [
            Problem(
                where(path.name, lines, "mazes", i, "difficulty"),
                "each name is a shape of its own, and a difficulty band compares mazes of one shape: leave "
                "difficulty out",
            )
        ]
    age = entry.age or (AGES[book.difficulty] if book.difficulty else None)
    size = entry.size or (age.size if age else None)
    if size is None:
        return [Problem(at, "a shape needs size: WxH too, the cells it is drawn over, e.g. 60x20")]
    if len(roster) > MAX_STUDENTS:
        return []  # refused where the class list is named, before a name is drawn
    spent[0] += len(roster) * size[0] * size[1]  # the book's names in all, whatever entry draws them
    if spent[0] > NAME_CELLS:
        return [
            Problem(
                at,
                f"{len(roster)} names drawn over {size[0]}x{size[1]} cells each: the book's name mazes would "
                f"be more than {NAME_CELLS:,} cells in all; make the size smaller",
            )
        ]
    problems: list[Problem] = []
    thin: list[tuple[str, int, tuple[int, int]]] = []  # one line for them all: the size is the entry's
    for k, (name, named) in enumerate(roster):
        text = entry.shape.text.replace(STUDENT, name)
        picture = None if word_refused(text, named) else word_picture(text.strip())  # word_mask says why
        too = too_thin(picture, *size, entry.grid) if picture is not None else None
        if too:
            thin.append((text.strip(), *too))
            continue
        mask, more = word_mask(text, *size, named, entry.grid, _sized_by(entry, book))
        problems += more
        if mask is not None:
            found[(i, k)] = mask
    if thin:
        sized = f" (the size {_sized_by(entry, book)} sets)" if entry.size is None else ""
        listed = ", ".join(f'"{text}" {rows}' for text, rows, _ in thin[:4])
        more_names = f" and {len(thin) - 4} more" if len(thin) > 4 else ""
        least = (max(w for _, _, (w, _) in thin), max(h for _, _, (_, h) in thin))
        fix = f"make the maze about {least[0]}x{least[1]}"
        if least[0] * least[1] > MAX_WORD_CELLS:  # "..." is thin at any size
            fix = "write each name with letters"
        problems.append(
            Problem(
                at,
                f"{len(thin)} name(s) drawn over {size[0]}x{size[1]} cells{sized} are too thin to read as "
                f"letters ({listed}{more_names} cells tall; a name takes {MIN_WORD_ROWS}): {fix}",
            )
        )
    first = found.get((i, 0))
    return problems + (_fits_shape(entry, book, i, first, path, lines) if first else [])


def _sized_by(entry: MazeEntry, book: BookSpec) -> str:
    """What set a shape's size when the entry gives none: "difficulty: age-6"."""
    return "" if entry.size else f"difficulty: {entry.difficulty or book.difficulty}"


def _builtin_shape(
    entry: MazeEntry,
    book: BookSpec,
    i: int,
    path: Path,
    lines: dict[Loc, int],
    drawings: _Drawings,
) -> tuple[Mask | None, list[Problem]]:
    """The entry's built-in shape drawn over its size (or its age's), checked like a mask."""
    at = where(path.name, lines, "mazes", i, "shape")
    assert entry.shape is not None
    if entry.mask:
        return None, [Problem(at, "give a mask or a shape, not both")]
    age = entry.age or (AGES[book.difficulty] if book.difficulty else None)
    size = entry.size or (age.size if age else None)
    if size is None:
        return None, [Problem(at, "a shape needs size: WxH too, the cells it is drawn over, e.g. 20x20")]
    shape = entry.shape
    if isinstance(shape, WordShape):
        key: tuple[Any, ...] = ("word", shape.text, size, entry.grid)
        mask, problems = drawings.draw(
            key,
            at,
            size[0] * size[1],
            lambda at: word_mask(shape.text, *size, at, entry.grid, _sized_by(entry, book)),
        )
    else:
        key = ("shape", shape, size, entry.grid)
        mask, problems = drawings.draw(
            key, at, size[0] * size[1], lambda at: shape_mask(shape, *size, at, entry.grid)
        )
    if mask is None:
        return None, problems
    return mask, _fits_shape(entry, book, i, mask, path, lines)


def load_partial(path: Path, keys: Iterable[str] = ()) -> tuple[Spec, dict[str, Any]]:
    """Just enough of a spec that has problems to check its layout too, and the values it gives for
    ``keys`` (the settings that override the layout's), as written."""
    text, _ = inputs.read_text(path, "spec")
    data, lines, _ = parse_yaml(text, path.name)
    data = data if isinstance(data, dict) else {}
    layout = data.get("layout")
    layout = layout if isinstance(layout, str) else BookSpec.model_fields["layout"].default
    given = {key: data[key] for key in keys if key in data}
    return Spec(BookSpec.model_construct(title="", layout=layout, mazes=[]), path, lines), given


def _check_algorithm(file_name: str, lines: dict[Loc, int], i: int, entry: dict[str, Any]) -> list[Problem]:
    """Algorithm name and options, checked against the registry (the model cannot know them)."""
    name = entry.get("algorithm", MazeEntry.model_fields["algorithm"].default)
    if not isinstance(name, str):
        return []  # a list or mapping: the model reports the wrong type
    if name not in generators.ALGORITHMS:
        hint = suggest(name, generators.ALGORITHMS.names()) or " See `puzzlebook algorithms` for the list."
        return [
            Problem(where(file_name, lines, "mazes", i, "algorithm"), f'unknown algorithm "{name}".{hint}')
        ]
    options = entry.get("options", {})
    if not isinstance(options, dict):
        return []
    model = generators.get(name).options
    try:
        model.model_validate(options)
    except ValidationError as exc:
        out = []
        for loc, msg in errors_of(exc, model):
            msg = re.sub(r'^unknown key "([^"]*)"', rf'unknown option "\1" for {name}', msg)
            if not model.model_fields:
                msg = msg.split(".")[0] + f"; {name} takes no options"
            out.append(Problem(where(file_name, lines, "mazes", i, "options", *loc), msg))
        return out
    return []


def sort_problems(problems: list[Problem]) -> list[Problem]:
    """File order: a person fixes problems top to bottom."""

    return sorted(problems, key=lambda p: p.at.line or 0)


def json_schema() -> dict[str, Any]:
    """The spec's JSON Schema, for editors that check YAML as it is typed."""
    schema = BookSpec.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "puzzlebook book spec"
    return schema
