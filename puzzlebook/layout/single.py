"""The one-page plan of `puzzlebook maze --format pdf`."""

from __future__ import annotations

import math
from dataclasses import replace

from ..errors import Problem, SpecError
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
    given = layout
    layout = layout or _turned_or_not(maze, answer)
    page, cell = _single(layout, maze, answer)
    least = least_cell(layout, maze) if maze.weave else 2 * layout.wall_weight
    if cell < least:  # the size given, told with one that fits (it was "make it smaller", exit 1)
        kind = "weave maze" if maze.weave else "maze"  # a circle never weaves
        what = (
            f"maze of {maze.width} rings" if maze.grid == "circle" else f"{maze.width}x{maze.height} {kind}"
        )
        why = (
            f"its crossings read in cells of {least:g} pt"
            if maze.weave
            else f"its walls need {least:g} pt cells"
        )
        most = _largest(given, maze, least)
        fits = f"make it at most {most}, or " if most else ""
        raise SpecError(
            [
                Problem(
                    "--size",
                    f"a {what} is too dense for one Letter page: {why}, and these would be {cell:.1f} pt; "
                    f"{fits}use --format svg or png",
                )
            ]
        )
    w, h = layout.size
    title = f"Maze: {maze.algorithm} {maze.width}x{maze.height}, seed {maze.seed}"
    fonts = (layout.font, layout.bold_font)
    # one page for an office printer: `check maze.pdf` asked for 24 pages and `pad: true`
    return BookPlan(w, h, [page], title, None, "1 maze", {maze.number: 1}, fonts, "print", rules="office")


SOLUTION = "Solution"
"""The heading of a one-maze solution's page: printed apart from its maze, it says what it shows (it
said "Maze 1", a number from no book)."""


def _turned_or_not(maze: MazeRequest, answer: bool) -> Layout:
    """Letter, turned to landscape when the maze's cells are ``TURNED`` times larger that way."""
    upright = Layout(title_page=False, footer="")
    turned = Layout(title_page=False, footer="", page_size="11x8.5in")
    wider = _single(turned, maze, answer)[1] > TURNED * _single(upright, maze, answer)[1]
    return turned if wider else upright


def _largest(layout: Layout | None, maze: MazeRequest, least: float) -> str | None:
    """The largest size in the maze's proportions whose cells are ``least`` or more on its page, and on
    its solution's (turned as that size's page is, without a ``layout``), as ``--size`` takes it; None
    where not one cell is."""

    def sized(scale: float) -> tuple[int, int]:
        return max(1, math.floor(maze.width * scale)), max(1, math.floor(maze.height * scale))

    def fits(size: tuple[int, int]) -> bool:  # as the maze and as its solution: one size for both
        asked = replace(maze, width=size[0], height=size[1])
        return all(
            _single(layout or _turned_or_not(asked, shown), asked, shown)[1] >= least
            for shown in (False, True)
        )

    low, high = 0.0, 1.0
    for _ in range(24):  # to a size's last cell, for any size the command takes
        mid = (low + high) / 2
        low, high = (mid, high) if fits(sized(mid)) else (low, mid)
    # its room for the words by its ends changes with the size: 20x20 took 23.1 pt cells, 21x21 22.0
    # and 22x22 23.6, so the size found is made sure of, and a smaller one taken where it falls short
    size = next((s for k in range(40) if fits(s := sized(low * (1 - k / 100)))), None)
    if size is None or low == 0.0:
        return None
    return f"{size[0]} rings" if maze.grid == "circle" else f"{size[0]}x{size[1]}"


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
