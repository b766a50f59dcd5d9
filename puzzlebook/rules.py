"""What a maze's grid, algorithm, marks, mask, shape, inner, size and weave may be combined with, decided once.

The spec and the ``maze`` command each describe their maze as a ``Plan`` and ask ``clashes``; each then
says where a clash is (``book.yaml:5: mazes[0].inner``, ``--inner``). So the words after the location
name keys in plain words, never in the syntax of one front end, and read the same from either.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import generators, kinds
from .kinds.weave import SHARE
from .shapes import (
    SHAPE_READS,
    a_shape,
    aged_size,
    drawn_proportions,
    least_size,
    shape_reads,
    size_that_reads,
)

WEAVE = SHARE
"""The share of crossings ``weave: true`` (and ``--weave`` without ``--weave-share``) asks for, kept with
the weave grid (``kinds.weave.SHARE``) for the command line's help: with Kruskal's, an eighth of the
inner cells are crossings, clear on the page but not crowding it."""


def weave_share(weave: bool | float) -> float:
    """A spec's ``weave:`` as a share: true is ``WEAVE``, false none, a number itself."""
    return WEAVE if weave is True else float(weave)


WOVEN_MARKS = ("none", "suggested", "farthest", "left-right", "top-bottom")
"""The marks rules a weave maze takes: corners are the squares' own search."""

SHAPED_MARKS = ("none", "suggested", "farthest")
"""The marks rules a masked maze takes: the others name sides and corners a shape may not have."""


@dataclass(frozen=True)
class Plan:
    """A maze as far as its combination goes, before any of it is drawn or made."""

    grid: str = "rectangle"
    algorithm: str = "hunt-and-kill"
    marks: str | None = "none"  # None: the start and end cells are named
    mask: bool = False
    shape: bool = False
    inner: int | None = None  # a circle's hole, when one is given
    size: tuple[int, int] | None = None  # in cells (a circle's rings twice), when known
    drawn: tuple[int, int] | None = None  # a drawn mask's own cells, once it is read
    named: str = ""  # a built-in shape's name
    over: tuple[int, int] | None = None  # the size written for a built-in shape, the cells it is drawn over
    weave: float = 0.0  # the share of crossings asked for (0: none)
    braid: float = 0.0
    options: bool = False  # the algorithm's options were given


@dataclass(frozen=True)
class Clash:
    """One thing that may not go with the rest: ``key`` is the maze's own key at fault; ``also`` the
    key a front end points at instead when ``key`` was not written where the maze is (a one-cell maze's
    ends, asked for by the whole book, are told at its size)."""

    key: str
    message: str
    also: str = ""


def clashes(plan: Plan) -> list[Clash]:
    """Every clash in ``plan``, or none: these are the only words either front end uses for them."""
    found = _circle_only(plan) + _woven(plan)
    if plan.mask and plan.shape:
        found.append(Clash("shape", "give a mask or a shape, not both"))
    shaped = plan.mask or plan.shape
    if shaped or plan.grid != "rectangle":
        found += _not_plain(plan)
    if plan.drawn and plan.size and plan.drawn != plan.size:
        (w, h), (dw, dh) = plan.size, plan.drawn
        found.append(
            Clash(
                "size",
                f"{w}x{h}, but the mask's cells fill {dw}x{dh}: leave size out, it comes from the mask",
            )
        )
    blob = plan.named and plan.over and small_shape(plan.named, plan.grid, *plan.over)
    if blob:  # a size written too small: refused, with the size that reads (an age's is only told)
        found.append(Clash("size", blob))
    stretched = not blob and plan.named and plan.over and stretched_shape(plan.named, plan.grid, *plan.over)
    if stretched:
        found.append(Clash("size", stretched))
    if plan.size and plan.grid != "rectangle":
        wrong = kinds.field_problem(plan.grid, *plan.size, plan.inner or 0)
        if wrong:
            found.append(Clash("size", wrong))
    if plan.size and not shaped and plan.marks not in (None, "none"):
        alone = ends_problem(plan.grid, *plan.size, plan.inner or 0)
        if alone:
            found.append(Clash("marks", alone, also="size"))
    return found


def weave_problem(share: float) -> str | None:
    """What is wrong with a share of crossings; None if nothing."""
    if not 0 <= share <= 1:
        return f"must be a share of the most crossings that fit, from 0 to 1 (such as 0.3), got {share:g}"
    return None


def _woven(plan: Plan) -> list[Clash]:
    """What a weave maze needs: whole squares, an algorithm that weaves, its own defaults, no loops, and
    cells few enough to draw (as for every field drawn side by side: ``kinds.MAX_FIELD_CELLS``)."""
    wrong = weave_problem(plan.weave)
    if wrong:
        return [Clash("weave", wrong)]
    if not plan.weave:
        return []
    if plan.grid != "rectangle":
        return [Clash("grid", "a weave maze is made of squares: set grid to rectangle, or leave weave out")]
    found = []
    for key, given in (("mask", plan.mask), ("shape", plan.shape)):
        if given:
            found.append(Clash(key, f"a weave maze is a whole rectangle: leave {key} or weave out"))
    weavers = generators.weavers()
    if plan.algorithm in generators.ALGORITHMS and plan.algorithm not in weavers:
        found.append(Clash("algorithm", f"{plan.algorithm} cannot weave; use one of {', '.join(weavers)}"))
    if plan.braid:
        found.append(
            Clash(
                "braid",
                "a weave maze stays perfect (one way between any two cells): leave braid or weave out",
            )
        )
    if plan.options:
        found.append(Clash("options", "a weave maze takes its algorithm's own defaults: leave options out"))
    if plan.marks is not None and plan.marks not in WOVEN_MARKS:
        found.append(
            Clash("marks", f"{plan.marks} is not made for weave mazes; use {', '.join(WOVEN_MARKS)}")
        )
    if plan.size:
        big = kinds.field_problem("weave", *plan.size)
        if big:
            found.append(Clash("size", big))
    return found


def _circle_only(plan: Plan) -> list[Clash]:
    """What only a circle takes (inner, center-out), and what it cannot (a mask or shape: a circle is
    its own shape)."""
    if plan.grid != "circle":
        found = []
        if plan.inner:
            found.append(Clash("inner", "is the hole in the middle of a circle; set grid to circle"))
        if plan.marks == "center-out":
            found.append(Clash("marks", "center-out starts in the centre of a circle; set grid to circle"))
        return found
    return [
        Clash(key, f"a circle is its own shape: leave {key} out")
        for key, given in (("mask", plan.mask), ("shape", plan.shape))
        if given
    ]


def _not_plain(plan: Plan) -> list[Clash]:
    """What a maze that is not a plain rectangle (masked, or of another grid) needs: an algorithm that
    walks from cell to neighbour, and a marks rule its outline can have."""
    found = []
    on_graphs = generators.on_graphs()
    if plan.algorithm in generators.ALGORITHMS and plan.algorithm not in on_graphs:
        what = (
            f"make {a_shape(plan.grid)} grid"  # a_shape: the article, "an octagon"
            if plan.grid != "rectangle"
            else f"follow a {'mask' if plan.mask else 'shape'}"
        )
        found.append(
            Clash(
                "algorithm",
                f"{plan.algorithm} builds a plain rectangle row by row and cannot {what}; use one of "
                f"{', '.join(on_graphs)}",
            )
        )
    takes = (*SHAPED_MARKS, "center-out") if plan.grid == "circle" else SHAPED_MARKS
    if plan.marks is not None and plan.marks not in takes and plan.marks != "center-out":
        what = f"{a_shape(plan.grid)} grid" if plan.grid != "rectangle" else "a shape"
        found.append(Clash("marks", f"{plan.marks} names sides {what} may not have; use {', '.join(takes)}"))
    return found


def ends_problem(grid: str, width: int, height: int, inner: int = 0) -> str | None:
    """Why a field cannot have a start and an end: on one cell every rule put both in it, and the
    answer was that cell. None when it can (a mask or shape has two cells at least), and for a field
    of no cells, which its size refuses."""
    if kinds.field_cells(grid, width, height, inner) != 1:
        return None
    field, least = (
        ("a circle of 1 ring", "2 rings") if grid == "circle" else (f"a {width}x{height} maze", "2x1")
    )
    return (
        f"{field} is one cell, so its start and end would be the same cell: make it at least {least}, or "
        "leave the start and end out"
    )


def small_shape(
    shape: str,
    grid: str,
    width: int,
    height: int,
    fits: Callable[[int, int], bool] | None = None,
    book_age: str | None = None,
    older: Callable[[int, int], bool] | None = None,
) -> str | None:
    """Why a built-in shape drawn over ``width`` x ``height`` cells is a blob, or None when it reads: a
    size written so is refused (``clashes``), one an age sets is said in a book's notes. ``fits``
    (width, height): whether the page takes a size at the cells it is drawn with, so that no size is
    offered that the page then refuses; ``book_age``: the age the whole book is for, whose cells those
    are; ``older`` (width, height): whether an older age's cells would take a size."""
    if grid not in SHAPE_READS or shape_reads(grid, width, height, shape):
        return None
    least = least_size(shape, grid)  # a fish's 15x10: "shapes read from 12x12" told one of 9x6 less
    # the shape's own proportions first: grown in an age's (10x14), a star read as a stretched figure
    offers = (least, size_that_reads(grid, width, height, shape))
    grown = next((size for size in offers if fits is None or fits(*size)), None)
    fix = (
        f": set size to {grown[0]}x{grown[1]}"
        if grown
        else f", and at these cells the page takes none so large: "
        f"{older_readers(book_age, older is None or older(*least))}"
    )
    return (
        f"{a_shape(shape)} drawn over {width}x{height} cells hardly reads as one; it reads from about "
        f"{least[0]}x{least[1]}{' triangles' if grid == 'triangle' else ''}{fix}"
    )


STRETCH = 1.5
"""How much wider or taller than its own proportions (as its grid draws them) a built-in shape may be
drawn: a cat over 16x16 triangles, twice as many across as down to look square, stood 2.5 times too
tall and read as no cat."""


def stretched_shape(shape: str, grid: str, width: int, height: int) -> str | None:
    """Why a built-in shape over ``width`` x ``height`` cells is drawn out of its shape, with the size
    of about as many cells in its own proportions; None where it keeps them (within ``STRETCH``)."""
    across, down = drawn_proportions(shape, grid)
    ratio = (width / height) / (across / down)
    if 1 / STRETCH <= ratio <= STRETCH:
        return None
    w, h = aged_size(shape, grid, (width, height))
    way = "wide" if ratio > 1 else "tall"
    times = ratio if ratio > 1 else 1 / ratio
    cells = kinds.cells_called(grid)
    return (
        f"{a_shape(shape)} drawn over {width}x{height} {cells} is stretched {times:.1f} times too {way} to read "
        f"as one; in its own proportions: set size to {w}x{h}"
    )


def older_readers(book_age: str | None = None, older: bool = True) -> str:
    """The way to smaller cells where an age's are too large for the page: only another age lowers
    them, and a book's age sets every maze's (an age-10 written on one maze of an age-6 book left its
    circle as large as before). Where no ``older`` age's cells take it either (a heart of octagons that
    reads, on 6 x 9 in), the book's age told on its mazes instead: a maze's sizes it, not its cells."""
    if book_age and not older:
        return (
            f"a larger page_size, or difficulty: {book_age} on the mazes rather than the book (the "
            "book's sets every maze's cells, and no older age's take it; a maze's sets its size alone)"
        )
    if book_age:
        return (
            f"give the book an age for older children than its difficulty: {book_age}, which sets the "
            "cells of every maze, or a larger page_size"
        )
    return "use an age for older children (smaller cells), or a larger page_size"
