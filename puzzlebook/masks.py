"""Masks: the cells of a rectangle that make a maze, drawn in a text file, one character a cell.

``X`` or ``#`` is a cell and ``.`` or a space is none, so a teacher can draw a heart or a letter in any
editor. The maze is the drawing's bounding box; the cells left out are switched off in the grid, and
every generator that walks from cell to neighbour carves only the rest.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import inputs, kinds
from .errors import At, Problem, SpecError, Where
from .grid import size_problem

CELL = "X#"
EMPTY = ". "
MIN_CELLS = 2
MAX_BOX = 1_000_000
"""Cells in a drawing's box at most (1000x1000): checked before the cells are collected, so a huge file
cannot take the memory of millions of them."""


@dataclass(frozen=True)
class Mask:
    width: int
    height: int
    off: frozenset[tuple[int, int]]  # (x, y) of the box's cells that are not in the maze
    outline: int = 0  # cells with a side on the outside of the shape, where ends may open
    first: str = ""  # a word's: the side its first letter is drawn on ("left" or "right"), for the start

    @property
    def cells(self) -> int:
        return self.width * self.height - len(self.off)


def load_mask(
    file: Path,
    where: At,
    size: tuple[int, int] | None,
    *,
    inside: Path | None = None,
    shown: str = "",
    size_is: str = "size: WxH",
    grid: str = "rectangle",
) -> tuple[Mask | None, list[Problem]]:
    """A mask file, read as every input is (``inputs``; with ``inside``, only from that folder): a .txt
    drawing, or a .png picture fitted into ``size``, which a picture needs (``size_is`` says how to give
    it). ``where`` names the file's place in the spec or on the command line."""
    kind = file.suffix.lower()
    if kind not in (".txt", ".png"):
        named = shown or str(file)
        return None, [Problem(where, f'"{named}" is neither a .txt drawing nor a .png picture of the shape')]
    if kind == ".png" and size is None:
        return None, [Problem(where, f"a picture needs {size_is} too, the cells it is fitted into")]
    try:
        source = inputs.read_bytes(file, "mask", where, inside, shown)
        if kind == ".png":
            assert size is not None
            return picture_mask(source.data, file.name, where, *size, grid=grid)
        return parse_mask(inputs.decode(source.data, file.name, "mask"), file.name, where, grid)
    except SpecError as exc:
        return None, exc.problems


def parse_mask(text: str, name: str, where: At, grid: str = "rectangle") -> tuple[Mask | None, list[Problem]]:
    """The mask a text draws, cropped to its cells' bounding box, or the problems that stop it: a
    character that is neither a cell nor empty (with its line and column), too few cells, a size too
    large, or cells that fall apart into separate parts (a maze is one piece). ``where`` is the spec
    line that names the file."""
    rows = text.splitlines()
    box = len(rows) * max((len(row) for row in rows), default=0)
    if box > MAX_BOX:
        return None, [
            Problem(
                where, f"{name} is {box:,} characters across and down; a drawing may be at most {MAX_BOX:,}"
            )
        ]
    on: set[tuple[int, int]] = set()
    problems = []
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark in CELL:
                on.add((x, y))
            elif mark not in EMPTY:
                shown = "a tab" if mark == "\t" else f'"{mark}"'
                problems.append(
                    Problem(
                        Where(name, y + 1),
                        f"column {x + 1}: {shown} is neither a cell (X or #) nor empty (. or a space)",
                    )
                )
                break  # one problem a line is enough to find the rest
    if problems:
        return None, problems
    return shape_of(on, name, where, "mark them with X", grid)


MAX_PICTURE = 40_000_000
"""Pixels in a mask picture at most: its size is read from the header, before any pixel is."""


def picture_mask(
    data: bytes, name: str, where: At, width: int, height: int, grid: str = "rectangle"
) -> tuple[Mask | None, list[Problem]]:
    """The mask a picture draws, fitted into ``width`` x ``height`` cells keeping its proportions: a cell
    is in the maze when most of its pixels are opaque and dark. Then checked and cropped as a drawing is."""
    from PIL import Image, UnidentifiedImageError  # Pillow loads only for a picture mask

    if width * height > MAX_BOX:
        return None, [Problem(where, f"{width}x{height} is too large for a shape: at most {MAX_BOX:,} cells")]
    try:
        with Image.open(io.BytesIO(data)) as picture:
            if picture.width * picture.height > MAX_PICTURE:
                return None, [
                    Problem(
                        where,
                        f"{name} is {picture.width}x{picture.height} pixels; a mask picture may have at "
                        f"most {MAX_PICTURE:,}: make it smaller",
                    )
                ]
            rgba = picture.convert("RGBA")
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None, [Problem(where, f"{name} is not a picture puzzlebook can read; save it as a PNG")]
    gray = rgba.convert("L").point(lambda v: 255 if v < 128 else 0)  # dark pixels
    solid = rgba.getchannel("A").point(lambda v: 255 if v >= 128 else 0)  # opaque pixels
    inside = Image.composite(gray, Image.new("L", rgba.size, 0), solid)
    return shape_of(
        fit(inside, width, height, grid), name, where, "draw the shape in dark, opaque pixels", grid
    )


def fit(inside: Any, width: int, height: int, grid: str = "rectangle") -> set[tuple[int, int]]:
    """The cells of ``inside`` (a Pillow "L" image, 255 inside) fitted into ``width`` x ``height`` cells
    keeping its proportions: a cell is in when most of its pixels are. Cells of other kinds are in when
    the picture, fitted over the field's drawing, is inside at their centre."""
    from PIL import Image

    if grid != "rectangle":
        shape = kinds.kind(grid)
        ew, eh = shape.extent(width, height)
        scale = min(ew / inside.width, eh / inside.height) * 4  # four samples a corridor width
        fitted = (max(1, round(inside.width * scale)), max(1, round(inside.height * scale)))
        pixels = inside.resize(fitted, Image.Resampling.BOX).tobytes()
        on = set()
        for y in range(height):
            for x in range(width):
                cx, cy = shape.centre(x, y)
                px, py = int(cx * 4), int(cy * 4)
                if px < fitted[0] and py < fitted[1] and pixels[py * fitted[0] + px] >= 128:
                    on.add((x, y))
        return on

    scale = min(width / inside.width, height / inside.height)
    fitted = (max(1, round(inside.width * scale)), max(1, round(inside.height * scale)))
    cells = inside.resize(fitted, Image.Resampling.BOX).point(lambda v: 255 if v >= 128 else 0)
    return {(i % fitted[0], i // fitted[0]) for i, v in enumerate(cells.tobytes()) if v}


def shape_of(
    on: set[tuple[int, int]], name: str, where: At, how: str, grid: str = "rectangle"
) -> tuple[Mask | None, list[Problem]]:
    """The cells ``on`` as a mask cropped to their box (where the grid's pattern allows a cut), or why
    they cannot be a maze."""
    if len(on) < MIN_CELLS:
        return None, [
            Problem(where, f"{name} has {len(on)} cell(s); a maze needs at least {MIN_CELLS}: {how}")
        ]
    x0, y0 = kinds.kind(grid).crop(min(x for x, _ in on), min(y for _, y in on))
    width, height = max(x for x, _ in on) - x0 + 1, max(y for _, y in on) - y0 + 1
    too_large = size_problem(width, height)
    if too_large:
        return None, [Problem(where, f"{name}: {too_large}")]
    cells = {(x - x0, y - y0) for x, y in on}
    parts = parts_of(cells, grid, (x0, y0))
    if len(parts) > 1:
        sizes = sorted((len(p) for p in parts), reverse=True)
        listed = ", ".join(f"{n:,}" for n in sizes[:-1]) + f" and {sizes[-1]:,}"
        return None, [
            Problem(
                where,
                f"{name} falls apart into {len(parts)} separate parts ({listed} cells); a maze is one "
                "piece: join them with X cells side by side (corners do not join), or remove the smaller "
                "parts",
            )
        ]
    off = frozenset((x, y) for y in range(height) for x in range(width) if (x, y) not in cells)
    edge = sum(1 for x, y in cells if not set(near_cells(x, y, grid, (x0, y0))) <= cells)
    return Mask(width, height, off, edge), []


def near_cells(x: int, y: int, grid: str, origin: tuple[int, int]) -> list[tuple[int, int]]:
    """The neighbours of a cell of a field cut at ``origin`` of the whole field (its pattern is the
    whole field's)."""
    if grid == "rectangle":
        return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    shape = kinds.kind(grid)
    steps = shape.steps[shape.pattern(x + origin[0], y + origin[1])]
    return [(x + step[0], y + step[1]) for step in steps if step is not None]


def parts_of(
    cells: set[tuple[int, int]], grid: str = "rectangle", origin: tuple[int, int] = (0, 0)
) -> list[set[tuple[int, int]]]:
    """The pieces cells side by side make (a corner is not a side)."""
    left = set(cells)
    parts = []
    while left:
        first = left.pop()
        part = {first}
        todo = [first]
        while todo:
            x, y = todo.pop()
            for near in near_cells(x, y, grid, origin):
                if near in left:
                    left.remove(near)
                    part.add(near)
                    todo.append(near)
        parts.append(part)
    return parts
