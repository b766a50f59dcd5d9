"""The answer key: its answers in rows of slots, in the grid each answer reads in."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import cached_property
from typing import Any

from ..errors import At
from ..fields import isolate
from ..settings import GRIDS, Layout
from ..spec.request import MazeRequest
from .boxes import GAP, planned_room, split, wrap_words
from .frames import DESCENT, TOP_SHARE, answer_cell, answer_look, slot_items
from .furniture import page_frame
from .items import Box, Item, MazeFrame, MazeInfo, Page, Text, poster

MIN_ANSWER_CELL = 4.0
"""pt: the least cell an answer is drawn at. Under it, six 40x50 mazes to a page printed as a dark
texture a parent could not follow; such answers go two to a page, or one."""

ANSWER_LABEL = 0.85
"""An answer's label, in the layout's caption size."""


def plan_answers(
    layout: Layout,
    mazes: list[MazeRequest],
    maze_pages: dict[int, int],
    new_page: Callable[..., Page],
    title: str,
    by_sheet: bool = False,
    placing: bool = True,
) -> dict[int, int]:
    """Thumbnails with solutions in rows of a columns x rows grid, then a note on the mazes with no single
    answer. A maze too dense for the grid takes a row of a grid of fewer, larger slots, below the rows
    on the page where they leave room (so a key of small and dense mazes leaves no page half empty),
    as tall as its answers need; answers keep the mazes' order (``_Row``).
    With ``by_sheet`` (a separate key), each sheet's answers get a page of their own, in the sheet's own
    grid and slots, so a teacher lays each child's sheet beside its key page.

    Returns the page of each maze's answer. Without ``placing``, the pages are made as they would be,
    with no answer placed on them (a print book's page count)."""
    made: list[Page] = []
    unanswered = [m for m in mazes if not m.has_answer]
    size = layout.caption_size
    note = layout.words.no_answer.replace(
        "{mazes}",
        layout.words.listed(
            [
                f"{layout.words.maze_name(m, midline=True)} ({layout.words.page} {maze_pages[m.number]})"
                for m in unanswered
            ]
        ),
    )
    lines: list[str] = []
    kept = 0.0  # room at the foot of every key page for the note on mazes with no answer (``lines``)

    def next_page(heading: str, source: At = "") -> tuple[Page, Box]:
        nonlocal lines, kept
        page = new_page("answers", bookmark=None if made else layout.words.answer_key)
        area = page_frame(layout, page, title)
        if unanswered and not made:  # a short note is kept room under the answers of whichever page is
            # last: a key whose rows filled its last page put two words on a page of their own
            lines = wrap_words(note, max(20, int(area.w / (size * 0.56))))
            kept = len(lines) * size * 1.4 + GAP
            kept = kept if kept <= area.h / 4 else 0.0
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
                source=source,  # a sheet's names its child
            )
        )
        made.append(page)
        return page, Box(area.x0, area.y0 + kept, area.x1, area.y1 - layout.heading_size - GAP)

    words = layout.words
    continued = f"{words.answer_key} ({words.continued})"
    if by_sheet:  # each sheet its own page, headed with the sheet's page and, in a class set, its child
        sheets: list[tuple[str, list[MazeRequest]]] = []
        for maze in mazes:
            sheet = maze_pages[maze.number]
            if not sheets or maze_pages[sheets[-1][1][0].number] != sheet:
                whose = f" · {isolate(maze.student)}" if maze.student else ""
                sheets.append((f"{words.answer_key}{whose} · {words.page} {sheet}", []))
            sheets[-1][1].append(maze)
        groups = [(heading, [m for m in sheet if m.has_answer]) for heading, sheet in sheets]
        sources: dict[str, At] = {heading: sheet[0].student_where for heading, sheet in sheets}
        grid_of_sheet = GRIDS[layout.mazes_per_page]
    else:
        groups = [(words.answer_key, [m for m in mazes if m.has_answer])]
        sources = {}
        grid_of_sheet = (layout.answer_key.columns, layout.answer_key.rows)
    page: Page | None = None
    known: dict[tuple[Any, ...], float] = {}  # answers' cells by grid, area and look (``_grid_for``)
    area = Box(0, 0, 0, 0)
    top = 0.0  # where the page's next row of answers starts
    above: tuple[int, int] | None = None  # the grid of the row above on the page
    answers: dict[int, int] = {}
    for heading, answered in groups:
        if not answered:
            continue
        page, area = next_page(heading if by_sheet or not made else continued, sources.get(heading, ""))
        top, above = area.y1, None
        if not by_sheet:  # the key's grid, turned where that draws its answers larger, of no more rows
            # than they fill (a separate key's page keeps its sheet's, to be laid beside it)
            grid_of_sheet = _key_grid(layout, area, answered, grid_of_sheet, known)
        # the paper the key's rows share out (a separate key's stand as their sheet's do)
        placed_rows = placing and not by_sheet
        free = _least_free(layout, area, answered, grid_of_sheet, maze_pages, known) if placed_rows else 0.0
        waiting = list(answered)
        while waiting:  # a row at a time: the answers after it that take its grid, as many as it has slots
            grids = _grids(*grid_of_sheet, area)
            fits = _grid_for(layout, area, waiting[0], grids, by_sheet, known)
            count = 1
            while (
                count < min(fits[0], len(waiting))
                and _grid_for(layout, area, waiting[count], grids, by_sheet, known) == fits
            ):
                count += 1
            members, waiting = waiting[:count], waiting[count:]
            # a row short of its grid's slots spreads its answers across the page where the next answer
            # takes another grid, or where it is the last under a row of another (it stood at the left
            # under a wider answer); under rows of its own grid, it keeps their columns
            own, spread = fits == grids[0], bool(waiting) or above not in (None, fits)
            row = _Row(layout, members, maze_pages, fits, own, spread, by_sheet, free)
            placed = row.placed(area, top, placing)
            if placed is None:  # on a page of its own: no row above it
                page, area = next_page(
                    f"{heading} ({words.continued})" if by_sheet else continued, sources.get(heading, "")
                )
                top, above = area.y1, None
                row = _Row(layout, members, maze_pages, fits, own, bool(waiting), by_sheet, free)
            height, items = placed or row.placed(area, top, placing, fresh=True) or (0.0, [])
            top -= height + GAP
            above = fits
            if placing:
                page.items += items
            answers.update((maze.number, page.number) for maze in members)
        if by_sheet:
            top = area.y0  # the next sheet starts a page of its own
    if not unanswered:
        return answers
    if page is None or top - size * 1.4 < area.y0 - kept - 0.01:  # rows that fill the page leave it its room
        page, area = next_page(continued if made else words.answer_key)
        top = area.y1
    for line in lines:
        if top - size * 1.4 < area.y0 - kept - 0.01:
            page, area = next_page(continued)
            top = area.y1
        top -= size * 1.4
        page.items.append(Text(area.x0 + area.w / 2, top, line, size, align="center", max_width=area.w))
    return answers


class _Row:
    """One row of answers in one grid's slots, and the height it takes on a page. A row of the layout's
    grid is that grid's height, as every row of a key of like mazes; a row of a grid of fewer, larger
    slots (a maze too dense for the layout's) takes only what its answers need, their labels at its top
    and each maze as large as the grid's slot makes it: a wide name half a page tall left most of it
    blank. A row cut short by an answer of another grid spreads its answers over its width."""

    def __init__(
        self,
        layout: Layout,
        members: list[MazeRequest],
        maze_pages: dict[int, int],
        grid: tuple[int, int],
        own: bool,
        cut: bool,
        sheet: bool = False,
        free: float = math.inf,
    ) -> None:
        self.layout, self.members, self.maze_pages, self.own = layout, members, maze_pages, own
        self.free = free  # the least paper an answer of the key's grid leaves under it (``_least_free``)
        self.on_axes = any(m.axis for m in members)  # some answer told the axis its ends are on
        self.sheet = sheet  # a separate key's page, laid beside its sheet (``_answer_items``)
        self.columns = len(members) if cut else grid[0]
        self.rows = grid[1]

    @cached_property
    def plain(self) -> list[MazeRequest]:
        """The row's mazes as a print book's pages are counted, before any maze's ends are told their
        axis: what the row decides (its height, whether it fits) is decided so, and its answers drawn
        with their axes."""
        return [m.told("") for m in self.members]

    def placed(
        self, area: Box, top: float, placing: bool, fresh: bool = False
    ) -> tuple[float, list[Item]] | None:
        """The row's height and items (without ``placing``, none) from ``top`` on the page, or None where
        it belongs on the next page (a ``fresh`` one takes it as it is). A row that does not fit the room
        left but would with its mazes smaller, none under the least answer cell, takes that room where it
        is more than a quarter of the page: with the blank the rows above leave in their slots, a page
        ended there would be a key page a third blank or more."""
        tall = (area.h - GAP * (self.rows - 1)) / self.rows
        room = top - area.y0
        # a row of the layout's grid is the grid's height: its answers are placed only where it stays
        kept = fresh or not self.own or tall <= room + 0.01
        own = self.own  # its height the grid's, whatever its answers: they are drawn as they are told
        height, items, _ = self._items(area, top, tall, placing and kept, self.members if own else self.plain)
        if fresh or height <= room + 0.01:
            return height, self._on_axes(area, top, height, items) if placing and not own else items
        if room <= area.h / 4:
            return None
        _, items, cell = self._items(area, top, room, True, self.plain)
        least = _legible(self.layout)
        return (room, self._on_axes(area, top, room, items) if placing else []) if cell >= least else None

    def _on_axes(self, area: Box, top: float, tall: float, items: list[Item]) -> list[Item]:
        """The row's answers drawn with their axes in the height it was given without them: where
        none is told one, as they are."""
        return self._items(area, top, tall, True, self.members)[1] if self.on_axes else items

    def _items(
        self, area: Box, top: float, tall: float, placing: bool, mazes: list[MazeRequest]
    ) -> tuple[float, list[Item], float]:
        """The answers in slots ``tall`` high under ``top``; the height the row takes, and its least cell
        (a row of the layout's grid is not placed to be counted: it is the grid's height)."""
        if self.own and not placing:
            return tall, [], math.inf
        items: list[Item] = []
        cells: list[float] = []
        lowest = top
        slots = split(Box(area.x0, top - tall, area.x1, top), self.columns, 1, GAP)
        answers = [
            _answer_items(self.layout, s, m, self.maze_pages, self.sheet)
            for s, m in zip(slots, mazes, strict=False)
        ]
        rooms = [planned_room(next(i for i in made if isinstance(i, MazeFrame)))[1] for made, _ in answers]
        if not self.sheet and max(rooms) - min(rooms) > 0.01:  # the row's mazes hung at one depth under
            # their labels: an answer with ends at its sides stood 7.75 pt higher than one with ends
            # above and below beside it (a design review)
            answers = [
                _answer_items(self.layout, s, m, self.maze_pages, self.sheet, max(rooms))
                for s, m in zip(slots, mazes, strict=False)
            ]
        for made, cell in answers:
            items += made
            cells.append(cell)
            lowest = min(lowest, _lowest(made))
        # the seeds of a row share a baseline, as its labels do: under a short, wide answer beside a tall
        # one, a seed stood 0.3 in higher than its neighbour's
        infos = [i.y for i in items if isinstance(i, MazeInfo)]
        if infos:
            items = [replace(i, y=min(infos)) if isinstance(i, MazeInfo) else i for i in items]
        if self.own and not self.sheet:  # the grid's rows spaced evenly down the page, the paper their
            # bands leave shared alike above, between and under them: hung from the tops of their bands,
            # tall answers three across left a key page's foot blank, and standing in their bands'
            # middles, twice as much paper between the rows as under the heading (design reviews)
            row = round((area.y1 - top) / (tall + GAP))  # its place down the page
            # the paper shared out as the key's deepest answer leaves it: rows at one height on every
            # page (shared as each row's own left it, Shape Safari's stood 10-40 pt under the heading)
            down = min(lowest - (top - tall), self.free) * (self.rows - row) / (self.rows + 1)
            items = [
                replace(i, y=i.y - down) if isinstance(i, Text | MazeFrame | MazeInfo) else i for i in items
            ]
        # a row its answers fill to within a gap keeps the grid's height: nothing to gain by moving
        return (tall if self.own or lowest - (top - tall) < GAP else top - lowest), items, min(cells)


def _grids(columns: int, rows: int, area: Box) -> list[tuple[int, int]]:
    """The answer grids to try, most answers a page first: the layout's, two a page along the page's
    longer side, one a page."""
    two = (1, 2) if area.h >= area.w else (2, 1)
    tried = [(columns, rows)] + [g for g in (two, (1, 1)) if g[0] * g[1] < columns * rows]
    return list(dict.fromkeys(tried))


def _key_grid(
    layout: Layout,
    area: Box,
    mazes: list[MazeRequest],
    grid: tuple[int, int],
    known: dict[tuple[Any, ...], float],
) -> tuple[int, int]:
    """The key's grid: the layout's, or the same turned a quarter where that gives its smallest answer a
    larger cell (two across and three down left a round maze of 14 rings a landscape page to itself,
    where three across take it; a wide name's answers keep two across). The layout's grid is made for a
    portrait page: there it is turned only where it holds every answer already and draws none smaller
    (tall mazes' answers stood 2 in apart, three across draw them a tenth larger), never to pack answers
    it gives larger slots (a 30x40 maze's, two a page) or to shrink a class set's small ones.

    A key of fewer answers than a page of it holds takes as few rows as hold them, in as many of its
    columns as draw its smallest answer largest (a handout's four answers stood small in the top of a
    page of six slots, its foot blank); of ways alike, the most columns: the layout's look."""

    def cells(way: tuple[int, int]) -> list[float]:
        return [_cell(layout, area, maze, way, False, known) for maze in mazes]

    def least(way: tuple[int, int]) -> float:
        return min(cells(way))

    turned = (grid[1], grid[0])
    if turned != grid and least(turned) > least(grid):
        # a landscape page turns a grid made for a portrait one; a portrait page, only where that
        # draws no answer smaller and the grid held every answer already
        same = all(new >= old for new, old in zip(cells(turned), cells(grid), strict=True))
        if area.w > area.h or (same and least(grid) >= _legible(layout)):
            grid = turned
    count = len(mazes)
    if count >= grid[0] * grid[1]:
        return grid
    return max(sorted({(c, -(-count // c)) for c in range(1, grid[0] + 1)}, reverse=True), key=least)


def _cell(
    layout: Layout,
    area: Box,
    maze: MazeRequest,
    grid: tuple[int, int],
    words: bool,
    known: dict[tuple[Any, ...], float],
) -> float:
    """The cell an answer gets in ``grid``'s slots of ``area`` (``answer_cell``), found once for mazes
    alike in what it reads (``answer_look``): a key of 500 mazes asked it of each of them."""
    key = (grid, area, answer_look(maze), words)
    if key not in known:
        size = layout.caption_size * ANSWER_LABEL  # only the cell is asked for: no label or line moved
        known[key] = answer_cell(layout, split(area, *grid, GAP)[0], maze, size, words)
    return known[key]


def _grid_for(
    layout: Layout,
    area: Box,
    maze: MazeRequest,
    grids: list[tuple[int, int]],
    words: bool,
    known: dict[tuple[Any, ...], float],
) -> tuple[int, int]:
    """The densest grid whose slot shows the maze's walls apart: cells of ``MIN_ANSWER_CELL`` and of
    three answer wall weights at least (a child's maze stays at the layout's grid); a page of its own
    when none does. A grid's slots are all one size, so the first tells."""
    least = _legible(layout)
    for grid in grids:
        if _cell(layout, area, maze, grid, words, known) >= least:
            return grid
    return grids[-1]


def _legible(layout: Layout) -> float:
    """The least cell that shows an answer's walls apart: ``MIN_ANSWER_CELL``, and three answer wall
    weights."""
    return max(MIN_ANSWER_CELL, 3 * layout.answer_wall_weight)


def _least_free(
    layout: Layout,
    area: Box,
    mazes: list[MazeRequest],
    grid: tuple[int, int],
    maze_pages: dict[int, int],
    known: dict[tuple[Any, ...], float],
) -> float:
    """The least paper an answer in a slot of the key's grid leaves under it: each row's share of the
    paper is taken from it (``_Row._items``). Made once for mazes alike in what an answer reads."""
    grids = _grids(*grid, area)
    slot = split(area, *grids[0], GAP)[0]
    alike = {
        (answer_look(maze), maze.axis): maze
        for maze in mazes
        if _grid_for(layout, area, maze, grids, False, known) == grids[0]
    }
    return min(
        (_lowest(_answer_items(layout, slot, maze, maze_pages)[0]) - slot.y0 for maze in alike.values()),
        default=0.0,
    )


def _lowest(items: list[Item]) -> float:
    """How far down an answer's ink may reach: its seed line's descenders, or in a key without seeds
    (``Layout.key_seeds``), the room round its maze for its arrows."""
    seeds = [i.y - i.size * DESCENT for i in items if isinstance(i, MazeInfo)]
    return min(seeds or [i.y - planned_room(i)[1] for i in items if isinstance(i, MazeFrame)])


def _answer_items(
    layout: Layout,
    slot: Box,
    maze: MazeRequest,
    maze_pages: dict[int, int],
    sheet: bool = False,
    above: float = 0.0,
) -> tuple[list[Item], float]:
    """One answer in its slot: its label at the slot's top, so the labels of a row share a baseline
    whatever the mazes' shapes (a centred maze put them 6-13 pt apart), and the maze hung under it.
    A poster's answer (the book's one maze, on its first page) is labelled by its title alone: the
    poster says neither "Maze 1" nor a page. On a separate key's page (``sheet``), laid beside its
    sheet, the answer stands in its slot as the maze does on the sheet, with its Start and Finish: hung,
    a name's answer left half a Letter page's slot blank under it, and had arrows alone."""
    size = layout.caption_size * ANSWER_LABEL
    alone = poster(len(maze_pages), maze_pages[maze.number])
    items, cell = slot_items(
        layout, slot, maze, size, True, layout.answer_wall_weight, sheet, alone=alone, above=above
    )
    heading = next(i for i in items if isinstance(i, Text))
    up = slot.y1 - size - heading.y
    if sheet:  # the group (label to seed) stands a little above the slot's middle, as on the sheet
        up -= (slot.h - (heading.y + size - _lowest(items))) * TOP_SHARE
    page = maze_pages[maze.number]
    label = f"{layout.words.maze_name(maze)} · {layout.words.page} {page}"
    if sheet:  # under its page's heading, which names the sheet's child and page: the maze alone
        label = layout.words.maze_name(maze, whose=False)
    if alone:  # under its heading, the poster's one answer: its title repeated crowded the heading
        label = ""
    source = "" if sheet else maze.student_where  # a class set's label holds the name
    return [
        replace(i, y=i.y + up, text=label, source=source)
        if isinstance(i, Text)
        else replace(i, y=i.y + up, short=True)
        if isinstance(i, MazeInfo)
        else replace(i, y=i.y + up)
        if isinstance(i, MazeFrame)
        else i
        for i in items
    ], cell
