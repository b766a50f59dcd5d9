"""One maze as a PNG picture: the SVG's drawing (same sizes in points, same words) rasterised by Pillow.

The picture is drawn at the asked resolution and says so in its pHYs chunk, so it prints at the same size
as the SVG: a quarter inch a cell. A maze too large for that is drawn at a lower resolution, and one too
large even for that is refused before it is made.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..errors import LayoutError
from ..puzzles import Puzzle
from .geometry import Placement, gaps, marks, solution_line, wall_lines

CELL = 18.0  # points a cell, as in the SVG
DPI = 300
MIN_CELL = 4  # pixels: below this a wall and a corridor cannot both be seen
MAX_PIXELS = 100_000_000  # about 100 MB of image in memory while drawing
LEAN = 4_000_000  # pixels above which a picture is drawn one bit a pixel
BOLD = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSans-Bold.ttf"


def _room(cell: float) -> float:
    return max(cell * 2, 28.0)  # points around the maze for the arrows and their words, as in the SVG


def _pixels(width: int, height: int, scale: float) -> float:
    room = _room(CELL) * scale
    return (width * CELL * scale + 2 * room) * (height * CELL * scale + 2 * room)


def png_dpi(width: int, height: int, dpi: int = DPI) -> int:
    """The resolution a W x H maze is drawn at: ``dpi``, or less so the picture stays under
    ``MAX_PIXELS``; a maze too large even at ``MIN_CELL`` pixels a cell is refused."""
    while _pixels(width, height, dpi / 72) > MAX_PIXELS and dpi > 1:
        dpi = int(dpi * 0.9)
    if CELL * dpi / 72 < MIN_CELL:
        largest = int((MAX_PIXELS**0.5) / MIN_CELL)
        raise LayoutError(
            f"a {width}x{height} maze is too large for a PNG picture (at most {MAX_PIXELS // 1_000_000} "
            f"million pixels, about {largest}x{largest} cells); use --format svg or pdf"
        )
    return dpi


def maze_png(puzzle: Puzzle, dpi: int = DPI, show_solution: bool = False) -> bytes:
    """A black-on-white PNG of the maze at ``dpi`` (see ``png_dpi``), with Start and Finish words.

    Everything is laid out in points exactly as the SVG is, then scaled to pixels."""
    w, h = puzzle.maze.width, puzzle.maze.height
    scale = dpi / 72
    room = _room(CELL)
    size = (round((w * CELL + 2 * room) * scale), round((h * CELL + 2 * room) * scale))
    # A large picture without the gray solution is drawn one bit a pixel: an eighth of the memory, and
    # far faster to compress; small ones keep their smooth, gray-edged words.
    lean = size[0] * size[1] > LEAN and not (show_solution and puzzle.solution)
    image = Image.new("1" if lean else "L", size, 1 if lean else 255)
    draw = ImageDraw.Draw(image)

    def at(x: float, y: float) -> tuple[float, float]:
        """Grid corners (cells, y down) to pixels."""
        return (room + x * CELL) * scale, (room + y * CELL) * scale

    def px(x: float, y: float) -> tuple[float, float]:
        """Page points (y up, negated as in the SVG) to pixels."""
        return x * scale, -y * scale

    if show_solution and puzzle.solution:
        line = [at(x, y) for x, y in solution_line(puzzle)]
        draw.line(line, fill=77, width=round(min(max(1.5, CELL * 0.35), 4.0) * scale), joint="curve")
    wall = max(1, round(1.5 * scale))
    half = wall // 2
    for runs in wall_lines(puzzle.maze, gaps(puzzle)):
        for x0, y0, x1, y1 in runs:
            (a, b), (c, d) = at(x0, y0), at(x1, y1)
            draw.rectangle((a - half, b - half, c + wall - 1 - half, d + wall - 1 - half), fill=0)
    place = Placement(room, -(room + h * CELL), CELL, h)

    def font(size: float) -> ImageFont.FreeTypeFont:
        return ImageFont.truetype(str(BOLD), max(1, round(size * scale)))

    def measure(word: str, size: float) -> float:
        return font(size).getlength(word) / scale

    for mark in marks(puzzle, place, room * 0.85, measure):
        if mark.kind == "arrow":
            draw.polygon([px(x, y) for x, y in mark.polygon], fill=0)
            if mark.label:
                x, y, align = mark.label
                anchor = {"center": "ms", "right": "rs"}.get(align, "ls")
                draw.text(px(x, y), mark.word, fill=0, font=font(mark.size), anchor=anchor)
        else:
            (cx, cy), r = px(*mark.center), mark.radius * scale
            box = (cx - r, cy - r, cx + r, cy + r)
            (draw.ellipse if mark.role == "start" else draw.rectangle)(box, fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=not lean, dpi=(dpi, dpi))
    return out.getvalue()
