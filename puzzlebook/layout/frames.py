"""One maze on a page: where it sits in its slot, with its caption, marks and the room they need."""

from __future__ import annotations

from ..artwork import MIN_SIZE as MIN_PICTURE
from ..artwork import PAIRS
from ..errors import At
from ..fields import isolate
from ..kinds import kind
from ..settings import MIN_LINE, MIN_TEXT, PAGES, Layout
from ..spec import MazeRequest
from .boxes import GAP, content_box, fit, mark_room, page_scale, solution_width, wall_for
from .items import Box, Item, MazeFrame, MazeInfo, Page, Rule, Text


def slot_items(
    layout: Layout,
    slot: Box,
    maze: MazeRequest,
    caption_size: float,
    answer: bool,
    wall: float,
    keep_words: bool = False,
) -> tuple[list[Item], float]:
    """Caption, maze and info line in one slot; also returns the cell size. With ``keep_words``, the room for
    the start and end words is kept whatever it costs the cells (to size a maze that keeps them)."""
    info = answer or layout.show_seed or layout.show_difficulty  # answers always show their seed
    info_h = layout.small_size + 8 if info else 0.0
    label = f"{layout.words.maze} {maze.shown}" + (
        f" · {isolate(maze.title)}" if maze.title and not answer else ""
    )
    # a title about too wide for one line (bold letters average 0.62 of their size) keeps a second
    # line's room above the maze; the page draws it on one line all the same if it fits
    lines = 2 if len(label) * caption_size * 0.62 > slot.w else 1
    box = Box(slot.x0, slot.y0 + info_h, slot.x1, slot.y1 - caption_size * (1 + 1.15 * (lines - 1)) - 6)
    scale = page_scale(layout)
    pair = PAIRS[layout.pictures] if layout.pictures and not answer else None
    picture = max(MIN_PICTURE, min(0.1 * min(box.w, box.h), 72 * scale)) if pair else 0.0
    extra = picture + 4 if pair else 0.0  # the pictures sit beyond the arrows
    room = mark_room(box, None if answer else layout.mark_room, scale)
    across, down = kind(maze.grid).extent(maze.width, maze.height)  # in corridor widths: "cells"
    cell, x, y = fit(box, across, down, room + extra)
    if not answer and cell * 0.8 > room:  # big cells want big arrows (a layout's mark_room is the least)
        room = min(cell * 0.8, 0.12 * min(box.w, box.h))
        cell, x, y = fit(box, across, down, room + extra)
    # a maze with no ends has no arrows, so no words to make room for or to fit
    words = (layout.start_label, layout.end_label) if maze.marks != "none" else ("", "")
    need = _room_for(max(map(len, words)))
    if not answer and not pair and words not in (("Start", "Finish"), ("", "")) and room < need:
        room = min(need, 0.2 * min(box.w, box.h))  # "Arrivée", "Entrance": the room the words take
        cell, x, y = fit(box, across, down, room + extra)
    # the room the words take at the least size that prints, their letters 0.6 of it on average, and the
    # arrow's gap (layout.signs.arrow_gap); less, and beside a sideways arrow they would be left out
    gap = max(1.5, min(cell * 0.12, 6.0))
    least = (max(map(len, words)) * 0.6 * MIN_TEXT + gap) / 0.85
    if not answer and not pair and any(words) and room < least:
        grown = min(least, 0.2 * min(box.w, box.h))
        bigger = fit(box, across, down, grown + extra)
        if keep_words or bigger[0] >= max(
            layout.min_cell, 3 * wall
        ):  # never at the cost of a maze that fitted
            room, (cell, x, y) = grown, bigger
    if not answer:  # under its heading, which so stands at one height on every page of the book
        y = box.y1 - room - extra - cell * down
    top = y + cell * down + room + extra + 4
    source: At = maze.where.inner("title") if maze.title and not answer else ""
    items: list[Item] = [
        Text(
            slot.x0 + slot.w / 2,
            top + 4,
            label,
            caption_size,
            True,
            "center",
            max_width=slot.w,
            source=source,
            wrap=lines == 2 or slot.y1 - (top + 4) >= caption_size * 2.2,  # a second line above
        ),
        MazeFrame(
            maze.number,
            x,
            y,
            cell,
            wall_for(cell, wall),
            answer,
            room * 0.85,
            layout.solution_rgb,
            12 * scale,
            words,
            (layout.where("start_label"), layout.where("end_label")),
            picture,
            pair,
            solution_width(cell, wall_for(cell, wall)),
            box if pair else None,
            layout.answer_wall_gray if answer else 0.0,
        ),
    ]
    if info:
        items.append(
            MazeInfo(
                maze.number,
                slot.x0 + slot.w / 2,
                y - room - extra - layout.small_size - 4,
                # a rating alone is for the child, a size larger; the seed's line is for the grown-up
                layout.small_size + 1
                if not (answer or layout.show_seed)
                else max(MIN_TEXT, layout.small_size - 1),
                seed=answer or layout.show_seed,
                rating=layout.show_difficulty and not answer,
                ratings=(layout.words.easy, layout.words.medium, layout.words.hard),
                words=(layout.words.seed, layout.words.rings),
            )
        )
    return items, cell


def _room_for(letters: int) -> float:
    """Room around a maze for a word of ``letters`` beside its arrow at 8 pt, wide letters and the
    arrow's gap included (the arrow is 0.85 of the room)."""
    return (letters * 0.7 * 8 + 6) / 0.85


def by_student(mazes: list[MazeRequest]) -> list[list[MazeRequest]]:
    groups: list[list[MazeRequest]] = []
    for maze in mazes:
        if groups and groups[-1][0].student == maze.student:
            groups[-1].append(maze)
        else:
            groups.append([maze])
    return groups


NAME_LINE_ROOM = (0.3, 0.15, 0.12)
"""Room to write after Name, Date and Class, in shares of the page's width: a child's whole name is
the longest; the three fields shared the width in thirds, so a translated Name (Nombre y apellidos)
shrank all three words and a long name printed at 7 pt."""

DESCENT = 0.3
"""How far below its baseline a line of text reaches, in font sizes (the bundled fonts' descent is
0.24), as preflight measures it."""


def sheet_title_size(layout: Layout) -> float:
    """A sheet's title (``title_heading``) is the largest text on the sheet, a quarter above the largest
    other (the mazes' headings, the instructions and the Name line): the sheet says whose it is before
    each maze says what it is."""
    heading = layout.heading_size if layout.mazes_per_page == 1 else layout.caption_size
    return round(max(heading, layout.caption_size) * 1.25, 1)


def page_frame(
    layout: Layout,
    page: Page,
    title: str,
    student: str | None = None,
    student_where: At = "",
    title_where: At = "",
    marked: bool = True,
) -> Box:
    """Header, footer, name line and instructions; returns the box left for the mazes. A page whose
    mazes have no start and end (not ``marked``) gets ``instructions_unmarked`` where a layout has it:
    a line about arrows would send children looking for arrows that are not there."""
    box = content_box(layout, page.number)
    s = layout.small_size
    top, bottom = box.y1, box.y0
    values = {"page": page.number, "title": isolate(title), "pages": PAGES}
    middle = box.x0 + box.w / 2
    if layout.footer:
        text = layout.footer.format(**values)
        page.items.append(
            Text(
                middle,
                box.y0 + s * DESCENT,  # its descenders too stay above the margin a printer keeps clear
                text,
                s,
                align="center",
                gray=0.3,
                max_width=box.w,
                source=layout.where("footer"),
            )
        )
        bottom += s + GAP
    if layout.header:
        text = layout.header.format(**values)
        page.items.append(
            Text(
                middle,
                top - s,
                text,
                s,
                align="center",
                gray=0.3,
                max_width=box.w,
                source=layout.where("header"),
            )
        )
        top -= s + GAP
    if page.kind == "maze" and layout.title_heading:  # a handout says whose it is: "Room 12 Mazes"
        size = sheet_title_size(layout)
        top -= size
        page.items.append(Text(middle, top, title, size, True, "center", max_width=box.w, source=title_where))
        top -= size * DESCENT + GAP * 0.75  # its descenders, then a clear gap above the Name line
    if page.kind == "maze" and layout.name_line:
        size = layout.caption_size
        top -= size
        words = layout.words
        labels = (words.name, words.date, words.class_)
        # each word's width in sizes: wide letters counted for a word of the layout's own (Prénom); the
        # three share one size, and each field is its word and room to write after it, the name the most
        ems = [
            2.9 if word in ("Name", "Date", "Class") else max(2.9, 0.68 * len(word) + 0.2) for word in labels
        ]
        rooms = [box.w * share for share in NAME_LINE_ROOM]
        size = min(size, max(MIN_TEXT, (box.w - sum(rooms) - 3 * GAP) / sum(ems)))
        spare = box.w - sum(rooms) - 3 * GAP - size * sum(ems)
        if spare < 0:  # words at the least size still too long: the rooms give way, alike
            rooms = [room * (1 + spare / sum(rooms)) for room in rooms]
            spare = 0.0
        x = box.x0
        for i, (word, em, room) in enumerate(zip(labels, ems, rooms, strict=True)):
            wide = size * em
            field = wide + room + spare * (4, 1, 1)[i] / 6 + GAP  # what is left goes most to the name
            page.items.append(
                Text(x, top, word, size, max_width=wide + room / 2, source=layout.where("words"))
            )
            page.items.append(Rule(x + wide, top - 2, x + field - GAP, top - 2, MIN_LINE))
            if i == 0 and student:  # a class set: the name is printed on the line
                width = field - GAP - wide - size * 0.4  # no further than the line it is written on
                page.items.append(
                    Text(
                        x + wide + size * 0.4,
                        top,
                        student,
                        size,
                        bold=True,
                        max_width=width,
                        source=student_where,
                    )
                )
            x += field
        top -= GAP
    key = "instructions" if marked or layout.instructions_unmarked is None else "instructions_unmarked"
    instructions = getattr(layout, key)
    if page.kind == "maze" and instructions:
        size = layout.caption_size
        # a line too long for one takes two (the first above), on every page alike: regular letters
        # average about 0.55 of their size
        said = [t for t in (layout.instructions, layout.instructions_unmarked) if t]
        two = any(len(t) * size * 0.55 > box.w for t in said)
        top -= size * (1 + 1.15 * two)
        page.items.append(
            Text(box.x0, top, instructions, size, max_width=box.w, source=layout.where(key), wrap=two)
        )
        top -= GAP
    return Box(box.x0, bottom, box.x1, top)
