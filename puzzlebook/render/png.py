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
from ..geometry import (
    OUTLINE,
    Placement,
    arc_points,
    extent,
    field_sides,
    gaps,
    outline_runs,
    solution_lines,
    wall_lines,
)
from ..graph import GraphMaze
from ..layout import Figure
from ..layout.signs import marks
from ..maze import Maze
from ..puzzles import Puzzle

SIZES = Figure()  # points, as in the SVG
CELL = SIZES.cell
DPI = 300
MIN_CELL = 4  # pixels: below this a wall and a corridor cannot both be seen
MAX_PIXELS = 100_000_000  # about 100 MB of image in memory while drawing
LEAN = 4_000_000  # pixels above which a picture is drawn one bit a pixel
BOLD = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSans-Bold.ttf"


def _pixels(width: int, height: int, scale: float) -> float:
    room = SIZES.room * scale
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


def _walls_lean(puzzle: Puzzle, size: tuple[int, int], room: float, scale: float, wall: int) -> Image.Image:
    """The walls of a large picture, one bit a pixel: the very pixels ``maze_png`` would draw with a
    rectangle a run (same coordinates, truncated as Pillow truncates them), but each grid line's pixel
    row is made once and copied, and a vertical run is one strided slice: for millions of runs, several
    times faster than a call to Pillow each."""
    width, height = size
    half = wall // 2

    def edges(count: int, limit: int) -> tuple[list[int], list[int]]:
        """First and last pixel a wall covers, for the wall starting and the wall ending at each corner."""
        corners = [(room + i * CELL) * scale for i in range(count + 1)]
        return (
            [max(0, int(c - half)) for c in corners],
            [min(limit - 1, int(c + wall - 1 - half)) for c in corners],
        )

    assert isinstance(puzzle.maze, Maze)
    (x_first, x_last), (y_first, y_last) = edges(puzzle.maze.width, width), edges(puzzle.maze.height, height)
    canvas = bytearray(b"\xff") * (width * height)
    black = memoryview(bytes(max(size)))
    for runs in wall_lines(puzzle.maze, gaps(puzzle)):
        if not runs:
            continue
        if runs[0][1] == runs[0][3]:  # a horizontal grid line: make its row once
            row = bytearray(b"\xff") * width
            for x0, _, x1, _ in runs:
                left, right = x_first[x0], x_last[x1]
                row[left : right + 1] = black[: right - left + 1]
            line = runs[0][1]
            for start in range(y_first[line] * width, (y_last[line] + 1) * width, width):
                canvas[start : start + width] = (
                    row  # rows of different lines never meet: a wall is thinner than a cell
                )
        else:  # a vertical grid line: each run a strided slice per pixel column
            line = runs[0][0]
            for _, y0, _, y1 in runs:
                top, bottom = y_first[y0], y_last[y1]
                for column in range(x_first[line], x_last[line] + 1):
                    canvas[top * width + column : bottom * width + column + 1 : width] = black[
                        : bottom - top + 1
                    ]
    gray = Image.frombuffer("L", size, canvas, "raw", "L", 0, 1)
    return gray.convert("1", dither=Image.Dither.NONE)


def maze_png(puzzle: Puzzle, dpi: int = DPI, show_solution: bool = False) -> bytes:
    """A black-on-white PNG of the maze at ``dpi`` (see ``png_dpi``), with Start and Finish words.

    Everything is laid out in points exactly as the SVG is, then scaled to pixels."""
    w, h = extent(puzzle.maze)
    scale = dpi / 72
    room = SIZES.room
    size = (round((w * CELL + 2 * room) * scale), round((h * CELL + 2 * room) * scale))
    # A large picture without the answer line is drawn one bit a pixel: an eighth of the memory, and
    # far faster to compress; small ones keep their smooth, gray-edged words.
    lean = size[0] * size[1] > LEAN and not (show_solution and puzzle.route is not None)
    lean = lean and not isinstance(puzzle.maze, GraphMaze)  # the lean drawing is for square cells
    wall = max(1, round(SIZES.wall * scale))
    image = _walls_lean(puzzle, size, room, scale, wall) if lean else Image.new("L", size, 255)
    draw = ImageDraw.Draw(image)

    def at(x: float, y: float) -> tuple[float, float]:
        """Grid corners (cells, y down) to pixels."""
        return (room + x * CELL) * scale, (room + y * CELL) * scale

    def px(x: float, y: float) -> tuple[float, float]:
        """Page points (y up, negated as in the SVG) to pixels."""
        return x * scale, -y * scale

    answer = show_solution and puzzle.route is not None
    ink = round(SIZES.answer_wall_gray * 255) if answer else 0  # under the answer line, a mid gray
    half = wall // 2
    if isinstance(puzzle.maze, GraphMaze):  # slanted walls: lines with round joins, as in the SVG
        lines, arcs = field_sides(puzzle)
        strokes = [[at(x0, y0), at(x1, y1)] for x0, y0, x1, y1 in lines]
        strokes += [[at(x, y) for x, y in arc_points(arc)] for arc in arcs]
        for points in strokes:
            draw.line(points, fill=ink, width=wall, joint="curve")
            for x, y in (points[0], points[-1]):
                draw.ellipse((x - wall / 2, y - wall / 2, x + wall / 2, y + wall / 2), fill=ink)
    for runs in wall_lines(puzzle.maze, gaps(puzzle)) if not lean and isinstance(puzzle.maze, Maze) else ():
        for x0, y0, x1, y1 in runs:
            (a, b), (c, d) = at(x0, y0), at(x1, y1)
            draw.rectangle((a - half, b - half, c + wall - 1 - half, d + wall - 1 - half), fill=ink)
    heavy = round(wall * OUTLINE)
    for u0, v0, u1, v1 in outline_runs(puzzle):  # a shape's outline, heavier, over its walls
        (a, b), (c, d) = at(u0, v0), at(u1, v1)
        if isinstance(puzzle.maze, GraphMaze):
            draw.line([(a, b), (c, d)], fill=ink, width=heavy)
            for x, y in ((a, b), (c, d)):
                draw.ellipse((x - heavy / 2, y - heavy / 2, x + heavy / 2, y + heavy / 2), fill=ink)
        else:
            draw.rectangle(
                (a - heavy // 2, b - heavy // 2, c + heavy - 1 - heavy // 2, d + heavy - 1 - heavy // 2),
                fill=ink,
            )
    if answer:  # black, over the walls, as in a book's answer key
        for piece in solution_lines(puzzle):  # a weave maze's broken where it runs under a bridge
            line = [at(x, y) for x, y in piece]
            draw.line(line, fill=0, width=round(SIZES.solution * scale), joint="curve")
    place = Placement(room, -(room + h * CELL), CELL, h)

    def font(size: float) -> ImageFont.FreeTypeFont:
        return ImageFont.truetype(str(BOLD), max(1, round(size * scale)))

    def measure(word: str, size: float) -> float:
        return font(size).getlength(word) / scale

    for mark in marks(puzzle, place, SIZES.mark, measure):
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
