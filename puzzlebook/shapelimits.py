"""How far and how long a shape's ends are looked for: the most the exact search compares, how far
looking out from the outline reaches, and what the book's work limit counts for both (``solve``,
``paths``, ``workload``)."""

from __future__ import annotations

SHAPE_SEARCHES = 1_000_000
"""Cells searched at most from a round maze's middle cells for its centre-out end (a search from each,
about half a second); a larger one searches from one."""
SHAPE_PAIRS = 4_000_000
"""Pairs of outline cells compared at most to find a shape's ends exactly (``longest_apart``, their
distances from one walk of the maze: about 0.3 s at most, see docs/benchmarks.md); a longer outline
takes its two cells farthest apart, from two searches. It was counted as a search from each outline
cell, which the walk replaced: a name drawn as large as a landscape page allows (679 outline cells over
1,696) passed it, and its start opened into the eye of its B."""


def exact_ends(outline: int) -> bool:
    """Whether a shape with ``outline`` outer cells has its ends found exactly (``SHAPE_PAIRS``)."""
    return outline * outline <= SHAPE_PAIRS


RAY = 16
"""How far beyond a side of a shape's outline, in cells (corridor widths on other grids), nothing of
the shape may lie for the side to count as clear (see ``solve._clear_side``, ``openings.clear_sides``): farther
than an arrow and its word reach (at most 34 pt of room over cells of at least 2.25 pt), and a bound on
the work of looking out, which would otherwise grow with the shape's size for every outer side."""


def shape_search_cells(outline: int, cells: int, box: int, word: bool = False) -> int:
    """Cells a masked maze's ends cost to find (see ``solve._across_the_shape``), for the book's work limit,
    counted at a search's cost a cell: the walk of the maze and the pairs of outline cells compared
    from it (``tree.Among``), or the two searches of a larger shape; the outside of the shape found
    among the ``box``'s left-out cells (and the field's arrays over them, 2.5-3 µs a cell: six
    searches' worth); and looking out from each outline cell (four sides, ``RAY`` steps each at most,
    and the room beyond a clear one, ``end_room``). A bound, measured with ``benchmarks/bench_ends.py``."""
    pairs = outline * outline // 4 if exact_ends(outline) else 0  # else two searches
    return 2 * cells + pairs + 6 * (box - cells) + outline * 4 * (RAY + end_room(word) * (2 * ROOM_WIDE + 1))


ROOM = 4
"""How deep, in cells beyond an end's opening, a shape must leave the page empty for the end to have
room: its arrow and picture (about 1 cell out and 2 to 3 cells deep at a book's sizes) and its word. A
side can look clear along its own row and still open into a notch of the outline (between a heart's
lobes, on a step of its slanting side), where the picture would lie on the maze and is left out."""

WORD_ROOM = 6
"""``ROOM`` for a word's ends (a name's): its Start and Finish words are set at the book's size over
cells that may be as small as 7 pt, beside or beyond their arrows."""


def end_room(word: bool) -> int:
    """How deep an end's room goes: a word's (a name's) ``WORD_ROOM``, any other shape's ``ROOM``."""
    return WORD_ROOM if word else ROOM


ROOM_WIDE = 2
"""Cells on each side of the opening's line that the room takes in: a picture is wider than a corridor,
and an arrow with its word beside it too. With 1, the counter of a name's n (3 cells wide, 7 deep, open
below) had room, and a two-line Anne-Marie's start opened into it, with no room for "Start"."""

OPPOSITE = -(0.5**0.5)
"""The cosine of the angle between a shape's two ends, seen from the middle of its box, that they must
be within for ``suggested`` to take them as on opposite sides: three eighths of a turn apart or more
(135 degrees). Ends only far apart in a straight line fell on one side of most shapes: both down an
apple's side, a quarter turn apart round a circle; at a third of a turn, both still stood on a star's
shoulders or a heart's two lobes, their arrows pointing the same way."""

NEAR = 0.9
"""How long, against the longest, a way between ends with room must be to be chosen instead: a notch is
not chosen when a pair nearly as long has room, and a maze is never made much easier for it."""

WORD_NEAR = 0.5
"""``NEAR`` for a word's ends (a name's): a way half as long as the longest takes ends with room. An end
in a notch of a letter has no room for its word, which is left out: Xiu finished inside the bowl of her
u, her arrow between its stems and no Finish, where a way 0.8 as long ended beside the u."""
