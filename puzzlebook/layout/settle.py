"""A maze moved where its signs would leave its area: a layout decision that waits for the maze, since
how far its signs reach (which sides its ends fall on) is known only once it is made. The renderer asks
it as it draws each page; it only moves the maze, never scales it, so that mazes of one kind and size
keep one cell size, and one place, throughout a book.
"""

from __future__ import annotations

from dataclasses import replace

from ..artwork import ink
from ..geometry import Placement, extent
from ..puzzles import Puzzle
from .boxes import planned_room
from .frames import TOP_SHARE
from .items import MazeFrame
from .signs import WHOLE, Box4, Mark, Measure, marks, sign_boxes


def settled(frame: MazeFrame, puzzle: Puzzle, measure: Measure) -> tuple[MazeFrame, float, list[Mark]]:
    """The frame with its maze and the room planned round it for its signs centred across its ``area``
    and a little above its middle, whatever its signs: a maze that moved with them (a circle's exit at
    the bottom lifted it 0.35 in above the one on the facing page) stands where every maze of its kind
    and size does. It moves only as far as keeps its group (the maze, its arrows, words and pictures,
    and the info line under them) inside the area. Also returns how far the info line moves (up
    positive), and the signs, placed where the maze now is."""
    area = frame.area
    assert area is not None
    width, height = extent(puzzle.maze)
    x, y, w, h = frame.x, frame.y, width * frame.cell, height * frame.cell
    wide, tall = planned_room(frame)  # the room planned beside the maze, and above and below it
    foot = frame.y - tall  # where the info line was planned to hang from, whatever room is kept below
    signs = frame_signs(frame, puzzle, measure)
    x0, y0, x1, y1 = _reach(frame, puzzle, signs, measure)
    if x1 - x0 > area.w + 0.01 or y1 - (y0 - frame.below) > area.h + 0.01:
        # a word by an end in a notch of a shape (by the last letter of a name) would push the group
        # into the margin: the words keep to the room planned beside the maze, and above and below it
        # to the room its area leaves, or are left out (the arrow says enough)
        tall = max(tall, (area.h - frame.below - h) / 2)
        signs = frame_signs(frame, puzzle, measure, (x - wide, y - tall, x + w + wide, y + h + tall))
        x0, y0, x1, y1 = _reach(frame, puzzle, signs, measure)
    info = y0 - frame.below  # the info line hangs under everything the group draws
    free = area.h - (h + 2 * tall + frame.below)
    dx = area.x0 + (area.w - w) / 2 - x
    dy = area.y1 - max(free, 0.0) * TOP_SHARE - (y + h + tall)
    # kept inside the area; a group larger than its area keeps its left and its top in
    dx = max(min(dx, area.x1 - x1), area.x0 - x0)
    dy = min(max(dy, area.y0 - info), area.y1 - y1)
    dx, dy = round(dx, 2), round(dy, 2)  # to 1/7200 in: the same file on every machine
    drop = y0 + dy - foot  # the words' room taller (a group kept to its area): not the info line's
    if not dx and not dy:
        return frame, drop, signs
    return replace(frame, x=frame.x + dx, y=frame.y + dy), drop, [_moved(s, dx, dy) for s in signs]


def frame_signs(
    frame: MazeFrame, puzzle: Puzzle, measure: Measure | None, room: Box4 | None = None
) -> list[Mark]:
    """The signs of the maze where ``frame`` puts it (``signs.marks`` with the frame's sizes). A frame
    drawn where planned (an answer) keeps its words within its ``bounds``: nothing moves them back after
    (a key's Finish stood beyond its arrow, past the page's margin)."""
    place = Placement(frame.x, frame.y, frame.cell, extent(puzzle.maze)[1])
    if room is None and frame.area is None and frame.bounds is not None:
        room = (frame.bounds.x0, frame.bounds.y0, frame.bounds.x1, frame.bounds.y1)
    return marks(
        puzzle,
        place,
        frame.mark,
        measure,
        frame.label,
        frame.words,
        frame.picture,
        frame.wall,
        frame.beside,
        room,
        (ink(frame.pictures[0])[1], ink(frame.pictures[1])[1]) if frame.pictures else (0.0, 0.0),
    )


def drawn_boxes(frame: MazeFrame, puzzle: Puzzle, signs: list[Mark], measure: Measure | None) -> list[Box4]:
    """The page boxes (x0, y0, x1, y1) the maze and each of its signs take, a picture its ink's."""
    width, height = extent(puzzle.maze)
    maze = (frame.x, frame.y, frame.x + width * frame.cell, frame.y + height * frame.cell)
    names = frame.pictures

    def inked(sign: Mark) -> Box4:
        return ink(names[sign.role != "start"], sign.mirror) if names and sign.picture else WHOLE

    return [maze, *(box for sign in signs for box in sign_boxes(sign, measure, inked(sign)))]


def _reach(frame: MazeFrame, puzzle: Puzzle, signs: list[Mark], measure: Measure) -> Box4:
    """The page box the maze and its signs take (x0, y0, x1, y1)."""
    return around(drawn_boxes(frame, puzzle, signs, measure))


def around(boxes: list[Box4]) -> Box4:
    """The box round ``boxes``."""
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def _moved(sign: Mark, dx: float, dy: float) -> Mark:
    """A sign moved with its maze: the same sign, since signs are placed relative to the maze alone."""
    return replace(
        sign,
        polygon=tuple((x + dx, y + dy) for x, y in sign.polygon),
        center=(sign.center[0] + dx, sign.center[1] + dy),
        label=(sign.label[0] + dx, sign.label[1] + dy, sign.label[2]) if sign.label else None,
        picture=(sign.picture[0] + dx, sign.picture[1] + dy, sign.picture[2]) if sign.picture else None,
    )
