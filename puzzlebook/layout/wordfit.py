"""Every word of a spec with no size (a class set's names above all) fitted to its page, within what a
book fits: the words counted first, each drawn once (``names``), and the words refused for their page
told with what would take them, the costly search for that made for the first few.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..errors import At, Problem
from ..masks import Mask
from ..settings import Layout
from ..spec.request import NO_MASK, STUDENT, MazeRequest
from ..words import legible_size, word_picture
from .boxes import print_margins
from .names import TOLD_APART, least_told, no_room, word_drawn
from .pages import plan_book
from .slotplan import fits

if TYPE_CHECKING:  # a spec's models load with the spec, not to plan a page
    from ..spec.load import Spec

FITTED_NAMES = 200
"""Names fitted to their page at the most in one book: each costs a few drawings (about 55 ms, 85 ms
for a short name drawn smaller for its words to read), so a roster of 1,000 names with no size took
half a minute to be refused; a class of 200 short names takes about 17 s. Past it the spec is asked
for a size, which costs no fitting."""


REFUSED_MOST = 10
"""Words refused for their page at the most in one check: finding that a word has no room, and its
smallest size, costs a second or more (200 entries of a long word took 400 s to be refused each)."""


def word_layout(layout: Layout, spec: Spec, entry: int) -> Layout:
    """The layout a word of entry ``entry`` is fitted on: with an age (the book's, which ``for_book``
    gave it already, or its own), in the age's cells where they fit: a young child's name large."""
    age = spec.book.mazes[entry].age_in(spec.book)
    if age is None or layout.min_cell >= age.least_cell:
        return layout
    return layout.model_copy(update={"min_cell": age.least_cell})


def fit_words(spec: Spec, layout: Layout, seed: int | None = None) -> tuple[Spec, list[Problem]]:
    """The spec with each word (each student's name in a class set) drawn as large as its slot allows on
    ``layout``, in its age's cells where they fit, within the size written: a word with none is drawn
    for its slot, one drawn over its size that is too dense for its slot is drawn smaller. Else the
    problems of those that cannot be; every word is drawn once, and a class set's names over at most
    ``NAME_CELLS`` cells in all. A printed book's words are fitted to the margins its pages get."""
    from ..spec.fits import NAME_CELLS, sized_to_slot  # loaded with the spec
    from ..spec.model import WordShape

    if spec.book.edition == "print":  # its pages come from the number of mazes, not their sizes
        placed = [replace(maze, width=1, height=1, masked=NO_MASK) for maze in spec.mazes(seed)]
        layout = print_margins(layout, len(plan_book(spec, layout, placed, spec.book.layout).pages))
    entries = [i for i, entry in enumerate(spec.book.mazes) if sized_to_slot(entry)]
    if not entries:
        return spec, []
    masks, name_masks = dict(spec.masks), dict(spec.name_masks)
    problems: list[Problem] = []
    drawn: dict[tuple[str, int], tuple[Mask | None, list[Problem]]] = {}
    spent = 0
    unsized = {i for i in entries if spec.book.mazes[i].size is None}
    words = {  # the words to fit: those with no size, and those too dense at theirs (a whole entry)
        (maze.student or "", maze.entry)
        for maze in spec.mazes(seed)
        if maze.entry in entries and (maze.entry in unsized or not fits(layout, maze))
    }
    plain = sorted(entry for name, entry in words if not name)  # a word of its own, no one's name
    if len(words) > FITTED_NAMES and plain:
        # 200 entries of a long word each took 400 s to fit, or be refused: counted as names are
        return spec, [
            Problem(
                spec.where("mazes", plain[0], "shape"),
                f"{len(words):,} words to draw as large as their page allows, more than the "
                f"{FITTED_NAMES} a book fits: give each a size, such as size: 60x30, which it fills at most",
            )
        ]
    if len(words) > FITTED_NAMES:
        entry = min(entry for _, entry in words)
        grid = spec.book.mazes[entry].grid
        names = {name for name, _ in words}  # measured without drawing a maze: half a second for 1,000
        sizes = [legible_size(p, grid) for name in sorted(names) if (p := word_picture(name)) is not None]
        w, h = max((w for w, _ in sizes), default=60), max((h for _, h in sizes), default=30)
        return spec, [
            Problem(
                spec.where("mazes", entry, "shape"),
                f"{len(words):,} names to draw as large as their page allows, more than the "
                f"{FITTED_NAMES} a book fits: give a size, such as size: {w}x{h} (the least every "
                "name reads over), which each name fills at most",
            )
        ]
    places = {at: k for k, (_, at) in enumerate(spec.roster)}
    fitted: set[tuple[int, int]] = set()
    refused: dict[int, list[tuple[str, At, Any, MazeRequest]]] = {}
    unfitted: dict[tuple[str, int], At] = {}  # words not fitted, once ``REFUSED_MOST`` were refused
    for maze in spec.mazes(seed):
        if maze.entry not in entries:
            continue
        most = spec.book.mazes[maze.entry].size
        if most is not None and fits(layout, maze):  # drawn over the size written, and that fits
            continue
        shape = spec.book.mazes[maze.entry].shape
        assert isinstance(shape, WordShape)
        named = STUDENT in shape.text and maze.student is not None
        word = (shape.text.replace(STUDENT, maze.student or "") if named else shape.text).strip()
        at = maze.student_where if named else spec.where("mazes", maze.entry, "shape")
        key = (word, maze.entry)
        if key not in drawn and sum(map(len, refused.values())) >= REFUSED_MOST:
            unfitted.setdefault(key, at)  # each refusal costs a second or more: the rest wait their turn
            continue
        if key not in drawn:
            aged = word_layout(layout, spec, maze.entry)
            mask, more = word_drawn(aged, maze, word, at, most)
            drawn[key] = (mask, [replace(p, where=at) for p in more])
            problems += drawn[key][1]
            if mask is None and not more and (picture := least_told(aged, maze, word, most)) is not None:
                refused.setdefault(maze.entry, []).append((word, at, picture, maze))
        mask = drawn[key][0]
        if mask is None:
            continue
        if named:
            k = places[maze.student_where]  # the student's place in the roster
            if (maze.entry, k) in fitted:  # the entry's other copies: the same name maze
                continue
            fitted.add((maze.entry, k))
            spent += mask.width * mask.height
            if spent > NAME_CELLS:
                return spec, [
                    Problem(
                        spec.where("mazes", maze.entry, "shape"),
                        f"{len(spec.roster)} names drawn as large as the page allows would be more than "
                        f"{NAME_CELLS:,} cells in all: give a size such as size: 60x30, which each name "
                        "fills at most",
                    )
                ]
            name_masks[(maze.entry, k)] = mask
        else:
            masks[maze.entry] = mask
    if unfitted:
        first = next(iter(unfitted.values()))
        problems.append(
            Problem(
                first,
                f"{len(unfitted)} more word{'s' if len(unfitted) > 1 else ''} not fitted to the page yet, "
                f"after {REFUSED_MOST} that do not fit: fix those first (the others are likely alike)",
            )
        )
    for k, (entry, told) in enumerate(refused.items()):  # what would take a word is searched for the
        # first few entries' (a search of the presets and cells each, a second or more a word)
        problems += no_room(word_layout(layout, spec, entry), spec, told, k < TOLD_APART)
    return replace(spec, masks=masks, name_masks=name_masks), list(dict.fromkeys(problems))
