"""The settings a layout may hold: every one's default, bounds and meaning (the docs' reference is made
from them), and the print rules they answer to. Loading a preset or a layout file is ``layout.presets``'s;
this module needs neither the spec nor the layout, so both may read it.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    field_validator,
)

from .artwork import PAIRS
from .errors import At, Where
from .fields import Caseless, FontFiles, OneLine, isolate
from .registry import suggest
from .units import PAGE_SIZE_NAMES, length, margin, page_size

Length = Annotated[float, BeforeValidator(length)]
MIN_LINE = 0.75  # pt: the thinnest line print-on-demand printers promise to reproduce
MIN_TEXT = 7.0  # pt: the smallest text they accept
BUNDLED_FONTS = ("DejaVuSans", "DejaVuSans-Bold", "Vera", "VeraBd")
BLEED = 9.0  # pt: 0.125in, what print-on-demand services ask for
MIN_OUTER = 18.0  # pt: 0.25in outside, top and bottom margin for print; 27 pt (0.375in) with bleed
GUTTERS = ((150, 27.0), (300, 36.0), (500, 45.0), (700, 54.0), (828, 63.0))  # pages -> inside margin
MAX_PAGES = 828
MIN_PAGES = 24
"""Pages of a print-on-demand paperback, at least and at most."""
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # mazes per page -> columns x rows
MAX_MARGIN = 216.0  # pt: 3in
MAX_LINE = 12.0  # pt: walls heavier than this are a mistake, not a style
FONT_MAGIC = (b"\x00\x01\x00\x00", b"true")  # TrueType outlines, the only ones reportlab embeds
PLACEHOLDERS = ("page", "pages", "title")  # what header and footer may say: {page} of {pages}, {title}
PAGES = "\x00pages\x00"  # stands for {pages} until the book's page count is known
ANSWER_WALL_GRAY = 0.55  # an answer's walls: a mid gray (45% ink), so the black line reads first
RGB = tuple[float, float, float]
COLORS: dict[str, RGB] = {  # the answer line's named colours, as RGB
    "black": (0.0, 0.0, 0.0),
    "red": (0.85, 0.1, 0.1),
    "blue": (0.1, 0.3, 0.85),
    "green": (0.05, 0.55, 0.2),
    "purple": (0.5, 0.2, 0.7),
    "orange": (0.95, 0.45, 0.0),
    "magenta": (0.85, 0.0, 0.55),
}


def checked_colour(value: str, names: Mapping[str, RGB], example: str) -> str:
    """A colour a layout or a cover names: one of ``names`` or ``#rrggbb``, in lower case; the one rule
    and wording for every colour key."""
    value = value.strip().lower()
    if value == "grey" and "gray" in names:  # as much of the world spells it, for every colour key
        value = "gray"
    if value in names or (
        len(value) == 7 and value[0] == "#" and all(c in string.hexdigits for c in value[1:])
    ):
        return value
    hint = suggest(value, list(names)) or ""
    raise ValueError(
        f'unknown colour "{value}".{hint} Use one of {", ".join(names)}, or #rrggbb such as {example}'
    )


TINTS: dict[str, RGB] = {  # a shape's light tint inside its walls (a maze's ``tint:``), as RGB
    "yellow": (1.0, 0.95, 0.72),
    "blue": (0.85, 0.92, 1.0),
    "green": (0.87, 0.96, 0.84),
    "pink": (1.0, 0.88, 0.92),
    "orange": (1.0, 0.9, 0.78),
    "purple": (0.92, 0.88, 1.0),
    "gray": (0.9, 0.9, 0.9),
}
TINT = "yellow"
"""The tint ``tint: true`` gives."""
LIGHTEST_TINT = 0.85
"""The least lightness (0.299 R + 0.587 G + 0.114 B, as a black-and-white printer turns a colour to gray)
of a tint: lighter than 15% gray, a child colours over it and the walls read on it."""


LIGHT_OF = {"red": "pink", "violet": "purple", "lilac": "purple", "peach": "orange", "cream": "yellow"}
"""The tint a colour a spec names is lightest as: `tint: red` was offered "green", nearest by its letters."""


def checked_tint(value: str) -> str:
    """A maze's tint: one of ``TINTS`` or a light ``#rrggbb``, checked by the rule every colour key
    answers to (``checked_colour``), then for lightness."""
    lighter = LIGHT_OF.get(value.strip().lower())
    if lighter:
        raise ValueError(f'unknown tint "{value.strip()}": a tint is light, to colour over; use {lighter}')
    value = checked_colour(value, TINTS, "#fff3b0")
    light = lightness(colour_rgb(value, TINTS))
    if light < LIGHTEST_TINT - 1e-9:
        raise ValueError(
            f"the tint {value} is {1 - light:.0%} gray printed in black and white, too dark to colour over: "
            f"use one of {', '.join(TINTS)}, or a light #rrggbb such as #fff3b0 (at most "
            f"{1 - LIGHTEST_TINT:.0%} gray)"
        )
    return value


def lightness(rgb: RGB) -> float:
    """How light a colour prints in gray, 0 (black) to 1 (paper)."""
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2]


def colour_rgb(value: str, names: Mapping[str, RGB] = COLORS) -> RGB:
    """A checked colour as RGB from 0 to 1."""
    if value in names:
        return names[value]
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return r, g, b


class _Model(Caseless):
    model_config = ConfigDict(extra="forbid", frozen=True)


Margin = Annotated[float, BeforeValidator(margin), Field(ge=0, le=MAX_MARGIN)]


class Margins(_Model):
    top: Margin = 36.0
    bottom: Margin = 36.0
    inside: Margin = 45.0
    outside: Margin = 36.0


class AnswerKey(_Model):
    columns: int = Field(2, ge=1, le=6)
    rows: int = Field(3, ge=1, le=8)


Word = Annotated[OneLine, Field(min_length=1, max_length=40)]


class Words(_Model):
    """The words puzzlebook prints of its own, for a book in another language."""

    name: Word = "Name"
    date: Word = "Date"
    class_: Word = Field("Class", alias="class")
    maze: Word = Field("Maze", description="before each maze's number: Maze 3")
    mazes: Word = Field("mazes", description="after the count on the title page: 40 mazes")
    answer_key: Word = "Answer key"
    continued: Word = Field("continued", description="Answer key (continued)")
    contents: Word = "Contents"
    notes: Word = "Notes"
    belongs_to: Word = "This book belongs to"
    page: Word = Field("page", description="in the answer key: Maze 3 · page 4")
    by: Word = Field("by", description="on the copyright page: by Ana")
    seed: Word = Field("seed", description="the answer key's and show_seed's seed 42")
    rings: Word = Field("rings", description="show_seed's size of a round maze: 10 rings")
    easy: Word = "Easy"
    medium: Word = "Medium"
    hard: Word = "Hard"
    answer_on: Word = Field(
        "Answer on page",
        description="a screen edition's link to a maze's answer, and show_answer_page's line",
    )
    title_page: Word = Field("Title", description="a screen edition's bookmark of the title page")
    no_answer: OneLine = Field(
        "No single answer: the reader picks the start and the end of {mazes}.",
        max_length=200,
        description="in the answer key, for mazes without a start and end; {mazes} lists them",
    )
    and_: Word = Field("and", alias="and", description="before a list's last item: maze 3, maze 5 and maze 8")

    def listed(self, items: list[str]) -> str:
        """Items as a sentence lists them, the last after ``and``: "maze 3, maze 5 and maze 8" (the
        answer key's note on mazes with no single answer read as a bare list)."""
        if len(items) < 2:
            return "".join(items)
        return f"{', '.join(items[:-1])} {self.and_} {items[-1]}"

    def maze_name(self, maze: Any, midline: bool = False, whose: bool = True) -> str:
        """A maze in captions and lists: "Maze 3", or "Ana · Maze 3" in a class set (unless not
        ``whose``: a heading above says it), "Ana" where it is her one maze (``only``: "" under her
        heading); ``midline``, inside an English sentence: "maze 3"."""
        if maze.student and maze.only:
            return isolate(maze.student) if whose else ""
        word = "maze" if midline and self.maze == "Maze" else self.maze
        mine = f"{word} {maze.shown}"
        return f"{isolate(maze.student)} · {mine}" if maze.student and whose else mine


def _setting(layout: At, key: str) -> At:
    """Where a setting the layout gives was chosen: the line naming the layout, ``layout (font)``."""
    if isinstance(layout, Where):
        return Where(layout.file, layout.line, f"{layout.key} ({key})")
    return f"{layout} ({key})"


class Layout(_Model):
    """Every setting of a page layout; the defaults are the activity book."""

    description: str = "One maze per page, answer key at the back."
    page_size: str = Field(
        "letter",
        description=f"{PAGE_SIZE_NAMES}, or any WxH with a unit (6x9in, 210x297mm); add landscape to turn it",
    )
    margins: Margins = Field(
        default_factory=Margins,
        description="top, bottom, inside, outside, each with its unit (0.5in, 12mm); odd pages have the gutter on the left",
    )
    mazes_per_page: int = Field(
        1, description="1, 2, 4 or 6; mazes sharing a page are parted by light gray lines"
    )
    wall_weight: Length = Field(
        1.5,
        ge=MIN_LINE,
        le=MAX_LINE,
        description="the walls' line weight (heavier for big cells), never under 0.75pt",
    )
    answer_wall_weight: Length = Field(
        1.0, ge=MIN_LINE, le=MAX_LINE, description="the walls' weight in the answer key"
    )
    solution_color: str = Field(
        "black",
        description="the answer line's colour: black, or for a colour interior or screen "
        + ", ".join(c for c in COLORS if c != "black")
        + " or #rrggbb",
    )
    answer_wall_gray: float = Field(
        ANSWER_WALL_GRAY,
        ge=0.0,
        le=0.7,
        description="the answer key's walls: 0 is black, 0.55 a mid gray under a black answer line",
    )
    font: OneLine = Field(
        "DejaVuSans",
        max_length=255,
        description="DejaVuSans or Vera (bundled), or a .ttf/.otf/.ttc file relative to the layout; always embedded",
    )
    bold_font: OneLine = Field(
        "DejaVuSans-Bold", max_length=255, description="DejaVuSans-Bold or VeraBd (bundled), or a font file"
    )
    fallback_fonts: FontFiles = Field(
        default_factory=list,
        description="fonts tried letter by letter for what the main font lacks: .ttf, .otf or .ttc files, relative to this file",
    )
    heading_size: Length = Field(
        18.0, ge=MIN_TEXT, le=72, description="the heading of a maze alone on its page (one a page)"
    )
    caption_size: Length = Field(
        12.0,
        ge=MIN_TEXT,
        le=48,
        description="each maze's heading with several a page, and the answer key's headings",
    )
    small_size: Length = Field(
        8.0, ge=MIN_TEXT, le=24, description="footers and the seed line; never under 7pt"
    )
    title_page: bool = Field(True, description="a title page first")
    name_line: bool = Field(False, description="a Name / Date / Class line at the top of each sheet")
    title_heading: bool = Field(False, description="print the book's title at the top of every maze page")
    print_on_demand: bool = Field(
        True, description="a bound book: check holds it to print-on-demand's page counts"
    )
    instructions: OneLine | None = Field(
        None, max_length=200, description="one line of instructions on each maze page"
    )
    instructions_unmarked: OneLine | None = Field(
        None, max_length=200, description="the line on pages whose mazes have no start and end"
    )
    header: OneLine | None = Field(
        None, max_length=120, description="text at the top of each page: {page}, {pages}, {title}"
    )
    footer: OneLine = Field(
        "{page}", max_length=120, description="text at the foot of each page: {page}, {pages}, {title}"
    )
    show_seed: bool = Field(
        False,
        description="the algorithm, size and seed under each maze and its answer (unset, a key of a book not for print-on-demand says seeds anyway)",
    )
    show_difficulty: bool = Field(
        False, description="Easy, Medium or Hard in a tag under each maze's heading"
    )
    show_answer_page: bool = Field(
        False, description="Answer on page N under each maze of a print edition with its answer key"
    )
    start_label: OneLine = Field("Start", min_length=1, max_length=20, description="the word at the start")
    end_label: OneLine = Field("Finish", min_length=1, max_length=20, description="the word at the end")
    pictures: str | None = Field(
        None, description="pictures at the start and the end: " + ", ".join(PAIRS) + ", or none"
    )
    min_cell: Length = Field(7.0, ge=2.0, le=144, description="smallest cell a reader can draw through")
    bleed: bool = Field(False, description="add 0.125in of bleed on the outside edge, top and bottom")
    mark_room: Length | None = Field(
        None,
        ge=10,
        le=144,
        description="room around each maze for the Start and Finish arrows, at least (default: by box size; big cells grow it)",
    )
    answer_key: AnswerKey = Field(
        default_factory=AnswerKey, description="{columns, rows}: the answers' grid on a page"
    )
    words: Words = Field(
        default_factory=Words,
        description="the book's own words (Name, Maze, Answer key ...), each up to 40 characters",
    )
    _where: dict[str, At] = PrivateAttr(default_factory=dict)
    _said: dict[str, At] = PrivateAttr(default_factory=dict)
    _files: tuple[Path, ...] = PrivateAttr(default=())
    _aged: float = PrivateAttr(default=0.0)

    def where(self, key: str) -> At:
        """Where a setting was given: ``big.yaml:4: heading_size``, or the spec's line for its overrides.
        Made once a key: every maze frame of a book carries two. Read from pydantic's dictionary of
        private values, not as ``self._said``: that look-up took 30 times as long, and a 500-maze book's
        plan asks 3,000 times."""
        said: dict[str, At] = self.__pydantic_private__["_said"]  # type: ignore[index]
        found = said.get(key)
        if found is None:
            found = said[key] = self._where.get(key) or _setting(self._where.get("", "layout"), key)
        return found

    @property
    def key_seeds(self) -> bool:
        """Whether the answer key says each maze's seed, for a grown-up to make it again (``puzzlebook
        maze --seed``): a handout's or a class set's does. Under every answer of a book for sale it read
        as leftover debug text, so there only ``show_seed: true`` prints it. ``show_seed: false`` said
        outright, in the spec or its layout, keeps them out of any key (a parent's book printed at home
        printed "seed 400630727" under every answer for a five-year-old, whatever it said)."""
        if "show_seed" in self._where:
            return self.show_seed
        return not self.print_on_demand

    @property
    def aged_walls(self) -> float:
        """Where a book's age made the walls heavier (``slotplan.for_book``), the weight they had
        before; else 0."""
        return self._aged

    def aged(self, update: dict[str, Any]) -> Layout:
        """This layout made heavier by an age (``update``), remembering its own walls (``aged_walls``)."""
        aged = self.model_copy(update=update)
        if aged.wall_weight > self.wall_weight:
            aged._aged = self.wall_weight
        return aged

    @property
    def files(self) -> tuple[Path, ...]:
        """The layout file and font files read for this layout: outputs never land on them."""
        return self._files

    @field_validator("header", "footer")
    @classmethod
    def _placeholders(cls, value: str | None) -> str | None:
        if value is None:
            return value
        allowed = ", ".join(f"{{{p}}}" for p in PLACEHOLDERS)
        try:
            fields = [(name, spec, conv) for _, name, spec, conv in string.Formatter().parse(value)]
        except ValueError:
            raise ValueError(
                f"a {{ or }} without its partner; the placeholders are {allowed} (write {{{{ for a brace)"
            ) from None
        for name, spec, conv in fields:
            if name is None:
                continue
            if name not in PLACEHOLDERS or spec or conv:
                shown = "{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
                raise ValueError(f'"{shown}" is not a placeholder puzzlebook fills; use {allowed}')
        return value

    @property
    def trim(self) -> tuple[float, float]:
        """The finished page, after cutting."""
        return page_size(self.page_size)

    @property
    def size(self) -> tuple[float, float]:
        """The PDF page: the trim size, plus bleed on the outside edge, the top and the bottom."""
        w, h = self.trim
        return (w + BLEED, h + 2 * BLEED) if self.bleed else (w, h)

    @field_validator("pictures")
    @classmethod
    def _pictures(cls, value: str | None) -> str | None:
        if value == "none":  # as marks: none and art: none say it (a spec's turns a layout's off)
            return None
        if value is not None and value not in PAIRS:
            # the pairs listed whatever the nearest: "cat-mouse" was asked "Did you mean car-house?"
            hint = suggest(value, [*PAIRS, "none"])
            raise ValueError(f'unknown pictures "{value}".{hint} Choose one of {", ".join(PAIRS)}, or none.')
        return value

    @field_validator("solution_color")
    @classmethod
    def _solution_color(cls, value: str) -> str:
        return checked_colour(value, COLORS, "#d62728")

    @property
    def solution_rgb(self) -> tuple[float, float, float]:
        """The answer line's colour as RGB."""
        return colour_rgb(self.solution_color)

    @field_validator("mazes_per_page")
    @classmethod
    def _per_page(cls, value: int) -> int:
        if value not in GRIDS:
            raise ValueError(f"expected 1, 2, 4 or 6, got {value}")
        return value

    @field_validator("page_size")
    @classmethod
    def _page_size(cls, value: str) -> str:
        page_size(value)
        return value
