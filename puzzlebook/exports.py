"""One maze written in a format: text, JSON, PDF, SVG or PNG (``puzzlebook maze``; which one the
command line asked for is ``cli.mazes.output_format``'s)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # each format's renderer loads when that format is asked for
    from .puzzles import Puzzle
    from .spec.request import MazeRequest


class TextFormat(StrEnum):
    txt = "txt"
    json = "json"
    pdf = "pdf"
    svg = "svg"
    png = "png"


def export(puzzle: Puzzle, fmt: TextFormat, solution: bool, dpi: int = 300) -> bytes:
    """The whole file at once, for a small maze (the tests read it back)."""
    return b"".join(export_chunks(puzzle, fmt, solution, dpi))


def export_chunks(puzzle: Puzzle, fmt: TextFormat, solution: bool, dpi: int = 300) -> Iterator[bytes]:
    """The file in pieces to write one after another: text, JSON and SVG a few rows at a time, so a
    maze of millions of cells is written in flat memory; a PNG (under its 100 million pixels) and a
    one-page PDF whole."""
    if fmt is TextFormat.json:
        from .interchange import json_chunks

        return json_chunks(puzzle)
    if fmt is TextFormat.txt:
        from .render.text import text_chunks

        return text_chunks(puzzle, show_solution=solution)
    if fmt is TextFormat.svg:
        from .render.svg import svg_chunks

        return (chunk.encode() for chunk in svg_chunks(puzzle, show_solution=solution))
    return iter([_whole(puzzle, fmt, solution, dpi)])


def _whole(puzzle: Puzzle, fmt: TextFormat, solution: bool, dpi: int) -> bytes:
    if fmt is TextFormat.png:
        from .render.png import maze_png  # Pillow loads only when a PNG is asked for

        return maze_png(puzzle, dpi, show_solution=solution)
    # the one format left: a PDF page
    from .graph import GraphMaze
    from .layout import plan_single
    from .render.pdf import write_pdf

    grid = (
        puzzle.maze.grid.kind.name if isinstance(puzzle.maze, GraphMaze) and not puzzle.weave else "rectangle"
    )
    request = _page_request(puzzle.maze.width, puzzle.maze.height, grid, puzzle.weave)
    request = replace(request, algorithm=puzzle.algorithm, options=dict(puzzle.options), seed=puzzle.seed)
    return write_pdf(plan_single(request, answer=solution), lambda _: puzzle)


def page_axis(width: int, height: int, grid: str, weave: float) -> str:
    """The axis a one-page PDF plans a maze's ends on (``plan_single``), for its ``suggested`` ends to be
    made on, as a book's are (``pages.with_axes``): made anywhere, ends by the sides of an upright page
    found no room for their Start and Finish, and half the pages printed arrows alone. The maze's page
    decides it with ``--solution`` too, so that a maze and its solution printed apart have one pair of
    ends."""
    from .layout import MazeFrame, plan_single

    plan = plan_single(_page_request(width, height, grid, weave), answer=False)
    return next(item.axis for item in plan.pages[0].items if isinstance(item, MazeFrame))


def _page_request(width: int, height: int, grid: str, weave: float) -> MazeRequest:
    """The maze as its one page plans it: a whole field with ``suggested`` ends."""
    from .errors import Where
    from .spec.request import MazeRequest

    return MazeRequest(1, 0, Where(), width, height, "", {}, 0, None, "suggested", grid=grid, weave=weave)
