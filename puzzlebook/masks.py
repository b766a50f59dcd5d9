"""Masks: the cells of a rectangle that make a maze, drawn in a text file, one character a cell.

``X`` or ``#`` is a cell and ``.`` or a space is none, so a teacher can draw a heart or a letter in any
editor. The maze is the drawing's bounding box; the cells left out are switched off in the grid, and
every generator that walks from cell to neighbour carves only the rest.
"""

from __future__ import annotations

import hashlib
import io
import itertools
import math
from collections.abc import Set as AbstractSet
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
    first: str = ""  # a word's: the side its first letter is drawn on ("left" or "right"), for the start,
    # and " top" after it for a word on two lines, read the first line first
    min_cell: float = 0.0  # a name's: the least cell (pt) it was fitted to, under the layout's (0: its)
    ends_on_axis: bool = False  # a name's: its ends on two sides of its box, the room planned on those
    form: tuple[float, bool] = (1.0, False)  # a word's: how its letters were drawn (``words.Form``)
    joins: frozenset[tuple[int, int]] = frozenset()  # a word's: the cells joining its letters
    accents: frozenset[tuple[int, int]] = frozenset()  # a word's: its accents' and dots' cells, in ``off``:
    # drawn solid beside the maze, not walked (an i's dot on a neck read as the top of an l)

    @property
    def cells(self) -> int:
        return self.width * self.height - len(self.off)


PARTS_LISTED = 6
"""Parts of a drawing that falls apart named by their sizes, at most: the largest, and a count of the rest."""


def load_mask(
    file: Path,
    where: At,
    size: tuple[int, int] | None,
    *,
    inside: Path | None = None,
    shown: str = "",
    size_is: str = "size: WxH",
    grid: str = "rectangle",
    pictures: Pictures | None = None,
) -> tuple[Mask | None, list[Problem]]:
    """A mask file, read as every input is (``inputs``; with ``inside``, only from that folder): a .txt
    drawing, or a .png picture fitted into ``size``, which a picture needs (``size_is`` says how to give
    it). ``where`` names the file's place in the spec or on the command line; ``pictures`` holds those
    read before."""
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
            return picture_mask(source.data, file.name, where, *size, grid, pictures)
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
"""Pixels in a mask picture at most: its size is read from the header, before any pixel is. Decoded,
the largest takes under 1 s of CPU and 270 MB in all (16-bit RGBA, the most bytes a pixel)."""
MAX_SIDE = 20_000
"""Pixels on a mask picture's longer side at most: every row and column costs memory of its own (a
picture 1 pixel wide and 39 million tall took 2.2 GB), and 20 pixels a cell of the largest mask is
plenty."""
MAX_WORK = 200_000_000
"""Pixels the mask pictures of one spec are read and fitted over in all: each picture is read once
however many entries name it, and gone over once more for each size it is fitted into (about 0.6 s
of CPU for 40 million pixels read, 0.03 to 0.5 s for each size); the pictures kept for the next size
take a byte a pixel, so at most 100 MB."""
MAX_CHUNKS = 100_000
"""Chunks in a mask picture at most, counted from their headers before Pillow reads one: 20 MB of empty
chunks are a million and a half, and took Pillow 1.5 s to step through; an editor writes a few dozen."""
CHUNK = 100
"""Pixels a chunk counts as in ``MAX_WORK``: stepping through one costs Pillow about what 100 pixels do."""
BAND = 1 << 20
"""Pixels of a picture made into cells at a time: a colour copy of the whole would double its memory."""


class Pictures:
    """The mask pictures one spec has read, each kept as its "inside" image (a byte a pixel) by its
    bytes' digest, so entries fitting one picture into several sizes read it once; and the pixels read
    and fitted so far, within ``MAX_WORK``."""

    def __init__(self) -> None:
        self.insides: dict[bytes, tuple[Any, str]] = {}
        self.work = 0

    def cells(
        self, data: bytes, name: str, width: int, height: int, grid: str
    ) -> tuple[set[tuple[int, int]] | None, str]:
        """The picture fitted into ``width`` x ``height`` cells (see ``fit``), or why it cannot be."""
        key = hashlib.blake2b(data).digest()
        if key not in self.insides:
            self.insides[key] = _inside(data, name, self)
        inside, problem = self.insides[key]
        if inside is None:
            return None, problem
        if not self.spend(inside.width * inside.height):
            return None, TOO_MUCH
        return fit(inside, width, height, grid), ""

    def spend(self, pixels: int) -> bool:
        """Whether ``pixels`` more may be gone over, counted when they may."""
        if self.work + pixels > MAX_WORK:
            return False
        self.work += pixels
        return True


TOO_MUCH = (
    f"this spec's mask pictures are read and fitted over more than {MAX_WORK:,} pixels in all (a picture "
    "is read once, and gone over again for each size it is fitted into): use fewer sizes or smaller pictures"
)


def _inside(data: bytes, name: str, pictures: Pictures) -> tuple[Any, str]:
    """A picture's dark, opaque pixels (255) in an "L" image, its size and chunks checked from the file
    first; made a band of rows at a time, as the whole would be, in a fraction of the memory."""
    from PIL import Image, UnidentifiedImageError  # Pillow loads only for a picture mask

    unreadable = f"{name} is not a picture puzzlebook can read; save it as a PNG"
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR" or len(data) < 24:
        return None, unreadable
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if not width or not height:
        return None, unreadable
    too_large = _too_large(name, width, height)  # before Pillow, which calls a huge one a bomb
    if too_large:
        return None, too_large
    chunks = _chunks(data)
    if chunks > MAX_CHUNKS:
        return None, (
            f"{name} is made of more than {MAX_CHUNKS:,} chunks (a PNG's parts): open it in a picture "
            "editor and save it again"
        )
    if not pictures.spend(width * height + CHUNK * chunks):
        return None, TOO_MUCH
    try:
        with Image.open(io.BytesIO(data), formats=["PNG"]) as picture:
            if picture.size != (width, height):
                return None, unreadable
            picture.load()
            inside = Image.new("L", picture.size, 0)
            rows = max(1, BAND // width)
            for top in range(0, height, rows):
                box = (0, top, width, min(height, top + rows))
                rgba = picture.crop(box).convert("RGBA")
                gray = rgba.convert("L").point(lambda v: 255 if v < 128 else 0)  # dark pixels
                solid = rgba.getchannel("A").point(lambda v: 255 if v >= 128 else 0)  # opaque pixels
                inside.paste(gray, box[:2], solid)
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        return None, unreadable
    return inside, ""


def _chunks(data: bytes) -> int:
    """The chunks of a PNG up to its end, counted no further than one past ``MAX_CHUNKS``."""
    at, count = 8, 0  # after the signature: each chunk is its length, kind, data and checksum
    while at + 8 <= len(data) and count <= MAX_CHUNKS:
        count += 1
        if data[at + 4 : at + 8] == b"IEND":
            break
        at += 12 + int.from_bytes(data[at : at + 4], "big")
    return count


def _too_large(name: str, width: int, height: int) -> str:
    """Why a picture of this size is refused, with the size to save it at; "" when it is not."""
    scale = min(1.0, MAX_SIDE / max(width, height), math.sqrt(MAX_PICTURE / (width * height)))
    if scale == 1.0:
        return ""
    fix = f"save it at {max(1, int(width * scale))}x{max(1, int(height * scale))} or smaller"
    if max(width, height) > MAX_SIDE:
        return (
            f"{name} is {width}x{height} pixels; a mask picture may be at most {MAX_SIDE:,} on a side: {fix}"
        )
    return f"{name} is {width}x{height} pixels; a mask picture may have at most {MAX_PICTURE:,}: {fix}"


def picture_mask(
    data: bytes,
    name: str,
    where: At,
    width: int,
    height: int,
    grid: str = "rectangle",
    pictures: Pictures | None = None,
) -> tuple[Mask | None, list[Problem]]:
    """The mask a picture draws, fitted into ``width`` x ``height`` cells keeping its proportions: a cell
    is in the maze when most of its pixels are opaque and dark. Then checked and cropped as a drawing is.
    ``pictures`` keeps what was read for the next entry that names the same file."""
    if width * height > MAX_BOX:
        return None, [Problem(where, f"{width}x{height} is too large for a shape: at most {MAX_BOX:,} cells")]
    cells, problem = (pictures or Pictures()).cells(data, name, width, height, grid)
    if cells is None:
        return None, [Problem(where, problem)]
    return shape_of(cells, name, where, "draw the shape in dark, opaque pixels", grid)


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
    on: set[tuple[int, int]],
    name: str,
    where: At,
    how: str,
    grid: str = "rectangle",
    beside: AbstractSet[tuple[int, int]] = frozenset(),
) -> tuple[Mask | None, list[Problem]]:
    """The cells ``on`` as a mask cropped to their box and that of the cells drawn ``beside`` them (a
    word's accents), where the grid's pattern allows a cut; or why they cannot be a maze."""
    if len(on) < MIN_CELLS:
        return None, [
            Problem(where, f"{name} has {len(on)} cell(s); a maze needs at least {MIN_CELLS}: {how}")
        ]
    box = on | beside
    x0, y0 = kinds.kind(grid).crop(min(x for x, _ in box), min(y for _, y in box))
    width, height = max(x for x, _ in box) - x0 + 1, max(y for _, y in box) - y0 + 1
    too_large = size_problem(width, height)
    if too_large:
        return None, [Problem(where, f"{name}: {too_large}")]
    cells = {(x - x0, y - y0) for x, y in on}
    parts = parts_of(cells, grid, (x0, y0))
    if len(parts) > 1:
        sizes = sorted((len(p) for p in parts), reverse=True)
        listed = (  # the largest few: a comb of 5,551 teeth listed every one, in one line of 11,000 characters
            ", ".join(f"{n:,}" for n in sizes[:-1]) + f" and {sizes[-1]:,} cells"
            if len(sizes) <= PARTS_LISTED
            else ", ".join(f"{n:,}" for n in sizes[: PARTS_LISTED - 1])
            + f" cells and {len(sizes) - PARTS_LISTED + 1:,} more"
        )
        return None, [
            Problem(
                where,
                f"{name} falls apart into {len(parts):,} separate parts ({listed}); a maze is one "
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
    cells: AbstractSet[tuple[int, int]],
    grid: str = "rectangle",
    origin: tuple[int, int] = (0, 0),
    corners: bool = False,
) -> list[set[tuple[int, int]]]:
    """The pieces cells side by side make (a corner is not a side); on squares with ``corners``, cells
    corner to corner too (the dots and strokes of a word's accent)."""
    left = set(cells)
    parts = []
    while left:
        first = left.pop()
        part = {first}
        todo = [first]
        while todo:
            x, y = todo.pop()
            around = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)] if corners else None
            for near in around or near_cells(x, y, grid, origin):
                if near in left:
                    left.remove(near)
                    part.add(near)
                    todo.append(near)
        parts.append(part)
    return parts


Run = tuple[int, int, int]
"""A row's run of a picture's pixels: its row, first column and the column past its last."""


def run_pieces(rows: list[list[Run]], corners: bool = False) -> list[list[Run]]:
    """The pieces the runs of a picture's consecutive ``rows`` make (each row's runs left to right), a
    run joined to those it touches in the row above, side by side, or with ``corners`` corner to corner
    too; each piece's runs in row order. Found run by run, in one sweep a row (pixel by pixel, a name's
    marks took 20 ms a field)."""
    runs = [run for row in rows for run in row]
    spans, start = [], 0
    for row in rows:
        spans.append(range(start, start + len(row)))
        start += len(row)
    head = list(range(len(runs)))

    def root(k: int) -> int:
        while head[k] != k:
            head[k] = head[head[k]]
            k = head[k]
        return k

    reach = int(corners)
    for above, below in itertools.pairwise(spans):
        first = above.start
        for k in below:
            while first < above.stop and runs[first][2] + reach <= runs[k][1]:
                first += 1
            for j in range(first, above.stop):
                if runs[j][1] >= runs[k][2] + reach:
                    break
                head[root(k)] = root(j)
    parts: dict[int, list[Run]] = {}
    for k, run in enumerate(runs):
        parts.setdefault(root(k), []).append(run)
    return list(parts.values())
