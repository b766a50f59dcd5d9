"""The one-page plan of `puzzlebook maze --format pdf`."""

from __future__ import annotations

from dataclasses import replace

from ..errors import LayoutError
from ..settings import Layout
from ..spec.request import MazeRequest
from .boxes import least_cell, walls_of
from .frames import slot_items
from .furniture import page_frame
from .items import BookPlan, Page, Text

TURNED = 1.05
"""How much larger a maze's cells must be on a landscape page for its one page to be turned: a square
maze, a little larger sideways (its arrows' words take room beside it), stays upright, as people print."""


def plan_single(maze: MazeRequest, answer: bool, layout: Layout | None = None) -> BookPlan:
    """A one-page plan for a single maze (`puzzlebook maze --format pdf`): Letter, turned to landscape
    when the maze is drawn larger that way, as large as it fits."""
    if layout is None:
        upright = Layout(title_page=False, footer="")
        turned = Layout(title_page=False, footer="", page_size="11x8.5in")
        wider = _single(turned, maze, answer)[1] > TURNED * _single(upright, maze, answer)[1]
        layout = turned if wider else upright
    page, cell = _single(layout, maze, answer)
    if cell < 2 * layout.wall_weight:
        raise LayoutError(
            f"a {maze.width}x{maze.height} maze is too dense for one Letter page; try svg or png"
        )
    if maze.weave and cell < least_cell(layout, maze):
        raise LayoutError(
            f"a {maze.width}x{maze.height} weave maze is too dense for one Letter page: its crossings read "
            f"in cells of {least_cell(layout, maze):g} pt, and these would be {cell:.1f} pt; make it smaller, "
            "or try svg or png"
        )
    w, h = layout.size
    title = f"Maze: {maze.algorithm} {maze.width}x{maze.height}, seed {maze.seed}"
    fonts = (layout.font, layout.bold_font)
    # one page for an office printer: `check maze.pdf` asked for 24 pages and `pad: true`
    return BookPlan(w, h, [page], title, None, "1 maze", {maze.number: 1}, fonts, "print", rules="office")


SOLUTION = "Solution"
"""The heading of a one-maze solution's page: printed apart from its maze, it says what it shows (it
said "Maze 1", a number from no book)."""


def _single(layout: Layout, maze: MazeRequest, answer: bool) -> tuple[Page, float]:
    page = Page(1, "maze")
    area = page_frame(layout, page, "")
    items, cell = slot_items(  # one maze: no "Maze 1" over it (a book's one maze has none either)
        layout, area, maze, layout.heading_size, answer, walls_of(layout, maze), alone=True
    )
    if answer:  # an answer's slot is labelled as a book's key labels it, then relabelled
        items = [replace(item, text=SOLUTION) if isinstance(item, Text) else item for item in items]
    page.items += items
    return page, cell
