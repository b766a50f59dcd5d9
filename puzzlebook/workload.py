"""How much work a book may ask for: at most ``MAX_MAZES`` mazes and ``MAX_WORK`` cells, and within
them what its parts cost here (``cost``: making each maze by algorithm and grid, the seeds its bands
try, drawing it and its answer, its pages and shapes) held to ``cost.BUDGET``, each told with what to
change. Checked before any maze is made.
"""

from __future__ import annotations

from collections.abc import Callable

from . import cost
from .errors import Problem
from .inputs import studio_folder
from .kinds import GRID_NAMES, ring_counts
from .masks import Mask
from .puzzles import (
    MAX_TRIES,
    SAMPLE,
)
from .shapelimits import shape_search_cells
from .spec.load import Spec

MAX_MAZES = 5000
"""Mazes in one book: print-on-demand stops at 828 pages; a screen edition or class set may hold more."""
MAX_WORK = 40_000_000
"""Maze cells generated for one book, counting every seed a difficulty search may try; within it, the
time they take is held to ``cost.BUDGET`` (see ``workload_problems``)."""

OUTLOOK = 20_000
"""Cells of its outline a shape on hexagons, triangles or octagons may have at most: each looks out for
room for the ends (``paths``), up to 217 µs and 29 KB a cell on octagons, so an octagon comb of 60,000
outline cells took 13 s and 1.7 GB before any maze was made. A drawn shape's outline is a few thousand."""

STUDIO_CELLS = 250_000
"""Cells a maze may have in a book the studio builds: a page from a browser waits for it."""


PageMost = Callable[[int], "tuple[int, int] | None"]
"""The largest size an entry's page takes (``layout.density.page_most``), by the entry's index."""


def _no_page(entry: int) -> tuple[int, int] | None:
    return None


def _most(limit: tuple[int, int], page: tuple[int, int] | None) -> tuple[int, int]:
    """The largest size a maze over a limit may have: the limit's, or the page's largest where smaller."""
    return page if page is not None and page[0] * page[1] <= limit[0] * limit[1] else limit


def _at_most(limit: tuple[int, int], page: tuple[int, int] | None, circle: bool) -> str:
    """The fix of a size over a limit, in words (``_most``)."""
    w, h = _most(limit, page)
    taken = ", the largest its page takes" if (w, h) == page else ""
    return f"make it at most {f'{w} rings' if circle else f'{w}x{h}'}{taken}"


def _written(size: tuple[int, int], circle: bool) -> str:
    """A size as the spec writes it, as a problem's ``fix``: 40x30, or 12 (rings)."""
    return f"{size[0]}" if circle else f"{size[0]}x{size[1]}"


def _field(grid: str, width: int, height: int, inner: int) -> tuple[int, int]:
    """(cells, outline cells whose searches choose the ends) of a plain field: squares, hexagons and
    triangles take one walk for their ends (0: none to count); a circle compares its rim's cells, up to
    ``shapelimits.SHAPE_PAIRS`` (see ``paths.choose_ends``)."""
    if grid == "circle":
        counts = ring_counts(width, inner)
        return sum(counts), counts[-1]
    return width * height, 0


def workload_problems(spec: Spec, page_most: PageMost | None = None) -> list[Problem]:
    """Limits on what a spec can make puzzlebook do, from the spec alone, before anything is expanded:
    at most ``MAX_MAZES`` mazes and ``MAX_WORK`` cells made, and about ``cost.BUDGET`` seconds of work
    in all, each maze weighed by its algorithm and grid (see ``cost``).

    A score range nobody's maze of that size can reach is refused here too (a score is at most five
    times the cells: each cell of the path counts once, and at most once more as a turn and three
    times as a decision).

    ``page_most``: the largest size the page takes for an entry, offered where it is smaller than what a
    limit allows (3000x3000 was told "at most 2130x2130", and then by its page "at most 74x74")."""
    book = spec.book
    students = max(1, len(spec.roster))
    mazes = work = 0
    seconds: dict[str, float] = {}
    costliest = (0.0, 0)  # seconds, entry
    shapes: set[tuple[str, int, int, str]] = set()  # each shape or word drawn, once however often named
    looking: dict[tuple[int, str], float] = {}  # each shape's looking out, once: seconds, by mask and grid
    problems = []
    for i, entry in enumerate(book.mazes):
        mask = spec.masks.get(i)
        width, height = (mask.width, mask.height) if mask else entry.drawn_size(book) or (1, 1)
        cells, outline = _field(entry.grid, width, height, entry.inner or 0)
        each = cells + (shape_search_cells(outline, cells, cells) if outline else 0)
        if mask:  # the box is made, the shape's cells searched
            each = cells + _searched(mask)
            if entry.grid not in ("rectangle", "circle") and mask.outline > OUTLOOK:
                problems.append(
                    Problem(
                        spec.where("mazes", i, "mask" if entry.mask else "shape"),
                        f"the shape has {mask.outline:,} cells on its outline; on {GRID_NAMES[entry.grid]} a "
                        f"shape may have at most {OUTLOOK:,} (each looks out for room for the ends): draw it "
                        "with fewer or wider teeth, or on squares",
                    )
                )
        if mask and entry.grid in cost.LOOK_OUT:
            looking[(id(mask), entry.grid)] = mask.outline * cost.LOOK_OUT[entry.grid] / 1e3
        if entry.shape is not None and mask:
            shapes.add((repr(entry.shape), *(entry.drawn_size(book) or (0, 0)), entry.grid))
        names = [m for (e, _), m in spec.name_masks.items() if e == i]
        made_cells = cells
        if names:  # a word shape of each student's name: one maze each, counted at the names' mean
            # (at the largest name's, 60 names of a class asked for 55 million cells, their 19.5)
            each = -(-sum(m.width * m.height + _searched(m) for m in names) // len(names))
            made_cells = -(-sum(m.width * m.height for m in names) // len(names))
        band = None if entry.age else entry.difficulty
        size = f"{width} rings ({cells:,} cells)" if entry.grid == "circle" else f"{width}x{height}"
        mb = cost.megabytes(cells, "book")
        studio = bool(studio_folder()) and cells > STUDIO_CELLS
        # what the page takes, asked only of a maze over a limit (it plans a slot some 30 times)
        page = (page_most or _no_page)(i) if studio or mb > cost.MEMORY else None
        # past what its page takes, its memory and the studio's limit are not told: the page's check,
        # or the time's, says so with the size that fits (4000x4000 was told it three times over). It is
        # still counted at its own size, so a book of many is refused at once (counted at the page's,
        # 1,000 of them each paid for a page's check: 12 s to validate, a hostile review)
        beyond = page is not None and 2 * page[0] * page[1] < width * height  # far past: a size a cell
        # over the page's largest (3000 beside 2999) is a bisection's rounding, and its memory told
        studio, mb = studio and not beyond, 0.0 if beyond else mb
        circle = entry.grid == "circle"
        if studio:
            taken = page is not None and _field(entry.grid, *page, entry.inner or 0)[0] <= STUDIO_CELLS
            fix = _at_most(page, page, circle) if taken and page else "build it with puzzlebook build"
            problems.append(
                Problem(
                    spec.where("mazes", i, "size"),
                    f"{size} is too large for the studio: at most {STUDIO_CELLS:,} cells a maze there "
                    f"(500x500); {fix}",
                    _written(page, circle) if taken and page else None,
                )
            )
        if mb > cost.MEMORY:
            problems.append(
                Problem(
                    spec.where("mazes", i, "size"),
                    f"{size} would take about {mb:,.0f} MB of memory to make and draw; the limit is "
                    f"{cost.MEMORY} MB: {_at_most(cost.within(width, height, 0, mb), page, circle)}",
                    _written(_most(cost.within(width, height, 0, mb), page), circle),
                )
            )
        if isinstance(band, tuple) and band[0] > 5 * cells:
            problems.append(
                Problem(
                    spec.where("mazes", i, "difficulty"),
                    f"no {size} maze scores above {5 * cells}; choose a range below that, or easy, medium or "
                    "hard",
                )
            )
        if names:
            made = entry.count * len(names)
        elif spec.roster:  # one pool of seeds for the whole class
            tries = max(SAMPLE, 3 * students) if band is None or isinstance(band, str) else MAX_TRIES
            made = entry.count * tries
        elif band is None:
            made = entry.count
        else:  # one search for all the copies of the entry
            made = max(SAMPLE, 3 * entry.count) if isinstance(band, str) else MAX_TRIES * entry.count
        work += made * each
        kept = entry.count * students
        mazes += kept
        spent = _seconds(spec, i, made_cells, each, made, kept)
        seconds = {k: seconds.get(k, 0.0) + v for k, v in spent.items()}
        costliest = max(costliest, (sum(spent.values()), -i))
    seconds["shapes"] = sum(w * h for _, w, h, _ in shapes) * cost.SHAPE / 1e6 + sum(looking.values())
    if mazes > MAX_MAZES:
        who = f" ({students} students x {mazes // students} mazes)" if spec.roster else ""
        problems.append(
            Problem(spec.where("mazes"), f"this book has {mazes:,} mazes{who}; the limit is {MAX_MAZES:,}")
        )
    elif work > MAX_WORK:
        fewer = "use fewer or smaller mazes, or fewer difficulty ranges"
        if spec.roster:  # most of a class set's work grows with its students
            fewer = f"split the class list into smaller books, or {fewer}"
        problems.append(
            Problem(
                spec.where("mazes"),
                f"this book asks for {work:,} maze cells to be made, counting the seeds tried to match "
                f"difficulty and the searches for shaped mazes' ends; the limit is {MAX_WORK:,}: {fewer}",
            )
        )
    elif sum(seconds.values()) > cost.BUDGET:
        problems.append(_too_long(spec, seconds, -costliest[1], costliest[0], page_most or _no_page))
    return problems


def _searched(mask: Mask) -> int:
    """Cells a shaped maze's ends cost to find (``shape_search_cells``), over its box."""
    return shape_search_cells(mask.outline, mask.cells, mask.width * mask.height, bool(mask.first))


def _seconds(spec: Spec, i: int, cells: int, searched: int, made: int, kept: int) -> dict[str, float]:
    """The seconds an entry costs, by what they go on (see ``cost``): making the ``kept`` mazes of the
    book, making the other seeds of the ``made`` its difficulty or class set tries, drawing the kept
    ones (twice, with an answer), and their pages. ``searched`` counts the cells searched for a maze's
    ends, its outline's searches with them."""
    entry = spec.book.mazes[i]
    marks = entry.marks if entry.marks is not None else spec.book.marks
    drawn = 2 if spec.book.answer_key is not False and marks != "none" else 1
    one = cost.make_seconds(entry.algorithm, entry.grid, cells, searched, entry.options)
    if entry.weave:  # its crossings
        one += cells * cost.WEAVE / 1e6
    return {
        "making": kept * one,
        "tries": max(0, made - kept) * one,
        "drawing": drawn * kept * cells * cost.DRAW / 1e6,
        "pages": drawn * kept * cost.PAGE / 1e3,
    }


_SPENT_ON = {
    "making": "making its mazes",
    "tries": "the seeds tried for difficulty",
    "drawing": "drawing them",
    "pages": "their pages",
    "shapes": "drawing its shapes",
}


def _too_long(
    spec: Spec, seconds: dict[str, float], costliest: int, its: float, page_most: PageMost
) -> Problem:
    """Past ``cost.BUDGET``: what the time goes on, and the fix for the largest part; told at the entry
    that costs ``its`` seconds, the most, when that is most of it. A maze larger than its page takes is
    told the size that fits first (a class set's 400x400 mazes were told to leave out a difficulty it
    never had, and only then that 74x74 is the most their page takes)."""
    ranked = sorted(seconds.items(), key=lambda kv: -kv[1])
    entry = spec.book.mazes[costliest]
    matched = bool(spec.roster) and (entry.age is not None or entry.difficulty is None)  # a class's seeds
    spent_on = {**_SPENT_ON, "tries": "the seeds tried to match the class's mazes"} if matched else _SPENT_ON
    parts = ", ".join(f"{spent_on[k]} {v:.0f} s" for k, v in ranked if v >= 0.5)
    most, total = ranked[0][0], sum(seconds.values())
    mask = spec.masks.get(costliest)
    size = (mask.width, mask.height) if mask else entry.drawn_size(spec.book)
    page = page_most(costliest) if size and most != "shapes" else None
    if size and page is not None and 2 * page[0] * page[1] < size[0] * size[1]:  # far past its page: the
        # page's own refusal is the one to mend first (the margins a long book takes move it a cell)
        fix = f"{_at_most(page, page, entry.grid == 'circle')}, or use fewer mazes"
    elif most == "tries" and matched:
        fix = "use fewer or smaller mazes: each maze of a class set is made from several seeds"
    elif most == "tries":
        fix = (
            "use fewer or smaller mazes with a difficulty, or leave difficulty out (easy, medium and hard "
            "try 30 seeds an entry, a score range up to 300 a maze)"
        )
    elif most == "making" and entry.weave:  # the crossings cost more than any algorithm
        fix = f"use fewer or smaller weave mazes (their crossings take {cost.WEAVE:g} s a million cells here)"
    elif (
        most == "making"
        and (speed := cost.GENERATE[entry.grid]).get(entry.algorithm, 0) > 1.25 * speed[cost.QUICK]
    ):
        fix = (
            f"use fewer or smaller mazes, or a faster algorithm ({entry.algorithm} takes "
            f"{speed.get(entry.algorithm, 0):.2f} s a million cells here, {cost.QUICK} "
            f"{speed[cost.QUICK]:.2f} s)"
        )
    elif most == "shapes":
        fix = "use fewer or smaller shapes"
    else:
        fix = "use fewer or smaller mazes"
    most_here = its > total / 2
    return Problem(
        spec.where("mazes", costliest) if most_here else spec.where("mazes"),
        f"this book needs about {total:.0f} s of work here ({parts})"
        f"{', most of it for this entry' if most_here else ''}; the limit is {cost.BUDGET:.0f} s: {fix}",
    )
