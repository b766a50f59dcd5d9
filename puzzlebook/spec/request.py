"""One maze of a book as the layout, the makers and the renderers know it (``MazeRequest``), and the
few facts of the spec they read (a maze without a mask, a class set's name placeholder, the ages'
sizes): apart from the spec's models, so that placing and drawing a maze loads none of them.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import At, Where
from ..registry import suggest

NO_MASK: frozenset[tuple[int, int]] = frozenset()  # one for every unmasked maze: a book has thousands


@dataclass(frozen=True)
class Age:
    """What suits a reader of this age: maze size in cells, cell size and wall weight in points."""

    size: tuple[int, int]
    cell: float
    wall: float

    @property
    def least_cell(self) -> float:
        """The least cell a book for this age is drawn in (``layout.slotplan.for_book``): three quarters
        of its cell, room for a page's margins and signs."""
        return self.cell * 0.75


# After a published ladder of maze sizes by age (see README, "For teachers"); age-8 sits between its
# 6-8 and 9-11 rungs.
AGES = {
    "age-4": Age((7, 8), 60, 4),
    "age-6": Age((10, 14), 30, 4),
    "age-8": Age((12, 16), 27, 3),
    "age-10": Age((12, 18), 24, 2),
    "age-12": Age((14, 20), 24, 2),
    "adult": Age((36, 42), 12, 1),
}


STUDENT = "{student}"
"""In a word shape or a maze's title of a class set, each student's name: every child traces their own."""

_BRACED = re.compile(r"\{([^{}\s]*)\}")


def placeholder_problem(text: str | None, key: str, students: bool) -> str | None:
    """What is wrong with the placeholders of a maze's ``title`` or word ``shape`` (``key``), or None:
    ``{student}`` is the one there is, and only a class set has names to fill it with. Any other is
    refused rather than printed as it is: "{name}'s maze" would print so on every sheet."""
    for found in _BRACED.finditer(text or ""):
        if found.group(0) != STUDENT:
            close = " (did you mean {student}?)" if suggest(found.group(1), ["student"]) else ""
            return (
                f"{found.group(0)} is not filled in{close}: write {STUDENT} for each student's name in a "
                f"class set, or leave the braces out"
            )
    if not students and STUDENT in (text or ""):
        written = "word" if key == "shape" else key
        return f"{STUDENT} is each student's name: add students: to the spec, or write the {written} out"
    return None


MarksSetting = Literal["none", "suggested", "farthest", "left-right", "top-bottom", "corners", "center-out"]


@dataclass(frozen=True)
class MazeRequest:
    """One maze of the book, after ``count`` is expanded and its seed is settled."""

    number: int  # 1-based, as printed
    entry: int  # index into spec.mazes
    where: Where  # book.yaml:14: mazes[1], for messages
    width: int
    height: int
    algorithm: str
    options: dict[str, Any]
    seed: int
    title: str | None
    marks: MarksSetting | tuple[tuple[int, int], tuple[int, int]]
    difficulty: str | tuple[float, float] | None = None
    student: str | None = None  # class sets: whose maze this is
    student_where: At = ""  # where the name is written (book.yaml:5: students[2], or names.txt:3)
    size_from: str = ""  # "difficulty: age-6" when an age preset chose the size
    label: int = 0  # the number printed: the maze's place in its student's set (0: use number)
    only: bool = False  # class sets: the student's one maze, named by the student alone (no Maze 1)
    match: tuple[int, int] | None = None  # class sets: (this student's index, number of students)
    braid: float = 0.0  # share of dead ends opened into loops
    masked: frozenset[tuple[int, int]] = frozenset()  # cells of the box left out (mask:)
    grid: str = "rectangle"  # the kind of grid (see ``kinds``)
    inner: int = 0  # a circle's hole, in rings
    first: str = ""  # a word shape's: the side its first letter is on, where the start goes
    drawn_over: tuple[int, int] | None = None  # a shape's: the size written, which its cells fill part of
    weave: float = 0.0  # crossings asked for, 0 to 1 (0: none)
    axis: str = ""  # with pictures: the sides the layout planned them on, where the ends go (paths)
    tint: tuple[float, float, float] | None = None  # a shape's light colour inside its walls (RGB)
    min_cell: float = 0.0  # a name's: the least cell (pt) it was fitted to, under the layout's (0: its)
    ends_on_axis: bool = False  # a name's: its ends on two sides of its box, the room planned on those
    word: bool = False  # a word's or a name's maze (``first`` says so only once it is drawn)
    joins: frozenset[tuple[int, int]] = NO_MASK  # a word's: the cells joining its letters (``Mask.joins``)
    accents: frozenset[tuple[int, int]] = NO_MASK  # a word's: its accents and dots, drawn (``Mask.accents``)

    @property
    def shown(self) -> int:
        return self.label or self.number

    @property
    def worded(self) -> bool:
        """A word or name maze: drawn as large as its page allows, its words left less room."""
        return bool(self.first)

    @property
    def has_answer(self) -> bool:
        return self.marks != "none"

    @property
    def starts_inside(self) -> bool:
        """Whether its start is inside it, a badge with no picture: a circle's centre (or hole)."""
        return self.grid == "circle" and self.marks == "center-out"

    def told(self, axis: str) -> MazeRequest:
        """This maze told the axis its ends go on (``pages.with_axes``): a copy with that one field set,
        where ``dataclasses.replace`` made all 30 again through ``__init__`` (17 us a maze, a 500-maze
        book's build told them three times over)."""
        if axis == self.axis:
            return self
        told = copy.copy(self)
        object.__setattr__(told, "axis", axis)  # a copy no one else holds yet: frozen for everyone else
        return told
