from __future__ import annotations

import random
from collections.abc import Iterator

from pydantic import Field

from ..grid import Grid, check_size
from ..maze import Maze, from_rows
from ._base import Options, algorithm, compiled

N, S, E, W = 1, 2, 4, 8


class EllerOptions(Options):
    horizontal: float = Field(
        0.5, ge=0.0, le=1.0, description="chance to join two neighbouring cells of a row"
    )
    vertical: float = Field(
        0.3,
        ge=0.0,
        le=1.0,
        description="chance of a downward passage beyond the one each set needs",
    )


def rows(
    width: int,
    height: int,
    rng: random.Random,
    horizontal: float = 0.5,
    vertical: float = 0.3,
) -> Iterator[bytes]:
    """Yield the maze one finished row at a time (``row[x]`` is the bitmask of cell x), top to bottom.

    Only the current row is kept: two arrays of ``width`` links and the row's passages, so memory stays
    flat whatever the height. Cells of a row that are already connected (through the rows above) form a
    set, kept as a circular list linked through ``left``/``right`` in column order. Because a maze is
    planar, sets never interleave, so "x and x+1 share a set" is ``right[x] == x + 1`` and joining or
    leaving a set is O(1): the classic formulation from Eller's 1982 program, as described by Pullen.
    """
    check_size(width, height, streaming=True)
    rand = rng.random
    left = list(range(width))
    right = list(range(width))
    above = bytes(width)  # S passages of the previous row become N passages of this one
    for y in range(height):
        row = bytearray(N if b & S else 0 for b in above)
        last = y == height - 1
        # 1. Join neighbours in different sets, at random (all of them in the last row).
        for x in range(width - 1):
            if right[x] != x + 1 and (last or rand() < horizontal):
                nxt = x + 1
                right[left[nxt]] = right[x]
                left[right[x]] = left[nxt]
                right[x] = nxt
                left[nxt] = x
                row[x] |= E
                row[nxt] |= W
        # 2. Carry each set down: every cell goes down unless it leaves a set that still has others.
        if not last:
            for x in range(width):
                if right[x] != x and rand() >= vertical:
                    right[left[x]] = right[x]
                    left[right[x]] = left[x]
                    left[x] = right[x] = x
                else:
                    row[x] |= S
        above = bytes(row)
        yield above


@algorithm(
    "eller",
    "Eller’s",
    "many short dead ends; made a row at a time, so a maze may be any height",
    EllerOptions,
    rectangle_only=True,
)
def generate(grid: Grid, rng: random.Random, horizontal: float = 0.5, vertical: float = 0.3) -> Maze:
    """Eller's algorithm: build each row from the one above, keeping only the current row.

    1. Every cell of the row without a set gets a set of its own.
    2. Join neighbours of different sets with chance ``horizontal``, merging their sets.
    3. Carve down from at least one cell of every set (more with chance ``vertical``); cells that did not
       go down start in sets of their own in the next row.
    4. In the last row, join every pair of neighbours still in different sets.

    ``rows()`` streams the same maze with flat memory, for mazes far larger than a whole maze in memory.
    Look: many short dead ends (about 28%), a faint horizontal grain. Reference: Walter D. Pullen,
    "Think Labyrinth: Maze Algorithms"; Jamis Buck, "Eller's Algorithm" (2010).
    """
    fast = compiled("rows", grid.count, quick=True)
    if fast:
        made = fast.eller(rng, grid.slots, grid.width, grid.height, horizontal, vertical)
        if made is not None:
            return Maze(grid, made)
    return from_rows(rows(grid.width, grid.height, rng, horizontal, vertical), grid)
