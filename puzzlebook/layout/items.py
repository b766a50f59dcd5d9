"""What a planned page holds: positioned items in PDF points, y up. Plain data that the renderers draw."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..errors import At


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
    source: At = ""  # where the words were written (book.yaml:1: title), for text too long to fit
    wrap: bool = False  # too wide for one line: two lines (the first above), before any shrinking
    lines: int = 2  # with ``wrap``, at most this many lines, as few as fit
    hang: bool = False  # with ``wrap``, the first line at ``y`` and the rest below it, not above


@dataclass(frozen=True, slots=True)
class Rule:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    gray: float = 0.0  # 0 black; a notes page's lines are lighter than the lines to write a name on


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
    ratings: tuple[str, str, str] = ("Easy", "Medium", "Hard")  # in the book's words
    words: tuple[str, str] = ("seed", "rings")  # seed 42, 10 rings: in the book's words
    fixed: bool = False  # where the plan put it, the same on every page, not moved with its maze: a
    # rating in its tag under the heading, or an answer's page alone at the slot's foot
    answer: str = ""  # "Answer on page 31", in the book's words (show_answer_page), filled in once known


TAG_ABOVE, TAG_BELOW = 1.15, 0.45
"""A rating's tag, the gray outline round Easy, Medium or Hard: how far it reaches above and below the
word's baseline, in the word's size (``render.pdf._tag`` draws it, ``frames`` keeps its room)."""


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
    solution_color: tuple[float, float, float]  # the answer line's, RGB (black unless a layout names one)
    label: float = 12.0  # the largest size of the Start and Finish words
    words: tuple[str, str] = ("Start", "Finish")  # beside the start and end arrows
    words_where: tuple[At, At] = ("", "")  # where they were written, for words too long to fit
    picture: float = 0.0  # size of the start and end pictures, beyond the arrows; 0 for none
    pictures: tuple[str, str] | None = None  # their names, such as ("mouse", "cheese")
    solution_width: float = 3.0  # pt, the answer line's (see boxes.solution_width)
    # The room under its caption the maze's group (maze, signs, info line) stands in: room for the signs
    # is planned on every side, since where the ends fall is known only once the maze is made; drawn, the
    # group is moved, never scaled, to stand balanced in it (layout.settle). None: drawn where planned.
    area: Box | None = None
    below: float = 0.0  # the info line's room under the group
    wall_gray: float = 0.0  # the walls' gray: black on a maze page, mid gray under an answer line
    axis: str = ""  # with pictures, the sides planned for them: "left-right" or "top-bottom" (AXES)
    reach: tuple[float, float] | None = None  # the room planned beside the maze and above and below it
    beside: float = 0.0  # the room planned left and right for a word longer than its arrow (signs.marks)
    tint: tuple[float, float, float] | None = None  # a shape's light colour inside its walls (maze pages)
    # drawn where planned (no ``area``): the box its words keep within, an answer's slot (``settle``)
    bounds: Box | None = None


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
    font_where: dict[str, At] = field(default_factory=dict)  # where each font was named, for its problems
    rules: str = ""  # "office": a print edition for an office printer, checked without page counts
    pictures_held: dict[float, int] = field(default_factory=dict)  # a picture size, by the maze it is for


def answered(plans: list[BookPlan]) -> list[int]:
    """The mazes whose answers these files draw, in the order they draw them."""
    frames = (i for plan in plans for page in plan.pages for i in page.items if isinstance(i, MazeFrame))
    return list(dict.fromkeys(item.number for item in frames if item.answer))


def drawing_order(pages: list[Page]) -> list[int]:
    """The pages (their indexes) in the order they are drawn: each answer page as soon as every page
    showing one of its mazes is drawn, the answer pages in their own order, the other pages in the
    book's. A maze and its answer's line are then let go a few pages after they are made, where a key
    drawn last kept every answered maze until the end (a 5,000-maze book peaked 11 MB higher). The
    file's page tree still lists the pages in the book's order, and the order depends on the plan
    alone: a book is the same file however fast its mazes come."""
    shown = {
        item.number: index
        for index, page in enumerate(pages)
        if page.kind != "answers"
        for item in page.items
        if isinstance(item, MazeFrame)
    }
    keys = [index for index, page in enumerate(pages) if page.kind == "answers"]
    needs = [  # the last page each key page waits for (-1: none)
        max((shown.get(i.number, -1) for i in pages[key].items if isinstance(i, MazeFrame)), default=-1)
        for key in keys
    ]
    order: list[int] = []
    waiting = 0  # the first key page not drawn yet

    def keys_up_to(index: int) -> None:
        nonlocal waiting
        while waiting < len(keys) and needs[waiting] <= index:
            order.append(keys[waiting])
            waiting += 1

    keys_up_to(-1)
    for index, page in enumerate(pages):
        if page.kind != "answers":
            order.append(index)
            keys_up_to(index)
    return order + keys[waiting:]


def drawn_twice(plan: BookPlan) -> set[int]:
    """The mazes this file draws more than once: their walls are worth a form of their own."""
    seen: set[int] = set()
    twice: set[int] = set()
    for item in (i for page in plan.pages for i in page.items if isinstance(i, MazeFrame)):
        (twice if item.number in seen else seen).add(item.number)
    return twice


def poster(mazes: int, page: int) -> bool:
    """Whether a book of ``mazes`` mazes whose first is on ``page`` is a poster: its one maze on its
    first page, which says neither "Maze 1" nor a page number, and neither does its answer."""
    return mazes == 1 and page == 1
