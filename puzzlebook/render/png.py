"""One maze as a PNG picture: the SVG's drawing (same sizes in points, same words) rasterised by Pillow.

The picture is drawn at the asked resolution and says so in its pHYs chunk, so it prints at the same size
as the SVG: a quarter inch a cell. A maze too large for that is drawn at a lower resolution, and one too
large even for that is refused before it is made.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..accents import accent_areas, round_marks
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
    woven,
)
from ..graph import GraphMaze
from ..layout import Figure
from ..layout.badges import badge_shown
from ..layout.signs import marks
from ..maze import Maze
from ..puzzles import Puzzle
from ..walls import either, wall_bits, wall_lines

SIZES = Figure()  # points, as in the SVG
CELL = SIZES.cell
DPI = 300
MIN_CELL = 4  # pixels: below this a wall and a corridor cannot both be seen
MAX_PIXELS = 100_000_000  # about 100 MB of image in memory while drawing
NEAREST = Image.Resampling.NEAREST  # a pixel stretched is copied
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
    rectangle a run (same coordinates, truncated as Pillow truncates them), made without a step of
    Python a run. The maze is drawn first as a small picture of its grid, a pixel for each corner, each
    wall between two corners and each cell's inside; then each column of it is stretched to the pixels
    its corner's walls (or its cells' insides) cover, and each row likewise, by Pillow: a wall run
    from corner to corner covers its corners' walls whole, so the stretched grid is the rectangles."""
    assert isinstance(puzzle.maze, Maze)
    maze = puzzle.maze
    w, h, stride = maze.width, maze.height, maze.grid.stride
    width, height = size
    half = wall // 2

    def spans(count: int, limit: int) -> list[tuple[int, int]]:
        """The pixels (first, past the last) each grid line's walls cover, a corner's, then a cell's
        inside between two, in turn: a corner's from the first pixel a wall there covers to its last."""
        corners = [(room + i * CELL) * scale for i in range(count + 1)]
        first = [max(0, int(c - half)) for c in corners]
        last = [min(limit - 1, int(c + wall - 1 - half)) for c in corners]
        found = []
        for i in range(count + 1):
            found.append((first[i], last[i] + 1))
            if i < count:
                found.append((last[i] + 1, first[i + 1]))
        return found

    across, down = wall_bits(maze, gaps(puzzle))
    none = bytes(w + 1)
    grid = bytearray()  # (2w + 1) x (2h + 1): corner, wall, corner... on a grid line; between lines,
    for line in range(h + 1):  # a wall, a cell's inside, a wall...
        walls = bytes(across[line * stride + 1 : line * stride + 1 + w])
        above = bytes(down[(line - 1) * stride : (line - 1) * stride + w + 1]) if line else none
        below = bytes(down[line * stride : line * stride + w + 1]) if line < h else none
        on_line = bytearray(2 * w + 1)
        on_line[0::2] = either(b"\0" + walls, walls + b"\0", above, below)  # a corner any wall meets
        on_line[1::2] = walls
        grid += on_line
        if line < h:
            between = bytearray(2 * w + 1)
            between[0::2] = below
            grid += between
    small = Image.frombytes("L", (2 * w + 1, 2 * h + 1), bytes(grid.translate(_INK))).convert("1")
    wide = Image.new("1", (width, 2 * h + 1), 1)
    for column, (start, end) in enumerate(spans(w, width)):
        if end > start:
            wide.paste(
                small.crop((column, 0, column + 1, 2 * h + 1)).resize((end - start, 2 * h + 1), NEAREST),
                (start, 0),
            )
    del small
    image = Image.new("1", size, 1)
    for row_at, (start, end) in enumerate(spans(h, height)):
        if end > start:
            image.paste(
                wide.crop((0, row_at, width, row_at + 1)).resize((width, end - start), NEAREST), (0, start)
            )
    return image


_INK = bytes([255, 0]) + bytes(254)
"""A wall's place in ``wall_bits`` (1) as black, an empty one (0) as white."""


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
    sizes = SIZES.woven(woven(puzzle))
    wall = max(1, round(sizes.wall * scale))
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
    for u0, v0, u1, v1 in outline_runs(puzzle, CELL):  # a shape's outline, heavier, over its walls
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
    for x, y, rx, ry in round_marks(puzzle, CELL):  # a word's large dots, round as its letters'
        (a, b), (c, d) = at(x, y), at(x + rx, y + ry)
        across, down = abs(c - a) + heavy / 2, abs(d - b) + heavy / 2  # its stroke centred on the ellipse
        draw.ellipse((a - across, b - down, a + across, b + down), outline=ink, width=heavy)
    for area in accent_areas(puzzle, CELL):  # a word's small accents and dots, solid in the walls' ink
        draw.polygon([at(x, y) for x, y in area], fill=ink)
    if answer:  # black, over the walls, as in a book's answer key
        for piece in solution_lines(puzzle):  # a weave maze's broken where it runs under a bridge
            line = [at(x, y) for x, y in piece]
            draw.line(line, fill=0, width=round(sizes.solution * scale), joint="curve")
    place = Placement(room, -(room + h * CELL), CELL, h)

    def font(size: float) -> ImageFont.FreeTypeFont:
        return ImageFont.truetype(str(BOLD), max(1, round(size * scale)))

    def measure(word: str, size: float) -> float:
        return font(size).getlength(word) / scale

    for mark in marks(puzzle, place, SIZES.mark, measure):
        if answer and mark.lead:  # the line on to an arrow kept off a zigzag's walls
            draw.line([px(*end) for end in mark.lead], fill=0, width=round(sizes.solution * scale))
        if mark.kind == "arrow":
            draw.polygon([px(x, y) for x, y in mark.polygon], fill=0)
            if mark.label:
                x, y, align = mark.label
                anchor = {"center": "ms", "right": "rs"}.get(align, "ls")
                draw.text(px(x, y), mark.word, fill=0, font=font(mark.size), anchor=anchor)
        elif shown := badge_shown(mark.word, mark.role, mark.size, mark.badge, mark.center):
            (cx, cy), r, (text, text_size, baseline) = px(*mark.center), mark.badge * scale, shown
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=0)
            draw.text(px(mark.center[0], baseline), text, fill=255, font=font(text_size), anchor="ms")
        else:
            (cx, cy), r = px(*mark.center), mark.radius * scale
            box = (cx - r, cy - r, cx + r, cy + r)
            (draw.ellipse if mark.role == "start" else draw.rectangle)(box, fill=0)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=not lean, dpi=(dpi, dpi))
    return out.getvalue()
