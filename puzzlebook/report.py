"""What a book's summary line and notes say: read from the checked book, as lines of text for the command
line and the studio alike (``build`` and ``validate`` print them; the studio shows them)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from .build import Checked
from .errors import Problem, Where
from .fields import isolate
from .layout import MazeFrame, print_margins
from .layout.density import largest_at, older_layouts, shape_fits, shape_fits_any
from .layout.slotplan import fewer_a_page, fits
from .layout.wordfit import word_layout
from .leftout import inside_note
from .rules import small_shape
from .saying import counted_pages, for_names, listed, spans
from .settings import Layout
from .spec.model import WordShape
from .spec.request import AGES, MazeRequest
from .units import in_page_units, page_unit, size_name
from .words import legible_size, word_picture


def notes(checked: Checked) -> list[Problem]:
    """What a book does other than the spec says, each as "where: what": margins raised, an age's size
    made smaller, a shape too small to read. ``build`` and ``validate`` print them; the studio shows them."""
    return [
        *_margins_notes(checked),
        *_ages_notes(checked),
        *_shapes_notes(checked),
        *_sheet_notes(checked),
        *_smaller_than_answers_notes(checked),
        *_padding_notes(checked),
        *_small_names_notes(checked),
        *_fine_words_notes(checked),
        *_pictures_notes(checked),
        *cover_lines(checked),
    ]


def _pictures_notes(checked: Checked) -> list[Problem]:
    """Pictures asked for where no maze has a start and an end to put them by: a newcomer's
    ``pictures: mouse-cheese`` without ``marks:`` drew closed boxes, and no word of why. And pictures
    the page leaves too small to colour: an age-4 book on 6 x 9 in drew its rabbit 0.35 in across."""
    if not checked.layout.pictures:
        return []
    given = checked.spec.book.pictures is not None
    where = checked.spec.where("pictures") if given else checked.layout.where("pictures")
    if not any(m.has_answer for m in checked.mazes):
        return [
            Problem(
                where,
                f"the {checked.layout.pictures} pictures stand by a maze's start and end, and no maze has "
                "them: add marks: suggested",
            )
        ]
    centred: dict[Where, list[int]] = {}  # told as the spec is read, not only once a build draws them
    for maze in checked.mazes:
        if maze.has_answer and maze.starts_inside:
            centred.setdefault(maze.where, []).append(maze.shown)
    notes = [inside_note(at, list(dict.fromkeys(shown))) for at, shown in centred.items()]
    # by the entry of the maze that allows the book's one size least: every maze was told, at its own
    # line, of the one wide star of triangles that held them all to 0.42 in
    small: dict[Where, list[tuple[float, int, int, bool]]] = {}
    mazes = {maze.number: maze for maze in checked.mazes}
    for page in checked.plan.pages:
        for item in page.items:
            if isinstance(item, MazeFrame) and not item.answer and 0 < item.picture < COLOURED:
                maze = mazes[item.number]
                holder = mazes.get(checked.plan.pictures_held.get(item.picture, 0), maze)
                kept = (item.picture, maze.shown, holder.shown, maze.where == holder.where)
                small.setdefault(holder.where, []).append(kept)
    for at, found in small.items():
        shown = list(dict.fromkeys(number for _, number, _, _ in found))
        which = f"maze {shown[0]} has" if len(shown) == 1 else f"mazes {spans(shown)} have"
        held = found[0][2]
        alone = all(own for *_, own in found)  # no other entry's pictures held to its size
        why = (
            "the maze takes the page"
            if alone
            else f"the book's pictures are one size, and maze {held}'s page takes none larger"
        )
        ways = [
            "a larger page_size",
            "smaller mazes" if alone else f"another maze {held} (its size, shape or grid)",
        ]
        if checked.layout.mazes_per_page > 1:
            ways.append("mazes_per_page: 1")
        notes.append(
            Problem(
                at,
                f"{which} pictures drawn {page_unit(min(found)[0], checked.layout.trim)} across, too small "
                f"to colour in, where {why} (1.25 in where it leaves room): "
                f"{', '.join(ways[:-1])} or {ways[-1]} leaves them more",
            )
        )
    return notes


COLOURED = 40.0
"""pt: the least box a start or end picture is drawn in for a child to colour it: a rabbit in a box of
36 pt (an age-4 book on 6 x 9 in) was 0.35 in across, where the kids' sample's 50 pt colour well."""


def cover_lines(checked: Checked) -> list[Problem]:
    """What the book's cover does other than one might expect (see ``cover.plan.cover_notes``), each
    at its line of the spec."""
    if checked.spec.book.cover is None:  # the cover's planning loads for a book that has one
        return []
    from .cover.plan import cover_notes

    where = checked.spec.where
    return [
        Problem(where("cover", key) if key else where("cover"), note)
        for key, note in cover_notes(checked.spec, checked.plan, checked.layout.trim)
    ]


SHORT_NAME = 4
"""Letters of a name too short to be told to use fewer of them."""


def _small_names_notes(checked: Checked) -> list[Problem]:
    """Names and words drawn in cells well under the layout's (under three quarters), so that they fit
    their place: a handout's 14 pt cells are for small hands, and a teacher found names in 7 pt ones
    only by looking (a parent's one name at age 4 too). Once an entry."""
    book = checked.spec.book
    least = {i: word_layout(checked.layout, checked.spec, i).min_cell for i in range(len(book.mazes))}
    smaller: dict[int, list[tuple[float, str]]] = {}
    for maze in checked.mazes:
        shape = book.mazes[maze.entry].shape
        name = maze.student or (shape.text if isinstance(shape, WordShape) else "")
        if name and 0 < maze.min_cell < 0.75 * least[maze.entry]:  # an age's, for a young child
            smaller.setdefault(maze.entry, []).append((maze.min_cell, name))
    places = {
        item.number: item.area
        for page in checked.plan.pages
        for item in page.items
        if isinstance(item, MazeFrame) and item.area is not None and not item.answer
    }
    w, h = checked.layout.trim
    notes = []
    for entry, names in smaller.items():
        cells = sorted({cell for cell, _ in names})
        shown = listed([name for _, name in names])
        span = f"{cells[0]:g}" if len(cells) == 1 else f"{cells[0]:g}-{cells[-1]:g}"
        tall = [area.h > area.w for m in checked.mazes if m.entry == entry and (area := places.get(m.number))]
        # a name is wide: a place taller than wide (a portrait page's one maze) wastes most of its height
        turn = f"a landscape page (page_size: {size_name((h, w))})" if w < h and tall and all(tall) else ""
        own = f"{least[entry]:g} pt"
        aged = book.mazes[entry].age_in(book) is not None
        difficulty = book.mazes[entry].difficulty or book.difficulty
        whose = f"the {own} of difficulty: {difficulty}" if aged else f"the layout's {own}"
        # "fewer letters" to a three-letter child's name was no advice (a newcomer's trial)
        shorter = (
            "a shorter form of a name (Max for Maximiliano)"
            if book.students
            else "fewer letters"
            if len(names[0][1]) > SHORT_NAME
            else ""
        )
        ways = [way for way in (shorter, turn, "a larger page") if way]
        fix = f"{', '.join(ways[:-1])}, or {ways[-1]}," if len(ways) > 1 else ways[0]
        said = (
            f"{len(names)} name(s) drawn in cells of {span} pt, under {whose}, to fit their place ({shown}); "
            if book.students
            else f'"{names[0][1]}" is drawn in cells of {span} pt, under {whose}, to fit its place; '
        ) + f"{fix} draws it larger"
        notes.append(Problem(checked.spec.where("mazes", entry, "shape"), said))
    return notes


def _padding_notes(checked: Checked) -> list[Problem]:
    """A book that ``pad`` made mostly of notes pages: sold, a quarter or more of blank ruled pages
    reads as filler, and a few more mazes would print in their place."""
    pages = checked.plan.pages
    blank = sum(page.kind == "notes" for page in pages)
    pad = checked.spec.book.pad
    if pad is not True and pad and len(pages) > pad:  # pad: 30 of a book of 50 pages: not cut, told
        return [
            Problem(
                checked.spec.where("pad"),
                f"asks for {pad} pages, and the book has {len(pages)}: it is not cut; use fewer mazes, more "
                f"a page, or pad: {len(pages)} or more",
            )
        ]
    if not pad or blank * 4 < len(pages):
        return []
    return [
        Problem(
            checked.spec.where("pad"),
            f"{blank} of the book's {len(pages)} pages are notes pages, added to reach a page count "
            "print-on-demand takes; more mazes would fill them instead",
        )
    ]


def _smaller_than_answers_notes(checked: Checked) -> list[Problem]:
    """Mazes drawn smaller than their own answers (six a page with long titles and the seed line under
    each): the puzzle is what the reader works on, so fewer a page is told."""
    maze_cells: dict[int, float] = {}
    answer_cells: dict[int, float] = {}
    for page in checked.plan.pages:
        for item in page.items:
            if isinstance(item, MazeFrame):
                (answer_cells if item.answer else maze_cells)[item.number] = item.cell
    smaller = [n for n, cell in maze_cells.items() if n in answer_cells and cell < 0.9 * answer_cells[n]]
    per_page = checked.layout.mazes_per_page
    if not smaller or per_page == 1:
        return []
    fewer = max(n for n in (1, 2, 4) if n < per_page)
    worst = min(smaller, key=lambda n: maze_cells[n] / answer_cells[n])
    maze = next(m for m in checked.mazes if m.number == worst)  # named as its sheet names it: every child
    which = f"maze {maze.shown}{for_names([isolate(maze.student)] if maze.student else [])}"  # has a maze 1
    return [
        Problem(
            checked.spec.where("mazes"),
            f"{len(smaller)} of the {len(maze_cells)} mazes print smaller than "
            f"their own answers ({which}: {maze_cells[worst]:.1f} pt cells, its answer "
            f"{answer_cells[worst]:.1f} pt); mazes_per_page: {fewer} gives them more room",
        )
    ]


def _sheet_notes(checked: Checked) -> list[Problem]:
    """A class set whose students have fewer mazes than a sheet has places: each sheet is part blank
    (one maze on a handout of two a page), where fewer a page would give the mazes the whole sheet; or
    more, but not a whole number of sheets: each student's last sheet is part blank."""
    spec, per_page = checked.spec, checked.layout.mazes_per_page
    students = spec.students()
    if not students or per_page == 1:
        return []
    each = len(checked.mazes) // len(students)
    sheets, rest = -(-each // per_page), each % per_page
    if each > per_page and rest:  # three mazes, two a page: each student's second sheet half blank
        return [
            Problem(
                spec.where("students"),
                f"each student's {each} mazes take {sheets} sheets, the last with {rest} of its {per_page} "
                f"places filled, the rest left blank; {sheets * per_page} mazes each would fill them, or "
                "mazes_per_page: 1 gives every maze its own sheet",
            )
        ]
    if each >= per_page or each not in (1, 2, 4):
        return []
    return [
        Problem(
            spec.where("students"),
            f"each student's {each} maze{'s' * (each > 1)} fill{'s' * (each == 1)} "
            f"{each} of the {per_page} places on their sheet, the rest left blank; mazes_per_page: {each} gives "
            f"{'it' if each == 1 else 'them'} the whole sheet",
        )
    ]


def _margins_notes(checked: Checked) -> list[Problem]:
    """A layout's own margins under a printer's least are raised (never lowered): said once."""
    layout = checked.layout
    if checked.spec.book.edition != "print" or "margins" not in layout._where or not checked.plan.trims:
        return []
    used = print_margins(layout, len(checked.plan.pages)).margins
    raised = [
        f"{side} {getattr(layout.margins, side) / 72:g} in to {getattr(used, side) / 72:g} in"
        for side in ("top", "bottom", "inside", "outside")
        if getattr(used, side) > getattr(layout.margins, side) + 0.01
    ]
    if not raised:
        return []
    pages = len(checked.plan.pages)
    return [
        Problem(
            layout.where("margins"), f"raised to what a printer takes for {pages} pages: {', '.join(raised)}"
        )
    ]


def _takes(maze: MazeRequest, layout: Layout) -> bool:
    return fits(layout, maze, words=True)


def _ages_notes(checked: Checked) -> list[Problem]:
    """An age's maze size made smaller to fit the page (``layout.age_sizes_to_fit``), once an entry; and
    an age given one maze beside a size, which leaves the age nothing to do."""
    told: dict[Where, Problem] = {}
    for maze in checked.mazes:
        age = AGES.get(maze.size_from.removeprefix("difficulty: ")) if maze.size_from else None
        # a shape's size is its own advice (``rules.small_shape``), and its cells fill part of it
        if age and not maze.drawn_over and (maze.width, maze.height) != age.size and maze.where not in told:
            set_, made = (
                (f"{age.size[0]} rings", f"{maze.width} rings")
                if maze.grid == "circle"
                else (f"{age.size[0]}x{age.size[1]}", f"{maze.width}x{maze.height}")
            )
            # fewer mazes a page may take the age's own size (a handout's age-8 mazes, two a sheet)
            ring = maze.grid == "circle"
            aged = replace(maze, width=age.size[0], height=age.size[0] if ring else age.size[1])
            fix = fewer_a_page(checked.layout, partial(_takes, aged))
            told[maze.where] = Problem(
                maze.where,
                f"{maze.size_from} sets {set_}; made {made}, the most the page takes at its cells"
                + (f"; {fix} for {set_}" if fix else ""),
            )
    given = []  # an age and a size on one maze: an age on one maze sets only its size, which the size sets
    for i, entry in enumerate(checked.spec.book.mazes):
        # a shape's size is its own advice (``rules.small_shape``): the age is not said against it
        if entry.age and entry.size and not (entry.shape or entry.mask):
            (w, h), (aw, ah) = entry.size, entry.age.size
            ring = entry.grid == "circle"
            if (w, h)[: 1 if ring else 2] == (aw, ah)[: 1 if ring else 2]:
                continue  # the age's own size, written out
            made, sets = (f"{w} rings", f"{aw} rings") if ring else (f"{w}x{h}", f"{aw}x{ah}")
            given.append(
                Problem(
                    checked.spec.where("mazes", i, "size"),
                    f"the maze is {made}, with difficulty: {entry.difficulty} beside it: on one maze an "
                    f"age sets only the size; leave out size for {entry.difficulty}'s ({sets}, or the most "
                    "the page takes)",
                )
            )
    return list(told.values()) + given + _small_for_age(checked)


def _small_for_age(checked: Checked) -> list[Problem]:
    """An age on one maze sets only its size: where the page then draws its cells under the least that
    age asks for (an age-4 maze at 4 a page had 29.7 pt cells, where age-4 asks for 45), it is said once
    an entry, with the size that draws them so, in the age's place (the age at the top would hold the
    book's other mazes too, and refused a name maze beside it). A shape's size is its own note's."""
    cells = _least_cells(checked)
    first = {m.entry: m for m in reversed(checked.mazes)}
    found = []
    trim = checked.layout.trim
    for i, cell in sorted(cells.items()):
        entry = checked.spec.book.mazes[i]
        least = entry.age.least_cell if entry.age else 0.0  # as a book's age holds its cells
        # a size: the age sets none; a shape: its size is told by its own note (``_shapes_notes``)
        if entry.size or entry.shape or entry.mask or cell >= least or checked.layout.min_cell >= least:
            continue
        most = largest_at(checked.layout, first[i], least)
        ring = entry.grid == "circle"
        fix = (
            f"; write size: {most[0]}{' rings' if ring else f'x{most[1]}'} in place of difficulty: "
            f"{entry.difficulty} to draw them so large"
            if most
            else ""
        )
        found.append(
            Problem(
                checked.spec.where("mazes", i, "difficulty"),
                f"on one maze, {entry.difficulty} sets only its size: its cells are "
                f"{in_page_units(cell, trim)}, under the {in_page_units(least, trim)} {entry.difficulty} "
                f"asks for{fix}",
            )
        )
    return found


def _least_cells(checked: Checked) -> dict[int, float]:
    """The least cell of each entry's mazes, as planned, by the entry's index."""
    cells: dict[int, float] = {}
    entries = {m.number: m.entry for m in checked.mazes}
    for page in checked.plan.pages:
        for item in page.items:
            if isinstance(item, MazeFrame) and not item.answer and item.number in entries:
                index = entries[item.number]
                cells[index] = min(cells.get(index, item.cell), item.cell)
    return cells


def _fine_words_notes(checked: Checked) -> list[Problem]:
    """A word maze with no size and no age beside mazes with one is drawn as large as its page allows,
    in as many cells as the layout's least cell takes: "Lily" in 7 pt cells beside age-6 mazes whose
    cells are 22.5 pt, and no word of it. Said once an entry, with the size whose letters just read
    where that draws its cells a fifth larger or more (a size written is the most a word is drawn over)."""
    book = checked.spec.book
    aged = [entry for entry in book.mazes if entry.age]
    if not aged:
        return []
    youngest = max(aged, key=lambda entry: entry.age.cell if entry.age else 0.0)
    assert youngest.age is not None
    least = youngest.age.least_cell  # as a book's age holds its cells
    cells = _least_cells(checked)
    first = {m.entry: m for m in reversed(checked.mazes)}
    trim = checked.layout.trim
    found = []
    for i, entry in enumerate(book.mazes):
        shape = entry.shape
        if not isinstance(shape, WordShape) or entry.size or i not in cells or first[i].student:
            continue  # a class set's names have their own note (``_small_names_notes``)
        if entry.age_in(book):  # and so has a word with an age (``_small_names_notes``)
            continue
        cell, text = cells[i], shape.text.strip()
        picture = word_picture(text)
        if cell >= least or picture is None:
            continue
        w, h = legible_size(picture, entry.grid)
        maze = first[i]
        larger = cell * min(maze.width / w, maze.height / h)  # its page's room over fewer cells
        fix = (
            f"size: {w}x{h} draws it in the fewest cells its letters read in, about {in_page_units(larger, trim)}"
            if larger >= 1.2 * cell
            else "a word of fewer letters draws them larger"
        )
        found.append(
            Problem(
                checked.spec.where("mazes", i, "shape"),
                f'"{text}" is drawn in cells of {in_page_units(cell, trim)}, under the '
                f"{in_page_units(least, trim)} the book's {youngest.difficulty} mazes ask for; {fix}",
            )
        )
    return found


def _shapes_notes(checked: Checked) -> list[Problem]:
    """A built-in shape drawn over too few cells (a heart over an age-4 book's 7x8 cells), in
    ``rules.small_shape``'s words, once an entry."""
    told: dict[int, Problem] = {}
    older = older_layouts(checked.layout, checked.spec.book.difficulty)  # would their cells take a shape
    for maze in checked.mazes:
        entry = checked.spec.book.mazes[maze.entry] if maze.entry < len(checked.spec.book.mazes) else None
        if entry is None or not isinstance(entry.shape, str) or maze.entry in told:
            continue
        blob = small_shape(
            entry.shape,
            maze.grid,
            *(maze.drawn_over or (maze.width, maze.height)),
            partial(shape_fits, checked.layout, maze, entry.shape, words=True),  # as built, words kept
            checked.spec.book.difficulty,
            partial(shape_fits_any, older, maze, entry.shape, words=True),
        )
        if blob:
            told[maze.entry] = Problem(checked.spec.where("mazes", maze.entry, "shape"), blob)
    return list(told.values())


def summary(checked: Checked) -> str:
    pages = checked.plan.pages
    kinds = {
        k: sum(1 for p in pages if p.kind == k)
        for k in ("title", "copyright", "contents", "maze", "answers", "notes")
    }
    mazes = len(checked.mazes)
    answered = sum(1 for m in checked.mazes if m.has_answer)
    parts = [f"{mazes} maze{'s' * (mazes != 1)}", counted_pages(len(pages))]
    detail = ", ".join(  # "1 title page, 8 maze pages": counts in words that agree
        f"{n} {name} page{'s' * (n != 1)}"
        for name, n in (
            ("title", kinds["title"]),
            ("copyright", kinds["copyright"]),
            ("contents", kinds["contents"]),
            ("maze", kinds["maze"]),
            ("answer", kinds["answers"]),
            ("notes", kinds["notes"]),
        )
        if n
    )
    layout = checked.spec.book.layout
    answers = checked.plan.answers
    apart = f"; answers on {counted_pages(len(answers.pages))} of their own" if answers else ""
    marked = f"{answered} with a marked start and end"
    if not answered and checked.spec.book.answer_key:
        marked = "none with a marked start and end, so no answer key (marks: suggested gives them one)"
    return f"{parts[0]} on {parts[1]} ({detail}){apart}; {marked}, layout {layout}"
