"""One maze as SVG, from the same geometry as the PDF: walls, solution line, start and end arrows."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from xml.sax.saxutils import escape

from ..accents import accent_areas, round_marks
from ..geometry import (
    OUTLINE,
    Arc,
    Placement,
    all_walls,
    arc_point,
    extent,
    gaps,
    outline_runs,
    solution_lines,
    woven,
)
from ..layout import Figure
from ..layout.badges import badge_shown
from ..layout.signs import marks
from ..maze import Maze
from ..puzzles import Puzzle
from ..walls import wall_lines
from .fonts import Setter, register_font

FONTS = "DejaVu Sans, Bitstream Vera Sans, sans-serif"


def measure(word: str, size: float) -> float:
    """The word's width in the bundled bold font, which the SVG names first."""
    return Setter((register_font("DejaVuSans-Bold"),)).line(word).width * size


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _gray(level: float) -> str:
    """A gray level (0 black, 1 white) as an SVG colour."""
    return "#" + f"{round(level * 255):02x}" * 3


def maze_svg(puzzle: Puzzle, cell: float = 18.0, wall: float = 1.5, show_solution: bool = False) -> str:
    """A standalone SVG document in points (1/72 in), with room around the maze for the arrows."""
    return "".join(svg_chunks(puzzle, cell, wall, show_solution))


def svg_chunks(
    puzzle: Puzzle, cell: float = 18.0, wall: float = 1.5, show_solution: bool = False
) -> Iterator[str]:
    """``maze_svg``'s text a few thousand walls at a time, for a maze of any size in flat memory."""
    w, h = extent(puzzle.maze)
    sizes = Figure(cell, wall).woven(woven(puzzle))
    room = sizes.room  # arrows and their words fit beside the maze
    width, height = w * cell + 2 * room, h * cell + 2 * room
    # Placement works in page points with y up; build it so that negating y gives SVG's y-down frame.
    place = Placement(room, -(room + h * cell), cell, h)
    yield (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}pt" height="{_n(height)}pt" '
        f'viewBox="0 0 {_n(width)} {_n(height)}">\n'
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="white"/>\n<path d="'
    )
    yield from _walls_d(puzzle, room, cell)
    cap = "square" if isinstance(puzzle.maze, Maze) else 'round" stroke-linejoin="round'
    answer = show_solution and puzzle.route is not None
    ink = _gray(sizes.answer_wall_gray) if answer else "black"  # under the answer line, a mid gray
    stroke = f'fill="none" stroke="{ink}" stroke-width="{_n(sizes.wall)}" stroke-linecap="{cap}"'
    parts = [f'" {stroke}/>']
    outline = outline_runs(puzzle, cell)  # in points: the viewBox's units
    if outline:  # a shape's outline, heavier, over its walls: the shape reads first
        d = " ".join(
            f"M{_n(room + x0 * cell)} {_n(room + y0 * cell)}L{_n(room + x1 * cell)} {_n(room + y1 * cell)}"
            for x0, y0, x1, y1 in outline
        )
        heavy = f'fill="none" stroke="{ink}" stroke-width="{_n(sizes.wall * OUTLINE)}" stroke-linecap="{cap}"'
        parts.append(f'<path d="{d}" {heavy}/>')
        for x, y, rx, ry in round_marks(puzzle, cell):  # a word's large dots, round as its letters'
            centre = f'cx="{_n(room + x * cell)}" cy="{_n(room + y * cell)}"'
            parts.append(f'<ellipse {centre} rx="{_n(rx * cell)}" ry="{_n(ry * cell)}" {heavy}/>')
    accents = accent_areas(puzzle, cell)
    if accents:  # a word's small accents and dots, solid in the walls' ink
        d = " ".join(
            "M" + "L".join(f"{_n(room + x * cell)} {_n(room + y * cell)}" for x, y in area) + "Z"
            for area in accents
        )
        parts.append(f'<path d="{d}" fill="{ink}"/>')
    if answer:  # black, over the walls, as in a book's answer key
        for piece in solution_lines(puzzle):  # a weave maze's broken where it runs under a bridge
            points = " ".join(f"{_n(room + x * cell)},{_n(room + y * cell)}" for x, y in piece)
            parts.append(
                f'<polyline points="{points}" fill="none" stroke="black" stroke-width="{_n(sizes.solution)}" '
                'stroke-linecap="round" stroke-linejoin="round"/>'
            )
    for mark in marks(puzzle, place, sizes.mark, measure):
        if answer and mark.lead:  # the line on to an arrow kept off a zigzag's walls
            (x0, y0), (x1, y1) = mark.lead
            parts.append(
                f'<line x1="{_n(x0)}" y1="{_n(-y0)}" x2="{_n(x1)}" y2="{_n(-y1)}" stroke="black" '
                f'stroke-width="{_n(sizes.solution)}" stroke-linecap="round"/>'
            )
        if mark.kind == "arrow":
            points = " ".join(f"{_n(x)},{_n(-y)}" for x, y in mark.polygon)
            parts.append(f'<polygon points="{points}" fill="black"/>')
            if mark.label:
                x, y, align = mark.label
                anchor = {"center": "middle", "right": "end"}.get(align, "start")
                parts.append(
                    f'<text x="{_n(x)}" y="{_n(-y)}" font-family="{FONTS}" '
                    f'font-weight="bold" font-size="{_n(mark.size)}" text-anchor="{anchor}">'
                    f"{escape(mark.word)}</text>"
                )
        elif shown := badge_shown(mark.word, mark.role, mark.size, mark.badge, mark.center):
            (cx, cy), (text, size, at) = mark.center, shown
            parts.append(f'<circle cx="{_n(cx)}" cy="{_n(-cy)}" r="{_n(mark.badge)}" fill="black"/>')
            parts.append(
                f'<text x="{_n(cx)}" y="{_n(-at)}" font-family="{FONTS}" font-weight="bold" '
                f'font-size="{_n(size)}" text-anchor="middle" fill="white">{escape(text)}</text>'
            )
        else:
            cx, cy = mark.center
            shape = "circle" if mark.role == "start" else "rect"
            r = mark.radius
            if shape == "circle":
                parts.append(f'<circle cx="{_n(cx)}" cy="{_n(-cy)}" r="{_n(r)}" fill="black"/>')
            else:
                side = _n(2 * r)
                parts.append(f'<rect x="{_n(cx - r)}" y="{_n(-cy - r)}" width="{side}" height="{side}"/>')
    parts.append("</svg>")
    yield "\n".join(parts) + "\n"


class _Points(dict[float, str]):
    """Grid coordinates to SVG numbers, each worked out once: a big maze's walls repeat a few thousand
    values millions of times."""

    def __init__(self, room: float, cell: float) -> None:
        super().__init__()
        self.room, self.cell = room, cell

    def __missing__(self, value: float) -> str:
        shown = self[value] = _n(self.room + value * self.cell)
        return shown


RUNS_A_WRITE = 4096
"""Wall runs joined into one piece of the path's text."""


def _walls_d(puzzle: Puzzle, room: float, cell: float) -> Iterator[str]:
    """The walls' path data: straight runs, then arcs, as ``M x y L x y`` and ``A`` commands."""
    at = _Points(room, cell)
    first = True
    if isinstance(puzzle.maze, Maze):  # runs in whole grid corners, a line of the grid at a time
        lines: Iterable[Sequence[tuple[float, float, float, float]]] = wall_lines(puzzle.maze, gaps(puzzle))
        arcs: list[Arc] = []
    else:
        runs, arcs = all_walls(puzzle)
        lines = (runs[i : i + RUNS_A_WRITE] for i in range(0, len(runs), RUNS_A_WRITE))
    pieces: list[str] = []
    for line in lines:
        pieces += [f"M{at[x0]} {at[y0]}L{at[x1]} {at[y1]}" for x0, y0, x1, y1 in line]
        if len(pieces) >= RUNS_A_WRITE:
            yield ("" if first else " ") + " ".join(pieces)
            pieces, first = [], False
    if pieces:
        yield ("" if first else " ") + " ".join(pieces)
    d = ""
    for arc in arcs:  # SVG's own arcs: radius, the large-arc flag, clockwise
        (x0, y0), (x1, y1) = arc_point(arc, arc[3]), arc_point(arc, arc[4])
        rad, large = _n(arc[2] * cell), int(arc[4] - arc[3] > 0.5)
        if arc[4] - arc[3] >= 1 - 1e-9:  # a whole circle: two halves, as one arc cannot close
            xm, ym = arc_point(arc, arc[3] + 0.5)
            d += f" M{_n(room + x0 * cell)} {_n(room + y0 * cell)}A{rad} {rad} 0 0 1 {_n(room + xm * cell)} {_n(room + ym * cell)}"
            d += f"A{rad} {rad} 0 0 1 {_n(room + x1 * cell)} {_n(room + y1 * cell)}"
            continue
        d += f" M{_n(room + x0 * cell)} {_n(room + y0 * cell)}A{rad} {rad} 0 {large} 1 {_n(room + x1 * cell)} {_n(room + y1 * cell)}"
    yield d
