"""The whole book's plan: title, copyright, maze, answer, contents and notes pages, in order."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from ..errors import At, Problem, SpecError, Where
from ..settings import MIN_LINE, MIN_PAGES, PAGES, Layout
from ..spec.request import MazeRequest
from .answers import plan_answers
from .boxes import (
    GAP,
    YOUNG,
    for_children,
    grid_of,
    least_cell,
    padded,
    print_margins,
    split,
    trim_box,
    walls_of,
)
from .contents import answer_links, answer_pages_said, contents_pages, fill_contents
from .density import too_dense
from .frames import slot_items
from .frontmatter import copyright_page, title_page
from .furniture import by_student, page_frame, unnumbered
from .items import BookPlan, Box, MazeFrame, Page, PageKind, Rule, Text, poster
from .room import AXES, FOLLOW_AXIS
from .slotplan import book_signs

if TYPE_CHECKING:  # a spec's models load with the spec, not to plan a page
    from ..spec.load import Spec

DIVIDER_GRAY = 0.7


def dividers(slots: list[Box], count: int, columns: int) -> list[Rule]:
    """Light lines between the mazes of a page, down the middle of the gaps between their slots: two
    mazes side by side put one's Finish arrow a fifth of an inch from the other's Start, and a child
    read them as one way through."""
    found = []
    filled = slots[:count]
    for i, slot in enumerate(filled):
        right = i + 1 if (i + 1) % columns else None  # the slot beside it, in its row
        if right is not None and right < count:
            x = (slot.x1 + filled[right].x0) / 2
            found.append(Rule(x, slot.y0, x, slot.y1, MIN_LINE, DIVIDER_GRAY))
        below = i + columns
        if below < count:
            y = (slot.y0 + filled[below].y1) / 2
            found.append(Rule(slot.x0, y, slot.x1, y, MIN_LINE, DIVIDER_GRAY))
    return found


def plan_book(spec: Spec, layout: Layout, mazes: list[MazeRequest], layout_name: str = "") -> BookPlan:
    """Pages of positioned items for the whole book. Raises SpecError for every maze too dense to print.

    A print edition gets the margins its page count requires (the gutter grows with the spine), so the
    book's pages are counted first (``_plan`` placing nothing) and then planned once with those margins;
    `pad` adds notes pages at the end to reach a page count printers accept. The count never changes
    with the margins: pages hold a fixed number of mazes.
    """
    pad = partial(padded, least=padding(spec)) if spec.book.pad else int
    count = None
    if spec.book.pad:
        layout, count = _roomier_key(spec, layout, mazes, layout_name)
    if spec.book.edition == "print":
        if count is None:
            count = len(_plan(spec, layout, mazes, layout_name, placing=False).pages)
        layout = print_margins(layout, pad(count))
    plan = _plan(spec, layout, mazes, layout_name)
    total = pad(len(plan.pages))
    for number in range(len(plan.pages) + 1, total + 1):
        page = Page(number, "notes")
        area = page_frame(layout, page, spec.book.title)
        page.items.append(  # centred, as every other page's heading (it stood at the left margin)
            Text(
                (area.x0 + area.x1) / 2,
                area.y1 - layout.heading_size,
                layout.words.notes,
                layout.heading_size,
                bold=True,
                align="center",
            )
        )
        # lines to write on, a third of an inch apart (wide ruled), from under the heading to the margin
        y = area.y1 - layout.heading_size - 2 * GAP - NOTE_LINES
        inset = MIN_LINE / 2  # a line's width reaches past its ends as preflight counts it
        while y >= area.y0:
            page.items.append(Rule(area.x0 + inset, y, area.x1 - inset, y, MIN_LINE, gray=0.6))
            y -= NOTE_LINES
        plan.pages.append(page)
    if spec.book.answer_key == "separate" and has_answers(mazes):
        keyed = with_axes(plan.pages, mazes)  # each answer told where its sheet put its ends
        plan.answers = _finish(_answers_plan(spec, layout, keyed, plan.maze_pages), layout, apart=True)
    return _finish(plan, layout)


def padding(spec: Spec) -> int:
    """The least page count ``pad:`` asks for: 24 with ``pad: true``, or its number (``pad: 100``)."""
    pad = spec.book.pad
    return MIN_PAGES if pad is True or pad is False else pad


def _roomier_key(
    spec: Spec, layout: Layout, mazes: list[MazeRequest], layout_name: str
) -> tuple[Layout, int]:
    """A padded book's answer key a row fewer a page (while its grid stays as tall as it is wide) where
    the notes pages the book is padded with hold the rows it adds, it draws no answer smaller (a dense
    maze's answer, two a page in the layout's grid, would be four a page in one a row fewer) and its
    last page is half full or more: three notes pages followed a key of six small answers a page (a
    design review), where four a page draws them a third larger in the same 24 pages. Also returns the
    book's page count before padding, as ``_plan`` counts it."""
    count = len(_plan(spec, layout, mazes, layout_name, placing=False).pages)
    if spec.book.answer_key is not True or not has_answers(mazes):
        return layout, count
    budget, grid = padded(count, padding(spec)), layout.answer_key
    cells: list[float] = []
    while grid.rows > grid.columns:
        grid = grid.model_copy(update={"rows": grid.rows - 1})
        roomier = layout.model_copy(update={"answer_key": grid})
        more = len(_plan(spec, roomier, mazes, layout_name, placing=False).pages)
        if more > budget:
            break
        cells = cells or _answers(_plan(spec, layout, mazes, layout_name))[0]
        larger, held = _answers(_plan(spec, roomier, mazes, layout_name))
        if min(larger) <= min(cells) or any(a < b for a, b in zip(larger, cells, strict=True)):
            break
        if held[-1] * 2 < grid.columns * grid.rows:  # five answers, four and one: a last page nearly blank
            break
        layout, count, cells = roomier, more, larger
    return layout, count


def _answers(plan: BookPlan) -> tuple[list[float], list[int]]:
    """The cells of a plan's answers in the mazes' order, and how many answers each key page holds."""
    frames = [[i for i in p.items if isinstance(i, MazeFrame) and i.answer] for p in plan.pages]
    every = sorted((frame for page in frames for frame in page), key=lambda f: f.number)
    return [frame.cell for frame in every], [len(page) for page in frames if page]


def _words_group(maze: MazeRequest) -> tuple[bool, str | None]:
    """The mazes whose Start and Finish words print at one size: the book's plain mazes, its word
    mazes, and each child's name mazes in a class set (a child reads one sheet, not the class's)."""
    return maze.worded, maze.student if maze.worded else None


NOTE_LINES = 24.0
"""pt between a notes page's lines: a third of an inch, wide-ruled paper's spacing, for young hands."""


def with_axes(pages: list[Page], mazes: list[MazeRequest]) -> list[MazeRequest]:
    """The mazes, each told the axis its pictures were planned on where its ends are chosen to fall
    there (``room.on_axis``): the plan decides the room, the ends follow it, and their answers keep
    room for them there."""
    axes = {
        item.number: item.axis
        for page in pages
        for item in page.items
        if isinstance(item, MazeFrame) and not item.answer and item.axis in AXES
    }
    return [m.told(axes[m.number]) if m.number in axes and m.marks in FOLLOW_AXIS else m for m in mazes]


def has_answers(mazes: list[MazeRequest]) -> bool:
    """Whether an answer key has anything to show: a key of mazes without a start and an end would be
    pages saying that each has no single answer."""
    return any(m.has_answer for m in mazes)


def _finish(plan: BookPlan, layout: Layout, apart: bool = False) -> BookPlan:
    """Fill in {pages} now that the count is known, and the trim box of every page. A book's answers
    ``apart`` are sheets, never a bound interior: `check` holds them to an office printer's rules (it
    told an answers file to add pad: true, which pads the book alone)."""
    count = str(len(plan.pages))
    for page in plan.pages:
        page.items = [
            replace(i, text=i.text.replace(PAGES, count)) if isinstance(i, Text) and PAGES in i.text else i
            for i in page.items
        ]
    plan.trims = [trim_box(layout, p.number) for p in plan.pages]
    plan.bleed = layout.bleed
    plan.rules = "office" if plan.edition == "print" and (apart or not layout.print_on_demand) else ""
    return plan


def _answers_plan(
    spec: Spec, layout: Layout, mazes: list[MazeRequest], maze_pages: dict[int, int]
) -> BookPlan:
    """The answer key as a document of its own (``answer_key: separate``), so the students' sheets go to
    the copier alone; arranged like the sheets, a key page a sheet, and each answer still names the
    book page its maze is on."""
    pages: list[Page] = []

    def new_page(kind: PageKind, bookmark: str | None = None) -> Page:
        page = Page(len(pages) + 1, kind, bookmark=bookmark)
        pages.append(page)
        return page

    plan_answers(layout, mazes, maze_pages, new_page, spec.book.title, by_sheet=True)
    w, h = layout.size
    book = spec.book
    fonts = (layout.font, layout.bold_font)
    english = layout.words.answer_key == "Answer key"
    subject = "answer key" if english else layout.words.answer_key  # the book's own words
    title = f"{book.title}: {'answers' if english else subject}"
    return BookPlan(
        w,
        h,
        pages,
        title,
        book.author,
        subject,
        {},
        fonts,
        book.edition,
        fallbacks=tuple(layout.fallback_fonts),  # a class list's names head its pages, in any script
        font_where=_font_where(layout),
    )


def _plan(
    spec: Spec, layout: Layout, mazes: list[MazeRequest], layout_name: str = "", placing: bool = True
) -> BookPlan:
    """The book's pages; without ``placing``, the pages alone, as many as placing makes, with no maze
    placed on them (a print book's count, which its margins follow)."""
    book = spec.book
    w, h = layout.size
    pages: list[Page] = []
    maze_pages: dict[int, int] = {}

    def new_page(kind: PageKind, bookmark: str | None = None) -> Page:
        page = Page(len(pages) + 1, kind, bookmark=bookmark)
        pages.append(page)
        return page

    titled = layout.title_page if book.title_page is None else book.title_page
    if titled:
        title_page(new_page("title", bookmark=layout.words.title_page), layout, spec, len(mazes))
    if book.copyright or book.isbn:
        copyright_page(new_page("copyright"), layout, spec)
    screen = book.edition == "screen"
    answer_key = book.answer_key is True and has_answers(mazes)
    entries = len(mazes) + answer_key
    contents = (
        [
            new_page("contents", bookmark=None if i else layout.words.contents)
            for i in range(contents_pages(layout, entries))
        ]
        if screen
        else []
    )

    problems: list[Problem] = []
    dense: set[Where] = set()
    per_page = layout.mazes_per_page
    columns, rows = grid_of(per_page)
    caption = layout.heading_size if per_page == 1 else layout.caption_size
    young = book.difficulty in YOUNG or for_children(mazes)
    # the Start and Finish words' one size, of word mazes (a class set's: each child's) and of the others
    text: dict[tuple[bool, str | None], float] = {}
    pictures: dict[tuple[bool, str | None], float] = {}  # and their pictures' (``slotplan.book_signs``)
    pictures_held: dict[float, int] = {}  # each size, by the maze that allows it least
    alone = poster(len(mazes), len(pages) + 1)  # no "Maze 1" and no page number under it
    # a poster's maze with no title of its own is headed by the book's, where no header says it: a
    # poster of a maze with no title printed no title at all, under the layout's 72 pt heading
    said = layout.title_heading or "{title}" in f"{layout.header}{layout.footer}"
    headed = alone and not said and not mazes[0].title
    chunks = [
        group[start : start + per_page]
        for group in by_student(mazes)  # a class set never mixes two students on a page
        for start in range(0, len(group), per_page)
    ]
    for chunk in chunks:
        mazes_word = layout.words.mazes[:1].upper() + layout.words.mazes[1:]  # "Mazes", a bookmark
        page = new_page("maze", bookmark=mazes_word if not maze_pages else None)
        if not placing:  # its header, footer and name line take none of its mazes
            maze_pages.update((maze.number, page.number) for maze in chunk)
            continue
        marked = any(m.has_answer for m in chunk)
        area = page_frame(
            layout.model_copy(update={"footer": unnumbered(layout.footer)}) if alone else layout,
            page,
            book.title,
            chunk[0].student,
            chunk[0].student_where,
            spec.where("title"),
            marked,
        )
        slots = split(area, columns, rows, GAP)
        if not text:  # planned once, on the first page: every maze page's slots are alike
            # a word or name maze, drawn as large as its page allows, leaves its words less room than
            # other mazes do: its small words printed on every maze of a class set (7.5 pt for 14); and
            # a long name's left every child's Start and Finish at 7.5 pt, where Ana's sheet takes 12
            groups = {key: [m for m in mazes if _words_group(m) == key] for key in map(_words_group, mazes)}
            # a word is fitted to its page as its own words are sized (``density.fits``), not as an
            # age elsewhere in the book would size them: larger, they left Mary Jane 6.9 pt cells
            owns = {key: for_children(group) if key[0] else young for key, group in groups.items()}
            sized = {key: book_signs(layout, slots[0], g, caption, owns[key]) for key, g in groups.items()}
            # the pictures one size through the book, the least any group allows: a name's page drew
            # its rabbit 1.14 in tall and the other pages 0.64 in (a newcomer's trial)
            least, _, held = min(sized.values(), key=lambda signs: signs[0])
            pictures_held[least] = held
            for key, group in groups.items():
                pictures[key] = least
                text[key] = (
                    sized[key][1]
                    if sized[key][0] == least
                    else (book_signs(layout, slots[0], group, caption, owns[key], least)[1])
                )
        page.items += dividers(slots, len(chunk), columns)
        for slot, maze in zip(slots, chunk, strict=False):
            items, cell = slot_items(
                layout,
                slot,
                replace(maze, title=book.title) if headed else maze,
                caption,
                False,
                walls_of(layout, maze),
                young=young,
                alone=alone,
                text=text[_words_group(maze)],
                pictures=pictures[_words_group(maze)],
            )
            page.items += items
            maze_pages[maze.number] = page.number
            least = least_cell(layout, maze)
            if cell < least and maze.where not in dense:  # once per entry, not per copy or student
                dense.add(maze.where)
                problems.append(too_dense(maze, cell, least, layout, layout_name or book.layout, spec))
    if problems:
        raise SpecError(list(dict.fromkeys(problems)))  # a class set repeats each maze once per student

    answer_pages: dict[int, int] = {}
    if answer_key:
        # a poster's answer is a poster too: no page number ("2") under it
        keyed = layout.model_copy(update={"footer": unnumbered(layout.footer)}) if alone else layout
        told = with_axes(pages, mazes)  # each answer told where its page put its ends
        answer_pages = plan_answers(keyed, told, maze_pages, new_page, book.title, placing=placing)
    if screen:
        fill_contents(layout, contents, mazes, maze_pages, answer_pages, book.title)
        answer_links(layout, pages, answer_pages, maze_pages)
    elif layout.show_answer_page:
        answer_pages_said(layout, pages, answer_pages)
    return BookPlan(
        w,
        h,
        pages,
        book.title,
        book.author,
        _subject(layout, len(mazes)),
        maze_pages,
        (layout.font, layout.bold_font),
        book.edition,
        fallbacks=tuple(layout.fallback_fonts),
        font_where=_font_where(layout),
        pictures_held=pictures_held,
    )


def _subject(layout: Layout, count: int) -> str:
    """The document information's subject, in the book's words: 40 mazes, 40 labyrinthes."""
    if count == 1:
        return "1 maze" if layout.words.maze == "Maze" else f"1 {layout.words.maze}"
    return f"{count} {layout.words.mazes}"


def _font_where(layout: Layout) -> dict[str, At]:
    fallbacks = {font: layout.where(f"fallback_fonts[{i}]") for i, font in enumerate(layout.fallback_fonts)}
    return {**fallbacks, layout.bold_font: layout.where("bold_font"), layout.font: layout.where("font")}
