"""The room planned round a maze on its page, from the layout alone: for its arrows, for Start and Finish
beside them, and for pictures beyond them; and the axis a maze's ends run on where that room decides it.
Planned per maze series, never from where a maze's ends fall, so same-size mazes share one cell size.
"""

from __future__ import annotations

import math

from ..artwork import MIN_SIZE as MIN_PICTURE
from ..letters import bold_width
from ..spec.request import MazeRequest
from .items import Box

PICTURE = 90.0
"""pt, a start or end picture's size where the page allows (1.25 in): large enough to colour in."""

PICTURE_SHARE = 0.2
"""Of the slot's length along the pictures' axis, the most one picture takes."""

AXES = ("left-right", "top-bottom")
"""The two ways a maze with pictures may run: its ends on its left and right sides, or on its top and
bottom. The room for pictures is planned on one of them, and the ends are chosen on it
(``paths.choose_ends``)."""


PICTURE_GAP = 4.0
"""pt of paper between an arrow's tail and its picture's box: at 2 pt the mouse's whiskers touched the
arrow (a line's half width reaches past the box)."""


def picture_room(picture: float, text: float, axis: str = "top-bottom") -> float:
    """The room a picture takes beyond its arrow: the picture and its gap with 2 pt to spare, and above
    or below the maze its word under it too (beside the maze, the word is no wider than the picture)."""
    if not picture:
        return 0.0
    return picture + PICTURE_GAP + 2 + (text * 1.3 if axis == AXES[1] else 0.0)


OFF_AXIS = 6.0
"""pt of paper kept beside a maze whose ends are sure to fall on its pictures' axis, on the two sides
without an end: no arrow goes there, so no room is planned for one."""


FOLLOW_AXIS = ("suggested", "center-out")
"""The ``marks`` rules whose ends go where the plan kept their room, told its axis (``pages.with_axes``)."""


def on_axis(maze: MazeRequest, pictures: bool = False) -> bool:
    """Whether a maze's ends are sure to fall on the axis its pictures are planned on: ``suggested``
    ends on a whole field of squares, hexagons or triangles (``paths.choose_ends`` with an axis), or
    ends a spec puts on an axis of squares (``left-right``, ``top-bottom``); a circle's ``suggested``
    ends and ``center-out`` exit (``paths.RIM_SPREAD`` of the axis): opening anywhere round the rim,
    they stood by its sides on a 6x9 in page the circle's width filled, no room for their Start and
    Finish, with two inches of paper above and below; a shape's, each end through a side facing along
    the axis (``axisends.along_axis`` on squares, ``paths._along_the_axis`` on hexagons and octagons; on
    all four sides, a 6x9 page's pictures were under half an inch, a honeycomb a sixth smaller than a
    square shape). A shape of triangles (whose top may be all points, no side facing up: held to left
    and right, a wide star's pictures were 0.42 in) or a name without pictures may open on any side:
    room for arrows is kept on all four (``BOTH``), but for a name whose place is too small for that
    (``ends_on_axis``): its ends go on the box's sides on the axis."""
    if maze.grid == "circle":
        return maze.marks in FOLLOW_AXIS and not maze.masked
    shaped = maze.ends_on_axis or (
        maze.grid != "triangle" and maze.marks == "suggested" and (pictures or not maze.word)
    )
    return maze.marks in ("suggested", *AXES) and (not maze.masked or shaped)


BOTH = "both"
"""The pictures' room planned on all four sides, for a maze whose ends may fall on any (``on_axis``)."""


def fitted(
    box: Box,
    across: float,
    down: float,
    room: float,
    axis: str = "",
    picture: float = 0.0,
    text: float = 0.0,
    sure: bool = False,
    slant: float = 0.0,
    beside: float = 0.0,
) -> tuple[float, float, float]:
    """The cell for a maze of ``across`` x ``down`` cells in ``box``, with ``room`` for its arrows on
    every side (only on the two of ``axis`` when its ends are ``sure`` to fall there) and room for
    pictures on the two sides of ``axis``; and the room kept beside the maze and above and below it.
    ``slant``: how far across the axis an arrow out of the grid's sides leans (hexagons, triangles:
    half its length), taking its picture with it. ``beside``: left and right, the room a word above or
    below a sideways arrow takes where that is more than the arrow's (its height is the arrow's own)."""
    wide, tall = max(room, beside), room
    if axis == BOTH:
        wide += picture_room(picture, text, AXES[0])
        tall += picture_room(picture, text, AXES[1])
    elif axis == AXES[0]:
        wide += picture_room(picture, text, axis)
    elif axis == AXES[1]:
        tall += picture_room(picture, text, axis)

    def cell_for(wide: float, tall: float) -> float:
        return min((box.w - 2 * wide) / across, (box.h - 2 * tall) / down)

    if sure and axis in AXES:  # no arrow off the axis; an end's picture in a corner cell overhangs it
        cell = cell_for(wide if axis == AXES[0] else OFF_AXIS, tall if axis == AXES[1] else OFF_AXIS)
        word = text * 1.3 if axis == AXES[0] else 0.0  # beside the maze, the word under the picture
        reach = slant * (room + picture / 2 + 2)  # a slanting side's arrow leads its picture off the axis
        off = max(OFF_AXIS, picture / 2 + word + reach - cell / 2 + 2)
        if axis == AXES[1] and picture <= cell * across:  # above or below, a picture by a corner's end
            # is kept over the maze's width (``signs._picture_spot``): only a slanting arrow leans out
            off = max(OFF_AXIS, slant * room - cell / 2 + 2)
        wide, tall = (wide, off) if axis == AXES[0] else (off, tall)
    return cell_for(wide, tall), wide, tall


def picture_axis(
    box: Box,
    across: float,
    down: float,
    room: float,
    text: float,
    scale: float,
    least: float,
    sure: bool = False,
    marks: str = "suggested",
    slant: float = 0.0,
    most: float = math.inf,
) -> tuple[str, float]:
    """The axis a maze with pictures runs on, and its pictures' size: on each of left-right and
    top-bottom, pictures of 1.25 in (grown with a poster's page), smaller (to ``MIN_PICTURE``) until the
    maze keeps the cell it has with ``KEPT_PICTURE`` of the slot kept for pictures on every side, and a
    cell that prints (``least``); of the two, the one with the larger pictures up to an inch, then the larger cell, then
    the maze's longer dimension, as squares run. The pictures take the paper a maze's proportions leave
    (above and below a tall maze on a tall page), up to ``most`` (a book's one size for them)."""
    best: tuple[float, float, int, str, float] | None = None
    axes: tuple[str, ...] = AXES if down <= across else AXES[::-1]
    if not sure:  # ends that may fall on any side: room on all four
        axes = (BOTH,)
    elif marks in AXES:  # ends a spec put on an axis
        axes = (marks,)
    kept = fitted(box, across, down, room + KEPT_PICTURE * min(box.w, box.h) + 4)[0]
    for rank, axis in enumerate(axes):
        length = min(box.w, box.h) if axis == BOTH else box.w if axis == AXES[0] else box.h
        picture = max(MIN_PICTURE, min(PICTURE * scale, PICTURE_SHARE * length, most))
        cell = fitted(box, across, down, room, axis, picture, text, sure, slant)[0]
        while picture > MIN_PICTURE and (cell < least or cell < kept):
            smaller = max(MIN_PICTURE, picture - 2.0 * scale)  # pictures give way before the maze does
            grown = fitted(box, across, down, room, axis, smaller, text, sure, slant)[0]
            if grown <= cell:  # the pictures are not what holds the maze back: the page's width is (a
                break  # wide fish's above and below it were drawn 0.44 in over 1.5 in of blank paper)
            picture, cell = smaller, grown
        key = (round(min(picture, INCH * scale)), round(cell, 2), -rank, axis, picture)
        best = key if best is None or key > best else best
    assert best is not None
    return best[3], best[4]


KEPT_PICTURE = 0.14
"""Of the slot's shorter side, the room for pictures on every side that a maze with pictures is at least
as large as: the maze keeps the size it has with that room kept all round, and the pictures take what
its proportions leave beyond. A seventh makes a Letter book's pictures an inch from its smallest maze
to a 24x30 one, each maze a tenth smaller than without them; at a tenth, the kids sample's mouse and
cheese were 0.69 in beside a first maze of 63 pt cells, a doodle by the book's headline."""

INCH = 72.0
"""pt: pictures up to an inch count first when an axis is chosen for them; beyond, the larger maze."""


ARROW_SHARE = 0.12
"""Of the slot's shorter side, the most an arrow's room grows to with big cells: arrows in proportion to
the page as well as to the maze (a sheet's 2x2 maze of big cells kept arrows half its width)."""

READABLE = 10.0
"""pt, the least size a book's Start and Finish words are planned at, room allowing: smaller, bold
words beside a maze read as a caption's small print."""


def readable_size(scale: float) -> float:
    """``READABLE`` on a page of ``scale`` (``page_scale``): a poster's grows with its page."""
    return READABLE * scale


KEEP = 0.97
"""The share of its cell a maze keeps when room is planned for words longer than its arrows: the words
shrink (to ``MIN_WORD``) before a maze gives up more."""


def words_room(ems: float, text: float, grid: str = "rectangle") -> float:
    """Beside the maze, the room a word ``ems`` wide (in its size, ``word_ems``) at ``text`` pt takes
    above or below a sideways arrow: its width, and the arrow's gap and the paper kept clear of the
    wall; by an arrow that slants out of a hexagon's, a triangle's or a circle's side, ``SLANTED`` more
    (the word stands further out along it)."""
    return ems * text * (1.0 if grid == "rectangle" else SLANTED) + WORD_GAP


SLANTED = 1.1
"""How much wider than the word the room beside a maze is kept by arrows that slant: a round maze's
"Finish" planned at its width found no room beside its radial arrow."""


def word_ems(word: str, bold_font: str) -> float:
    """A Start or Finish word's width in its size: measured in the layout's bold font where it is one
    puzzlebook ships, else ``WIDE`` a letter."""
    return bold_width(word, bold_font) or WIDE * len(word)


def words_kept(
    box: Box,
    across: float,
    down: float,
    room: float,
    ems: float,
    text: float,
    least: float,
    young: bool,
    scale: float,
    maze: MazeRequest,
    own: bool = False,
) -> float:
    """The words' size for a maze without pictures: ``text`` where the room it takes beside the maze
    leaves ``KEEP`` of the cell it has with arrows alone (for children, where it leaves a cell that
    prints), else smaller, down to ``READABLE`` (a poster's grown with its page): a maze whose ends may
    open on any side (a shape, a circle) gives up a little more for words that read. Smaller still only
    where the cell would not print, and 0 where no size leaves one that does, unless they are the
    layout's ``own`` words (not Start and Finish): those keep the least size's room."""
    plain = fitted(box, across, down, room)[0]
    floor = min(text, readable_size(scale))

    def kept(size: float) -> bool:
        cell = words_axis(box, across, down, room, words_room(ems, size, maze.grid), maze)[0]
        return cell >= least and (young or size <= floor or cell >= KEEP * plain)

    while text > MIN_WORD and not kept(text):
        text = max(MIN_WORD, text - 0.5)  # under ``READABLE`` only where the cell would not print
    if kept(text) or own:  # a layout's own words keep their room: a maze too dense for it is told
        return text
    return 0.0  # none: each word as its room allows, or the arrows alone


def words_axis(
    box: Box, across: float, down: float, room: float, need: float, maze: MazeRequest
) -> tuple[float, str]:
    """The cell, and the axis the ends run on, for a maze without pictures whose words take ``need``
    beside a sideways arrow: a word by an arrow at the top or bottom takes only the arrow's depth. A maze
    whose ends are sure to fall on an axis (``on_axis``) runs on the one that leaves the larger cell (on
    a tie its longer dimension, as squares run); other ends may open on any side ("")."""
    if not on_axis(maze):
        return fitted(box, across, down, room, beside=need)[0], ""
    axes: tuple[str, ...] = AXES if down <= across else AXES[::-1]
    if maze.marks in AXES:
        axes = (str(maze.marks),)
    slant = 0.0 if maze.grid == "rectangle" else 0.5
    found = [
        (
            round(
                fitted(box, across, down, room, axis, 0.0, 0.0, True, slant, need * (axis == AXES[0]))[0], 2
            ),
            -rank,
            axis,
        )
        for rank, axis in enumerate(axes)
    ]
    cell, _, axis = max(found)
    return cell, axis


WIDE = 0.68
"""A bold letter's width in its size, on average over wide words (the bundled bold measures 0.62 to 0.68
for Start, Finish, Mouse, Cheese): the room a word is planned by in a font of the layout's own, which
is not read before the book is drawn."""

WORD_GAP = 10.0
"""pt between a word's end and the wall beside it: the arrow's gap (at most 6) and the paper a word keeps
clear of every wall (layout.signs.CLEAR)."""

MIN_WORD = 7.0
"""pt, the least size a Start or Finish word prints at; smaller, the arrows go alone."""
