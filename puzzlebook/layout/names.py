"""Words with no size (a class set's names above all) drawn as large as their slot allows.

A name maze needs no ``size``: each name is drawn over the largest field in its own proportions whose
cells still get the layout's ``min_cell``, so one spec suits "Al" and "Maximiliano", a handout and a
full page. This is planned from sizes alone, before any maze is generated, so ``validate`` reports it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..deadline import in_time
from ..errors import At, Problem
from ..masks import Mask
from ..settings import Layout
from ..spec.request import NO_MASK, MazeRequest
from ..units import size_name
from ..wordbreaks import breakable, hyphen_of_ours, line_choices, lines_worth, own_break
from ..wordforms import FORMS, Form
from ..words import (
    MAX_WORD_CELLS,
    MIN_WORD_ROWS,
    least_picture,
    legible_size,
    letter_rows,
    word_field,
    word_mask,
    word_picture,
)
from .boxes import NAME_CELL, at_cells, name_walls
from .namewords import larger, readable
from .presets import load_layout, preset_names
from .slotplan import as_spec_sets, fewer_a_page, fits, presets_by_area

if TYPE_CHECKING:  # a spec's models load with the spec, not to plan a page
    from ..spec.load import Spec

UP = 3
"""Rows more than its inked box says a name's field is tried at when that fits (the box is rounded
up); when it does not (the room its ends take on a shape is not in the box, up to 7 rows of a two-line
name), the most rows that fit are found by bisection down to the least that reads."""


def largest_field(
    layout: Layout, maze: MazeRequest, picture: Any, most: tuple[int, int] | None = None
) -> int | None:
    """The most rows of a field in the word's proportions, its letters at least ``MIN_WORD_ROWS`` tall
    and at most ``MAX_WORD_CELLS`` cells, whose cells get ``min_cell`` in the maze's slot; found by
    bisection on the rows without drawing, from the box the letters take in the field (the picture's
    inked box: the maze is cropped to its cells), within ``most`` (the size written). None when even the
    least that reads does not fit."""

    def fitting(rows: int) -> bool:
        w, h = word_field(picture, rows, maze.grid)
        return _within(w, h, most) and fits(layout, inked_box(maze, picture, rows))

    low = legible_size(picture, maze.grid)[1]
    if not fitting(low):
        return None
    high = low
    while high < MAX_WORD_CELLS and fitting(high * 2):  # the rows double until they do not fit
        high *= 2
    high *= 2
    while low < high - 1:  # fitting(low), not fitting(high)
        mid = (low + high) // 2
        low, high = (mid, high) if fitting(mid) else (low, mid)
    return low


def inked_box(maze: MazeRequest, picture: Any, rows: int) -> MazeRequest:
    """The maze as a plain field of the box the word's letters take over ``rows`` rows (the picture's
    inked box: the maze is cropped to its cells), to size it without drawing it."""
    left, top, right, bottom = picture.getbbox() or (0, 0, picture.width, picture.height)
    w, h = word_field(picture, rows, maze.grid)
    across = math.ceil(w * (right - left) / picture.width)
    return replace(maze, width=across, height=math.ceil(h * (bottom - top) / picture.height), masked=NO_MASK)


def _within(w: int, h: int, most: tuple[int, int] | None) -> bool:
    """Whether a field of ``w`` x ``h`` is one a word may be drawn over: at most ``MAX_WORD_CELLS``
    cells, and within the size written."""
    return w * h <= MAX_WORD_CELLS and (most is None or (w <= most[0] and h <= most[1]))


CELL_STEP = 0.5
"""Points between the cell sizes a name is tried at under the layout's ``min_cell``."""


def word_drawn(
    layout: Layout, maze: MazeRequest, word: str, at: At, most: tuple[int, int] | None
) -> tuple[Mask | None, list[Problem]]:
    """The word's mask drawn as large as its slot allows, or why it cannot be drawn (none when no field
    that reads fits: ``no_room`` tells it): its letters at their own width when that fits, else the
    first of ``FORMS`` that does (closer lines, narrower letters); in cells as large as the slot allows,
    down to ``NAME_CELL`` (the mask's ``min_cell`` when under the layout's); its ends anywhere on its
    outline, or (on squares) on two sides of its box, leaving the other two's room to the name (the
    mask's ``ends_on_axis``), where that fits or takes larger cells (``namewords.larger``)."""
    floor = min(layout.min_cell, NAME_CELL)
    cells = [layout.min_cell]
    while cells[-1] - CELL_STEP >= floor - 1e-9:
        cells.append(round(cells[-1] - CELL_STEP, 6))
    ways = (False, True) if maze.grid == "rectangle" and maze.marks == "suggested" else (False,)
    # a name with a space or hyphen of its own is broken there in any form and cells that fit, before a
    # hyphen of ours is tried: "Charlot- / te-Rose" had cells a little larger; a short word is broken
    # only where it has no room whole (``breakable``)
    for own, short in _breaking(word):
        for form in FORMS:
            found: list[Mask] = []
            for along in ways:
                if found and not found[0].min_cell:  # ends anywhere took the layout's cells
                    break
                aimed = replace(maze, ends_on_axis=along)
                mask, problems = _in_cells(layout, cells, aimed, word, at, most, (form, own, short))
                if problems:
                    return None, problems
                found += [replace(mask, ends_on_axis=along)] if mask else []
            if found:
                return larger(layout, maze, found), []
    return None, []


Way = tuple[Form, bool, bool]
"""How a name is tried: in a form (``wordforms.FORMS``), whether on its own breaks alone, and whether
a short word may be broken inside (``wordbreaks.breakable``)."""


def _breaking(word: str) -> list[tuple[bool, bool]]:
    """The breaks a word is tried with, in turn (``Way``'s last two): its own alone, then ours too, then
    inside a short word."""
    return [(True, False)] * own_break(word) + [(False, False)] + [(False, True)] * breakable(word)


def _choices(word: str, own: bool, short: bool = False) -> list[tuple[str, ...]]:
    """The word's ``line_choices`` (``short``: a short word's too); with ``own``, those that add no
    hyphen of ours."""
    return [lines for lines in line_choices(word, short) if not (own and hyphen_of_ours(word, lines))]


def _in_cells(
    layout: Layout,
    cells: list[float],
    maze: MazeRequest,
    word: str,
    at: At,
    most: tuple[int, int] | None,
    way: Way,
) -> tuple[Mask | None, list[Problem]]:
    """The word's mask, tried ``way``, in the largest of ``cells`` (the layout's ``min_cell`` first,
    then smaller) that takes it, or why it cannot be drawn (none when none does)."""
    mask, problems = _drawn_at(layout, maze, word, at, most, way)
    if mask is not None or problems or len(cells) == 1:
        return mask, problems
    if not _room_at(layout, cells[-1], maze, word, most, way):
        return None, []
    low, high = 0, len(cells) - 1  # no room in cells[low] (drawn above), room in cells[high]
    while low < high - 1:
        mid = (low + high) // 2
        low, high = (low, mid) if _room_at(layout, cells[mid], maze, word, most, way) else (mid, high)
    for cell in cells[high:]:  # its inked box is hopeful by a few rows: smaller until one is drawn
        mask, problems = _drawn_at(at_cells(layout, cell), maze, word, at, most, way)
        if problems:
            return None, problems
        if mask is not None:
            return replace(mask, min_cell=cell), []
    return None, []


def _room_at(
    layout: Layout, cell: float, maze: MazeRequest, word: str, most: tuple[int, int] | None, way: Way
) -> bool:
    """Whether the word, tried ``way``, has a field that reads in its slot in cells of ``cell`` pt: its
    least field on any of its lines (``_least_masks``, drawn once), within the size written."""
    smaller = at_cells(layout, cell)
    return any(
        _within(mask.width, mask.height, most)
        and fits(smaller, replace(maze, width=mask.width, height=mask.height, masked=mask.off))
        for mask in _least_masks(word, way, maze.grid)
    )


@functools.lru_cache(maxsize=256)
def _least_masks(word: str, way: Way, grid: str) -> tuple[Mask, ...]:
    """The word's masks over its least field that reads (``legible_size``) on each of its lines."""
    masks = []
    form, own, short = way
    for lines in _choices(word, own, short):
        picture = word_picture(word, lines=lines, form=form)
        if picture is not None:
            mask, _ = word_mask(word, *legible_size(picture, grid), "", grid, lines=lines, form=form)
            masks += [mask] if mask is not None else []
    return tuple(masks)


def _drawn_at(
    layout: Layout, maze: MazeRequest, word: str, at: At, most: tuple[int, int] | None, way: Way
) -> tuple[Mask | None, list[Problem]]:
    """The word's mask, tried ``way``, over the most rows whose cells fit its slot, or why it cannot be
    drawn (none when no field that reads fits): on the lines that draw its letters tallest in the slot
    (one line in a wide slot, two in a tall one), else on the next lines that do. Lines whose inked box
    says no field fits are tried last, at their least field, drawn: the box can be a cell or two wider
    than the drawn name."""
    in_time(
        at,
        "fitting the names to their pages",
        "use fewer students or shorter names, or check it with puzzlebook validate, which waits for it",
    )
    choices: list[tuple[float, tuple[str, ...], Any, int]] = []
    doubtful: list[tuple[float, tuple[str, ...], Any, int]] = []
    form, own, short = way
    for lines in _choices(word, own, short):
        picture = word_picture(word, lines=lines, form=form)
        if picture is None:  # told when the spec was read
            return None, []
        rows = largest_field(layout, maze, picture, most)
        field = word_field(
            picture, rows if rows is not None else legible_size(picture, maze.grid)[1], maze.grid
        )
        tall = lines_worth(word, lines, letter_rows(picture, *field, maze.grid))
        (choices if rows is not None else doubtful).append((tall, lines, picture, field[1]))
    best = None  # the tallest; the first of those as tall
    for choice in choices:
        if best is None or choice[0] > best[0] + 1e-6:
            best = choice
    ordered = [best] if best else []
    ordered += [c for c in choices if c is not best] + doubtful
    for _, lines, picture, rows in ordered:
        mask, problems = _over_rows(layout, maze, word, at, most, form, lines, picture, rows)
        if mask is not None or problems:
            return mask, problems
    return None, []


def _over_rows(
    layout: Layout,
    maze: MazeRequest,
    word: str,
    at: At,
    most: tuple[int, int] | None,
    form: Form,
    lines: tuple[str, ...],
    picture: Any,
    rows: int,
) -> tuple[Mask | None, list[Problem]]:
    """The word's mask on ``lines`` over the most rows whose cells fit its slot: at ``rows`` (what its
    inked box says), then a row more while that fits, or a row less until one does."""
    least = legible_size(picture, maze.grid)[1]

    def draw(h: int) -> tuple[Mask | None, list[Problem], bool]:
        w = word_field(picture, h, maze.grid)[0]
        if not _within(w, h, most):
            return None, [], False
        mask, problems = word_mask(word, w, h, at, maze.grid, lines=lines, form=form)
        fit = mask is not None and fits(
            layout, replace(maze, width=mask.width, height=mask.height, masked=mask.off)
        )
        return mask, problems, fit

    low, found = None, None
    for h in (rows, least) if rows > least else (rows,):  # the inked box's rows, else the least
        mask, problems, fit = draw(h)
        if mask is None and problems:
            return None, problems
        if fit:
            low, found = h, mask
            break
    if low is None or found is None:
        return None, []
    if low == rows:  # up while a taller field still fits
        for h in range(rows + 1, rows + 1 + UP):
            mask, _, fit = draw(h)
            if not fit or mask is None:
                break
            low, found = h, mask
    else:
        high = rows  # draw(low) fits, draw(high) does not: the most rows that fit, by bisection
        while low < high - 1:
            mid = (low + high) // 2
            mask, _, fit = draw(mid)
            if fit and mask is not None:
                low, found = mid, mask
            else:
                high = mid
    return readable(layout, maze, found, (least, low), draw, lambda h: inked_box(maze, picture, h)), []


def _takes(layout: Layout, maze: MazeRequest, word: str) -> bool:
    """Whether the word's letters stand ``MIN_WORD_ROWS`` tall in its slot on ``layout``, on one line or
    two: drawn, as a fix told must build (its inked box alone is hopeful by a few rows)."""
    return word_drawn(layout, maze, word, "", None)[0] is not None


def least_told(layout: Layout, maze: MazeRequest, word: str, most: tuple[int, int] | None) -> Any:
    """The word's picture whose least legible field comes nearest to fitting its slot (two lines on a
    portrait page, one on a wide one), of those within the size written when any is: the size a name
    without room is told it takes, in its narrowest form and the least cells it may have."""
    least = _floored(layout)
    across = max((w for w in (1, 2, 4, 8, 16, 32, 64, 128, 256) if _room(least, maze, w, 1)), default=1)
    down = max((h for h in (1, 2, 4, 8, 16, 32, 64, 128, 256) if _room(least, maze, 1, h)), default=1)
    narrowest = FORMS[-1]
    pictures = [
        p
        for lines in line_choices(word, short=True)
        if (p := word_picture(word, lines=lines, form=narrowest)) is not None
    ]
    pictures = [p for p in pictures if _within(*legible_size(p, maze.grid), most)] or pictures
    return min(
        pictures,
        key=lambda p: max(legible_size(p, maze.grid)[0] / across, legible_size(p, maze.grid)[1] / down),
        default=least_picture(word, maze.grid),
    )


def _floored(layout: Layout) -> Layout:
    """The layout with the least cells a name may have on it (``NAME_CELL``, or its own when smaller)."""
    return layout.model_copy(update={"min_cell": min(layout.min_cell, NAME_CELL)})


def _room(layout: Layout, maze: MazeRequest, width: int, height: int) -> bool:
    """Whether a plain field of ``width`` x ``height`` cells gets ``min_cell`` in the maze's slot."""
    return fits(layout, replace(maze, width=width, height=height, masked=NO_MASK))


def _fixes(layout: Layout, maze: MazeRequest, word: str, spec: Spec) -> list[str]:
    """What would take a word its slot cannot: one maze a page, the page turned, a roomier preset, or
    smaller cells."""
    fewer = fewer_a_page(layout, lambda fewer: _takes(fewer, maze, word))
    fixes = [fewer] if fewer else []
    tw, th = layout.trim
    if tw < th:
        turned = layout.model_copy(update={"page_size": f"{th}x{tw}pt"})
        if _takes(turned, maze, word):
            fixes.append(f"use page_size: {size_name((th, tw))}")
    name = spec.book.layout
    if name in preset_names():  # a preset for a preset only: one for a layout file would drop its words
        for p in presets_by_area():  # the least paper that takes it, as its page is or turned
            preset = as_spec_sets(load_layout(p), spec)
            w, h = preset.trim
            if _takes(preset, maze, word):
                if p != name:
                    fixes.append(f"use layout: {p}")
                break
            if w < h and _takes(preset.model_copy(update={"page_size": f"{h}x{w}pt"}), maze, word):
                if p != name:  # its own page turned is told above
                    fixes.append(f"use layout: {p} with page_size: {size_name((h, w))}")
                break
    smaller = (layout.model_copy(update={"min_cell": c}) for c in SMALLER_CELLS)  # a layout file's
    least = next(
        (s.min_cell for s in smaller if s.min_cell < _least_cell(layout) and _takes(s, maze, word)), None
    )
    if least is not None and name in preset_names():
        fixes.append(f"use smaller cells (a layout file of base: {name} and min_cell: {least:g})")
    elif least is not None:
        fixes.append(f"use smaller cells (min_cell: {least:g} in the layout file)")
    # no smaller cells take it: "a min_cell under 7" was offered, and every min_cell down to 2 refused
    # again, the walls keeping cells three times their weight
    return fixes or ["write a shorter form of the name (Max for Maximiliano)"]


def _least_cell(layout: Layout) -> float:
    """The least cell a name is drawn in: ``_floored``'s, and three times its walls (``at_cells``)."""
    return max(_floored(layout).min_cell, 3 * name_walls(layout, NAME_CELL))


SMALLER_CELLS = (12, 10, 9, 8, 7, 6, 5)
"""Cells (pt) a name without room is tried at, largest first, to tell the min_cell that takes it."""


TOLD_APART = 3
"""Names without room told each on its own line at most; more are told together in one line."""


def no_room(
    layout: Layout, spec: Spec, refused: list[tuple[str, At, Any, MazeRequest]], searched: bool = True
) -> list[Problem]:
    """Words whose letters cannot stand ``MIN_WORD_ROWS`` tall in their slot, with what would take them
    (``searched``; else a shorter word or a larger page): each where it is written, or many in one line
    at the entry, with the fix for the largest."""

    def fixes(maze: MazeRequest, word: str) -> str:
        if not searched:
            return "write a shorter word, or use a larger page (the first words refused above say which)"
        return ", or ".join(_fixes(layout, maze, word, spec))

    page = size_name(layout.trim)
    room = f"at cells of {_least_cell(layout):g} pt"
    sized = [
        (legible_size(picture, maze.grid), word, at, picture, maze) for word, at, picture, maze in refused
    ]
    if len(sized) <= TOLD_APART:
        return [
            Problem(
                at,
                f'"{word}" takes at least {w}x{h} cells for its letters to stand {MIN_WORD_ROWS} cells tall, '
                f"more than its place on the {page} page holds {room}; " + fixes(maze, word),
            )
            for (w, h), word, at, picture, maze in sized
        ]
    sized.sort(key=lambda s: (-s[0][0] * s[0][1], s[1]))
    listed = ", ".join(f'"{word}" {w}x{h}' for (w, h), word, *_ in sized[:4])
    more = f" and {len(sized) - 4} more" if len(sized) > 4 else ""
    _, word, _, _, maze = sized[0]
    return [
        Problem(
            spec.where("mazes", maze.entry, "shape"),
            f"{len(sized)} names take more cells for letters {MIN_WORD_ROWS} cells tall than their place on "
            f"the {page} page holds {room} ({listed}{more}); " + fixes(maze, word),
        )
    ]
