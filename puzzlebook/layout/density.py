"""Mazes too dense to print, and the advice on what fits (a smaller size, another preset, fewer a page)."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..deadline import in_time
from ..errors import Problem
from ..kinds import cells_called
from ..rules import older_readers
from ..settings import Layout
from ..shapes import a_shape, aged_size, least_size, shape_mask, shape_reads
from ..spec.request import AGES, NO_MASK, STUDENT, MazeRequest
from ..units import in_page_units, page_unit, size_name
from ..words import MIN_WORD_ROWS, legible_size, word_mask, word_picture
from .boxes import content_box
from .presets import load_layout, preset_names
from .room import word_ems
from .signs import WORDS, crowded_word
from .slotplan import as_spec_sets, fewer_a_page, fits, presets_by_area, slot_frame

if TYPE_CHECKING:  # a spec's models load with the spec, not to plan a page
    from ..masks import Mask
    from ..spec.load import Spec


def too_dense(
    maze: MazeRequest, cell: float, min_cell: float, layout: Layout, name: str, spec: Spec
) -> Problem:
    """Say what is wrong and what would fit: a smaller maze, or the smallest preset that takes it; or,
    when not even a 1x1 maze fits, the layout setting that leaves no room."""
    page = size_name(layout.trim)
    box = content_box(layout, 1)
    m = layout.margins
    if box.w < 72 or box.h < 72:
        key = "margins" if "margins" in layout._where else "page_size"
        return Problem(
            layout.where(key),
            f"the margins (inside {m.inside:g} pt + outside {m.outside:g} pt across, top {m.top:g} pt + "
            f"bottom {m.bottom:g} pt down) leave {max(box.w, 0):.0f} x {max(box.h, 0):.0f} pt of the {page} "
            "page for mazes, less than 1 inch; use a larger page_size or smaller margins",
        )
    largest = _largest(layout, maze)
    if largest is None:
        if 3 * layout.wall_weight > layout.min_cell and fits(layout, replace(maze, width=1, height=1), 0):
            return Problem(
                layout.where("wall_weight"),
                f"walls of {layout.wall_weight:g} pt need cells of at least {3 * layout.wall_weight:g} pt "
                f"(three times the wall), and none fit on the {page} page; use a lighter wall_weight",
            )
        fix = fewer_a_page(layout, lambda fewer: fits(fewer, maze)) or (
            "lower min_cell, heading_size or mazes_per_page, or use a larger page_size"
        )
        return Problem(
            layout.where("min_cell"),
            f"{name} on {page} leaves no room for even a 1x1 maze with cells of "
            f"{in_page_units(min_cell, layout.trim, 0)} (heading {layout.heading_size:g} pt, "
            f"{layout.mazes_per_page} mazes per page); {fix}",
        )
    fewer = fewer_a_page(layout, lambda fewer: fits(fewer, maze))
    fixes = [fewer] if fewer else []
    entry = spec.book.mazes[maze.entry] if maze.entry < len(spec.book.mazes) else None
    circle = maze.grid == "circle"
    size = f"{maze.width} rings" if circle else f"{maze.width}x{maze.height}"
    size += f" (the size {maze.size_from} sets)" if maze.size_from else ""
    most: tuple[int, int] | None = largest
    drawn = maze.drawn_over
    word = _word(maze, spec)
    if drawn and drawn != (maze.width, maze.height):  # the size written, not the shape's cells in it
        # a class set's star is no one's name: only a word with the student's name in it is
        named = word is not None and entry is not None and STUDENT in getattr(entry.shape, "text", "")
        whose = f"{maze.student}'s name" if named else "the word" if word else "the shape"
        size = f"{drawn[0]}x{drawn[1]} ({whose} fills {maze.width}x{maze.height} of it)"
    too_small = f"the letters under {MIN_WORD_ROWS} cells tall, too thin to read"
    if drawn and not word and entry is not None and isinstance(entry.shape, str):
        most = _largest_shape(layout, maze, entry.shape, drawn)  # drawn again at each size tried
        least = least_size(entry.shape, maze.grid)
        # none fits, or only a blob: a note after it (a heart has no letters to be too thin)
        cells = cells_called(maze.grid)
        too_small = f"{a_shape(entry.shape)} under {least[0]}x{least[1]} {cells}, which hardly reads as one"
        if most is not None and not shape_reads(maze.grid, *most, entry.shape):
            most = None
    if word and drawn and entry is not None:  # drawn again at each size tried: letters do not scale
        from ..spec.model import WordShape  # loaded with the spec whose entry this is

        named = isinstance(entry.shape, WordShape) and STUDENT in entry.shape.text
        words = (
            _widest([word, *(_word(replace(maze, student=n), spec) or "" for n in spec.students())])
            if named
            else [word]
        )
        most = _largest_word(layout, maze, words, drawn)
    labels = (layout.start_label, layout.end_label)
    crowded = False  # no size offered keeps room for the book's own words
    if most is not None and labels != WORDS and not drawn:
        # "Begin here" at 4 a page was offered 9x13, where its page then had room for Start but not it
        kept = _keeping_words(layout, maze, most)
        crowded, most = kept is None, kept or most
    smaller = ""  # the size that fits, as a fix, where one does
    value = None  # and that size, as the spec writes it
    if crowded:  # no size offered: shortening the words is the fix (below)
        pass
    elif most is not None and entry is not None and entry.mask and not drawn:  # its size is the drawing's
        fixes.append(
            f"draw {entry.mask} at most {most[0]} columns by {most[1]} rows (it has {maze.width} by {maze.height})"
        )
    elif most is not None:
        value = f"{most[0]}" if circle else f"{most[0]}x{most[1]}"
        smaller = f"make it at most {most[0]} rings" if circle else f"make it at most {value}"
        fixes.append(smaller)
    else:
        w, h = layout.trim
        turned = layout.model_copy(update={"page_size": f"{h}x{w}pt"})
        if w < h and fits(turned, maze):
            fixes.append(f"use page_size: {size_name((h, w))}")
        if not fixes:  # an age's cells are the least whatever min_cell says: only another age lowers them
            older = any(fits(at, maze) for at in older_layouts(layout, spec.book.difficulty))
            fixes.append(
                older_readers(spec.book.difficulty, older)
                if _aged(maze, spec)
                else "use smaller cells (a lower min_cell)"
            )
        fixes[0] = f"a smaller size would draw {too_small}: " + fixes[0]
    plain = layout.model_copy(update={"start_label": "Start", "end_label": "Finish"})
    if labels != WORDS and (crowded or fits(plain, maze)):  # the room kept for the longer words
        longer = max(labels, key=len)
        fixes.append(f'shorten start_label or end_label ("{longer}" takes the room round the maze)')
    # a preset for a preset only: one for a layout file would drop what the file says (its words)
    presets = presets_by_area() if name in preset_names() else []
    taking = [p for p in presets if fits(as_spec_sets(load_layout(p), spec), maze)]
    if taking and taking[0] != name:
        fixes.append(f"use layout: {taking[0]}")
    own_age = entry.age if entry is not None else None
    own = str(entry.difficulty) if entry is not None and own_age is not None else ""
    book_age = spec.book.difficulty
    if (  # age-6 on one maze of an age-4 book: the book's age sets every maze's cells, larger ones
        own_age
        and book_age in AGES
        and own_age.cell < AGES[book_age].cell
        and min_cell == AGES[book_age].least_cell
    ):
        cells = f"the book's difficulty: {book_age} sets the cells of every maze"
        top = f"give the book the age of its oldest readers (difficulty: {own} at the top)"
        fixes = (  # the maze's own age sets only its size: with a size written too, it sets nothing
            [f"{cells}, and this maze's difficulty: {own} only its size: leave that out here, or {top}"]
            if entry is not None and entry.size is None
            else [f"{cells}: {top}", *([smaller] if smaller else [])]
        )
    per_page = f" at {layout.mazes_per_page} a page" if layout.mazes_per_page > 1 else ""
    # as many decimals as it takes for the two to differ: "2.24 pt, the minimum is 2.25", not "2.2, 2.2"
    d = next((d for d in range(1, 4) if f"{cell:.{d}f}" != f"{min_cell:.{d}f}"), 3)
    age = AGES.get(spec.book.difficulty or "")
    raised = (
        f" (the cells difficulty: {spec.book.difficulty} asks for)"
        if age and min_cell == age.least_cell
        else " (the cells a crossing reads in)"
        if maze.weave and min_cell > max(layout.min_cell, 3 * layout.wall_weight)
        else ""
    )
    # the minimum in points alone where the page's unit reads the same: "20.1 pt (0.28 in), ... 20.2 pt"
    apart = page_unit(cell, layout.trim) != page_unit(min_cell, layout.trim)
    said, minimum = in_page_units(cell, layout.trim, d), in_page_units(min_cell, layout.trim, d, apart)
    return Problem(
        maze.where.inner("size"),
        f"{size} is too dense for {name}{per_page} on {page}: its cells would be {said}, the minimum is "
        f"{minimum}{raised}; {', or '.join(fixes)}",
        value if smaller in fixes else None,
    )


WORD_TRIES = 22
"""Sizes tried for a maze that keeps room for its words, each 5% below the last: down to a third."""


def _keeping_words(
    layout: Layout,
    maze: MazeRequest,
    most: tuple[float, float],
    drawn: Callable[[tuple[int, int]], MazeRequest | None] | None = None,
    tries: int = WORD_TRIES,
    words: bool = False,
) -> tuple[int, int] | None:
    """The largest size from ``most`` down, in its proportions, that fits (``fits``, with ``words``)
    and has room for the layout's own start and end words beside its arrows as its page will ask
    (``signs.crowded_word``); None when none of ``tries`` sizes, each 5% under the last, does (the
    words are then too long for the slot). ``drawn``: the maze over a size, where that is more than a
    new size (a built-in shape drawn again), or None where it comes apart."""
    width, height = most
    for step in range(tries):
        scale = 0.95**step
        size = max(1, math.floor(width * scale)), max(1, math.floor(height * scale))
        sized = drawn(size) if drawn else replace(maze, width=size[0], height=size[1])
        if sized is None:
            return None
        if fits(layout, sized, words=words) and not _crowded(layout, sized):
            return size
    return None


def _crowded(layout: Layout, maze: MazeRequest) -> bool:
    """Whether a word of the layout's own has no room beside the maze's arrows, measured as the plan
    measures words (``room.word_ems``; before kerning, so never narrower than drawn)."""
    frame = slot_frame(layout, maze, book=True)  # where its page puts the words: 8x10 was offered for
    # "Begin here", sized here above its arrows, and its book put it beside them, with no room

    def width(word: str) -> float:
        return word_ems(word, layout.bold_font)

    return any(
        crowded_word(frame, w, usual, width) is not None for w, usual in zip(frame.words, WORDS, strict=True)
    )


def older_layouts(layout: Layout, age: str | None) -> list[Layout]:
    """The layout at the cells of each age for older children than ``age``, at their least (a layout's
    own may be larger): where none takes a maze, no older age does. None without a child's age."""
    if age not in AGES:
        return []
    least = AGES[age].least_cell
    return [
        layout.model_copy(update={"min_cell": older.least_cell})
        for name, older in AGES.items()
        if name.startswith("age-") and older.least_cell < least
    ]


def _aged(maze: MazeRequest, spec: Spec) -> bool:
    """Whether an age preset sets the maze's cells."""
    entry = spec.book.mazes[maze.entry] if maze.entry < len(spec.book.mazes) else None
    return spec.book.difficulty in AGES or (entry is not None and entry.age is not None)


def _largest_shape(
    layout: Layout, maze: MazeRequest, name: str, drawn: tuple[int, int], words: bool = False
) -> tuple[int, int] | None:
    """The largest size, in the proportions written, over which the built-in shape ``name`` fits the
    slot (``fits``, with ``words``). The shape's cells keep about their share of the box at any size, so
    the largest box is found without drawing, then the shape is drawn there and at a few sizes below
    until one fits: drawing it at each size a bisection tries cost seconds a shape at 500x500."""

    box = _largest(layout, replace(maze, masked=NO_MASK), words)
    if box is None:
        return None
    scale = min(box[0] / maze.width, box[1] / maze.height)
    for _ in range(SHAPE_TRIES):
        size = max(1, math.floor(drawn[0] * scale)), max(1, math.floor(drawn[1] * scale))
        if shape_fits(layout, maze, name, *size, words):
            return size
        scale *= 0.97
    return None


def shape_fits(
    layout: Layout, maze: MazeRequest, name: str, width: int, height: int, words: bool = False
) -> bool:
    """Whether the built-in shape ``name`` drawn over ``width`` x ``height`` takes the maze's slot."""
    mask = _shape(name, width, height, maze.grid)
    return mask is not None and fits(
        layout, replace(maze, width=mask.width, height=mask.height, masked=mask.off), words=words
    )


def shape_fits_any(
    layouts: list[Layout], maze: MazeRequest, name: str, width: int, height: int, words: bool = False
) -> bool:
    """Whether the shape drawn over ``width`` x ``height`` takes the maze's slot in any of ``layouts``."""
    return any(shape_fits(layout, maze, name, width, height, words) for layout in layouts)


SHAPE_TRIES = 8
"""Sizes a too-dense shape is drawn at, each 3% below the last, to find one that fits its slot."""


def _word(maze: MazeRequest, spec: Spec) -> str | None:
    """The word a word-shaped maze is drawn as, a class set's name put in."""
    from ..spec.model import WordShape  # loaded with the spec

    shape = spec.book.mazes[maze.entry].shape if maze.entry < len(spec.book.mazes) else None
    return shape.text.replace(STUDENT, maze.student or "") if isinstance(shape, WordShape) else None


def _largest_word(
    layout: Layout, maze: MazeRequest, words: list[str], drawn: tuple[int, int]
) -> tuple[int, int] | None:
    """The widest size over which every one of ``words`` (a class set's names, the widest first) fits
    the slot, its height kept where it lets every word's letters stand ``MIN_WORD_ROWS`` tall; found by
    bisection on the width. None when at that width some word would be too thin to read."""
    pictures = [p for p in (word_picture(word) for word in words) if p is not None]
    height = max([drawn[1], *(legible_size(p, maze.grid)[1] for p in pictures)])

    def masks(width: int) -> list[Any]:
        return [word_mask(word, width, height, "", maze.grid)[0] for word in words]

    def all_fit(width: int) -> bool:
        return all(
            m is None or fits(layout, replace(maze, width=m.width, height=m.height)) for m in masks(width)
        )

    low, high = 1, drawn[0]  # all_fit(1): nothing is drawn over one column
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if all_fit(mid) else (low, mid - 1)
    return (low, height) if all(m is not None for m in masks(low)) else None


def _widest(words: list[str]) -> list[str]:
    """The names that set what fits and reads: the three widest for their height (their letters come out
    thinnest, and fill the width), and the narrowest (it takes the most height)."""
    pictures = [(word, word_picture(word)) for word in dict.fromkeys(words)]
    drawn = sorted(((p.width / p.height, word) for word, p in pictures if p is not None), reverse=True)
    return list(dict.fromkeys([word for _, word in drawn[:3] + drawn[-1:]]))


def age_sizes_to_fit(layout: Layout, mazes: list[MazeRequest], spec: Spec) -> list[MazeRequest]:
    """Mazes whose size an age preset chose, made as large as the page takes at the age's cells when the
    age's size does not fit (10x14 for age-6 was refused on 6x9 in by a tenth of a point): the reader
    asked for an age, not a size. A built-in shape is drawn again, in its proportions, and told if it
    is then too small to read (``rules.small_shape``). A size the spec wrote is never changed."""
    sized: dict[tuple[int, int, str], tuple[int, int] | None] = {}
    shapes: dict[tuple[Any, ...], MazeRequest | None] = {}  # a shape drawn again once, for every copy
    out = []
    for maze in mazes:
        if maze.size_from and maze.drawn_over:  # a built-in shape's, alike for entries that ask alike
            shape = spec.book.mazes[maze.entry].shape  # and what sizes its slot's room: title, marks
            alike = (shape, maze.grid, maze.drawn_over, maze.size_from, maze.title, maze.marks, maze.weave)
            if alike not in shapes:
                in_time(maze.where, "fitting the shapes to their pages", "use fewer shapes, or a larger page")
                shapes[alike] = _shape_to_fit(layout, maze, spec)
            fitted = shapes[alike]
            if fitted is not None:
                maze = replace(
                    maze,
                    width=fitted.width,
                    height=fitted.height,
                    masked=fitted.masked,
                    drawn_over=fitted.drawn_over,
                )
        elif maze.size_from and maze.masked == NO_MASK:  # a circle too: its rings are its width
            key = (maze.width, maze.height, maze.grid)
            if key not in sized:
                # the largest at which the start and end words still print beside the maze
                largest = None if fits(layout, maze, words=True) else _largest(layout, maze, words=True)
                keep = largest and (
                    largest[0] * 2 >= maze.width  # a circle: half its rings
                    if maze.grid == "circle"
                    else largest[0] * largest[1] * 2 >= maze.width * maze.height
                )
                sized[key] = largest if keep else None  # under half the age's cells: told, not shrunk
            if sized[key]:
                width, height = sized[key]  # type: ignore[misc]
                maze = replace(maze, width=width, height=height)
        out.append(maze)
    return out


def _shape_to_fit(layout: Layout, maze: MazeRequest, spec: Spec) -> MazeRequest | None:
    """The built-in shape of ``maze`` drawn again where the page does not take it at its age's cells
    in the size that reads (``shapes.aged_size``): as large as the page takes with its Start and Finish
    words, where that reads; else over as many cells as the age's own size, in its proportions, or
    fewer, as far as keeps the layout's own words beside it (grown as large as the page took, a blob of
    a heart at age-4 left its words room for only their least size, and the book took that size for
    every page). None where it fits as it is, or fits at no size. At most ``SHAPE_TRIES`` drawings of
    each, each size drawn once a build (``_shape``): a spec of 240 shapes on a small page took 20 s."""
    name = spec.book.mazes[maze.entry].shape
    if not isinstance(name, str) or maze.drawn_over is None or fits(layout, maze, words=True):
        return None
    most = _largest_shape(layout, maze, name, maze.drawn_over, words=True)
    if most is not None and shape_reads(maze.grid, *most, name):
        return _drawn_over(maze, name, most)
    own = aged_size(name, maze.grid, AGES[maze.size_from.removeprefix("difficulty: ")].size, False)
    scale = min(1.0, most[0] / own[0], most[1] / own[1]) if most else 1.0  # no larger than the page took
    draw = functools.partial(_drawn_over, maze, name)
    kept = _keeping_words(layout, maze, (own[0] * scale, own[1] * scale), draw, SHAPE_TRIES, words=True)
    return draw(kept) if kept else None


def _drawn_over(maze: MazeRequest, name: str, size: tuple[int, int]) -> MazeRequest | None:
    """``maze`` as the built-in shape ``name`` drawn over ``size``; None where it comes apart."""
    mask = _shape(name, *size, maze.grid)
    if mask is None:
        return None
    return replace(maze, width=mask.width, height=mask.height, masked=mask.off, drawn_over=size)


@functools.lru_cache(maxsize=512)
def _shape(name: str, width: int, height: int, grid: str) -> Mask | None:
    """A built-in shape's mask (``shapes.shape_mask``), drawn once however many entries and ages ask."""
    return shape_mask(name, width, height, "", grid)[0]


def _largest(layout: Layout, maze: MazeRequest, words: bool = False) -> tuple[int, int] | None:
    """The largest maze of the same shape that fits its box, found by bisection; None if not even 1x1."""
    low, high = 0.0, 1.0
    for _ in range(30):
        mid = (low + high) / 2
        w, h = max(1, math.floor(maze.width * mid)), max(1, math.floor(maze.height * mid))
        if fits(layout, replace(maze, width=w, height=h), words=words):
            low = mid
        else:
            high = mid
    w, h = max(1, math.floor(maze.width * low)), max(1, math.floor(maze.height * low))
    return (w, h) if fits(layout, replace(maze, width=w, height=h), words=words) else None


def largest_at(layout: Layout, maze: MazeRequest, cell: float) -> tuple[int, int] | None:
    """The largest size, in the maze's proportions, whose cells its page draws at ``cell`` or larger."""
    return _largest(layout.model_copy(update={"min_cell": max(layout.min_cell, cell)}), maze)


def page_most(layout: Layout, spec: Spec) -> Callable[[int], tuple[int, int] | None]:
    """The largest size, in its proportions, that the page takes for an entry of a plain field (no
    shape, mask or name: those are drawn again at each size), by the entry's index; else None. Asked
    only of an entry over a limit, so a size typed far too large is told what fits its page at once."""

    def most(entry: int) -> tuple[int, int] | None:
        given = spec.book.mazes[entry]
        if given.shape is not None or given.mask or entry in spec.masks:
            return None
        return _largest(layout, spec.first_of(entry))

    return most
