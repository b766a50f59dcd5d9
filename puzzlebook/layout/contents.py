"""A screen edition's contents page, and what leads between a maze and its answer: a print edition's
"Answer on page 31" line, a screen edition's links."""

from __future__ import annotations

import math
from dataclasses import replace

from ..fields import isolate
from ..settings import Layout
from ..spec.request import MazeRequest
from .boxes import GAP, content_box
from .furniture import page_frame
from .items import Link, MazeFrame, MazeInfo, Page, Text


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


def answer_pages_said(layout: Layout, pages: list[Page], answer_pages: dict[int, int]) -> None:
    """Print editions with ``show_answer_page``: the line under each maze says where its answer is, now
    that the answer key is planned."""
    for page in pages:
        if page.kind == "maze":
            page.items = [
                replace(i, answer=f"{layout.words.answer_on} {answer_pages[i.number]}")
                if isinstance(i, MazeInfo) and i.number in answer_pages
                else i
                for i in page.items
            ]


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
