"""The book spec's model: every key a spec may hold, its type, bounds and meaning (the docs' reference
is made from it).
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from ..artwork import PAIRS
from ..fields import NAME_FIX, TRUE_FALSE, Caseless, FontFiles, OneLine, Paragraphs, crossings, printed
from ..grid import parse_size, size_problem
from ..isbn import isbn_checked
from ..kinds.circle import MAX_RINGS
from ..messages import Loc, at_key
from ..registry import suggest
from ..rng import MAX_SEED
from ..settings import MAX_PAGES, MIN_PAGES, TINT, TINTS, Layout, checked_tint, colour_rgb
from ..shapes import SHAPES, aged_size
from ..units import PAGE_SIZE_NAMES, page_size
from ..words import MAX_WORD
from .cover import CoverSpec
from .request import AGES, Age, MarksSetting

MAX_NAME = 60  # characters in a student's name


MAX_STUDENTS = 1000


MAX_COUNT = 1000  # mazes from one entry


AgeName = Literal["age-4", "age-6", "age-8", "age-10", "age-12", "adult"]


Title = Annotated[OneLine, AfterValidator(partial(printed, fix="write the title in letters"))]


Name = Annotated[OneLine, AfterValidator(partial(printed, fix=NAME_FIX)), Field(max_length=MAX_NAME)]


def layout_key(loc: Loc, message: str) -> str:
    """A layout's setting written in a spec (instructions, words) is told where it goes."""
    key = str(loc[0]) if len(loc) == 1 else ""
    if message.startswith("unknown key") and key in Layout.model_fields:
        return (
            f"a layout's setting, not a spec's: write it in a layout file beside the spec (base: the layout you "
            f"use, such as activity-book, then {key}: ...) and name that file in layout:"
        )
    return message


def _answer_key(value: Any) -> Any:
    """true, false or separate, in one message when it is none of them."""
    if isinstance(value, bool) or value == "separate":
        return value
    if isinstance(value, str) and value.strip().lower() in TRUE_FALSE:
        return TRUE_FALSE[value.strip().lower()]
    shown = f'"{value}"' if isinstance(value, str) else "a list" if isinstance(value, list) else str(value)
    hint = suggest(value, ["true", "false", "separate"]) if isinstance(value, str) else ""
    raise ValueError(f"expected true, false or separate, got {shown}.{hint}".rstrip("."))


def _students_kind(value: Any) -> str:
    return "~list" if isinstance(value, list | tuple) else "~file"


Names = Annotated[list[Name], Field(max_length=MAX_STUDENTS)]


NamesFile = Annotated[OneLine, Field(max_length=255)]


StudentsField = Annotated[
    Annotated[Names, Tag("~list")] | Annotated[NamesFile, Tag("~file")],
    Discriminator(_students_kind),
]


class _Model(Caseless):
    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)


class Cells(_Model):
    start: tuple[int, int] = Field(description="[x, y] of the start cell; [0, 0] is the top-left")
    end: tuple[int, int] = Field(description="[x, y] of the end cell")

    @model_validator(mode="after")
    def _different(self) -> Cells:
        if self.start == self.end:
            raise ValueError("start and end must be different cells")
        return self


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

    text: OneLine = Field(
        max_length=MAX_WORD, description="the word, up to 14 letters (over 8, on two lines)"
    )


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
        description="W x H in cells, such as 20x30, or a circle's rings, such as 12 (default: from an age; a word or "
        "name shape is drawn as large as its page allows, in an age's cells where they fit, at most this)",
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
    weave: Annotated[bool | float, BeforeValidator(crossings)] = Field(
        False,
        description="passages that cross under others, on rectangles: true, or a share of the most crossings "
        "that fit, 0 to 1 (true: 0.5); kruskal, recursive-backtracker, hunt-and-kill or growing-tree",
    )
    grid: Literal["rectangle", "hex", "triangle", "circle", "octagon"] = Field(
        "rectangle",
        description="rectangle (squares), hex (columns of hexagons), triangle (pointing up and down in turn), "
        "circle (rings; size: R rings) or octagon (octagons and small squares in turn)",
    )
    inner: int | None = Field(
        None, ge=1, le=MAX_RINGS, description="a circle's round hole in the middle, this many rings wide"
    )
    shape: ShapeField | None = Field(
        None, description="a built-in shape (" + ", ".join(SHAPES) + "), or {text: WORD}"
    )
    tint: bool | str | None = Field(
        None,
        description="a light colour inside a shape's walls, to colour over: true ("
        + TINT
        + "), one of "
        + ", ".join(TINTS)
        + ", or a light #rrggbb; on the maze pages, not in the answer key",
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
                raise at_key(
                    "size", f"a circle's size is its number of rings, such as size: 12; got {size!r}"
                )
        return data

    @field_validator("size", mode="before")
    @classmethod
    def _parse_size(cls, value: Any) -> Any:
        alone = str(value).strip() if not isinstance(value, bool) and isinstance(value, int | str) else ""
        if alone.isdigit() and len(alone) <= 9:  # size: 20, meant as 20x20, or a round maze's rings
            n = int(alone)
            raise ValueError(
                f"expected WxH such as {n}x{n}, got {n}; a number alone is a round maze's rings, with grid: circle"
            )
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

    @field_validator("tint", mode="before")
    @classmethod
    def _tint(cls, value: Any) -> str | None:
        """``true`` (read as a word), a colour's name or ``#rrggbb``; ``false`` or none: no tint."""
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            value = value.strip().lower() == "true"
        if value is None or value is False:
            return None
        if value is True:
            return TINT
        if not isinstance(value, str):
            raise ValueError(f"expected true, a colour's name or #rrggbb, got {value!r}")
        return checked_tint(value)

    @model_validator(mode="after")
    def _tinted_shape(self) -> MazeEntry:
        if self.tint and self.shape is None and self.mask is None:
            raise at_key(
                "tint", "colours the inside of a shape: give the maze a shape: or mask:, or leave tint out"
            )
        return self

    @property
    def tint_rgb(self) -> tuple[float, float, float] | None:
        """The tint as RGB, or None."""
        return colour_rgb(self.tint, TINTS) if isinstance(self.tint, str) else None

    @field_validator("difficulty")
    @classmethod
    def _range(cls, value: Any) -> Any:
        if isinstance(value, tuple) and not 0 <= value[0] < value[1]:
            raise ValueError(f"expected [low, high] with 0 <= low < high, got [{value[0]:g}, {value[1]:g}]")
        return value

    @property
    def age(self) -> Age | None:
        return AGES.get(self.difficulty) if isinstance(self.difficulty, str) else None

    def age_in(self, book: BookSpec) -> Age | None:
        """The age that sizes this maze: its own difficulty's, or else the book's."""
        return self.age or (AGES[book.difficulty] if book.difficulty else None)

    def sized_by(self, book: BookSpec) -> str:
        """What sets the maze's size where the entry writes none: "difficulty: age-6", or "" (a size
        written, a drawing's own, a word's letters, no age)."""
        if self.size is not None or self.mask is not None or self.age_in(book) is None:
            return ""
        if isinstance(self.shape, WordShape):
            return ""
        return f"difficulty: {self.difficulty if self.age else book.difficulty}"

    def drawn_size(self, book: BookSpec) -> tuple[int, int] | None:
        """The cells the maze is drawn over: its size, or its age's, a built-in shape's in its own
        proportions (``shapes.aged_size``); None for neither, and for a word, which is then drawn to
        its slot: in its age's cells, over the fewest that read (an age's 7x8 cells cannot hold a
        name's letters, 12 cells tall)."""
        age = self.age_in(book)
        if self.size is not None or age is None or isinstance(self.shape, WordShape):
            return self.size
        return aged_size(self.shape, self.grid, age.size) if isinstance(self.shape, str) else age.size

    @model_validator(mode="after")
    def _marks_inside(self) -> MazeEntry:
        if isinstance(self.marks, Cells) and self.size is not None and self.grid != "circle":
            w, h = self.size
            for name, (x, y) in (("start", self.marks.start), ("end", self.marks.end)):
                if not (0 <= x < w and 0 <= y < h):
                    raise at_key(
                        f"marks.{name}",
                        f"[{x}, {y}] is outside the {w}x{h} maze (x from 0 to {w - 1}, y from 0 to {h - 1})",
                    )
        return self


class BookSpec(_Model):
    """A puzzlebook book spec."""

    title: Title = Field(
        max_length=120,
        description="the book's title (title page, PDF metadata); a long one takes up to four lines before it shrinks",
        json_schema_extra={"minLength": 1},
    )
    subtitle: OneLine | None = Field(None, max_length=160, description="printed on the title page")
    author: OneLine | None = Field(None, max_length=120, description="printed on the title page")
    layout: OneLine = Field(
        "activity-book",
        max_length=255,
        description="a preset name (puzzlebook layouts lists them) or a layout .yaml file, relative to the spec",
    )
    page_size: str | None = Field(
        None,
        description=f"the layout's page, overridden: {PAGE_SIZE_NAMES}, or any WxH with a unit (6x9in, 210x297mm); add landscape to turn it (a4 landscape)",
    )
    seed: int = Field(
        1,
        ge=0,
        le=MAX_SEED,
        description="the book seed: a maze without its own derives one from it and its place in the list (see Writing a spec: Seeds)",
    )
    marks: MarksSetting = Field(
        "none",
        description="start and end for every maze that does not say: none (the reader picks), suggested (the longest way between opposite sides), left-right, top-bottom, farthest, corners, center-out (a circle's centre to its rim)",
    )
    answer_key: Annotated[bool | Literal["separate"], BeforeValidator(_answer_key)] = Field(
        True,
        description="true: answers at the back; separate: in NAME-answers.pdf beside the book, so the sheets go to the copier alone; false: none. A book whose mazes have no start and end has no answer key",
    )
    title_page: bool | None = Field(None, description="add a title page (default: as the layout says)")
    edition: Literal["print", "screen"] = Field(
        "print",
        description="print, or screen: bookmarks, a clickable contents page, links from each maze to its answer and back",
    )
    mazes_per_page: int | None = Field(None, description="1, 2, 4 or 6 mazes a page (default: the layout's)")
    bleed: bool | None = Field(
        None, description="print-on-demand: 0.125 in bleed and trim boxes (default: the layout's)"
    )
    pad: bool | int = Field(
        False,
        description=f"print-on-demand: notes pages to reach at least {MIN_PAGES} pages, an even count; or a "
        "page count to reach, such as pad: 100",
    )
    difficulty: AgeName | None = Field(
        None,
        description="an age preset for the whole book (age-4 to adult): maze size, cell size and line weight",
    )
    students: StudentsField | None = Field(
        None,
        description="a class set: a list of names, or a UTF-8 text file beside the spec with one name a line; every maze is made for each",
    )
    order: Literal["as-listed", "difficulty"] = Field(
        "as-listed", description="as-listed, or difficulty: the easiest maze first, by difficulty score"
    )
    output: OneLine | None = Field(  # its length is the output's rule (``output.long_name``)
        None,
        description="a .pdf name inside the spec's folder, such as out/book.pdf (default: the spec's name); -o wins and may go anywhere",
    )
    show_seed: bool | None = Field(
        None,
        description="the small algorithm, size and seed line under each maze, and each answer's seed in the key (default: the layout's; unset, a key of a book not for print-on-demand says seeds anyway)",
    )
    print_on_demand: bool | None = Field(
        None,
        description="false: a book printed at home or school, which check holds to no print-on-demand page counts (default: the layout's)",
    )
    show_answer_page: bool | None = Field(
        None,
        description="Answer on page N under each maze of a print edition whose answer key is in the book (a screen edition links to it instead; default: the layout's)",
    )
    show_difficulty: bool | None = Field(
        None,
        description="Easy, Medium or Hard in a tag under each maze's heading: its band, or the third of the book's scores its own falls in (default: the layout's)",
    )
    start_label: OneLine | None = Field(
        None,
        min_length=1,
        max_length=20,
        description="the word by the start arrow (default: the layout's, Start)",
    )
    end_label: OneLine | None = Field(
        None,
        min_length=1,
        max_length=20,
        description="the word by the end arrow (default: the layout's, Finish)",
    )
    pictures: str | None = Field(
        None,
        description="a picture at the start and one at the end: " + ", ".join(PAIRS) + " (none: no pictures, "
        "where the layout has them)",
    )
    belongs_to: bool = Field(False, description='a "This book belongs to" line on the title page')
    copyright: Paragraphs | None = Field(
        None,
        max_length=1000,
        description="a copyright page after the title page: your text (it wraps, and keeps its line breaks with copyright: |), with the title, author, year and ISBN",
    )
    year: int | None = Field(None, ge=1900, le=2200, description="year on the copyright page")
    isbn: Annotated[str, AfterValidator(isbn_checked)] | None = Field(
        None, description="ISBN on the copyright page (its check digit is checked)"
    )
    fallback_fonts: FontFiles = Field(
        default_factory=list,
        description="fonts for letters the layout's fonts lack (.ttf, .otf, .ttc), relative to the spec, after the layout's",
    )
    cover: CoverSpec | None = Field(
        None, description="a print-ready wrap cover, NAME-cover.pdf beside the book (see Covers)"
    )
    mazes: list[MazeEntry] = Field(
        min_length=1, max_length=MAX_COUNT, description="the maze entries, in book order"
    )

    @field_validator("page_size")
    @classmethod
    def _page_size(cls, value: str | None) -> str | None:
        if value is not None:
            page_size(value)
        return value

    @field_validator("pad", mode="before")
    @classmethod
    def _pad(cls, value: Any) -> Any:
        """``true``, ``false`` or a page count to reach (``pad: 100``), told in one line (a union told
        each of its branches' complaints)."""
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 9:
            value = int(value)  # a spec's numbers are read as they are written
        if isinstance(value, int) and MIN_PAGES <= value <= MAX_PAGES:
            return value
        said = value if isinstance(value, int) else repr(value)
        raise ValueError(
            f"expected true, or a page count from {MIN_PAGES} to {MAX_PAGES} to reach (such as pad: 100), got {said}"
        )


def json_schema() -> dict[str, Any]:
    """The spec's JSON Schema, for editors that check YAML as it is typed."""
    schema = BookSpec.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "puzzlebook book spec"
    return schema
