"""One maze as a PNG picture, drawn with Pillow from the same geometry as the PDF."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from ..puzzles import Puzzle
from .geometry import Placement, gaps, marks, solution_line, wall_runs


def maze_png(puzzle: Puzzle, cell: int = 24, wall: int = 3, show_solution: bool = False) -> bytes:
    """A black-on-white PNG, ``cell`` pixels per cell, with room for the arrows."""
    w, h = puzzle.maze.width, puzzle.maze.height
    room = max(cell * 3 // 2, 16)
    image = Image.new("L", (w * cell + 2 * room, h * cell + 2 * room), 255)
    draw = ImageDraw.Draw(image)

    def at(x: float, y: float) -> tuple[float, float]:
        return room + x * cell, room + y * cell

    if show_solution and puzzle.solution:
        line = [at(x, y) for x, y in solution_line(puzzle)]
        draw.line(line, fill=77, width=max(3, int(cell * 0.25)), joint="curve")
    half = wall // 2
    for x0, y0, x1, y1 in wall_runs(puzzle.maze, gaps(puzzle)):
        (a, b), (c, d) = at(x0, y0), at(x1, y1)
        draw.rectangle((a - half, b - half, c + wall - 1 - half, d + wall - 1 - half), fill=0)
    place = Placement(room, -(room + h * cell), cell, h)  # negate y to get image rows
    for mark in marks(puzzle, place, room * 0.85):
        if mark.kind == "arrow":
            draw.polygon([(x, -y) for x, y in mark.polygon], fill=0)
        else:
            cx, cy, r = mark.center[0], -mark.center[1], mark.radius
            box = (cx - r, cy - r, cx + r, cy + r)
            (draw.ellipse if mark.role == "start" else draw.rectangle)(box, fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
