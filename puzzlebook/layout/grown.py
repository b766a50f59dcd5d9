"""A maze with pictures grown into the room its sides without an end leave: a layout decision that
waits for the maze, since where its ends fall is known only once it is made. The renderer asks it as it
draws each page; it decides only numbers (the frame's place and cell), never the maze.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..geometry import Placement, extent
from ..puzzles import Puzzle
from .boxes import wall_for
from .items import MazeFrame
from .signs import Measure, marks, sign_boxes


def grown(frame: MazeFrame, puzzle: Puzzle, measure: Measure) -> tuple[MazeFrame, float]:
    """The maze grown into the room its ``area`` keeps for pictures on the sides where no end fell,
    hung under its heading and centred where its signs allow; and how far the info line under it moves
    (down, negative) to stay under its signs. The room for arrows stays on every side, so the space under the heading is
    the same on every page whose maze has no end at the top; and a maze never grows at the cost of a
    picture or word it had room for (a shape's outline may come round beside a bigger arrow)."""
    width, height = extent(puzzle.maze)
    room = frame.mark / 0.85  # as layout.frames.slot_items keeps it, and the pictures beyond it
    area = frame.area
    assert area is not None
    planned = frame.y - room - frame.picture - 4  # the bottom of the room kept under the maze

    def reach(cell: float) -> tuple[tuple[float, float, float, float], int]:
        """How far past the maze's outer wall the room and signs reach (left, bottom, right, top), and
        how many pictures and words the ends keep."""
        place = Placement(0.0, 0.0, cell, height)
        x0, y0, x1, y1 = -room, -room, width * cell + room, height * cell + room
        signs = marks(puzzle, place, frame.mark, measure, frame.label, frame.words, frame.picture)
        for sign in signs:
            for bx0, by0, bx1, by1 in sign_boxes(sign, measure):
                x0, y0, x1, y1 = min(x0, bx0), min(y0, by0), max(x1, bx1), max(y1, by1)
        kept = sum((sign.picture is not None) + (sign.label is not None) for sign in signs)
        return (-x0, -y0, x1 - width * cell, y1 - height * cell), kept

    def fits(cell: float) -> bool:
        (left, bottom, right, top), kept = reach(cell)
        return (
            left + width * cell + right <= area.w and bottom + height * cell + top <= area.h and kept >= least
        )

    least = reach(frame.cell)[1]
    cell = frame.cell
    for _ in range(3):  # the signs' reach hardly changes with the cell: it settles at once
        (left, bottom, right, top), _ = reach(cell)
        cell = math.floor(min((area.w - left - right) / width, (area.h - bottom - top) / height) * 100) / 100
    # a sign lost, or a reach that grew: a little smaller, a few times at most (a big shape's signs are
    # placed by looking over its cells), else as planned
    for _ in range(12):
        if cell <= frame.cell or fits(cell):
            break
        cell = max(frame.cell, math.floor(cell * 98) / 100)
    else:
        cell = frame.cell
    if cell <= frame.cell:
        return frame, 0.0  # as planned
    (left, bottom, right, top), _ = reach(cell)
    x = area.x0 + (area.w - width * cell) / 2  # the maze centred, unless a sign would leave the area
    x = min(max(x, area.x0 + left), area.x1 - right - width * cell)
    y = area.y1 - top - height * cell
    return replace(frame, x=x, y=y, cell=cell, wall=wall_for(cell, frame.wall)), y - bottom - planned
