"""A maze planned in a slot as its book plans it: the layout as the book uses it (``for_book``), the one
size of a book's start and end pictures and of its Start and Finish words (``book_signs``, planned once
from all its mazes, so that they print alike on every page), and a maze in the first slot of a page of
this layout or another (``slot_frame``, ``fits``, ``fewer_a_page``), for the checks that size mazes
before the book is planned: a size they offer is sized as its book will be.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..settings import GRIDS, Layout
from ..spec.request import AGES, MazeRequest
from .boxes import GAP, at_cells, for_children, grid_of, least_cell, page_scale, split, walls_of
from .frames import slot_items
from .furniture import page_frame
from .items import Box, Item, MazeFrame, Page
from .presets import load_layout, preset_names
from .room import readable_size

if TYPE_CHECKING:  # a spec's models load with the spec, not to plan a page
    from ..spec.load import Spec


def book_signs(
    layout: Layout,
    slot: Box,
    mazes: list[MazeRequest],
    caption: float,
    young: bool,
    pictures: float | None = None,
) -> tuple[float, float, int]:
    """The one size of the start and end pictures throughout a book, then of the Start and Finish words
    beside them: the least any of its mazes allows (each as large as keeps it printable, with the walls
    it is drawn with), so that they print alike on every page (a mouse was 0.85 in over a square maze
    and 0.6 in over a taller one); and the maze that allows the pictures least (0: none), which a note
    names where they are too small to colour (every maze's were told, and not the one maze's fault).
    With ``pictures``, the pictures' size is that, as another group of the book's mazes sized it."""
    shapes: dict[tuple[str, int, int], MazeRequest] = {}
    for maze in mazes:
        if maze.marks != "none":
            shapes.setdefault((maze.grid, maze.width, maze.height), maze)

    def planned(maze: MazeRequest, pictures: float) -> tuple[float, float]:  # its pictures and words
        words: list[float] = []
        wall = walls_of(layout, maze)
        items, _ = slot_items(
            layout, slot, maze, caption, False, wall, young=young, planned=words, pictures=pictures
        )
        frame = next(item for item in items if isinstance(item, MazeFrame))
        return frame.picture, words[0] if words else 0.0

    held = 0
    if pictures is None:
        sized = (
            [(planned(maze, math.inf)[0], maze.number) for maze in shapes.values()] if layout.pictures else []
        )
        pictures, held = min(((picture, n) for picture, n in sized if picture), default=(math.inf, 0))
    return pictures, min((planned(maze, pictures)[1] for maze in shapes.values()), default=0.0), held


def own_cells(layout: Layout, maze: MazeRequest) -> tuple[Layout, MazeRequest]:
    """A name as it was fitted: in its own cells (the tenth its words may take is the page's,
    ``boxes.least_of``)."""
    if maze.min_cell:
        return at_cells(layout, maze.min_cell), replace(maze, min_cell=0.0)
    return layout, maze


def _slot(
    layout: Layout,
    maze: MazeRequest,
    keep_words: bool = False,
    planned: list[float] | None = None,
    book: bool = False,
) -> tuple[list[Item], float]:
    """The maze's items and cell in the first slot of a page of the layout, as the page plans them
    (the words' size appended to ``planned``); with ``book``, with its words and pictures sized as a
    book of this maze sizes them (``book_signs``), as its page will draw them."""
    layout, maze = own_cells(layout, maze)
    area = page_frame(layout, Page(1, "maze"), "")
    slot = split(area, *grid_of(layout.mazes_per_page), GAP)[0]
    caption = layout.heading_size if layout.mazes_per_page == 1 else layout.caption_size
    young = for_children([maze])
    wall = walls_of(layout, maze)
    pictures, text, _ = book_signs(layout, slot, [maze], caption, young) if book else (math.inf, None, 0)
    return slot_items(
        layout,
        slot,
        maze,
        caption,
        False,
        wall,
        keep_words,
        young,
        text=text,
        planned=planned,
        pictures=pictures,
    )


def slot_frame(layout: Layout, maze: MazeRequest, book: bool = False) -> MazeFrame:
    """The maze's frame in the first slot of a page, as the page plans it (``book``: see ``_slot``)."""
    return next(item for item in _slot(layout, maze, book=book)[0] if isinstance(item, MazeFrame))


def words_read(layout: Layout, maze: MazeRequest) -> bool:
    """Whether the maze's Start and Finish print at ``room.readable_size`` or more in its slot, as the
    page plans them: a name as large as its page allows left them 7 pt."""
    planned: list[float] = []
    _slot(layout, maze, planned=planned)
    return bool(planned) and planned[0] >= readable_size(page_scale(layout)) - 1e-9


def fits(layout: Layout, maze: MazeRequest, walls: float = 3, words: bool = False) -> bool:
    """Whether the maze gets cells of at least min_cell, and ``walls`` times the wall weight, with its
    start and end words as the page plans them; with ``words``, also with room kept for them at the
    least size that prints (an age's size made to fit keeps its words: sized with those alone, a 10x13
    was taken, and then refused by its own page with the words the plan gave it)."""
    layout, maze = own_cells(layout, maze)
    cell = min(_slot(layout, maze, kept)[1] for kept in dict.fromkeys((False, words)))
    return cell >= max(
        layout.min_cell,
        walls * walls_of(layout, maze),
        least_cell(layout, maze) if maze.weave else 0,
    )


def as_spec_sets(layout: Layout, spec: Spec) -> Layout:
    """A preset as this spec would use it: its ages and names, and the settings it overrides (a
    square-poster was offered for an 8.5 x 8.5 in book, and would not have fitted on its page)."""
    book = spec.book
    update = {
        key: getattr(book, key)
        for key in ("page_size", "mazes_per_page", "start_label", "end_label", "pictures")
        if getattr(book, key) is not None
    }
    return for_book(layout.model_copy(update=update), spec)


def fewer_a_page(layout: Layout, takes: Callable[[Layout], bool]) -> str | None:
    """The fix of a maze a page of ``layout`` does not take: the most mazes a page under the layout's
    that ``takes`` it, as "use mazes_per_page: 2" (names 4 a page were sent to 1, where 2 took them
    and half the paper); None where no fewer do."""
    fewer = (n for n in sorted(GRIDS, reverse=True) if n < layout.mazes_per_page)
    most = next((n for n in fewer if takes(layout.model_copy(update={"mazes_per_page": n}))), None)
    return f"use mazes_per_page: {most}" if most else None


def for_book(layout: Layout, spec: Spec) -> Layout:
    """The layout as this book uses it: an age preset makes lines heavier and cells bigger, never
    lighter or smaller; a class set prints each name on a Name line; a screen edition, read a page at a
    time with no binding, has its inside and outside margins alike (the same width between them), where
    a printed book's gutter made every page jump left and right."""
    if spec.book.difficulty is not None:
        age = AGES[spec.book.difficulty]
        update = {
            "wall_weight": max(layout.wall_weight, age.wall),
            "min_cell": max(layout.min_cell, age.least_cell),
        }
        layout = layout.aged(update)  # a name fitted in smaller cells thins them (``boxes.name_walls``)
    if spec.book.students:
        layout = layout.model_copy(update={"name_line": True})
    if spec.book.edition == "screen":
        m = layout.margins
        side = (m.inside + m.outside) / 2
        layout = layout.model_copy(update={"margins": m.model_copy(update={"inside": side, "outside": side})})
    return layout


def presets_by_area() -> list[str]:
    def area(name: str) -> float:
        lay = load_layout(name)
        return lay.size[0] * lay.size[1] / lay.mazes_per_page

    return sorted(preset_names(), key=area)
