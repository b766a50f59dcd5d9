"""The answer key and the contents page: answer slots, and the links between a maze and its answer."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from ..fields import isolate
from ..settings import Layout
from ..spec import MazeRequest
from .boxes import GAP, content_box, split, wrap_words
from .frames import page_frame, slot_items
from .items import Box, Item, Link, MazeFrame, MazeInfo, Page, Text


def plan_answers(
    layout: Layout,
    mazes: list[MazeRequest],
    maze_pages: dict[int, int],
    new_page: Callable[..., Page],
    title: str,
) -> dict[int, int]:
    """Thumbnails with solutions in a columns x rows grid, then a note on the mazes with no single answer.

    Returns the page of each maze's answer."""
    columns, rows = layout.answer_key.columns, layout.answer_key.rows
    made: list[Page] = []

    def next_page() -> tuple[Page, Box]:
        page = new_page("answers", bookmark=None if made else layout.words.answer_key)
        area = page_frame(layout, page, title)
        words = layout.words
        heading = f"{words.answer_key} ({words.continued})" if made else words.answer_key
        middle = area.x0 + area.w / 2
        page.items.append(
            Text(
                middle,
                area.y1 - layout.heading_size,
                heading,
                layout.heading_size,
                True,
                "center",
                max_width=area.w,  # "Answer key (continued)" at 18 pt is wider than a 4 in page's room
            )
        )
        made.append(page)
        return page, Box(area.x0, area.y0, area.x1, area.y1 - layout.heading_size - GAP)

    page: Page | None = None
    area: Box | None = None
    slots: list[Box] = []
    grid: tuple[int, int] | None = None  # the current page's
    placed = 0  # answers on the current page
    answers: dict[int, int] = {}
    for maze in (m for m in mazes if m.has_answer):
        if area is None:
            page, area = next_page()
        fits = _grid_for(layout, area, maze, _grids(columns, rows, area))
        if fits != grid or not slots:
            if placed:  # the page is full, or holds answers of another grid: the next one
                page, area = next_page()
                placed = 0
            grid, slots = fits, split(area, *fits, GAP)
        items, _ = _answer_items(layout, slots.pop(0), maze, maze_pages[maze.number])
        assert page is not None
        page.items += items
        placed += 1
        answers[maze.number] = page.number
    unanswered = [m for m in mazes if not m.has_answer]
    if not unanswered:
        return answers
    if page is None or area is None or len(slots) < columns:
        page, area = next_page()
        top = area.y1
    else:
        top = slots[len(slots) % columns].y1  # the first row left empty
    size = layout.caption_size
    named = ", ".join(
        f"{layout.words.maze_name(m, midline=True)} ({layout.words.page} {maze_pages[m.number]})"
        for m in unanswered
    )
    text = layout.words.no_answer.replace("{mazes}", named)
    for line in wrap_words(text, max(20, int(area.w / (size * 0.56)))):
        if top - size * 1.4 < area.y0:
            page, area = next_page()
            top = area.y1
        top -= size * 1.4
        page.items.append(Text(area.x0, top, line, size, max_width=area.w))
    return answers


def contents_pages(layout: Layout, entries: int) -> int:
    box = content_box(layout, 1)
    per_page = max(1, int((box.h - 2 * layout.heading_size - 2 * GAP) / (layout.caption_size * 1.6)))
    return max(1, math.ceil(entries / per_page))


def fill_contents(
    layout: Layout,
    pages: list[Page],
    mazes: list[MazeRequest],
    maze_pages: dict[int, int],
    answer_pages: dict[int, int],
    title: str,
) -> None:
    """A clickable table of contents: every maze and the answer key, with page numbers."""
    entries = [
        (
            layout.words.maze_name(m) + (f" · {isolate(m.title)}" if m.title else ""),
            maze_pages[m.number],
            m.student_where or (m.where.inner("title") if m.title else ""),
        )
        for m in mazes
    ]
    if answer_pages:
        entries.append((layout.words.answer_key, min(answer_pages.values()), ""))
    size = layout.caption_size
    remaining = list(entries)
    for i, page in enumerate(pages):
        area = page_frame(layout, page, title)
        top = area.y1 - layout.heading_size
        continued = f" ({layout.words.continued})" if i else ""  # as the answer key's pages say
        heading = layout.words.contents + continued
        page.items.append(Text(area.x0, top, heading, layout.heading_size, bold=True, max_width=area.w))
        top -= GAP + size
        while remaining and top - size * 1.6 >= area.y0:
            label, target, source = remaining.pop(0)
            top -= size * 1.6
            page.items.append(Text(area.x0, top, label, size, max_width=area.w - 4 * size, source=source))
            page.items.append(Text(area.x1, top, str(target), size, align="right"))
            page.items.append(Link(area.x0, top - size * 0.3, area.x1, top + size, target))


def answer_links(
    layout: Layout,
    pages: list[Page],
    answer_pages: dict[int, int],
    maze_pages: dict[int, int],
) -> None:
    """Screen editions: each maze links to its answer, each answer label back to its maze."""
    size = layout.small_size
    for page in pages:
        if page.kind == "maze":
            numbers = [i.number for i in page.items if isinstance(i, MazeFrame)]
            targets = sorted({answer_pages[n] for n in numbers if n in answer_pages})
            if targets:
                box = content_box(layout, page.number)
                y = box.y0
                text = f"{layout.words.answer_on} " + ", ".join(map(str, targets))
                page.items.append(Text(box.x1, y, text, size, align="right", gray=0.3))
                page.items.append(Link(box.x1 - len(text) * size * 0.6, y - 2, box.x1, y + size, targets[0]))
        elif page.kind == "answers":
            frames = [i for i in page.items if isinstance(i, MazeFrame)]
            labels = [i for i in page.items if isinstance(i, Text) and f" · {layout.words.page} " in i.text]
            for frame, label in zip(frames, labels, strict=False):
                width = len(label.text) * label.size * 0.6
                target = maze_pages[frame.number]
                page.items.append(
                    Link(label.x - width / 2, label.y - 2, label.x + width / 2, label.y + label.size, target)
                )


def _grids(columns: int, rows: int, area: Box) -> list[tuple[int, int]]:
    """The answer grids to try, most answers a page first: the layout's, two a page along the page's
    longer side, one a page."""
    two = (1, 2) if area.h >= area.w else (2, 1)
    tried = [(columns, rows)] + [g for g in (two, (1, 1)) if g[0] * g[1] < columns * rows]
    return list(dict.fromkeys(tried))


def _grid_for(layout: Layout, area: Box, maze: MazeRequest, grids: list[tuple[int, int]]) -> tuple[int, int]:
    """The densest grid whose slot shows the maze's walls apart (cells of three answer wall weights at
    least); a page of its own when none does. A grid's slots are all one size, so the first tells."""
    for grid in grids:
        _, cell = _answer_items(layout, split(area, *grid, GAP)[0], maze, 0)
        if cell >= 3 * layout.answer_wall_weight:
            return grid
    return grids[-1]


def _answer_items(layout: Layout, slot: Box, maze: MazeRequest, page: int) -> tuple[list[Item], float]:
    items, cell = slot_items(layout, slot, maze, layout.caption_size * 0.85, True, layout.answer_wall_weight)
    label = f"{layout.words.maze_name(maze)} · {layout.words.page} {page}"
    return [
        replace(i, text=label, source=maze.student_where)  # a class set's label holds the name
        if isinstance(i, Text)
        else replace(i, short=True)
        if isinstance(i, MazeInfo)
        else i
        for i in items
    ], cell
