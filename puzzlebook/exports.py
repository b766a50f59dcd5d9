"""One maze written in a format: text, JSON, PDF, SVG or PNG (``puzzlebook maze``; which one the
command line asked for is ``cli.mazes.output_format``'s)."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # each format's renderer loads when that format is asked for
    from .puzzles import Puzzle


class TextFormat(StrEnum):
    txt = "txt"
    json = "json"
    pdf = "pdf"
    svg = "svg"
    png = "png"


def export(puzzle: Puzzle, fmt: TextFormat, solution: bool, dpi: int = 300) -> bytes:
    if fmt is TextFormat.json:
        from .puzzles import to_json

        return (json.dumps(to_json(puzzle), separators=(",", ":")) + "\n").encode()
    if fmt is TextFormat.svg:
        from .render.svg import maze_svg

        return maze_svg(puzzle, show_solution=solution).encode()
    if fmt is TextFormat.png:
        from .render.png import maze_png  # Pillow loads only when a PNG is asked for

        return maze_png(puzzle, dpi, show_solution=solution)
    if fmt is TextFormat.pdf:
        from .errors import Where
        from .graph import GraphMaze
        from .layout import plan_single
        from .render.pdf import write_pdf
        from .spec import MazeRequest

        request = MazeRequest(
            1,
            0,
            Where(),
            puzzle.maze.width,
            puzzle.maze.height,
            puzzle.algorithm,
            dict(puzzle.options),
            puzzle.seed,
            None,
            "suggested",
            grid=puzzle.maze.grid.kind.name if isinstance(puzzle.maze, GraphMaze) else "rectangle",
        )
        return write_pdf(plan_single(request, answer=solution), lambda _: puzzle)
    from .render.text import ascii_art

    return ascii_art(puzzle, show_solution=solution).encode()
