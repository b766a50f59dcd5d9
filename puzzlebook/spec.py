"""The book spec: a YAML file a person writes, checked in full before any work starts.

Every problem is reported at once, each as ``book.yaml:LINE: key.path: what is wrong`` with a hint. The YAML
is read with YAML 1.2 rules for plain words, so ``title: no`` is the word "no" and ``title: 12:30`` is
"12:30", not False and 750 as YAML 1.1 would have them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from . import generators
from .errors import Problem, PuzzlebookError, SpecError
from .grid import size_problem
from .messages import Loc, errors_of, format_loc
from .registry import suggest
from .rng import MAX_SEED, derive_seed
from .units import page_size

SIZE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


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


MarksSetting = Literal["none", "suggested"]


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


class MazeEntry(_Model):
    size: (
        Annotated[
            tuple[int, int], WithJsonSchema({"type": "string", "pattern": r"^\s*\d+\s*[xX×]\s*\d+\s*$"})
        ]
        | None
    ) = Field(None, description="W x H in cells, such as 20x30 (default: from an age difficulty)")
    algorithm: str = Field("hunt-and-kill", description="see `puzzlebook algorithms`")
    seed: int | None = Field(None, ge=0, le=MAX_SEED, description="this maze's own seed")
    options: dict[str, Any] = Field(default_factory=dict, description="algorithm options")
    title: str | None = Field(None, description="caption printed with the maze")
    count: int = Field(1, ge=1, le=1000, description="how many mazes like this one")
    marks: MarksField | None = Field(None, description="none, suggested, or {start: [x, y], end: [x, y]}")
    difficulty: DifficultyField | None = Field(
        None,
        description="easy, medium, hard, or [low, high] of the difficulty score; seeds are tried in turn",
    )

    @field_validator("size", mode="before")
    @classmethod
    def _parse_size(cls, value: Any) -> Any:
        if isinstance(value, str):
            match = SIZE.match(value)
            if not match:
                raise ValueError(f'expected WxH such as 20x30, got "{value}"')
            value = (int(match[1]), int(match[2]))
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
        if isinstance(self.marks, Cells) and self.size is not None:
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

    title: str = Field(min_length=1, description="the book's title")
    subtitle: str | None = None
    author: str | None = None
    layout: str = Field("activity-book", description="a preset name or a path to a layout YAML file")
    page_size: str | None = Field(None, description="letter, a4, a5, 6x9in, 210x297mm ...")
    seed: int = Field(1, ge=0, le=MAX_SEED, description="book seed; mazes without a seed derive theirs")
    marks: MarksSetting = Field("none", description="default for every maze")
    answer_key: bool = True
    title_page: bool | None = Field(None, description="default: as the layout says")
    edition: Literal["print", "screen"] = Field("print", description="screen adds bookmarks")
    mazes_per_page: int | None = Field(None, description="override the layout: 1, 2, 4 or 6")
    bleed: bool | None = Field(None, description="0.125in bleed and trim boxes for print-on-demand")
    pad: bool = Field(False, description="add notes pages to reach at least 24 pages, an even count")
    difficulty: AgeName | None = Field(
        None, description="an age preset for the whole book: maze size, cell size and line weight"
    )
    students: list[str] | str | None = Field(
        None, description="class set: names, or a text file with one name per line"
    )
    order: Literal["as-listed", "difficulty"] = Field(
        "as-listed", description="difficulty: easiest maze first, by difficulty score"
    )
    output: str | None = Field(None, description="PDF path, relative to the spec file")
    mazes: list[MazeEntry] = Field(min_length=1)

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
    where: str  # "book.yaml:14: mazes[1]", for messages
    width: int
    height: int
    algorithm: str
    options: dict[str, Any]
    seed: int
    title: str | None
    marks: MarksSetting | tuple[tuple[int, int], tuple[int, int]]
    difficulty: str | tuple[float, float] | None = None
    student: str | None = None  # class sets: whose maze this is
    label: int = 0  # the number printed: the maze's place in its student's set (0: use number)
    match: tuple[int, int] | None = None  # class sets: (this student's index, number of students)

    @property
    def shown(self) -> int:
        return self.label or self.number

    @property
    def name(self) -> str:
        """How the maze is named in captions and lists: "Maze 3", or "Ana · Maze 3" in a class set."""
        return f"{self.student} · Maze {self.shown}" if self.student else f"Maze {self.shown}"

    @property
    def has_answer(self) -> bool:
        return self.marks != "none"


@dataclass(frozen=True)
class Spec:
    book: BookSpec
    path: Path
    lines: dict[Loc, int] = field(default_factory=dict)

    def where(self, *loc: int | str) -> str:
        return where(self.path.name, self.lines, *loc)

    def mazes(self, seed: int | None = None) -> Iterator[MazeRequest]:
        """Every maze in book order, seeds settled: a maze's own seed is used exactly (its copies derive
        theirs from it); the others derive theirs from the book seed and their position."""
        book_seed = self.book.seed if seed is None else seed
        one_set = list(self._one_set(book_seed))
        students = self.students()
        if not students:
            yield from one_set
            return
        number = 0
        for k, name in enumerate(students):
            for label, maze in enumerate(one_set, 1):
                number += 1
                yield replace(maze, number=number, student=name, label=label, match=(k, len(students)))

    def _one_set(self, book_seed: int) -> Iterator[MazeRequest]:
        number = 0
        for i, entry in enumerate(self.book.mazes):
            marks = entry.marks if entry.marks is not None else self.book.marks
            options = generators.validate_options(entry.algorithm, entry.options).model_dump()
            age = entry.age or (AGES[self.book.difficulty] if self.book.difficulty else None)
            width, height = entry.size or (age.size if age else (1, 1))
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
                )

    def students(self) -> list[str]:
        """The class list: given in the spec, or read from a text file beside it (one name a line)."""
        given = self.book.students
        if given is None or isinstance(given, list):
            return [name.strip() for name in given or [] if name.strip()]
        path = self.path.parent / given
        try:
            lines = path.read_text(encoding="utf-8-sig").splitlines()
        except OSError:
            raise SpecError(
                [Problem(self.where("students"), f'class list "{given}" not found (looked for {path})')]
            ) from None
        names = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
        if not names:
            raise SpecError([Problem(self.where("students"), f'class list "{given}" has no names in it')])
        return names


def where(name: str, lines: dict[Loc, int], *loc: int | str) -> str:
    """``book.yaml:14: mazes[1].size``: the nearest line known for ``loc``."""
    probe: Loc = tuple(loc)
    while probe and probe not in lines:
        probe = probe[:-1]
    line = lines.get(probe, 1)
    return f"{name}:{line}: {format_loc(tuple(loc))}" if loc else f"{name}:{line}"


class _Loader(yaml.SafeLoader):
    """SafeLoader that reads every plain scalar as text (except an empty value or ``null``).

    The spec's model then converts text to the type each key needs, so ``title: no`` stays "no",
    ``title: 007`` stays "007" and ``author: 12:30`` stays "12:30", while ``seed: 7`` and
    ``answer_key: yes`` still become 7 and True. YAML 1.1's guesses never reach the book.
    """


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag == "tag:yaml.org,2002:null"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _walk(node: yaml.Node, loc: Loc, lines: dict[Loc, int], problems: list[tuple[Loc, int, str]]) -> None:
    """Record the line of every key path, and report keys given twice (YAML keeps only the last)."""
    lines[loc] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                problems.append(((*loc, key), line, f"appears twice (also on line {seen[key]}); keep one"))
            seen[key] = line
            lines[(*loc, key)] = line
            _walk(value_node, (*loc, key), lines, problems)
            lines[(*loc, key)] = line  # point at the key, not at its value
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*loc, i), lines, problems)


def parse_yaml(text: str, name: str) -> tuple[Any, dict[Loc, int], list[Problem]]:
    """YAML text -> (data, line of every key path, duplicate-key problems)."""
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark else ""
        what = exc.problem or exc.context or ""
        raise SpecError([Problem(f"{name}{line}", _plain_yaml_problem(what))]) from None
    except yaml.YAMLError as exc:
        raise SpecError([Problem(name, f"this is not valid YAML ({exc})")]) from None
    lines: dict[Loc, int] = {}
    found: list[tuple[Loc, int, str]] = []
    if node is not None:
        _walk(node, (), lines, found)
    problems = [Problem(f"{name}:{line}: {format_loc(loc)}", msg) for loc, line, msg in found]
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
)


def _plain_yaml_problem(what: str) -> str:
    """PyYAML's parser words, told as what to fix."""
    for needle, plain in _YAML_PROBLEMS:
        if needle in what:
            return f"this is not valid YAML: {plain}"
    return f"this is not valid YAML ({what}); check the indentation and the quotes"


def read_text(path: Path, what: str = "spec") -> str:
    try:
        return path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise PuzzlebookError(f"{path}: no such {what} file") from None
    except IsADirectoryError:
        raise PuzzlebookError(f"{path}: is a folder; give the path of a {what} .yaml file") from None
    except UnicodeDecodeError:
        raise PuzzlebookError(f"{path}: not a text file (save the {what} as UTF-8 text)") from None
    except OSError as exc:
        raise PuzzlebookError(f"{path}: cannot read it ({exc.strerror})") from None


def load_spec(path: str | os.PathLike[str]) -> Spec:
    """Read and check a book spec; a SpecError lists every problem found."""
    path = Path(path)
    data, lines, problems = parse_yaml(read_text(path), path.name)
    if data is None:
        raise SpecError([Problem(path.name, "the spec is empty; start with `title: My Maze Book`")])
    if not isinstance(data, dict):
        raise SpecError(
            [Problem(f"{path.name}:1", "a spec is a list of `key: value` lines, such as `title: My Book`")]
        )
    mazes = data.get("mazes")
    for i, entry in enumerate(mazes if isinstance(mazes, list) else []):
        if isinstance(entry, dict):
            problems += _check_algorithm(path.name, lines, i, entry)
    try:
        book = BookSpec.model_validate(data)
    except ValidationError as exc:
        problems += [Problem(where(path.name, lines, *loc), msg) for loc, msg in errors_of(exc, BookSpec)]
    else:
        for i, entry in enumerate(book.mazes):
            if entry.size is None and entry.age is None and book.difficulty is None:
                problems.append(
                    Problem(
                        where(path.name, lines, "mazes", i, "size"),
                        "is required: give one such as 20x30, or an age such as difficulty: age-6",
                    )
                )
    if problems:
        raise SpecError(_sorted(problems))
    return Spec(book, path, lines)


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


def _sorted(problems: list[Problem]) -> list[Problem]:
    """File order: a person fixes problems top to bottom."""

    def line_of(p: Problem) -> int:
        match = re.match(r"^[^:]*:(\d+)", p.where)
        return int(match[1]) if match else 0

    return sorted(problems, key=line_of)


def json_schema() -> dict[str, Any]:
    """The spec's JSON Schema, for editors that check YAML as it is typed."""
    schema = BookSpec.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "puzzlebook book spec"
    return schema
