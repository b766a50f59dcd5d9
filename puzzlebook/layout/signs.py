"""Where a maze's start and end signs go, as plain numbers: arrows outside the openings, the words and
pictures beside them, kept clear of each other and of the maze's cells.

Pure geometry with no PDF library, shared by every output format; coordinates as in ``geometry``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..geometry import Placement, Point, centre, extent, hole_radius, inradius, into_hole, middle, opening
from ..graph import GraphMaze
from ..grid import E, N, S, W
from ..puzzles import Puzzle
from ..settings import MIN_TEXT
from .badges import BADGE, BADGE_FILL, BADGE_LETTER, HUB_BADGE, least_spelled, spelled_radius
from .boxes import MARK_SHARE, arrow_gap
from .covering import covering, outer_ink
from .items import MazeFrame
from .notches import arrow_at, lead, off_the_walls
from .room import AXES, PICTURE_GAP


@dataclass(frozen=True)
class Mark:
    """A start or end sign: an arrow outside an opening, or a letter/dot on an inner cell."""

    kind: str  # "arrow" or "inner"
    role: str  # "start" or "end"
    polygon: tuple[Point, ...] = ()
    center: Point = (0.0, 0.0)
    radius: float = 0.0
    badge: float = 0.0  # an inner mark's radius drawn as a badge, a disc with its letter (``BADGE``)
    label: tuple[float, float, str] | None = None  # baseline x, y and alignment of the word
    word: str = ""  # "Start" or "Finish"
    size: float = 0.0  # its text size; 0 when it does not fit beside the arrow
    picture: tuple[float, float, float] | None = None  # bottom-left x, y and size of its picture
    mirror: bool = False  # the picture faces left, towards the maze
    lead: tuple[Point, Point] | None = None  # an answer line's way on to an arrow off the walls (``lead``)


Measure = Callable[[str, float], float]
Box4 = tuple[float, float, float, float]
"""A page box: x0, y0, x1, y1."""
Box3 = tuple[float, float, float]  # a picture's square: x0, y0 and its side
WORDS = ("Start", "Finish")

CLEAR = 4.0
"""pt of paper kept between every word or picture by an arrow and the nearest wall's ink: a word nearer
reads as part of the maze (the "t" of Start touching a hexagon's zigzag edge)."""


def marks(
    puzzle: Puzzle,
    place: Placement,
    size: float,
    measure: Measure | None = None,
    largest: float = 12.0,
    words: tuple[str, str] = WORDS,
    picture: float = 0.0,
    wall: float = 1.5,
    beside: float = 0.0,
    room: Box4 | None = None,
    feet: tuple[float, float] = (0.0, 0.0),
) -> list[Mark]:
    """Arrows for ends on the border (pointing in at the start, out at the end), dots otherwise.

    ``measure(word, size)`` gives a word's width in points; with it, each word gets ``label_size(size)``
    (at most ``largest``, which the layout plans once for the book, so Start and Finish print alike),
    less only where it cannot fit the room beside the maze, or none below 7 pt. Every word and picture
    stays ``CLEAR`` of the walls (drawn ``wall`` wide). ``beside``: the room the layout planned left and
    right of the maze for a word above or below a sideways arrow, where that is wider than the arrow's
    own (``size / MARK_SHARE``): a word may be longer than its arrow, and then takes the book's size
    ``largest`` whatever the arrow's. Two ends so close that their pictures and words would run into
    each other get arrows and words alone. ``room``: the page box a word beside an arrow must keep
    within, or be left out (else one beside the arrow may reach past the arrows' own room). ``feet``: of
    the two pictures' squares, the blank share under their ink (``artwork.ink``), where their words go."""
    out = _marks(puzzle, place, size, measure, largest, words, picture, wall, beside, room, feet)
    if picture and _collide(out, measure):
        return _marks(puzzle, place, size, measure, largest, words, 0.0, wall, beside, room)
    return out


WHOLE: Box4 = (0.0, 0.0, 1.0, 1.0)
"""A picture's whole square, as ``sign_boxes`` takes its ink (``artwork.ink``)."""


def sign_boxes(
    mark: Mark, measure: Measure | None, ink: Box4 = WHOLE
) -> list[tuple[float, float, float, float]]:
    """The boxes an end's sign covers on the page (x0, y0, x1, y1): its arrow, picture and word; the
    picture's the part ``ink`` of its square (``artwork.ink``), or all of it."""
    found = []
    if mark.polygon:
        xs, ys = [p[0] for p in mark.polygon], [p[1] for p in mark.polygon]
        found.append((min(xs), min(ys), max(xs), max(ys)))
    if mark.picture:
        x, y, side = mark.picture
        found.append((x + ink[0] * side, y + ink[1] * side, x + ink[2] * side, y + ink[3] * side))
    if mark.label:
        width = measure(mark.word, mark.size) if measure else 0.6 * mark.size * len(mark.word)
        found.append(_word_box(mark.label, mark.size, width))
    return found


def _spelled(word: str, largest: float, clear: float, measure: Measure | None) -> tuple[float, float] | None:
    """The size of ``word`` in a badge of at most ``clear`` radius (``largest``, or less down to
    ``least_spelled``), and the badge's radius; None where it does not fit (its letter is drawn)."""
    if not (largest and measure and word):
        return None
    per_point = spelled_radius(measure(word, 1.0), 1.0)  # the badge's radius a point of the word's size
    size = min(largest, math.floor(clear / per_point * 10) / 10)
    radius = spelled_radius(measure(word, 1.0), size)
    return (size, radius) if size >= least_spelled(largest) and radius < clear else None


def _collide(out: list[Mark], measure: Measure | None) -> bool:
    """Whether the two ends' signs (arrow, picture, word) overlap."""
    if len(out) < 2:
        return False
    return any(_overlap(a, b) for a in sign_boxes(out[0], measure) for b in sign_boxes(out[1], measure))


def _marks(
    puzzle: Puzzle,
    place: Placement,
    size: float,
    measure: Measure | None,
    largest: float,
    words: tuple[str, str],
    picture: float,
    wall: float,
    beside: float = 0.0,
    kept: Box4 | None = None,
    feet: tuple[float, float] = (0.0, 0.0),
) -> list[Mark]:
    out = []
    found: list[Callable[[tuple[float, float, float, float]], bool]] = []  # made when first needed

    def covers(box: tuple[float, float, float, float]) -> bool:
        if not found:
            found.append(covering(puzzle.maze, place, CLEAR + outer_ink(puzzle.maze, wall), puzzle.accents))
        return found[0](box)

    ends = {"start": puzzle.start, "end": puzzle.end}
    alike = _alike(puzzle, words, size, place.cell, largest, measure, wall, beside)  # by their arrows
    w, h = extent(puzzle.maze)
    tall = size / MARK_SHARE  # the room planned round the maze, of which the arrow takes its share
    wide = max(tall, beside)  # and beside it, the room planned for a word longer than its arrow
    room = kept or (
        place.x - wide,
        place.y - tall,
        place.x + w * place.cell + wide,
        place.y + h * place.cell + tall,
    )
    for (role, cell), word in zip(ends.items(), words, strict=True):
        if cell is None:
            continue
        x, y = cell
        spot_of = opening(puzzle, role)
        if spot_of is None:
            hole = into_hole(puzzle, role)  # a circle's start round its hole: its badge in the hole
            cx, cy = place.point(*(middle(puzzle) if hole else centre(puzzle, cell)))
            dot = place.cell * 0.32
            hub = hole or (
                isinstance(puzzle.maze, GraphMaze) and puzzle.maze.grid.kind.name == "circle" and x == 0
            )
            inside = hole_radius(puzzle, role) if hole else inradius(puzzle, cell)
            clear = (inside * place.cell - wall / 2) * BADGE_FILL
            # the word itself where its disc fits (``_spelled``); else its letter, no larger than the
            # words by the arrows: an S from 13 to 33 pt across a book, and never a word
            spelled = _spelled(word, largest, clear, measure)
            if spelled:
                spelled_at, radius = spelled
                out.append(
                    Mark("inner", role, center=(cx, cy), radius=dot, badge=radius, word=word, size=spelled_at)
                )
                continue
            badge = min(dot * (HUB_BADGE if hub else BADGE), clear, largest / BADGE_LETTER)
            out.append(Mark("inner", role, center=(cx, cy), radius=dot, badge=badge, word=word))
            continue
        middle_of, outward, side = spot_of
        other_spot = opening(puzzle, "end" if role == "start" else "start")
        heavier = outer_ink(puzzle.maze, wall) - wall / 2  # a shape's outline reaches further out
        arrow = arrow_at(place, middle_of, outward, role == "start", size, heavier)
        polygon = off_the_walls(arrow, place, puzzle, role, outward, wall)
        # its word is placed by the arrow as a plain wall's stands: moved half a point out, a key's
        # Finish kept to its room by a point no longer fitted there, and stood past the page's margin
        placed = off_the_walls(
            arrow_at(place, middle_of, outward, role == "start", size), place, puzzle, role, outward, wall
        )
        other = ends["end" if role == "start" else "start"]
        other_side = other_spot[2] if other_spot else None
        # Put the word away from the other end when both are on one side, so they never collide; beside
        # an arrow above or below the maze, towards its middle, so a word by a corner stays by the maze.
        if isinstance(puzzle.maze, GraphMaze) and puzzle.maze.grid.kind.name == "circle":
            # a rim curves away from its arrows: the word goes on the side where the rim falls away
            away = middle_of[0] < w / 2 if side in (N, S) else middle_of[1] > h / 2
        elif side in (N, S):
            away = other[0] > x if other is not None and other_side == side else x >= puzzle.maze.width / 2
        elif other is not None and other_side == side:
            away = other[1] < y
        else:  # beside a side arrow: above it, or below
            away = _below(
                y, other[1] if other is not None and other_side in (E, W) else None, puzzle.maze.height
            )
        span = (place.x, place.y, place.x + w * place.cell, place.y + h * place.cell)
        spot, foot = None, feet[role != "start"]
        if picture:
            text = _word_size(word, side, size, place.cell, picture, largest, measure, wall, beside)
            spot = _picture_spot(place, middle_of, outward, size, picture, text, covers, span, not kept, foot)
        if not spot:  # by its arrow: the size both words fit at, so Start and Finish print alike
            text = alike[role]
        if spot:  # the word goes under its picture, on every side
            label = _word_under(spot, text, foot)
            if label and measure is not None and covers(_word_box(label, text, measure(word, text))):
                label = None  # the picture says which end it is
        else:
            label = _label_spot(placed, side, text, flip=away)
            if label:
                width = measure(word, text) if measure else 0.6 * text * len(word)
                label = _clear_of_shape(covers, placed, side, outward, text, width, away, room, bool(kept))
        out.append(
            Mark(
                "arrow",
                role,
                polygon=polygon,
                lead=lead(arrow, polygon, place.point(*middle_of)),
                label=label,
                word=word,
                size=text,
                picture=spot,
                mirror=side == E,
            )
        )
    return out


def _alike(
    puzzle: Puzzle,
    words: tuple[str, str],
    size: float,
    cell: float,
    largest: float,
    measure: Measure | None,
    wall: float,
    beside: float,
) -> dict[str, float]:
    """The size each of a maze's Start and Finish takes by its arrow: the smaller of the two each fits
    its room at (``_word_size``), so both print alike; 0 for a word that fits at none. Each fitted to
    its own, a star's Finish, a longer word by an arrow out of the slot's edge, printed at 7 pt beside a
    Start of 9."""
    sizes = {
        role: _word_size(word, spot[2], size, cell, 0.0, largest, measure, wall, beside)
        for role, word in zip(("start", "end"), words, strict=True)
        if (spot := opening(puzzle, role)) is not None
    }
    least = min((text for text in sizes.values() if text), default=0.0)
    return {role: least if text else 0.0 for role, text in sizes.items()}


def _word_size(
    word: str,
    side: int,
    size: float,
    cell: float,
    picture: float,
    largest: float,
    measure: Measure | None,
    wall: float = 1.5,
    beside: float = 0.0,
) -> float:
    """The word's text size: as big as the arrow (or its picture) allows, and fitted into the room
    where it runs into it (beside a sideways arrow, or under a picture); 0 below 7 pt."""
    # the size the layout planned the room for (``beside``); else as the arrow's size allows
    text = largest if beside and largest >= 7 else label_size(max(size, picture), largest)
    if text and measure is not None and (side in (E, W) or picture):
        room = word_room(size, cell, picture, wall, beside)
        text = min(text, text * room / max(measure(word, text), 1e-9))
        text = text if text >= 7 else 0.0
    return text


def _picture_spot(
    place: Placement,
    middle: Point,
    outward: Point,
    size: float,
    picture: float,
    text: float,
    covers: Callable[[Box4], bool],
    span: Box4,
    hang: bool = True,
    foot: float = 0.0,
) -> Box3 | None:
    """The picture's box beyond the arrow, on the arrow's line: the mouse runs in, the cheese waits out.
    A picture above its arrow stands a line higher for its word under it, less the blank ``foot`` of its
    square under its ink, where the word stands (``_word_under``); one that would come near a wall (a
    shape's outline coming back round, a hexagon's zigzag) moves out a little, or is left out.
    Above or below the maze its middle keeps over the maze's width (``span``): by a corner it may
    ``hang`` half past the side, on its arrow (kept over the maze, an inch of mouse stood 29 pt off its
    arrow); where that leaves the page's area, it is kept whole over the maze, not shrunk (a fish's
    were, to 0.44 in). Beside the maze it stays on the arrow's line (the mouse runs in)."""
    mx, my = place.point(*middle)
    ux, uy = outward[0], -outward[1]
    d = size + PICTURE_GAP + picture / 2 + max(0.0, uy) * max(0.0, text * 1.3 - foot * picture)
    low, high = (span[0], span[2]) if hang else (span[0] + picture / 2, span[2] - picture / 2)
    for _ in range(3):
        cx, cy = mx + ux * d, my + uy * d
        # moved into [low, high] above or below the maze, unless nothing fits between them
        kept = (min(max(cx, low), high) if abs(uy) > abs(ux) and low <= high else cx, cy)
        for px, py in dict.fromkeys((kept, (cx, cy))):  # on the arrow's line where moved over a shape
            box = (px - picture / 2, py - picture / 2, px + picture / 2, py + picture / 2)
            if not covers(box):
                return box[0], box[1], picture
        d += picture * 0.2
    return None


def word_room(
    size: float, cell: float, picture: float = 0.0, wall: float = 1.5, beside: float = 0.0
) -> float:
    """How wide a word by an arrow may be: the room around the maze (the arrow's, or ``beside`` where the
    layout planned more for the words) less the arrow's gap or the paper kept clear of the wall
    (``CLEAR`` from a wall ``wall`` wide), or with a picture, the picture's width and a little."""
    if picture:
        return under_picture(picture)
    return max(size, beside) - max(arrow_gap(cell), CLEAR + wall / 2 + 1)  # SHIFTS' step


def crowded_word(frame: MazeFrame, word: str, usual: str, width: Callable[[str], float]) -> float | None:
    """The room by ``frame``'s arrows where ``word`` does not print even at the smallest size, though the
    ``usual`` word there (Start, Finish) would: a room too small for any word gets arrows alone, and one
    a usual word fits must fit the book's own. None where it prints, and beside an arrow at the top or
    bottom, where a word takes only the arrow's depth. ``width``: a word's width at 1 pt."""
    if frame.axis == AXES[1] and not frame.picture:
        return None
    room = word_room(frame.mark, frame.cell, frame.picture, frame.wall, frame.beside)
    return room if width(usual) * MIN_TEXT <= room < width(word) * MIN_TEXT else None


def under_picture(picture: float) -> float:
    """How wide a word under its picture may be: the picture's width and a little."""
    return picture + 4


def _word_under(spot: Box3, size: float, foot: float = 0.0) -> tuple[float, float, str] | None:
    """Under its picture, centred: the same place on every side, so a child finds it at once; right
    under its ink, ``foot`` of its square over the square's foot (under the square, "Mouse" stood 19 pt
    under a wide mouse and 7 pt over the arrow, and read as the arrow's)."""
    if not size:
        return None
    x, y, picture = spot
    return x + picture / 2, y + foot * picture - size * 1.05, "center"


LABEL_SHARE = 0.3
"""A Start or Finish word's size, in its arrow's (``label_size``)."""


def label_size(mark: float, largest: float = 12.0) -> float:
    """Text size of the Start/Finish words beside an arrow of size ``mark``: the word must fit in the
    room around the maze, so a small room gets arrows alone (0) rather than text too small to print."""
    size = min(largest, mark * LABEL_SHARE)
    return size if size >= 7 else 0.0


def _below(y: float, other: float | None, rows: float) -> bool:
    """Whether a word beside a sideways arrow in row ``y`` goes below it: above, unless the arrow is in
    the top row, where a word above would stand over the maze; the other sideways end's word (in row
    ``other``) alike, as one rule on one sheet (Start below its arrow and Finish above read as two).
    Where one end is in the top row and the other in the bottom one, each word keeps by the maze."""
    rows_of = [y] if other is None else [y, other]
    top, bottom = min(rows_of) < 1, max(rows_of) > rows - 2
    return y < rows / 2 if top and bottom else top


def _label_spot(
    polygon: tuple[Point, ...], side: int, size: float, flip: bool = False
) -> tuple[float, float, str] | None:
    """Beside the arrow: above it (below when ``flip``) when it points sideways, to its right (left)
    when it points up or down."""
    if not size:
        return None
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    if side in (E, W):  # keep the word in the room beside the maze, clear of its wall
        y = min(ys) - size * 1.05 if flip else max(ys) + size * 0.35
        return (max(xs), y, "right") if side == W else (min(xs), y, "left")
    middle = (min(ys) + max(ys)) / 2 - size * 0.35
    return (min(xs) - size * 0.4, middle, "right") if flip else (max(xs) + size * 0.4, middle, "left")


def _clear_of_shape(
    covers: Callable[[tuple[float, float, float, float]], bool],
    polygon: tuple[Point, ...],
    side: int,
    outward: Point,
    size: float,
    width: float,
    away: bool,
    room: Box4,
    strict: bool = False,
) -> tuple[float, float, str] | None:
    """Where a word by an arrow goes: the outline may come back round beside the arrow (a fish's belly,
    the letters of a name, a hexagon's zigzag), so the word takes the first spot that comes near none of
    its cells nor covers its arrow: beside the arrow, beside it on the other side (each moved out along
    the arrow a few points where that clears the walls and stays in the ``room`` round the maze), or
    beyond its far end. With none clear it is left out; the arrow says enough. Beside the arrow, unmoved,
    or beyond it, a word may reach past the ``room`` unless it is ``strict`` (the page's room is checked
    after: ``settle``); a triangle maze's Finish, between two teeth of its edge, was left out of a page
    with two inches of paper beyond its arrow."""
    xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
    gap = size * 0.4
    ux, uy = outward[0], -outward[1]  # on the page, y up
    if abs(ux) < 1e-9 or abs(uy) < 1e-9:  # straight out of a side of squares
        beyond = {
            W: (min(xs) - gap, (min(ys) + max(ys)) / 2 - size * 0.35, "right"),
            E: (max(xs) + gap, (min(ys) + max(ys)) / 2 - size * 0.35, "left"),
            N: ((min(xs) + max(xs)) / 2, max(ys) + size * 0.35, "center"),
            S: ((min(xs) + max(xs)) / 2, min(ys) - size * 1.05, "center"),
        }[side]
    else:  # slanting out of a hexagon's or a triangle's side: the word's middle in line with the arrow
        fx, fy = max(polygon, key=lambda p: p[0] * ux + p[1] * uy)
        reach = gap + abs(ux) * width / 2 + abs(uy) * size * 0.525
        beyond = (fx + ux * reach, fy + uy * reach - size * 0.275, "center")
    arrow = (min(xs), min(ys), max(xs), max(ys))
    far = _word_box(beyond, size, width)
    if strict and side in (N, S):  # under an arrow by a corner: kept in the room, still under its tip
        nudge = max(room[0] - far[0], 0.0) - max(far[2] - room[2], 0.0)
        if abs(nudge) <= width / 2:
            beyond, far = (beyond[0] + nudge, *beyond[1:]), (far[0] + nudge, far[1], far[2] + nudge, far[3])
    inside = room[0] <= far[0] and room[1] <= far[1] and far[2] <= room[2] and far[3] <= room[3]
    spots = [
        (spot[0] + ux * out, spot[1] + uy * out, spot[2])
        for spot in (_label_spot(polygon, side, size, away), _label_spot(polygon, side, size, not away))
        if spot is not None
        for out in SHIFTS
    ]
    for spot in (*spots, beyond) if inside or not strict else spots:
        box = _word_box(spot, size, width)
        within = room[0] <= box[0] and room[1] <= box[1] and box[2] <= room[2] and box[3] <= room[3]
        if (
            (within or (not strict and (spot in spots[:: len(SHIFTS)] or spot is beyond)))
            and not covers(box)
            and not _overlap(box, arrow)
        ):
            return spot
    return None


SHIFTS = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 14.0)
"""pt a word beside an arrow may move out along it, to keep clear of the walls: up to 14, for an arrow in
a valley of a hexagon field's zigzag edge with a cell standing higher on each side (within the room
planned round the maze)."""


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _word_box(spot: tuple[float, float, str], size: float, width: float) -> tuple[float, float, float, float]:
    """The page box a word set at ``spot`` (baseline x, y and alignment) takes, descenders included."""
    x, y, align = spot
    left = x - width if align == "right" else x - width / 2 if align == "center" else x
    return left, y - size * 0.25, left + width, y + size * 0.8
