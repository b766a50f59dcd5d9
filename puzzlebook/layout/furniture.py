"""A page's furniture round its mazes: header, footer, a sheet's title, the Name line and the
instructions; what is left of the page is the mazes' box."""

from __future__ import annotations

from ..errors import At
from ..fields import isolate
from ..settings import MIN_LINE, MIN_TEXT, PAGES, Layout
from ..spec.request import MazeRequest
from .boxes import GAP, content_box
from .frames import DESCENT
from .items import Box, Page, Rule, Text


def by_student(mazes: list[MazeRequest]) -> list[list[MazeRequest]]:
    groups: list[list[MazeRequest]] = []
    for maze in mazes:
        if groups and groups[-1][0].student == maze.student:
            groups[-1].append(maze)
        else:
            groups.append([maze])
    return groups


NAME_LINE_WORDS = {"Name": 3.3, "Date": 2.75, "Class": 3.0}
"""Name, Date and Class in ems, each with a third of an em after it before its line begins: their
width in DejaVu Sans (2.95, 2.39, 2.63). At one 2.9 ems for all three, Name's line began under its e,
and a class set's printed name ("Name Chloé") all but touched it."""

NAME_LINE_ROOM = (0.3, 0.15, 0.12)
"""Room to write after Name, Date and Class, in shares of the page's width: a child's whole name is
the longest; the three fields shared the width in thirds, so a translated Name (Nombre y apellidos)
shrank all three words and a long name printed at 7 pt."""


def sheet_title_size(layout: Layout) -> float:
    """A sheet's title (``title_heading``) is the largest text on the sheet, a quarter above the largest
    other (the mazes' headings, the instructions and the Name line): the sheet says whose it is before
    each maze says what it is."""
    heading = layout.heading_size if layout.mazes_per_page == 1 else layout.caption_size
    return round(max(heading, layout.caption_size) * 1.25, 1)


def unnumbered(footer: str) -> str:
    """A one-maze book's footer: the layout's own, without the page number (a poster is not page 1 of
    anything), and the separators that stood beside it; whatever else it says still prints."""
    return footer.replace("{pages}", "").replace("{page}", "").strip(" ·-–—|/,:")


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
        # each word's width in sizes and a third of one before its line (DejaVu Sans's widths for
        # the English words, wide letters counted for a word of the layout's own, Prénom); the three
        # share one size, and each field is its word and room to write after it, the name the most
        ems = [NAME_LINE_WORDS.get(word, max(3.3, 0.68 * len(word) + 0.55)) for word in labels]
        rooms = [box.w * share for share in NAME_LINE_ROOM]
        size = min(size, max(MIN_TEXT, (box.w - sum(rooms) - 2 * GAP) / sum(ems)))
        spare = box.w - sum(rooms) - 2 * GAP - size * sum(ems)  # a gap between fields, none after
        if spare < 0:  # words at the least size still too long: the rooms give way, alike
            rooms = [room * (1 + spare / sum(rooms)) for room in rooms]
            spare = 0.0
        x = box.x0
        for i, (word, em, room) in enumerate(zip(labels, ems, rooms, strict=True)):
            wide = size * em
            gap = GAP if i < 2 else 0.0  # the last line ends at the margin, as the maze and text do
            field = wide + room + spare * (4, 1, 1)[i] / 6 + gap  # what is left goes most to the name
            label = Text(x, top, word, size, max_width=wide + room / 2, source=layout.where("words"))
            # each line under its words' descenders: a class set's name printed on it (Pippa Quigley)
            # stood struck through at its p, q, g and y, the line 2 pt under the baseline
            line = top - size * DESCENT
            page.items += [label, Rule(x + wide, line, x + field - gap, line, MIN_LINE)]
            if i == 0 and student:  # a class set: the name is printed on the line
                width = field - gap - wide - size * 0.4  # no further than the line it is written on
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
