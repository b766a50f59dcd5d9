"""The front's art maze placed: the book's maze frame made as large as the room holds, its arrows,
words and pictures scaled with it (its group settled in the room, as on a book page), and the panel
behind it fitted to what it covers. Numbers only; ``measure`` sets the words' widths, as in
``layout.settle``."""

from __future__ import annotations

from dataclasses import replace

from ..geometry import extent
from ..layout.boxes import planned_room
from ..layout.items import Box, MazeFrame
from ..layout.settle import around, drawn_boxes, frame_signs, settled
from ..layout.signs import Measure
from ..puzzles import Puzzle

LABEL = 9.0
"""The Start and Finish words' smallest largest size on the cover: a book page's, made smaller with its
maze, fell under the 7 pt printers take."""


def place_art(room: Box, frame: MazeFrame, puzzle: Puzzle, measure: Measure) -> tuple[Box, MazeFrame]:
    """The panel (inside ``room``) and the maze's frame on it."""
    w, h = extent(puzzle.maze)
    pad = min(room.w, room.h) * 0.05
    inner = Box(room.x0 + pad, room.y0 + pad, room.x1 - pad, room.y1 - pad)
    wide, tall = planned_room(frame)
    wide, tall = wide + frame.picture * (not frame.reach), tall + frame.picture * (not frame.reach)
    scale = min(inner.w / (w * frame.cell + 2 * wide), inner.h / (h * frame.cell + 2 * tall))
    cell = frame.cell * scale
    placed = replace(
        frame,
        x=inner.x0 + (inner.w - w * cell) / 2,
        y=inner.y0 + (inner.h - h * cell) / 2,
        cell=cell,
        wall=max(frame.wall * scale, 1.0),
        mark=frame.mark * scale,
        label=max(frame.label * scale, LABEL),
        picture=frame.picture * scale,
        solution_width=frame.solution_width * scale,
        answer=False,
        area=inner,
        below=0.0,
        reach=(wide * scale, tall * scale) if frame.reach else None,
        beside=frame.beside * scale,
        wall_gray=0.0,
    )
    placed = replace(settled(placed, puzzle, measure)[0], area=None)
    x0, y0, x1, y1 = around(drawn_boxes(placed, puzzle, frame_signs(placed, puzzle, measure), measure))
    half = placed.wall / 2
    panel = Box(
        max(room.x0, x0 - pad - half),
        max(room.y0, y0 - pad - half),
        min(room.x1, x1 + pad + half),
        min(room.y1, y1 + pad + half),
    )
    return panel, placed
