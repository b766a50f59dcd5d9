"""One maze on a page: where it sits in its slot, with its caption, marks and the room they need."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from ..artwork import PAIRS
from ..errors import At
from ..fields import isolate
from ..kinds import kind
from ..settings import MIN_TEXT, Layout
from ..spec.request import MazeRequest
from .boxes import (
    MARK_SHARE,
    arrow_room,
    for_children,
    least_cell,
    mark_room,
    page_scale,
    solution_width,
    under_caption,
    wall_for,
    walls_of,
    word_size,
)
from .items import TAG_ABOVE, TAG_BELOW, Box, Item, MazeFrame, MazeInfo, Text
from .room import (
    ARROW_SHARE,
    AXES,
    MIN_WORD,
    OFF_AXIS,
    WORD_GAP,
    fitted,
    on_axis,
    picture_axis,
    word_ems,
    words_axis,
    words_kept,
    words_room,
)
from .signs import LABEL_SHARE, WORDS, label_size, under_picture

T = TypeVar("T")


@lru_cache(maxsize=256)
def _shared(*values: T) -> tuple[T, ...]:
    """One tuple for equal ones: a book's thousands of frames carry the same few words and their
    places (1.7 MB of copies in a 5,000-maze book)."""
    return values


def slot_items(
    layout: Layout,
    slot: Box,
    maze: MazeRequest,
    caption_size: float,
    answer: bool,
    wall: float,
    keep_words: bool = False,
    young: bool = False,
    alone: bool = False,
    text: float | None = None,
    planned: list[float] | None = None,
    pictures: float = math.inf,
    above: float = 0.0,
) -> tuple[list[Item], float]:
    """Caption, maze and info line in one slot; also returns the cell size.

    The room round the maze for arrows, words and pictures is planned from the layout alone, the same on
    every side whatever the maze's ends, so mazes of one kind and size get one cell size throughout a
    book; drawn, the group (maze, signs, info line) is only moved to stand balanced under its caption
    (``settle``). ``young``: a book for children up to eight, whose words are larger; ``alone``: the
    book's only maze, which needs no number; ``text``: the book's size for the Start and Finish words
    (``slotplan.book_signs``), else the largest that keeps this maze printable (0: too small a slot for
    one size, each word fitted), appended to ``planned``; ``pictures``: the book's size for its
    pictures at the most (``slotplan.book_signs``). With ``keep_words``, the room for the words is kept
    whatever it costs the cells (to size a maze that keeps them). ``above``: an answer's room over its
    maze, at the least (``answers._Row``)."""
    label, lines, area, box, info, info_h, tagged = _under_label(
        layout, slot, maze, caption_size, answer, alone
    )
    scale = page_scale(layout)
    across, down = kind(maze.grid).extent(maze.width, maze.height)  # in corridor widths: "cells"
    words = _shared(layout.start_label, layout.end_label) if maze.marks != "none" else ("", "")
    if answer:
        return _answer_items(
            layout, slot, box, maze, caption_size, wall, label, lines, info, words, keep_words, alone, above
        )
    ems = max(word_ems(word, layout.bold_font) for word in words)  # the widest word's width in its size
    pair = PAIRS[layout.pictures] if layout.pictures else None
    smallest = least_cell(layout, maze)
    # the arrows' own room, on every side; a maze with no ends has no arrows, and kept their room: a
    # default book's mazes stood an inch narrower than their page, and PENGUIN had no room whole
    room = mark_room(box, layout.mark_room, scale) if maze.marks != "none" else OFF_AXIS
    beside = 0.0  # left and right, the room a word above or below a sideways arrow takes, if more
    if text is None:
        text = MIN_WORD if keep_words else word_size(layout, young)  # keep_words: the least that prints
        if not pair and ems and not keep_words:  # as large as keeps this maze as large as it was
            own = words != WORDS
            text = words_kept(box, across, down, room, ems, text, smallest, young, scale, maze, own)
    axis = ""
    if not pair and ems:
        need = words_room(ems, text, maze.grid)
        most = 0.2 * min(box.w, box.h)
        if need > most:  # a small slot: the words as large as its room allows, alike on every maze
            text = max(0.0, (most - WORD_GAP) / ems)
            need = most
        axis = words_axis(box, across, down, room, need, maze)[1]
        beside = need if (text >= MIN_WORD or keep_words) and axis != AXES[1] else 0.0
    text = math.floor(text * 10) / 10 if text >= MIN_WORD else 0.0
    if planned is not None:
        planned.append(text)
    if not text and not pair and any(words):  # a small slot: the words fitted by their letters, as
        # small as prints, where that costs no maze that fitted (or ``keep_words``)
        least = words_room(ems, MIN_TEXT, maze.grid)
        grown = min(least, 0.2 * min(box.w, box.h))
        if grown > room and (keep_words or fitted(box, across, down, room, beside=grown)[0] >= smallest):
            beside = grown
        text = 12.0 * scale  # each word as large as its room allows (layout.signs)
    picture = 0.0
    sure = on_axis(maze, pictures=pair is not None)
    slant = 0.0 if maze.grid == "rectangle" else 0.5
    if pair:
        axis, picture = picture_axis(
            box, across, down, room, text, scale, smallest, sure, str(maze.marks), slant, pictures
        )
        if picture and ems and text >= MIN_TEXT:  # a word stands under its picture: at the size the
            # wider of the two fits there, both alike (each was shrunk to its own: Start 11.3, Finish 9.4)
            text = max(MIN_TEXT, min(text, math.floor(under_picture(picture) / ems * 10) / 10))
    cell, wide, tall = fitted(box, across, down, room, axis, picture, text, sure, slant, beside)
    arrows = min(cell * 0.8, ARROW_SHARE * min(box.w, box.h))
    if (
        arrows > room and not pair
    ):  # with pictures, the pictures are the large sign  # big cells want big arrows (a layout's mark_room is the least), in proportion
        room = arrows
        cell, wide, tall = fitted(box, across, down, room, axis, picture, text, sure, slant, beside)
    x = box.x0 + (box.w - cell * across) / 2
    # as planned, the group stands a little above the middle of its area; drawn, it is settled there
    free = box.h - cell * down - 2 * tall
    y = box.y1 - tall - cell * down - free * TOP_SHARE
    items: list[Item] = []
    source: At = maze.where.inner("title") if maze.title else ""
    if label:
        items.append(_caption(slot, label, caption_size, lines, source))
    drawn = wall_for(cell, min(wall, walls_of(layout, maze, cell)), bool(maze.weave))
    items.append(
        MazeFrame(
            maze.number,
            x,
            y,
            cell,
            drawn,
            False,
            room * MARK_SHARE,
            layout.solution_rgb,
            text,
            words,
            _shared(layout.where("start_label"), layout.where("end_label")),
            picture,
            pair,
            solution_width(cell, drawn, room * MARK_SHARE),
            area,
            info_h,
            axis=axis,
            reach=(wide, tall),
            beside=max(beside, room),
            tint=maze.tint,
        )
    )
    if info:
        line = _info(layout, maze, slot, y - tall - layout.small_size - 4, False)
        if tagged:  # Easy, Medium or Hard: the child's, in its tag under the heading on every page
            # (at the foot, a Finish word over it read "Cheese / Easy / 5")
            line = replace(line, y=area.y1 + under_caption(caption_size) + line.size * TAG_BELOW, fixed=True)
        elif not line.seed:  # an answer's page alone: at the slot's foot, in one place on every page
            line = replace(line, y=area.y0 + line.size * DESCENT, fixed=True)
        items.append(line)
    return items, cell


class _Labelled(NamedTuple):
    """A slot's label, the lines kept for it, the area under it and, in that area, the box the maze
    and its signs take, above the info line when there is one (``info``, ``info_h`` high)."""

    label: str
    lines: int
    area: Box
    box: Box
    info: bool
    info_h: float
    tagged: bool  # the info line is the child's rating, in its tag under the label


def _under_label(
    layout: Layout, slot: Box, maze: MazeRequest, caption_size: float, answer: bool, alone: bool
) -> _Labelled:
    """The slot's label and the room under it (``_Labelled``): one rule for a maze's slot, an
    answer's, and an answer's cell asked alone (``answer_cell``)."""
    # an answer's line says its seed (``Layout.key_seeds``); a maze's own page may say where its answer is
    info = (
        layout.key_seeds if answer else layout.show_seed or layout.show_difficulty or layout.show_answer_page
    )
    # the child's rating (no seed beside it) stands in its tag under the heading, not under the maze
    tagged = not answer and layout.show_difficulty and not layout.show_seed
    info_h = layout.small_size + 8 if info and not tagged else 0.0
    titled = f"{isolate(maze.title)}" if maze.title and not answer else ""
    label = (
        titled
        if (alone or maze.only) and not answer  # a book's one maze, or a child's
        else f"{layout.words.maze} {maze.shown}" + (f" · {titled}" if titled else "")
    )
    # a title about too wide for one line (bold letters average 0.62 of their size) keeps a second
    # line's room; the page draws it on one line all the same if it fits
    lines = 2 if len(label) * caption_size * 0.62 > slot.w else 1
    heading = caption_size * (1 + 1.15 * (lines - 1)) if label else 0.0
    if tagged:  # the heading's descenders, a gap, and the tag (its word a point over the small size)
        below = caption_size * DESCENT + TAG_GAP if label else 0.0
        heading += below + (TAG_ABOVE + TAG_BELOW) * (layout.small_size + 1)
    gap = under_caption(caption_size, answer) if label or tagged else 0.0
    area = Box(slot.x0, slot.y0, slot.x1, slot.y1 - heading - gap)
    box = Box(area.x0, area.y0 + info_h, area.x1, area.y1)
    return _Labelled(label, lines, area, box, info, info_h, tagged)


def answer_look(maze: MazeRequest) -> tuple[Any, ...]:
    """What of a maze ``answer_cell`` reads: its label's length (the digits of its number), its marks,
    and its grid's kind and size. Mazes alike in these take alike cells in a slot: a key of 500 mazes
    asks it of each of them for every grid it tries."""
    return len(str(maze.shown)), maze.marks, maze.grid, maze.width, maze.height


def answer_cell(
    layout: Layout, slot: Box, maze: MazeRequest, caption_size: float, words: bool = False
) -> float:
    """The cell an answer gets in ``slot`` (``slot_items`` with ``answer``), without making its items:
    the answer key asks it of every maze for every grid it tries, in a plan and in its page count. It is
    the cell with room for arrows on every side: a print book's pages are counted before any maze's
    ends are told their axis, and the count must not change when they are."""
    box = _under_label(layout, slot, maze, caption_size, True, False).box
    return _answer_fit(layout, box, maze.told(""), words)[0]


class _Fit(NamedTuple):
    """An answer's cell, its place (x, y) in its box, the room kept for its arrows, and the room kept
    beside it and above and below it (``room.fitted``)."""

    cell: float
    x: float
    y: float
    room: float
    wide: float
    tall: float


def _answer_fit(layout: Layout, box: Box, maze: MazeRequest, words: bool = False) -> _Fit:
    """An answer in its box; with ``words``, room for its Start and Finish too, at the least size that
    prints (a separate key's page is laid beside its sheet, which has them: in half a Letter page, its
    answers had arrows alone). An answer whose ends are sure to fall on the axis its page was planned
    on (``pages.with_axes``) keeps room for them on that axis's two sides alone, as its page does: with
    room on all four, a key's answers of mazes with ends at their sides stood a tenth smaller than
    they could, the paper above and below them blank."""
    room = mark_room(box, None, page_scale(layout))
    text = 0.0
    if words and maze.marks != "none":
        ems = max(word_ems(word, layout.bold_font) for word in (layout.start_label, layout.end_label))
        room = max(room, MIN_WORD / (LABEL_SHARE * MARK_SHARE), words_room(ems, MIN_WORD, maze.grid))
        text = label_size(room * MARK_SHARE, 12 * page_scale(layout))
    told = maze.axis or str(maze.marks)  # its page's axis, or the one its spec put its ends on
    slant = 0.0 if maze.grid == "rectangle" else 0.5
    across, down = kind(maze.grid).extent(maze.width, maze.height)

    def on(axis: str, room: float) -> tuple[float, float, float]:
        return fitted(box, across, down, room, axis, 0.0, text, bool(axis), slant)

    # on its axis where that draws it no smaller (a word by a slanting arrow may want more room)
    axis = told if told in AXES and on_axis(maze) and on(told, room)[0] >= on("", room)[0] else ""
    cell, wide, tall = on(axis, room)
    if maze.marks != "none" and arrow_room(cell) > room:  # arrows that read by a line a fifth of a cell
        room = arrow_room(cell)
        cell, wide, tall = on(axis, room)
    x, y = box.x0 + (box.w - cell * across) / 2, box.y0 + (box.h - cell * down) / 2
    return _Fit(cell, x, y, room, wide, tall)


TOP_SHARE = 0.42
"""Of the paper a group leaves free under its caption, the share above it: a group stands a little above
the middle, where the eye puts the middle of a page."""


def _caption(slot: Box, label: str, size: float, lines: int, source: At) -> Text:
    """The maze's caption at the top of its slot: one place on every page of the book, its first line's;
    a second line hangs below it, in the room kept for it (drawn above, it stood in a print book's top
    margin)."""
    return Text(
        slot.x0 + slot.w / 2,
        slot.y1 - size,
        label,
        size,
        True,
        "center",
        max_width=slot.w,
        source=source,
        wrap=lines == 2,
        hang=True,
    )


def _info(layout: Layout, maze: MazeRequest, slot: Box, y: float, answer: bool) -> MazeInfo:
    """The small line under a maze: its rating for the child, or its seed for the grown-up."""
    return MazeInfo(
        maze.number,
        slot.x0 + slot.w / 2,
        y,
        # a rating alone is for the child, a size larger; the seed's line is for the grown-up
        layout.small_size + 1 if not (answer or layout.show_seed) else max(MIN_TEXT, layout.small_size - 1),
        seed=answer or layout.show_seed,
        rating=layout.show_difficulty and not answer,
        ratings=_shared(layout.words.easy, layout.words.medium, layout.words.hard),
        words=_shared(layout.words.seed, layout.words.rings),
    )


def _answer_items(
    layout: Layout,
    slot: Box,
    box: Box,
    maze: MazeRequest,
    caption_size: float,
    wall: float,
    label: str,
    lines: int,
    info: bool,
    words: tuple[str, str],
    keep_words: bool = False,
    alone: bool = False,
    above: float = 0.0,
) -> tuple[list[Item], float]:
    """An answer in its slot: the maze centred, with room for its arrows (and with ``keep_words`` for
    their words: ``_answer_fit``), its caption right above it; a poster's (``alone``) words as its own.
    With ``above``, at least that much room over the maze, taken from the top of its box."""
    cell, x, y, room, wide, tall = _answer_fit(layout, box, maze, keep_words)
    if above > tall:
        box = Box(box.x0, box.y0, box.x1, box.y1 - (above - tall))
        cell, x, y, room, wide, tall = _answer_fit(layout, box, maze, keep_words)
    scale, young = page_scale(layout), for_children([maze])
    words_at = word_size(layout, young) if alone else label_size(room * MARK_SHARE, 12 * scale)
    down = kind(maze.grid).extent(maze.width, maze.height)[1]
    top = y + cell * down + max(tall, above) + 4
    items: list[Item] = [
        Text(
            slot.x0 + slot.w / 2,
            top + 4,
            label,
            caption_size,
            True,
            "center",
            max_width=slot.w,
            wrap=lines == 2 or slot.y1 - (top + 4) >= caption_size * 2.2,
        ),
        MazeFrame(
            maze.number,
            x,
            y,
            cell,
            wall_for(cell, wall, bool(maze.weave)),
            True,
            room * MARK_SHARE,
            layout.solution_rgb,
            words_at,
            words,
            _shared(layout.where("start_label"), layout.where("end_label")),
            0.0,
            None,
            solution_width(cell, wall_for(cell, wall, bool(maze.weave)), room * MARK_SHARE),
            None,
            0.0,
            layout.answer_wall_gray,
            # a word by a sideways arrow may take all the room kept beside the answer, not its arrow's
            # length alone: Finish at 7 pt wanted 0.6 pt more than that, and every key left it out
            reach=(wide, tall),
            beside=room,
            bounds=slot,
        ),
    ]
    if info:
        items.append(_info(layout, maze, slot, y - tall - layout.small_size - 4, True))
    return items, cell


TAG_GAP = 4.0
"""pt of paper between a heading's descenders and the rating's tag under it."""

DESCENT = 0.3
"""How far below its baseline a line of text reaches, in font sizes (the bundled fonts' descent is
0.24), as preflight measures it."""
