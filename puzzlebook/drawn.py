"""A maze's PDF drawing made as text (and its walls form compressed) apart from the page it goes on.

The walls and the answer's line depend on the puzzle alone, so the processes that make the mazes also
write them as they make it (``coming``). A book's main process then only places them. The
text is exactly what the canvas would have written (the same numbers, the same spacing), so a book is
the same file wherever its walls and lines were written.

It lives outside ``render`` so that those processes load no reportlab at all: they start before the
book's process loads it, and loading its package (its settings, and Pillow with them) took 13 ms more
before they could start. Numbers are written by reportlab's compiled ``fp_str`` (the ``rl-accel``
package, which reads no settings), the function its canvas writes them with.
"""

from __future__ import annotations

import zlib
from typing import Protocol

from _rl_accel import fp_str

from .geometry import arc_beziers, extent, field_sides, gaps, solution_lines
from .graph import GraphMaze
from .puzzles import Puzzle
from .walls import wall_runs

FORM_PREAMBLE = "1 0 0 1 0 0 cm "
"""What reportlab writes at the start of every form of a canvas whose first font is a TrueType one
(``Canvas._preamble``): a walls form's stream is this, a line break and the walls. A canvas with
another preamble has its forms compressed where they are drawn."""

DEFLATE_LEVEL = 5
"""zlib's level for every stream of a book's drawing (its pages, walls forms and answers' lines): on these
paths of short numbers level 5 packs as tightly as zlib's default 6 (a 500-maze book 0.6% smaller, the
samples within 0.5% either way) in two thirds of the time, the largest share of the drawing's cost
(see docs/benchmarks.md)."""


class Ahead(Protocol):
    """What of a book's drawing was made where its mazes were made (``coming.Coming``), each taken once:
    a maze's walls form (``walls_ahead``) and its answer's line (``solution_path``); None for what was
    not made there, which the drawing then makes itself."""

    def form(self, number: int) -> bytes | None: ...

    def line(self, number: int) -> str | None: ...


def walls_ahead(puzzle: Puzzle, twice: bool) -> bytes | None:
    """The walls form of a maze drawn ``twice`` (its page and its answer), as the file holds the object
    (``form_object``: its dictionary and its compressed stream), made where the maze is made (see
    ``workers``); None for a maze drawn once, whose walls are written on its page as it is drawn."""
    return form_object(form_box(puzzle), form_stream(wall_path(puzzle))) if twice else None


def solution_path(puzzle: Puzzle) -> str:
    """The answer's line as a path (``line_path``), or "" for a maze without one: one piece, or a weave
    maze's broken where it runs under a bridge (``geometry.solution_lines``)."""
    lines = solution_lines(puzzle)
    return line_path(*lines) if lines else ""


def deflated(data: bytes) -> bytes:
    """A stream's bytes compressed for the file (``FlateDecode``) at ``DEFLATE_LEVEL``."""
    return zlib.compress(data, DEFLATE_LEVEL)


def form_stream(path: str, preamble: str = FORM_PREAMBLE) -> bytes:
    """A walls form's drawing compressed as a page's is (``pdfstream._compress_now``: ``deflated``, of
    the text encoded as ``pdfformat.encoded`` does, a path being ASCII), without loading reportlab's
    document module: the processes that make the mazes start before it loads and never need it
    (``tests/test_drawing_ahead.py`` compares the two)."""
    return deflated((preamble + "\n" + path).encode("ascii"))


def form_box(puzzle: Puzzle) -> tuple[float, float, float, float]:
    """A walls form's box, in grid units: the whole maze and its square caps, with room to spare."""
    width, height = extent(puzzle.maze)
    return -1, -1, width + 1, height + 1


def form_object(box: tuple[float, float, float, float], stream: bytes) -> bytes:
    """A walls form's object, without its number, exactly as reportlab formats a ``PDFFormXObject``
    with ``box``, no resources and the compressed drawing ``stream`` (``pdfstream.Writer.form``): made
    where the maze is made, so that the book's process only writes it."""
    return (
        b"<<\n/BBox [ %s ] /Filter [ /FlateDecode ] /FormType 1 /Length %d /Matrix [ 1 0 0 1 0 0 ] "
        b"/Resources <<\n\n>> \n  /Subtype /Form /Type /XObject\n>>\nstream\n%sendstream\n"
        % (" ".join(fp_str(value) for value in box).encode(), len(stream), stream)
    )


def wall_path(puzzle: Puzzle) -> str:
    """One stroked path of every wall run, in grid units (to a thousandth of a cell off the square grid,
    a hundredth of a point or finer)."""
    if isinstance(puzzle.maze, GraphMaze):
        lines, arcs = field_sides(puzzle)
        runs = [f"{num(x0)} {num(y0)} m {num(x1)} {num(y1)} l" for x0, y0, x1, y1 in lines]
        for arc in arcs:  # one subpath a run of walled cells along a ring
            curves = arc_beziers(arc)
            start = curves[0][0]
            runs.append(
                f"{num(start[0])} {num(start[1])} m "
                + " ".join(" ".join(f"{num(x)} {num(y)}" for x, y in c[1:]) + " c" for c in curves)
            )
        return "n\n" + "\n".join(runs) + "\nS"
    # a run's ends are grid corners, whole numbers up to the maze's size: each written once, not once a
    # run (a 30x30 maze has over 400 runs; writing their numbers took most of the text's time)
    corner = [str(n) for n in range(max(puzzle.maze.width, puzzle.maze.height) + 1)]
    runs = [
        f"{corner[x0]} {corner[y0]} m {corner[x1]} {corner[y1]} l"
        for x0, y0, x1, y1 in wall_runs(puzzle.maze, gaps(puzzle))
    ]
    return "n\n" + "\n".join(runs) + "\nS"


def num(value: float) -> str:
    """A coordinate to three decimals, without trailing zeros: the same text on every machine."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def line_path(*lines: list[tuple[float, float]]) -> str:
    """Polylines (a solution, in one piece or more) as reportlab's path object writes them, each
    coordinate rounded to a thousandth: ``n x y m x y l ... x y m x y l ...``. A line's coordinates repeat
    (a 30x30 maze's centres take 60 values), so each is rounded and formatted once."""
    seen: dict[float, str] = {}

    def text(value: float) -> str:
        found = seen.get(value)
        if found is None:
            found = seen[value] = fp_str(round(value, 3))
        return found

    code = ["n"]
    for line in lines:
        x, y = line[0]
        code += [f"{text(x)} {text(y)} m", *[f"{text(x)} {text(y)} l" for x, y in line[1:]]]
    return " ".join(code)
