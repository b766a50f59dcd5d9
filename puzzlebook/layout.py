"""Page layout: presets (YAML overlays over the defaults below) and the pure geometry of a book.

``plan_book`` turns the list of mazes into pages of positioned items, in PDF points with y up, using only
sizes from the spec: no maze is generated here and nothing is drawn, so ``validate`` can report the page
count and every too-dense maze before any work, and the geometry is testable without a PDF.
"""

from __future__ import annotations

import math
import string
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
)

from .errors import LayoutError, Problem, SpecError
from .inputs import read_bytes, read_text
from .messages import Loc, errors_of
from .pictures import MIN_SIZE as MIN_PICTURE
from .pictures import PAIRS
from .registry import suggest
from .spec import (
    AGES,
    MAX_FALLBACKS,
    FontFiles,
    MazeRequest,
    OneLine,
    Spec,
    isolate,
    parse_yaml,
    sort_problems,
)
from .units import length, page_size, size_name

Length = Annotated[float, BeforeValidator(length)]
MIN_LINE = 0.75  # pt: the thinnest line print-on-demand printers promise to reproduce
MIN_TEXT = 7.0  # pt: the smallest text they accept
BUNDLED_FONTS = ("DejaVuSans", "DejaVuSans-Bold", "Vera", "VeraBd")
BLEED = 9.0  # pt: 0.125in, what print-on-demand services ask for
MIN_OUTER = 18.0  # pt: 0.25in outside, top and bottom margin for print; 27 pt (0.375in) with bleed
GUTTERS = ((150, 27.0), (300, 36.0), (500, 45.0), (700, 54.0), (828, 63.0))  # pages -> inside margin
MAX_PAGES = 828
GRIDS = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}  # mazes per page -> columns x rows
MAX_MARGIN = 216.0  # pt: 3in
MAX_LINE = 12.0  # pt: walls heavier than this are a mistake, not a style
FONT_MAGIC = (b"\x00\x01\x00\x00", b"true")  # TrueType outlines, the only ones reportlab embeds
PLACEHOLDERS = ("page", "pages", "title")  # what header and footer may say: {page} of {pages}, {title}
PAGES = "\x00pages\x00"  # stands for {pages} until the book's page count is known


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Margin = Annotated[Length, Field(ge=0, le=MAX_MARGIN)]


class Margins(_Model):
    top: Margin = 36.0
    bottom: Margin = 36.0
    inside: Margin = 45.0
    outside: Margin = 36.0


class AnswerKey(_Model):
    columns: int = Field(2, ge=1, le=6)
    rows: int = Field(3, ge=1, le=8)


class Layout(_Model):
    """Every setting of a page layout; the defaults are the activity book."""

    description: str = "One maze per page, answer key at the back."
    page_size: str = "letter"
    margins: Margins = Field(default_factory=Margins)
    mazes_per_page: int = Field(1, description="1, 2, 4 or 6")
    wall_weight: Length = Field(1.5, ge=MIN_LINE, le=MAX_LINE)
    answer_wall_weight: Length = Field(1.0, ge=MIN_LINE, le=MAX_LINE)
    solution_gray: float = Field(0.3, ge=0.0, le=0.6, description="0 is black; keep it dark for B&W")
    font: OneLine = Field("DejaVuSans", max_length=255)
    bold_font: OneLine = Field("DejaVuSans-Bold", max_length=255)
    fallback_fonts: FontFiles = Field(default_factory=list)
    heading_size: Length = Field(18.0, ge=MIN_TEXT, le=72)
    caption_size: Length = Field(12.0, ge=MIN_TEXT, le=48)
    small_size: Length = Field(8.0, ge=MIN_TEXT, le=24)
    title_page: bool = True
    name_line: bool = False
    title_heading: bool = Field(False, description="print the book's title at the top of every maze page")
    instructions: OneLine | None = Field(None, max_length=200)
    header: OneLine | None = Field(None, max_length=120)
    footer: OneLine = Field("{page}", max_length=120)
    show_seed: bool = Field(
        False, description="the algorithm, size and seed under each maze (answers always)"
    )
    show_difficulty: bool = Field(False, description="Easy, Medium or Hard under each maze")
    start_label: OneLine = Field("Start", min_length=1, max_length=20, description="the word at the start")
    end_label: OneLine = Field("Finish", min_length=1, max_length=20, description="the word at the end")
    pictures: str | None = Field(None, description="pictures at the start and the end: " + ", ".join(PAIRS))
    min_cell: Length = Field(7.0, ge=2.0, le=144, description="smallest cell a reader can draw through")
    bleed: bool = Field(False, description="add 0.125in of bleed on the outside edge, top and bottom")
    mark_room: Length | None = Field(
        None,
        ge=10,
        le=144,
        description="room around each maze for the Start and Finish arrows (default: by box size)",
    )
    answer_key: AnswerKey = Field(default_factory=AnswerKey)
    _where: dict[str, str] = PrivateAttr(default_factory=dict)
    _files: tuple[Path, ...] = PrivateAttr(default=())

    def where(self, key: str) -> str:
        """Where a setting was given: ``big.yaml:4: heading_size``, or the spec's line for its overrides."""
        return self._where.get(key) or f"{self._where.get('', 'layout')} ({key})"

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
        if value is not None and value not in PAIRS:
            hint = suggest(value, list(PAIRS)) or f" Choose one of {', '.join(PAIRS)}."
            raise ValueError(f'unknown pictures "{value}".{hint}')
        return value

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


def preset_names() -> list[str]:
    return sorted(
        p.name[:-5] for p in resources.files("puzzlebook.layouts").iterdir() if p.name.endswith(".yaml")
    )


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        out[key] = (
            _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
        )
    return out


def _preset_data(name: str) -> dict[str, Any]:
    text = (resources.files("puzzlebook.layouts") / f"{name}.yaml").read_text(encoding="utf-8")
    data, _, _ = parse_yaml(text, f"{name}.yaml")
    return dict(data or {})


def load_layout(name: str, spec: Spec | None = None, overrides: dict[str, Any] | None = None) -> Layout:
    """A preset by name, or a layout file (path relative to the spec); ``base: NAME`` overlays a preset.

    ``overrides`` are settings the spec gives for its own book (page_size, bleed, mazes_per_page); they
    are checked like the layout's own, and their errors point at the spec's lines. Font paths are
    relative to the layout file, and every font file is checked here, so `validate` finds what `build`
    would."""
    where = spec.where("layout") if spec else "layout"
    names = preset_names()
    lines: dict[Loc, int] = {}
    layout_files: list[Path] = []
    folder = spec.path.parent if spec else Path(".")
    if name in names:
        data, fname = _preset_data(name), f"{name}.yaml"
    elif name.endswith((".yaml", ".yml")):
        path = folder / name
        try:
            text, _ = read_text(path, "layout", where, folder if spec else None, name)
        except SpecError as exc:  # the usual slip: a preset's name typed as a file
            hint = f"; or use a preset: {', '.join(names)}"
            raise SpecError(
                [Problem(p.where, p.message + hint * ("not found" in p.message)) for p in exc.problems]
            ) from None
        data, lines, problems = parse_yaml(text, path.name)
        if problems:
            raise SpecError(problems)
        if not isinstance(data, dict):
            what = "is empty" if data is None else "is a list"
            raise SpecError(
                [Problem(f"{path.name}:1", f"this layout {what}; a layout holds `key: value` lines")]
            )
        fname, folder = path.name, path.parent
        layout_files.append(path)
        base = data.pop("base", None)
        if base is not None:
            if base not in names:
                hint = suggest(str(base), names) or f" Presets: {', '.join(names)}."
                raise SpecError(
                    [Problem(f"{fname}:{lines.get(('base',), 1)}: base", f'unknown preset "{base}".{hint}')]
                )
            data = _merge(_preset_data(base), data)
    else:
        hint = suggest(name, names) or f" Presets: {', '.join(names)}; or the name of a .yaml file."
        raise SpecError([Problem(where, f'unknown layout "{name}".{hint}')])
    data = {**data, **(overrides or {})}
    places = {str(loc[0]): f"{fname}:{line}: {loc[0]}" for loc, line in lines.items() if len(loc) == 1}
    if spec is not None:
        places.update({key: spec.where(key) for key in overrides or {}})
    fallbacks = data.get("fallback_fonts")
    named = [(places.get(key, where), data.get(key), folder) for key in ("font", "bold_font")] + [
        (f"{fname}:{lines.get(('fallback_fonts', i), 1)}: fallback_fonts[{i}]", font, folder)
        for i, font in enumerate(fallbacks[:MAX_FALLBACKS] if isinstance(fallbacks, list) else [])
    ]  # past the limit, the model says there are too many: none are read
    if spec is not None:  # the spec's fallback fonts add to the layout's, relative to the spec
        named += [
            (spec.where("fallback_fonts", i), font, spec.path.parent)
            for i, font in enumerate(spec.book.fallback_fonts)
        ]
    fonts, files, problems = _fonts(named)
    try:
        layout = Layout.model_validate(data)
    except ValidationError as exc:
        for loc, msg in errors_of(exc, Layout):
            if spec is not None and loc and loc[0] in (overrides or {}):
                problems.append(Problem(spec.where(*loc), msg))
                continue
            line = lines.get(loc[:1], 1) if lines else 1
            problems.append(Problem(f"{fname}:{line}: {'.'.join(map(str, loc))}", msg))
    if problems:
        raise SpecError(sort_problems(problems)) from None
    layout = layout.model_copy(
        update={
            "font": fonts[0] or layout.font,
            "bold_font": fonts[1] or layout.bold_font,
            "fallback_fonts": fonts[2:],
        }
    )
    fallback_places = {f"fallback_fonts[{i}]": at for i, (at, _, _) in enumerate(named[2:])}
    layout._where = {**places, **fallback_places, "": where}
    layout._files = (*layout_files, *files)
    return layout


def _fonts(named: list[tuple[str, Any, Path]]) -> tuple[list[Any], list[Path], list[Problem]]:
    """Fonts, each given as (where it is named, name or path, the folder a path is relative to): each file
    is read once here and checked to be a font that can be embedded, so `validate` reports it with the
    layout's other problems. Returns each font as a bundled name or a file's real path."""
    fonts: list[Any] = []
    files: list[Path] = []
    problems: list[Problem] = []
    for at, font, folder in named:
        fonts.append(font)
        if not isinstance(font, str) or font in BUNDLED_FONTS:  # the model reports a wrong type
            continue
        try:
            source = read_bytes(folder / font, "font", at, shown=font)
        except SpecError as exc:
            problems += exc.problems
            continue
        wrong = _not_embeddable(source.data)
        if wrong:
            problems.append(Problem(at, f'"{font}" {wrong}'))
        fonts[-1] = str(source.real)
        files.append(source.path)
    return fonts, files, problems


def _not_embeddable(data: bytes) -> str | None:
    """Why a file is no font puzzlebook can embed, from its first bytes (of its first font, in a .ttc)."""
    head = data[:4]
    if head == b"ttcf" and len(data) >= 16:
        first = int.from_bytes(data[12:16], "big")
        head = data[first : first + 4]
    if head == b"OTTO":
        return (
            "has PostScript (CFF) outlines, which cannot be embedded; use a TrueType font (glyf outlines, "
            "most .ttf and some .otf and .ttc files)"
        )
    if head not in FONT_MAGIC:
        return "is not a TrueType or OpenType font (.ttf, .otf, .ttc)"
    return None


# ---- the plan ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True, slots=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    size: float
    bold: bool = False
    align: Literal["left", "center", "right"] = "left"
    gray: float = 0.0
    max_width: float | None = None  # shrink the font to fit
    source: str = ""  # where the words were written (book.yaml:1: title), for text too long to fit
    wrap: bool = False  # too wide for one line: two lines (the first above), before any shrinking


@dataclass(frozen=True, slots=True)
class Rule:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float


@dataclass(frozen=True, slots=True)
class MazeInfo:
    """The small line under a maze naming its algorithm, size and seed: filled in from the puzzle when
    drawn, because a maze made to a difficulty band only knows its seed once it exists."""

    number: int
    x: float
    y: float
    size: float
    short: bool = False  # just "seed N", for answer thumbnails
    seed: bool = True  # name the algorithm, size and seed
    rating: bool = False  # say Easy, Medium or Hard


@dataclass(frozen=True, slots=True)
class MazeFrame:
    """Where one maze is drawn: ``(x, y)`` is the bottom-left corner of its outer wall."""

    number: int
    x: float
    y: float
    cell: float
    wall: float
    answer: bool  # draw the solution
    mark: float  # size of the start/end arrows, drawn in the margin around the maze
    solution_gray: float
    label: float = 12.0  # the largest size of the Start and Finish words
    words: tuple[str, str] = ("Start", "Finish")  # beside the start and end arrows
    words_where: tuple[str, str] = ("", "")  # where they were written, for words too long to fit
    picture: float = 0.0  # size of the start and end pictures, beyond the arrows; 0 for none
    pictures: tuple[str, str] | None = None  # their names, such as ("mouse", "cheese")


@dataclass(frozen=True, slots=True)
class Link:
    """A clickable area that jumps to a page (screen editions only)."""

    x0: float
    y0: float
    x1: float
    y1: float
    page: int


Item = Text | Rule | MazeFrame | MazeInfo | Link
PageKind = Literal["title", "copyright", "contents", "maze", "answers", "notes"]


@dataclass(slots=True)
class Page:
    number: int
    kind: PageKind
    items: list[Item] = field(default_factory=list)
    bookmark: str | None = None


@dataclass
class BookPlan:
    width: float
    height: float
    pages: list[Page]
    title: str
    author: str | None
    subject: str
    maze_pages: dict[int, int]  # maze number -> page number
    fonts: tuple[str, str]  # regular and bold: bundled names or font files' real paths
    edition: str
    trims: list[Box] = field(default_factory=list)  # trim box of every page
    bleed: bool = False
    answers: BookPlan | None = None  # the answer key as a document of its own (answer_key: separate)
    fallbacks: tuple[str, ...] = ()  # tried letter by letter after the regular or bold font
    font_where: dict[str, str] = field(default_factory=dict)  # where each font was named, for its problems


GAP = 14.0  # pt between slots, and between a maze and its caption


def trim_box(layout: Layout, page_number: int) -> Box:
    """Where the page is cut. Bleed sits on the outside edge: right of odd (right-hand) pages, left of even."""
    w, h = layout.trim
    if not layout.bleed:
        return Box(0, 0, w, h)
    x0 = 0.0 if page_number % 2 else BLEED
    return Box(x0, BLEED, x0 + w, BLEED + h)


def content_box(layout: Layout, page_number: int) -> Box:
    """The safe area of a page; the inside (gutter) margin is on the left of odd (right-hand) pages."""
    t = trim_box(layout, page_number)
    m = layout.margins
    left, right = (m.inside, m.outside) if page_number % 2 else (m.outside, m.inside)
    return Box(t.x0 + left, t.y0 + m.bottom, t.x1 - right, t.y1 - m.top)


def gutter(pages: int) -> float:
    """The inside margin print-on-demand services require for a book of this many pages."""
    return next((inside for most, inside in GUTTERS if pages <= most), GUTTERS[-1][1])


def print_margins(layout: Layout, pages: int) -> Layout:
    """The layout's margins, raised where a printed book of ``pages`` pages needs more (never lowered)."""
    m = layout.margins
    outer = MIN_OUTER * 1.5 if layout.bleed else MIN_OUTER
    margins = Margins(
        top=max(m.top, outer),
        bottom=max(m.bottom, outer),
        inside=max(m.inside, gutter(pages)),
        outside=max(m.outside, outer),
    )
    return layout.model_copy(update={"margins": margins})


def padded(pages: int) -> int:
    """Print-on-demand page counts: at least 24, and even."""
    pages = max(pages, 24)
    return pages + pages % 2


def grid_of(n: int) -> tuple[int, int]:
    return GRIDS[n]


def split(box: Box, columns: int, rows: int, gap: float) -> list[Box]:
    """Cells of a columns x rows grid inside ``box``, in reading order."""
    w = (box.w - gap * (columns - 1)) / columns
    h = (box.h - gap * (rows - 1)) / rows
    return [
        Box(
            box.x0 + c * (w + gap),
            box.y1 - (r + 1) * h - r * gap,
            box.x0 + c * (w + gap) + w,
            box.y1 - r * h - r * gap,
        )
        for r in range(rows)
        for c in range(columns)
    ]


def mark_room(box: Box, wanted: float | None = None, scale: float = 1.0) -> float:
    """Room kept around a maze for the start and end arrows and their words; ``scale`` grows it on
    pages larger than Letter (by its square root: the maze needs the room too), so a poster's arrows and
    words are in proportion to its headings."""
    return wanted if wanted else max(10.0, min(34.0 * scale**0.5, 0.07 * min(box.w, box.h)))


def page_scale(layout: Layout) -> float:
    """How much larger than Letter the page is (at least 1): marks and their words grow by it."""
    return max(1.0, min(layout.trim) / 612)


def wall_for(cell: float, weight: float) -> float:
    """Walls grow with big cells (a 72 pt cell with 1.5 pt walls looks spindly), up to 4 pt."""
    return max(weight, min(4.0, cell / 25))


def fit(box: Box, width: int, height: int, room: float) -> tuple[float, float, float]:
    """Largest square cell for a W x H maze in ``box``, and the maze's centred bottom-left corner."""
    cell = min((box.w - 2 * room) / width, (box.h - 2 * room) / height)
    x = box.x0 + (box.w - cell * width) / 2
    y = box.y0 + (box.h - cell * height) / 2
    return cell, x, y


def _slot_items(
    layout: Layout, slot: Box, maze: MazeRequest, caption_size: float, answer: bool, wall: float
) -> tuple[list[Item], float]:
    """Caption, maze and info line in one slot; also returns the cell size."""
    info = answer or layout.show_seed or layout.show_difficulty  # answers always show their seed
    info_h = layout.small_size + 8 if info else 0.0
    box = Box(slot.x0, slot.y0 + info_h, slot.x1, slot.y1 - caption_size - 6)
    scale = page_scale(layout)
    pair = PAIRS[layout.pictures] if layout.pictures and not answer else None
    picture = max(MIN_PICTURE, min(0.1 * min(box.w, box.h), 72 * scale)) if pair else 0.0
    extra = picture + 4 if pair else 0.0  # the pictures sit beyond the arrows
    room = mark_room(box, None if answer else layout.mark_room, scale)
    cell, x, y = fit(box, maze.width, maze.height, room + extra)
    if not answer and layout.mark_room is None and cell * 0.8 > room:  # big cells want big arrows
        room = min(cell * 0.8, 0.12 * min(box.w, box.h))
        cell, x, y = fit(box, maze.width, maze.height, room + extra)
    top = y + cell * maze.height + room + extra + 4
    label = f"Maze {maze.shown}" + (f" · {isolate(maze.title)}" if maze.title and not answer else "")
    source = f"{maze.where}.title" if maze.title and not answer else ""
    items: list[Item] = [
        Text(
            slot.x0 + slot.w / 2,
            top + 4,
            label,
            caption_size,
            True,
            "center",
            max_width=slot.w,
            source=source,
        ),
        MazeFrame(
            maze.number,
            x,
            y,
            cell,
            wall_for(cell, wall),
            answer,
            room * 0.85,
            layout.solution_gray,
            12 * scale,
            (layout.start_label, layout.end_label),
            (layout.where("start_label"), layout.where("end_label")),
            picture,
            pair,
        ),
    ]
    if info:
        items.append(
            MazeInfo(
                maze.number,
                slot.x0 + slot.w / 2,
                y - room - extra - layout.small_size - 4,
                max(MIN_TEXT, layout.small_size - 1),
                seed=answer or layout.show_seed,
                rating=layout.show_difficulty and not answer,
            )
        )
    return items, cell


def _by_student(mazes: list[MazeRequest]) -> list[list[MazeRequest]]:
    groups: list[list[MazeRequest]] = []
    for maze in mazes:
        if groups and groups[-1][0].student == maze.student:
            groups[-1].append(maze)
        else:
            groups.append([maze])
    return groups


def _page_frame(
    layout: Layout,
    page: Page,
    title: str,
    student: str | None = None,
    student_where: str = "",
    title_where: str = "",
) -> Box:
    """Header, footer, name line and instructions; returns the box left for the mazes."""
    box = content_box(layout, page.number)
    s = layout.small_size
    top, bottom = box.y1, box.y0
    values = {"page": page.number, "title": isolate(title), "pages": PAGES}
    middle = box.x0 + box.w / 2
    if layout.footer:
        text = layout.footer.format(**values)
        page.items.append(
            Text(
                middle,
                box.y0,
                text,
                s,
                align="center",
                gray=0.3,
                max_width=box.w,
                source=layout.where("footer"),
            )
        )
        bottom += s + GAP
    if layout.header:
        text = layout.header.format(**values)
        page.items.append(
            Text(
                middle,
                top - s,
                text,
                s,
                align="center",
                gray=0.3,
                max_width=box.w,
                source=layout.where("header"),
            )
        )
        top -= s + GAP
    if page.kind == "maze" and layout.title_heading:  # a handout says whose it is: "Room 12 Mazes"
        size = layout.caption_size
        top -= size
        page.items.append(Text(middle, top, title, size, True, "center", max_width=box.w, source=title_where))
        top -= GAP / 2
    if page.kind == "maze" and layout.name_line:
        size = layout.caption_size
        top -= size
        third = box.w / 3
        for i, word in enumerate(("Name", "Date", "Class")):
            x = box.x0 + i * third
            page.items.append(Text(x, top, word, size))
            page.items.append(Rule(x + size * 2.9, top - 2, x + third - 12, top - 2, MIN_LINE))
            if i == 0 and student:  # a class set: the name is printed on the line
                width = third - size * 3.6
                page.items.append(
                    Text(x + size * 3.3, top, student, size, bold=True, max_width=width, source=student_where)
                )
        top -= GAP
    if page.kind == "maze" and layout.instructions:
        top -= layout.caption_size
        page.items.append(
            Text(
                box.x0,
                top,
                layout.instructions,
                layout.caption_size,
                max_width=box.w,
                source=layout.where("instructions"),
            )
        )
        top -= GAP
    return Box(box.x0, bottom, box.x1, top)


def plan_book(spec: Spec, layout: Layout, mazes: list[MazeRequest], layout_name: str = "") -> BookPlan:
    """Pages of positioned items for the whole book. Raises SpecError for every maze too dense to print.

    A print edition gets the margins its page count requires (the gutter grows with the spine), so the
    book is planned once to count its pages and again with those margins; `pad` adds notes pages at the
    end to reach a page count printers accept. The count never changes between the two plans: pages
    hold a fixed number of mazes.
    """
    plan = _plan(spec, layout, mazes, layout_name)
    total = padded(len(plan.pages)) if spec.book.pad else len(plan.pages)
    if spec.book.edition == "print":
        wider = print_margins(layout, total)
        if wider.margins != layout.margins:
            plan = _plan(spec, wider, mazes, layout_name)
        layout = wider
    for number in range(len(plan.pages) + 1, total + 1):
        page = Page(number, "notes")
        area = _page_frame(layout, page, spec.book.title)
        page.items.append(
            Text(area.x0, area.y1 - layout.heading_size, "Notes", layout.heading_size, bold=True)
        )
        plan.pages.append(page)
    if spec.book.answer_key == "separate":
        plan.answers = _finish(_answers_plan(spec, layout, mazes, plan.maze_pages), layout)
    return _finish(plan, layout)


def _finish(plan: BookPlan, layout: Layout) -> BookPlan:
    """Fill in {pages} now that the count is known, and the trim box of every page."""
    count = str(len(plan.pages))
    for page in plan.pages:
        page.items = [
            replace(i, text=i.text.replace(PAGES, count)) if isinstance(i, Text) and PAGES in i.text else i
            for i in page.items
        ]
    plan.trims = [trim_box(layout, p.number) for p in plan.pages]
    plan.bleed = layout.bleed
    return plan


def _answers_plan(
    spec: Spec, layout: Layout, mazes: list[MazeRequest], maze_pages: dict[int, int]
) -> BookPlan:
    """The answer key as a document of its own (``answer_key: separate``), so the students' sheets go to
    the copier alone; each answer still names the book page its maze is on."""
    pages: list[Page] = []

    def new_page(kind: PageKind, bookmark: str | None = None) -> Page:
        page = Page(len(pages) + 1, kind, bookmark=bookmark)
        pages.append(page)
        return page

    _answer_pages(layout, mazes, maze_pages, new_page, spec.book.title)
    w, h = layout.size
    book = spec.book
    fonts = (layout.font, layout.bold_font)
    return BookPlan(w, h, pages, f"{book.title}: answers", book.author, "answer key", {}, fonts, book.edition)


def _plan(spec: Spec, layout: Layout, mazes: list[MazeRequest], layout_name: str = "") -> BookPlan:
    book = spec.book
    w, h = layout.size
    pages: list[Page] = []
    maze_pages: dict[int, int] = {}

    def new_page(kind: PageKind, bookmark: str | None = None) -> Page:
        page = Page(len(pages) + 1, kind, bookmark=bookmark)
        pages.append(page)
        return page

    title_page = layout.title_page if book.title_page is None else book.title_page
    if title_page:
        _title_page(new_page("title", bookmark="Title"), layout, spec, len(mazes))
    if book.copyright or book.isbn:
        _copyright_page(new_page("copyright"), layout, spec)
    screen = book.edition == "screen"
    entries = len(mazes) + (1 if book.answer_key is True else 0)
    contents = (
        [
            new_page("contents", bookmark=None if i else "Contents")
            for i in range(_contents_pages(layout, entries))
        ]
        if screen
        else []
    )

    problems: list[Problem] = []
    dense: set[str] = set()
    per_page = layout.mazes_per_page
    columns, rows = grid_of(per_page)
    caption = layout.heading_size if per_page == 1 else layout.caption_size
    min_cell = max(layout.min_cell, 3 * layout.wall_weight)
    chunks = [
        group[start : start + per_page]
        for group in _by_student(mazes)  # a class set never mixes two students on a page
        for start in range(0, len(group), per_page)
    ]
    for chunk in chunks:
        page = new_page("maze", bookmark="Mazes" if not maze_pages else None)
        area = _page_frame(
            layout, page, book.title, chunk[0].student, chunk[0].student_where, spec.where("title")
        )
        for slot, maze in zip(split(area, columns, rows, GAP), chunk, strict=False):
            items, cell = _slot_items(layout, slot, maze, caption, False, layout.wall_weight)
            page.items += items
            maze_pages[maze.number] = page.number
            if cell < min_cell and maze.where not in dense:  # once per entry, not per copy or student
                dense.add(maze.where)
                problems.append(_too_dense(maze, cell, min_cell, layout, layout_name or book.layout, spec))
    if problems:
        raise SpecError(list(dict.fromkeys(problems)))  # a class set repeats each maze once per student

    answer_pages: dict[int, int] = {}
    if book.answer_key is True:
        answer_pages = _answer_pages(layout, mazes, maze_pages, new_page, book.title)
    if screen:
        _contents(layout, contents, mazes, maze_pages, answer_pages, book.title)
        _answer_links(layout, pages, answer_pages, maze_pages)
    return BookPlan(
        w,
        h,
        pages,
        book.title,
        book.author,
        "1 maze" if len(mazes) == 1 else f"{len(mazes)} mazes",
        maze_pages,
        (layout.font, layout.bold_font),
        book.edition,
        fallbacks=tuple(layout.fallback_fonts),
        font_where=_font_where(layout),
    )


def _font_where(layout: Layout) -> dict[str, str]:
    fallbacks = {font: layout.where(f"fallback_fonts[{i}]") for i, font in enumerate(layout.fallback_fonts)}
    return {**fallbacks, layout.bold_font: layout.where("bold_font"), layout.font: layout.where("font")}


def _title_page(page: Page, layout: Layout, spec: Spec, count: int) -> None:
    book = spec.book
    box = content_box(layout, page.number)
    cx = box.x0 + box.w / 2
    y = box.y0 + box.h * 0.62
    size = max(layout.heading_size * 2, 28.0)
    at = spec.where
    page.items.append(
        Text(cx, y, book.title, size, True, "center", max_width=box.w, source=at("title"), wrap=True)
    )
    y -= size * 0.9
    if book.subtitle:
        page.items.append(
            Text(
                cx,
                y,
                book.subtitle,
                layout.heading_size,
                align="center",
                max_width=box.w,
                source=at("subtitle"),
            )
        )
        y -= layout.heading_size * 1.6
    if book.author:
        y -= layout.caption_size
        size = layout.caption_size * 1.2
        page.items.append(
            Text(cx, y, book.author, size, align="center", max_width=box.w, source=at("author"))
        )
    if book.belongs_to:  # a child writes their name here
        size = layout.caption_size * 1.2
        y = box.y0 + box.h * 0.22
        words = "This book belongs to"
        page.items.append(Text(cx, y + size * 1.4, words, size, align="center"))
        page.items.append(Rule(cx - box.w * 0.3, y - 2, cx + box.w * 0.3, y - 2, MIN_LINE))
    mazes = "1 maze" if count == 1 else f"{count} mazes"
    page.items.append(
        Text(cx, box.y0 + layout.caption_size, mazes, layout.caption_size, align="center", gray=0.3)
    )


def _copyright_page(page: Page, layout: Layout, spec: Spec) -> None:
    """The page after the title, as a printed book has it: title, author, copyright line, ISBN."""
    book = spec.book
    box = content_box(layout, page.number)
    size = max(layout.small_size, MIN_TEXT + 1)
    holder = book.author or book.title
    lines = [
        (book.title, True, "title"),
        (f"by {book.author}" if book.author else "", False, "author"),
        ("", False, ""),
        (f"© {book.year} {holder}" if book.year else "", False, "year"),
        (book.copyright or "", False, "copyright"),
        (f"ISBN {book.isbn}" if book.isbn else "", False, "isbn"),
    ]
    y = box.y0 + size * 1.6 * (len(lines) + 1)
    for text, bold, key in lines:
        y -= size * 1.6
        if text:
            page.items.append(Text(box.x0, y, text, size, bold, max_width=box.w, source=spec.where(key)))


def _answer_pages(
    layout: Layout,
    mazes: list[MazeRequest],
    maze_pages: dict[int, int],
    new_page: Callable[..., Page],
    title: str,
) -> dict[int, int]:
    """Thumbnails with solutions in a columns x rows grid, then a note on the mazes with no single answer.

    Returns the page of each maze's answer."""
    columns, rows = layout.answer_key.columns, layout.answer_key.rows
    made: list[Page] = []

    def next_page() -> tuple[Page, Box]:
        page = new_page("answers", bookmark=None if made else "Answer key")
        area = _page_frame(layout, page, title)
        heading = "Answer key (continued)" if made else "Answer key"
        middle = area.x0 + area.w / 2
        page.items.append(
            Text(middle, area.y1 - layout.heading_size, heading, layout.heading_size, True, "center")
        )
        made.append(page)
        return page, Box(area.x0, area.y0, area.x1, area.y1 - layout.heading_size - GAP)

    page: Page | None = None
    area: Box | None = None
    slots: list[Box] = []
    answers: dict[int, int] = {}
    for maze in (m for m in mazes if m.has_answer):
        if not slots:
            page, area = next_page()
            slots = split(area, columns, rows, GAP)
        items, cell = _answer_items(layout, slots.pop(0), maze, maze_pages[maze.number])
        if cell < 3 * layout.answer_wall_weight:  # too small as a thumbnail: a page of its own
            page, area = next_page()
            items, cell = _answer_items(layout, area, maze, maze_pages[maze.number])
            slots = []
        assert page is not None
        page.items += items
        answers[maze.number] = page.number
    unanswered = [m for m in mazes if not m.has_answer]
    if not unanswered:
        return answers
    if page is None or area is None or len(slots) < columns:
        page, area = next_page()
        top = area.y1
    else:
        top = slots[len(slots) % columns].y1  # the first row left empty
    size = layout.caption_size
    named = ", ".join(f"{m.name.replace('Maze ', 'maze ')} (page {maze_pages[m.number]})" for m in unanswered)
    text = f"No single answer: the reader picks the start and the end of {named}."
    for line in _wrap(text, max(20, int(area.w / (size * 0.56)))):
        if top - size * 1.4 < area.y0:
            page, area = next_page()
            top = area.y1
        top -= size * 1.4
        page.items.append(Text(area.x0, top, line, size, max_width=area.w))
    return answers


def _contents_pages(layout: Layout, entries: int) -> int:
    box = content_box(layout, 1)
    per_page = max(1, int((box.h - 2 * layout.heading_size - 2 * GAP) / (layout.caption_size * 1.6)))
    return max(1, math.ceil(entries / per_page))


def _contents(
    layout: Layout,
    pages: list[Page],
    mazes: list[MazeRequest],
    maze_pages: dict[int, int],
    answer_pages: dict[int, int],
    title: str,
) -> None:
    """A clickable table of contents: every maze and the answer key, with page numbers."""
    entries = [
        (
            m.name + (f" · {isolate(m.title)}" if m.title else ""),
            maze_pages[m.number],
            m.student_where or (f"{m.where}.title" if m.title else ""),
        )
        for m in mazes
    ]
    if answer_pages:
        entries.append(("Answer key", min(answer_pages.values()), ""))
    size = layout.caption_size
    remaining = list(entries)
    for page in pages:
        area = _page_frame(layout, page, title)
        top = area.y1 - layout.heading_size
        page.items.append(Text(area.x0, top, "Contents", layout.heading_size, bold=True))
        top -= GAP + size
        while remaining and top - size * 1.6 >= area.y0:
            label, target, source = remaining.pop(0)
            top -= size * 1.6
            page.items.append(Text(area.x0, top, label, size, max_width=area.w - 4 * size, source=source))
            page.items.append(Text(area.x1, top, str(target), size, align="right"))
            page.items.append(Link(area.x0, top - size * 0.3, area.x1, top + size, target))


def _answer_links(
    layout: Layout,
    pages: list[Page],
    answer_pages: dict[int, int],
    maze_pages: dict[int, int],
) -> None:
    """Screen editions: each maze links to its answer, each answer label back to its maze."""
    size = layout.small_size
    for page in pages:
        if page.kind == "maze":
            numbers = [i.number for i in page.items if isinstance(i, MazeFrame)]
            targets = sorted({answer_pages[n] for n in numbers if n in answer_pages})
            if targets:
                box = content_box(layout, page.number)
                y = box.y0
                text = "Answer on page " + ", ".join(map(str, targets))
                page.items.append(Text(box.x1, y, text, size, align="right", gray=0.3))
                page.items.append(Link(box.x1 - len(text) * size * 0.6, y - 2, box.x1, y + size, targets[0]))
        elif page.kind == "answers":
            frames = [i for i in page.items if isinstance(i, MazeFrame)]
            labels = [i for i in page.items if isinstance(i, Text) and " · page " in i.text]
            for frame, label in zip(frames, labels, strict=False):
                width = len(label.text) * label.size * 0.6
                target = maze_pages[frame.number]
                page.items.append(
                    Link(label.x - width / 2, label.y - 2, label.x + width / 2, label.y + label.size, target)
                )


def _answer_items(layout: Layout, slot: Box, maze: MazeRequest, page: int) -> tuple[list[Item], float]:
    items, cell = _slot_items(layout, slot, maze, layout.caption_size * 0.85, True, layout.answer_wall_weight)
    label = f"{maze.name} · page {page}"
    return [
        replace(i, text=label, source=maze.student_where)  # a class set's label holds the name
        if isinstance(i, Text)
        else replace(i, short=True)
        if isinstance(i, MazeInfo)
        else i
        for i in items
    ], cell


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current else lines


def _too_dense(
    maze: MazeRequest, cell: float, min_cell: float, layout: Layout, name: str, spec: Spec
) -> Problem:
    """Say what is wrong and what would fit: a smaller maze, or the smallest preset that takes it; or,
    when not even a 1x1 maze fits, the layout setting that leaves no room."""
    page = size_name(layout.trim)
    box = content_box(layout, 1)
    m = layout.margins
    if box.w < 72 or box.h < 72:
        key = "margins" if "margins" in layout._where else "page_size"
        return Problem(
            layout.where(key),
            f"the margins (inside {m.inside:g} pt + outside {m.outside:g} pt across, top {m.top:g} pt + "
            f"bottom {m.bottom:g} pt down) leave {max(box.w, 0):.0f} x {max(box.h, 0):.0f} pt of the {page} "
            "page for mazes, less than 1 inch; use a larger page_size or smaller margins",
        )
    largest = _largest(layout, maze)
    if largest is None:
        if 3 * layout.wall_weight > layout.min_cell and _fits(layout, replace(maze, width=1, height=1), 0):
            return Problem(
                layout.where("wall_weight"),
                f"walls of {layout.wall_weight:g} pt need cells of at least {3 * layout.wall_weight:g} pt "
                f"(three times the wall), and none fit on the {page} page; use a lighter wall_weight",
            )
        return Problem(
            layout.where("min_cell"),
            f"{name} on {page} leaves no room for even a 1x1 maze with cells of {min_cell:g} pt "
            f"(heading {layout.heading_size:g} pt, {layout.mazes_per_page} mazes per page); "
            "lower min_cell, heading_size or mazes_per_page, or use a larger page_size",
        )
    fixes = []
    if layout.mazes_per_page > 1 and _fits(layout.model_copy(update={"mazes_per_page": 1}), maze):
        fixes.append("use mazes_per_page: 1")
    fixes.append(f"make it at most {largest[0]}x{largest[1]}")
    fits = [p for p in _presets_by_area() if _fits(for_book(load_layout(p), spec), maze)]
    if fits and fits[0] != name:
        fixes.append(f"use layout: {fits[0]}")
    size = f"{maze.width}x{maze.height}" + (f" (the size {maze.size_from} sets)" if maze.size_from else "")
    per_page = f" at {layout.mazes_per_page} a page" if layout.mazes_per_page > 1 else ""
    return Problem(
        maze.where + ".size",
        f"{size} is too dense for {name}{per_page} on {page}: its cells would be {cell:.1f} pt, the minimum "
        f"is {min_cell:.1f} pt; {', or '.join(fixes)}",
    )


def for_book(layout: Layout, spec: Spec) -> Layout:
    """The layout as this book uses it: an age preset makes lines heavier and cells bigger, never
    lighter or smaller; a class set prints each name on a Name line."""
    if spec.book.difficulty is not None:
        age = AGES[spec.book.difficulty]
        update = {
            "wall_weight": max(layout.wall_weight, age.wall),
            "min_cell": max(layout.min_cell, age.cell * 0.75),
        }
        layout = layout.model_copy(update=update)
    if spec.book.students:
        layout = layout.model_copy(update={"name_line": True})
    return layout


def _largest(layout: Layout, maze: MazeRequest) -> tuple[int, int] | None:
    """The largest maze of the same shape that fits its box, found by bisection; None if not even 1x1."""
    low, high = 0.0, 1.0
    for _ in range(30):
        mid = (low + high) / 2
        w, h = max(1, math.floor(maze.width * mid)), max(1, math.floor(maze.height * mid))
        if _fits(layout, replace(maze, width=w, height=h)):
            low = mid
        else:
            high = mid
    w, h = max(1, math.floor(maze.width * low)), max(1, math.floor(maze.height * low))
    return (w, h) if _fits(layout, replace(maze, width=w, height=h)) else None


def _presets_by_area() -> list[str]:
    def area(name: str) -> float:
        lay = load_layout(name)
        return lay.size[0] * lay.size[1] / lay.mazes_per_page

    return sorted(preset_names(), key=area)


def _fits(layout: Layout, maze: MazeRequest, walls: float = 3) -> bool:
    """Whether the maze gets cells of at least min_cell, and ``walls`` times the wall weight."""
    page = Page(1, "maze")
    area = _page_frame(layout, page, "")
    slot = split(area, *grid_of(layout.mazes_per_page), GAP)[0]
    caption = layout.heading_size if layout.mazes_per_page == 1 else layout.caption_size
    _, cell = _slot_items(layout, slot, maze, caption, False, layout.wall_weight)
    return cell >= max(layout.min_cell, walls * layout.wall_weight)


def plan_single(maze: MazeRequest, answer: bool, layout: Layout | None = None) -> BookPlan:
    """A one-page plan for a single maze (`puzzlebook maze --format pdf`): Letter, turned to landscape
    when the maze is drawn larger that way, as large as it fits."""
    if layout is None:
        upright = Layout(title_page=False, footer="")
        turned = Layout(title_page=False, footer="", page_size="11x8.5in")
        layout = max((upright, turned), key=lambda candidate: _single(candidate, maze, answer)[1])
    page, cell = _single(layout, maze, answer)
    if cell < 2 * layout.wall_weight:
        raise LayoutError(
            f"a {maze.width}x{maze.height} maze is too dense for one Letter page; try svg or png"
        )
    w, h = layout.size
    title = f"Maze: {maze.algorithm} {maze.width}x{maze.height}, seed {maze.seed}"
    fonts = (layout.font, layout.bold_font)
    return BookPlan(w, h, [page], title, None, "1 maze", {maze.number: 1}, fonts, "print")


def _single(layout: Layout, maze: MazeRequest, answer: bool) -> tuple[Page, float]:
    page = Page(1, "maze")
    area = _page_frame(layout, page, "")
    items, cell = _slot_items(layout, area, maze, layout.heading_size, answer, layout.wall_weight)
    page.items += items
    return page, cell
