"""What the drawing of the pages left out or shortened, said once an entry: words and pictures by the
arrows that found no room, and an end inside a maze (a round maze's centre) that has no picture or
too little room to spell its word."""

from __future__ import annotations

import math

from .build import Checked
from .errors import Problem, Where
from .fields import isolate
from .layout import MazeFrame
from .layout.badges import BADGE_FILL, least_spelled, spelled_radius
from .layout.room import word_ems
from .saying import for_names, spans
from .spec.model import WordShape
from .spec.request import MazeRequest


def left_out_notes(checked: Checked, left_out: dict[int, set[tuple[str, str]]]) -> list[Problem]:
    """Words or pictures by the arrows that found no room are left out as the page is drawn: say where,
    and at which end, once an entry, rather than let a book lose them silently on some of its pages."""
    # by entry, and whether what was lost is a picture at a start inside the maze (never for want of
    # room), that start's word, or words or pictures by the arrows
    told: dict[tuple[Where, str], tuple[set[tuple[str, str]], list[int], list[str]]] = {}
    fitted: set[Where] = set()  # words drawn as large as their place allows: no size to make smaller
    # each entry's first maze whose word inside it was not spelled, and its frame, for ``_letter``
    unspelled: dict[Where, tuple[MazeRequest, MazeFrame]] = {}
    drawn = {
        i.number: i for p in checked.plan.pages for i in p.items if isinstance(i, MazeFrame) and not i.answer
    }
    lines = []
    for maze in checked.mazes:
        lost = left_out.get(maze.number, set())
        entry = checked.spec.book.mazes[maze.entry]
        if lost and isinstance(entry.shape, WordShape) and entry.size is None:
            fitted.add(maze.where)
        if any(thing == "letter" for _, thing in lost) and maze.number in drawn:
            unspelled.setdefault(maze.where, (maze, drawn[maze.number]))
        for kind in ("inside", "letter", ""):  # a circle's centre start is told as the spec is read
            mine = {
                (end, thing)
                for end, thing in lost
                if (thing if thing in ("inside", "letter") else "") == kind
            }
            mine = set() if kind == "inside" and maze.starts_inside else mine
            if mine:
                things, shown, whose = told.setdefault((maze.where, kind), (set(), [], []))
                things |= mine
                shown.append(maze.shown)
                if maze.student:
                    whose.append(maze.student)
    for (where, kind), (things, shown, whose) in told.items():
        shown = list(dict.fromkeys(shown))  # a class set prints each number once a student
        if kind == "inside":
            lines.append(inside_note(where, shown))
            continue
        if kind == "letter":
            ends = {end for end, _ in things}
            word = checked.layout.start_label if "start" in ends else checked.layout.end_label
            lines.append(_letter(checked, where, shown, word, *unspelled[where]))
            continue
        mazes = _mazes_are(shown)
        what = " and ".join(sorted({thing for _, thing in things}, reverse=True))  # words and pictures
        ends = {end for end, _ in things}
        at = (
            {"start": "at the start", "end": "at the finish"}[ends.pop()]
            if len(ends) == 1
            else "by the arrows"
        )
        fix = (
            "another seed or size may leave room where its ends lie"
            if any(thing == "pictures" for _, thing in things)
            else "a shorter start_label and end_label, or another seed (which moves its ends), may make room"
            if where in fitted  # it has no size to make smaller
            else "a smaller size, or a shorter start_label and end_label, makes room"
        )
        named = for_names(list(dict.fromkeys(isolate(name) for name in whose)))  # every child has a maze 1
        lines.append(Problem(where, f"{mazes} drawn without the {what} {at}{named} (no room); {fix}"))
    return lines


def _mazes_are(shown: list[int]) -> str:
    """The mazes a note tells of: "maze 8 is", "mazes 8-10, 16 are"."""
    return f"maze {shown[0]} is" if len(shown) == 1 else f"mazes {spans(shown)} are"


def inside_note(where: Where, shown: list[int]) -> Problem:
    """The note on mazes whose start is inside them, a badge, drawn with no picture there."""
    return Problem(
        where,
        f"{_mazes_are(shown)} drawn with no picture at the start: it is inside the maze, a badge; "
        "marks: suggested puts both ends on the rim, each with its picture",
    )


def _letter(
    checked: Checked, where: Where, shown: list[int], word: str, maze: MazeRequest, frame: MazeFrame
) -> Problem:
    """The note on mazes whose end inside them is a badge too small to spell its word: its first letter
    ("S") is printed instead, which a child may not read as Start. On a round maze, the hole (``inner``)
    of as many rings as holds the badge that spells it at its least size (``signs.spelled_radius``)."""
    least = least_spelled(frame.label)
    radius = spelled_radius(word_ems(word, checked.layout.bold_font), least) / BADGE_FILL + frame.wall / 2
    rings = max(2, math.ceil(radius / frame.cell)) if frame.cell else 0
    fix = (
        f"inner: {rings} leaves a round hole at its centre, room to spell it"
        if maze.grid == "circle" and 0 < rings < maze.width
        else "a smaller size (larger cells) gives it room to spell it"
    )
    return Problem(
        where,
        f'{_mazes_are(shown)} drawn with "{word[:1].upper()}" for {word} inside it: no room there to spell '
        f"it; {fix}",
    )
