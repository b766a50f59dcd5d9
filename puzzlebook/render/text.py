"""ASCII art of a maze: quick looks in a terminal and golden files in the tests.

Drawn a row of walls at a time rather than a cell at a time: each row's walls are worked out for the
whole row at once, as bytes (one byte a place, 1 where a wall stands) combined as big integers, so a
2000x2000 maze is written in about the time it took to make, line by line, in flat memory.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import GenerationError
from ..grid import E, N, S, W
from ..maze import Maze
from ..puzzles import Puzzle
from ..walls import either

_BIT_E = bytes(1 if b & E else 0 for b in range(256))
_BIT_S = bytes(1 if b & S else 0 for b in range(256))
_CORNER = bytes.maketrans(b"\x00\x01", b" +")
_FLOOR = bytes.maketrans(b"\x00\x01", b" -")
_SIDE = bytes.maketrans(b"\x00\x01", b" |")
LINES_A_WRITE = 64
"""Lines of text joined into one write: few calls, and memory flat in the maze's size."""


def ascii_art(puzzle: Puzzle, show_solution: bool = False) -> str:
    """``+--+`` style; S and E mark the ends, with a gap in the outer wall; ``()`` marks the path."""
    return b"".join(text_chunks(puzzle, show_solution)).decode()


def text_chunks(puzzle: Puzzle, show_solution: bool = False) -> Iterator[bytes]:
    """The text of ``ascii_art`` a few lines at a time, for a file of any size."""
    maze = puzzle.maze
    if not isinstance(maze, Maze):
        raise GenerationError("text draws square cells only: write this maze as pdf, svg, png or json")
    labels: dict[tuple[int, int], bytes] = {}
    if show_solution and puzzle.route is not None:
        labels = dict.fromkeys(puzzle.solution or [], b"()")
    gaps: list[tuple[int, int, int]] = []
    for cell, label, side in ((puzzle.start, b"S ", puzzle.sides[0]), (puzzle.end, b"E ", puzzle.sides[1])):
        if cell is not None:
            labels[cell] = b"SE" if puzzle.start == puzzle.end else label
            if side is not None:
                gaps.append((*cell, side))
    by_row: dict[int, list[tuple[int, bytes]]] = {}
    for (x, y), label in labels.items():
        by_row.setdefault(y, []).append((x, label))
    rows = _Rows(maze, gaps)
    w, h = maze.width, maze.height
    lines: list[bytes] = []
    below = rows.below(-1)
    right = rows.right(-1)
    for y in range(-1, h):
        next_right = rows.right(y + 1)
        corners = either(below[: w + 1], below[1:], right[: w + 1], next_right[: w + 1])
        line = bytearray(3 * w + 1)
        line[0::3] = corners.translate(_CORNER)
        line[1::3] = line[2::3] = below[1 : w + 1].translate(_FLOOR)
        lines.append(bytes(line))
        if y + 1 < h:
            right = next_right
            line = bytearray(b" " * (3 * w + 1))
            line[0::3] = right[: w + 1].translate(_SIDE)
            for x, label in by_row.get(y + 1, ()):
                line[3 * x + 1 : 3 * x + 3] = label
            lines.append(bytes(line))
            below = rows.below(y + 1)
        if len(lines) >= LINES_A_WRITE:
            yield b"\n".join(lines) + b"\n"
            lines = []
    if lines:
        yield b"\n".join(lines) + b"\n"


class _Rows:
    """A row's walls as bytes over x = -1 .. width (1: a wall stands), the outer wall's gaps left open.

    A wall stands between two places when at least one is a cell of the maze (masked cells and the
    outside are none) and no passage joins them."""

    def __init__(self, maze: Maze, gaps: list[tuple[int, int, int]]) -> None:
        self.grid, self.passages, self.width = maze.grid, maze.passages, maze.width
        self.open_right = {(x if side == E else x - 1, y) for x, y, side in gaps if side in (E, W)}
        self.open_below = {(x, y if side == S else y - 1) for x, y, side in gaps if side in (N, S)}

    def _inside(self, y: int) -> bytes:
        """1 for each cell of row y (x = -1 .. width), 0 for the outside; rows -1 and height are
        the padding around the maze."""
        if not -1 <= y <= self.grid.height:
            return bytes(self.width + 2)
        start = self.grid.index(-1, y)
        return self.grid.inside[start : start + self.width + 2]

    def _passages(self, y: int, bits: bytes) -> bytes:
        start = self.grid.index(-1, y)
        return self.passages[start : start + self.width + 2].translate(bits)

    def right(self, y: int) -> bytes:
        """Walls right of x = -1 .. width in row y (the one right of x = width is never there)."""
        here = self._inside(y)
        if y < 0 or y >= self.grid.height:
            return bytes(len(here))
        beside = here[1:] + b"\x00"
        walls = _walls(here, beside, self._passages(y, _BIT_E))
        return _opened(walls, [x for x, row in self.open_right if row == y])

    def below(self, y: int) -> bytes:
        """Walls below x = -1 .. width of row y (y = -1: the top of the maze)."""
        here, under = self._inside(y), self._inside(y + 1)
        joined = self._passages(y, _BIT_S) if 0 <= y < self.grid.height else bytes(len(here))
        return _opened(_walls(here, under, joined), [x for x, row in self.open_below if row == y])


def _walls(one: bytes, other: bytes, joined: bytes) -> bytes:
    """1 where ``one`` or ``other`` is a cell and a passage does not join the two."""
    a, b, c = (int.from_bytes(v, "big") for v in (one, other, joined))
    cells = a | b
    return (cells ^ (a & b & c)).to_bytes(len(one), "big")


def _opened(walls: bytes, xs: list[int]) -> bytes:
    """``walls`` with the outer wall's gaps at ``xs`` taken down."""
    if not xs:
        return walls
    out = bytearray(walls)
    for x in xs:
        out[x + 1] = 0
    return bytes(out)
