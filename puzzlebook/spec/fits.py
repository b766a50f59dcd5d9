"""An entry's mask, shape or word, drawn once each and within bounds, and the cells it names in it."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import (
    ValidationError,
)

from .. import generators
from ..errors import At, Problem
from ..masks import Mask, Pictures, load_mask
from ..messages import Loc, errors_of
from ..registry import suggest
from ..shapes import aged_size, shape_mask
from ..words import (
    MAX_WORD_CELLS,
    MIN_WORD_ROWS,
    field_picture,
    legible_size,
    sized_fix,
    too_thin,
    word_mask,
    word_picture,
    word_refused,
)
from ..yamlread import where
from .model import MAX_STUDENTS, BookSpec, Cells, MazeEntry, WordShape
from .request import STUDENT

SHAPE_CELLS = 400_000
"""Cells the built-in shapes and words of one spec are drawn over in all, each one once: 2 to 3.6 s of
work here (``cost.SHAPE``; a shape tests nine points a cell), counted in the book's work too. Shapes are
drawn before the page is known, so this also bounds what a too-dense shape costs before it is refused."""


MASK_CELLS = 4_000_000
"""Cells the mask files of one spec are drawn over in all (their boxes, the cells left out included),
each file once: a mask holds each cell it leaves out for the whole build, about 110 bytes a cell, so
this keeps them under 450 MB (16 million let 16 drawings of a long first row and short others hold
1.8 GB)."""


class Drawings:
    """The shapes and masks a spec names, each drawn once however many entries name it (1,000 aliases
    of one 500x500 heart drew it 1,000 times, 1.6 s each), and within ``SHAPE_CELLS`` and
    ``MASK_CELLS`` in all, counted before the drawing."""

    def __init__(self) -> None:
        self.found: dict[tuple[Any, ...], tuple[Mask | None, list[Problem], At]] = {}
        self.cells = {"shape": 0, "mask": 0}
        self.pictures = Pictures()

    def draw(
        self,
        key: tuple[Any, ...],
        at: At,
        cells: int | None,
        make: Callable[[At], tuple[Mask | None, list[Problem]]],
    ) -> tuple[Mask | None, list[Problem]]:
        """``make(at)``, or what it gave for ``key`` before, told at ``at``; ``cells`` is its cost, or
        None for the box of the mask made (a drawing's box is known once it is read: its file's size
        said nothing of rows left short)."""
        if key not in self.found:
            kind = "mask" if key[0] == "mask" else "shape"
            most = MASK_CELLS if kind == "mask" else SHAPE_CELLS
            too_many = [
                Problem(
                    at,
                    f"this spec's {kind}s are drawn over more than {most:,} cells in all: use fewer or "
                    f"smaller {kind}s",
                )
            ]
            if cells is not None and self.cells[kind] + cells > most:
                return None, too_many
            made = (*make(at), at)
            if cells is None:
                cells = made[0].width * made[0].height if made[0] is not None else 0
                if self.cells[kind] + cells > most:
                    return None, too_many
            self.cells[kind] += cells
            self.found[key] = made
        mask, problems, first = self.found[key]
        return mask, [replace(p, where=at) if p.where == first else p for p in problems]


def mask_of(
    entry: MazeEntry,
    book: BookSpec,
    i: int,
    path: Path,
    lines: dict[Loc, int],
    drawings: Drawings,
) -> tuple[Mask | None, list[Problem]]:
    """The entry's mask file, read from the spec's folder and checked, with the start and end cells the
    entry names (what else it must agree with is ``rules``')."""
    at = where(path.name, lines, "mazes", i, "mask")
    assert entry.mask is not None
    named = entry.mask
    file = path.parent / named
    cells = entry.size[0] * entry.size[1] if entry.size else None  # a drawing's: its box, once read
    mask, problems = drawings.draw(
        ("mask", os.path.realpath(file), entry.size, entry.grid),  # one file by any name: ./heart.txt
        at,
        cells,
        lambda at: load_mask(
            file, at, entry.size, inside=path.parent, shown=named, grid=entry.grid, pictures=drawings.pictures
        ),
    )
    if mask is None:
        return None, problems
    return mask, problems + _cells_in(entry, book, i, mask, path, lines)


def _cells_in(
    entry: MazeEntry, book: BookSpec, i: int, mask: Mask, path: Path, lines: dict[Loc, int]
) -> list[Problem]:
    """The start and end cells an entry names, each a cell of its mask or shape."""
    problems = []
    marks = entry.marks if entry.marks is not None else book.marks
    if isinstance(marks, Cells):
        for name, (x, y) in (("start", marks.start), ("end", marks.end)):
            if (x, y) in mask.off or not (0 <= x < mask.width and 0 <= y < mask.height):
                problems.append(
                    Problem(
                        where(path.name, lines, "mazes", i, "marks"),
                        f"{name} [{x}, {y}] is not a cell of the mask",
                    )
                )
    return problems


NAME_CELLS = 4_000_000
"""Cells a class set's name shapes are drawn over in all (each name's box times the students)."""


def name_shapes(
    entry: MazeEntry,
    book: BookSpec,
    i: int,
    path: Path,
    lines: dict[Loc, int],
    roster: list[tuple[str, At]],
    found: dict[tuple[int, int], Mask],
    spent: list[int],
) -> list[Problem]:
    """Each student's own word shape for ``{text: "{student}"}``, checked like any shape (a name too
    long or falling apart is reported where the name is written)."""
    at = where(path.name, lines, "mazes", i, "shape")
    assert isinstance(entry.shape, WordShape)
    if not roster:
        return []  # no names: told with the placeholder (``placeholder_problem``) or the class list
    if entry.difficulty is not None and entry.age is None:
        return [
            Problem(
                where(path.name, lines, "mazes", i, "difficulty"),
                "each name is a shape of its own, and a difficulty band compares mazes of one shape: leave "
                "difficulty out",
            )
        ]
    age = entry.age_in(book)
    size = entry.drawn_size(book)
    if len(roster) > MAX_STUDENTS:
        return []  # refused where the class list is named, before a name is drawn
    if size is None:  # each name drawn as large as its slot allows, once the page is known
        return _unsized(
            entry, book, i, path, lines, [(entry.shape.text.replace(STUDENT, n), at) for n, at in roster]
        )
    spent[0] += len(roster) * size[0] * size[1]  # the book's names in all, whatever entry draws them
    if spent[0] > NAME_CELLS:
        return [
            Problem(
                at,
                f"{len(roster)} names drawn over {size[0]}x{size[1]} cells each: the book's name mazes would "
                f"be more than {NAME_CELLS:,} cells in all; make the size smaller",
            )
        ]
    problems: list[Problem] = []
    thin: list[tuple[str, int, tuple[int, int]]] = []  # one line for them all: the size is the entry's
    for k, (name, named) in enumerate(roster):
        text = entry.shape.text.replace(STUDENT, name)
        picture = (
            None if word_refused(text, named) else field_picture(text, *size, entry.grid)
        )  # its lines there
        too = too_thin(picture, *size, entry.grid) if picture is not None else None
        if too:  # told the least field of its lines for no given proportions: each reads over the largest
            thin.append((text.strip(), too[0], legible_size(word_picture(text.strip()), entry.grid)))
            continue
        mask, more = word_mask(text, *size, named, entry.grid, least_cell=age.least_cell if age else 0.0)
        problems += more
        if mask is not None:
            found[(i, k)] = mask
    if thin:
        listed = ", ".join(f'"{text}" {rows}' for text, rows, _ in thin[:4])
        more_names = f" and {len(thin) - 4} more" if len(thin) > 4 else ""
        least = (max(w for _, _, (w, _) in thin), max(h for _, _, (_, h) in thin))
        fix = sized_fix(*least, age.least_cell if age else 0.0)
        if least[0] * least[1] > MAX_WORD_CELLS:  # "..." is thin at any size
            fix = "write each name with letters"
        problems.append(
            Problem(
                at,
                f"{len(thin)} name(s) drawn over {size[0]}x{size[1]} cells are too thin to read as "
                f"letters ({listed}{more_names} cells tall; a name's letters take {MIN_WORD_ROWS}): {fix}",
            )
        )
    first = found.get((i, 0))
    return problems + (_cells_in(entry, book, i, first, path, lines) if first else [])


def sized_to_slot(entry: MazeEntry) -> bool:
    """Whether the entry is a word (a class set's names too): each is drawn as large as its place on
    the page allows, once the layout is known, its ``size`` (when written) the most it is drawn over;
    with an age, in the age's cells (``layout.wordfit.fit_words``)."""
    return isinstance(entry.shape, WordShape)


def _unsized(
    entry: MazeEntry, book: BookSpec, i: int, path: Path, lines: dict[Loc, int], words: list[tuple[str, At]]
) -> list[Problem]:
    """What can be told of words with no size before the page is known: a word no size draws, and start
    and end cells, which only a size written can name."""
    problems = []
    for text, at in words:
        refused = word_refused(text, at)
        if not refused and word_picture(text.strip()) is None:
            refused = [
                Problem(at, f'"{text.strip()}" draws nothing in the bundled font: use letters or digits')
            ]
        problems += refused
    marks = entry.marks if entry.marks is not None else book.marks
    if isinstance(marks, Cells):
        problems.append(
            Problem(
                where(path.name, lines, "mazes", i, "marks"),
                "start and end cells need the size they are counted in: give size: WxH too, or use "
                "marks: suggested",
            )
        )
    return problems


def builtin_shape(
    entry: MazeEntry,
    book: BookSpec,
    i: int,
    path: Path,
    lines: dict[Loc, int],
    drawings: Drawings,
) -> tuple[Mask | None, list[Problem]]:
    """The entry's built-in shape drawn over its size (or its age's), checked like a mask."""
    at = where(path.name, lines, "mazes", i, "shape")
    assert entry.shape is not None
    size = entry.drawn_size(book)
    shape = entry.shape
    if size is None:
        if isinstance(shape, WordShape):  # drawn as large as its slot allows, later
            return None, _unsized(entry, book, i, path, lines, [(shape.text, at)])
        w, h = aged_size(shape, entry.grid, (20, 20))  # a fish's own proportions: 24x17, not 20x20
        return None, [
            Problem(
                at,
                f"a shape needs size: WxH too, the cells it is drawn over, such as {w}x{h}, or an age for "
                "the book (difficulty: age-6) to size it",
            )
        ]
    if isinstance(shape, WordShape):
        age = entry.age_in(book)
        least_cell = age.least_cell if age else 0.0
        key: tuple[Any, ...] = (
            "word",
            shape.text,
            size,
            entry.grid,
            least_cell,
        )  # problems say them
        mask, problems = drawings.draw(
            key,
            at,
            size[0] * size[1],
            lambda at: word_mask(shape.text, *size, at, entry.grid, least_cell=least_cell),
        )
    else:
        key = ("shape", shape, size, entry.grid)
        mask, problems = drawings.draw(
            key, at, size[0] * size[1], lambda at: shape_mask(shape, *size, at, entry.grid)
        )
    if mask is None:
        return None, problems
    return mask, _cells_in(entry, book, i, mask, path, lines)


def check_algorithm(file_name: str, lines: dict[Loc, int], i: int, entry: dict[str, Any]) -> list[Problem]:
    """Algorithm name and options, checked against the registry (the model cannot know them)."""
    name = entry.get("algorithm", MazeEntry.model_fields["algorithm"].default)
    if not isinstance(name, str):
        return []  # a list or mapping: the model reports the wrong type
    if name not in generators.ALGORITHMS:
        hint = suggest(name, generators.ALGORITHMS.names()) or " See `puzzlebook algorithms` for the list."
        return [
            Problem(where(file_name, lines, "mazes", i, "algorithm"), f'unknown algorithm "{name}".{hint}')
        ]
    options = entry.get("options", {})
    if not isinstance(options, dict):
        return []
    model = generators.get(name).options
    try:
        model.model_validate(options)
    except ValidationError as exc:
        out = []
        for loc, msg in errors_of(exc, model):
            msg = re.sub(r'^unknown key "([^"]*)"', rf'unknown option "\1" for {name}', msg)
            if not model.model_fields:
                msg = msg.split(".")[0] + f"; {name} takes no options"
            out.append(Problem(where(file_name, lines, "mazes", i, "options", *loc), msg))
        return out
    return []
