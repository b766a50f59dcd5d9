"""One maze as a PNG picture, drawn with Pillow from the same geometry as the PDF."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from ..errors import LayoutError
from ..puzzles import Puzzle
from .geometry import Placement, gaps, marks, solution_line, wall_runs

CELL = 24  # pixels a cell, when the picture is not too large for it
MIN_CELL = 4  # pixels: below this a wall and a corridor cannot both be seen
MAX_PIXELS = 100_000_000  # about 100 MB of image in memory while drawing


def _room(cell: int) -> int:
    return max(cell * 3 // 2, 16)


def png_cell(width: int, height: int) -> int:
    """Pixels a cell for a W x H maze: 24, or less so the picture stays under ``MAX_PIXELS``."""
    for cell in range(CELL, MIN_CELL - 1, -1):
        room = _room(cell)
        if (width * cell + 2 * room) * (height * cell + 2 * room) <= MAX_PIXELS:
            return cell
    largest = int((MAX_PIXELS**0.5 - 2 * _room(MIN_CELL)) / MIN_CELL)
    raise LayoutError(
        f"a {width}x{height} maze is too large for a PNG picture (at most {MAX_PIXELS // 1_000_000} million "
        f"pixels, about {largest}x{largest} cells); use --format svg or pdf"
    )


def maze_png(puzzle: Puzzle, cell: int = CELL, wall: int = 3, show_solution: bool = False) -> bytes:
    """A black-on-white PNG, ``cell`` pixels per cell, with room for the arrows."""
    w, h = puzzle.maze.width, puzzle.maze.height
    wall = max(1, min(wall, cell // 4))
    room = _room(cell)
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
