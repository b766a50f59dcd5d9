from __future__ import annotations

import random
from array import array
from itertools import permutations
from typing import Literal

from pydantic import Field

from ..graph import GraphMaze, Topology
from ..grid import OPPOSITE, Grid
from ..maze import IN_MAZE, TAKEN, Maze, blank, carve, finish
from ._base import Options, algorithm, compiled, on_graph, random_indices, random_words, step_orders


class HuntAndKillOptions(Options):
    scan: Literal["rows", "columns"] = Field(
        "rows", description="hunt row by row (top to bottom) or column by column (left to right)"
    )
    hunt_probability: float = Field(
        0.0, ge=0.0, le=1.0, description="chance at each step to leave the walk and hunt anyway"
    )
    max_walk: int | None = Field(None, ge=1, description="hunt after this many steps of one walk")


@algorithm(
    "hunt-and-kill",
    "Hunt-and-Kill",
    "long winding corridors, few dead ends: a random walk, then a hunt for a cell beside it",
    HuntAndKillOptions,
)
def generate(
    grid: Grid,
    rng: random.Random,
    scan: str = "rows",
    hunt_probability: float = 0.0,
    max_walk: int | None = None,
) -> Maze:
    """Random walk; when stuck, hunt for the first unvisited cell next to the maze and walk on from it.

    1. Walk from a random cell to random unvisited neighbours, carving as you go.
    2. When the walk is stuck (or, with ``hunt_probability``/``max_walk``, when told to), scan the grid in
       reading order for the first unvisited cell with a visited neighbour; carve into it from a random
       visited neighbour and walk on from there.
    3. Stop when the hunt finds nothing.

    Rows before the first one with an unvisited cell are never scanned again, and each row is skipped in
    C (``bytearray.find``) when it has no unvisited cell, so the whole maze costs close to linear time.
    ``scan: columns`` hunts column by column: it builds the transposed maze with a row scan and mirrors it.
    Hunting more often gives shorter corridors and more, shorter dead ends. Look: long winding corridors
    and about 10% dead ends, like the backtracker, with a faint bias towards where the hunt starts.
    Reference: Walter D. Pullen, "Think Labyrinth: Maze Algorithms".
    """
    if scan == "columns":
        return generate(grid.transposed(), rng, "rows", hunt_probability, max_walk).transposed()
    passages = blank(grid)
    steps = grid.steps
    orders = step_orders(grid)  # a random order, then the first free neighbour in it
    rand = rng.random
    walk_limit = max_walk or grid.count + 1
    stride, width = grid.stride, grid.width
    row = 0  # rows above this one are finished

    def hunt() -> int:
        """The first unvisited cell with a visited neighbour, now joined to one of them; -1 when done."""
        nonlocal row
        cell = -1
        while row < grid.height and cell < 0:
            start = (row + 1) * stride + 1  # the row's first cell, past the padding
            cell = passages.find(0, start, start + width)
            row += cell < 0  # finished rows are never scanned again
        if cell >= 0 and not (
            (passages[cell - 1] | passages[cell + 1] | passages[cell - stride] | passages[cell + stride])
            & IN_MAZE
        ):
            cell = -1  # the first free cell is usually the answer; when not, search whole rows in C
        first, chunk = row, 1
        while cell < 0 and first < grid.height:
            last = min(first + chunk, grid.height)
            cell = _first_candidate(grid, passages, first, last)
            first, chunk = last, chunk * 2
        if cell >= 0:
            joins = [(d, cell + off) for d, off in steps if passages[cell + off] & IN_MAZE]
            direction, nxt = joins[int(rand() * len(joins))] if len(joins) > 1 else joins[0]
            carve(passages, cell, direction, nxt)
        return cell

    cell = grid.random_cell(rng)
    passages[cell] = TAKEN
    fast = compiled("growth", grid.count, quick=True)
    if fast:
        sides = [(d, off, OPPOSITE[d]) for d, off in steps]
        size = (width, grid.height)
        made = fast.hunt_and_kill(
            rng, passages, orders, sides, cell, size, walk_limit, hunt_probability, IN_MAZE
        )
        if made is not None:
            return finish(grid, made)
    walked = 0
    for r in random_indices(rng, len(orders)):
        if walked >= walk_limit or (hunt_probability and rand() < hunt_probability):
            nxt = -1
        else:
            for direction, back, offset in orders[r]:  # noqa: B007 (used after the loop)
                nxt = cell + offset
                if not passages[nxt]:
                    break
            else:
                nxt = -1
        if nxt < 0:
            cell = hunt()
            walked = 0
            if cell < 0:
                break
            continue
        passages[cell] |= direction  # the carve, here rather than a call: it runs for every cell
        passages[nxt] |= back
        cell = nxt
        walked += 1
    return finish(grid, passages)


_VISITED = bytes(1 if b & IN_MAZE else 0 for b in range(256))
_FREE = bytes([1]) + bytes(255)


def _first_candidate(grid: Grid, passages: bytearray, first: int, last: int) -> int:
    """The first free cell in rows [first, last) with a visited neighbour, or -1.

    Done with whole-row bit arithmetic in C rather than a Python loop over cells: the rows become big
    integers with one byte per cell (little-endian, so byte i is cell i), the visited map is shifted by
    one cell and by one row each way, and the lowest set bit of ``free & near_visited`` is the answer.
    """
    stride = grid.stride
    lo, hi = grid.index(0, first) - 1, grid.index(0, last) - 1  # whole padded rows
    free = int.from_bytes(passages[lo:hi].translate(_FREE), "little")
    if not free:
        return -1
    seen = int.from_bytes(passages[lo - stride : hi + stride].translate(_VISITED), "little")
    shift = 8 * stride
    near = (seen >> (shift - 8)) | (seen >> (shift + 8)) | seen | (seen >> 2 * shift)
    candidates = free & near
    if not candidates:
        return -1
    return lo + ((candidates & -candidates).bit_length() - 1) // 8


@on_graph("hunt-and-kill")
def on_any_grid(
    topology: Topology,
    rng: random.Random,
    scan: str = "rows",
    hunt_probability: float = 0.0,
    max_walk: int | None = None,
) -> GraphMaze:
    """The same walk and hunt over the field's neighbour arrays. Each cell seen marks its unseen
    neighbours as beside the maze, so the hunt (the first such cell in reading order) is one
    ``bytearray.find`` in C from the first unseen cell.
    ``scan: columns`` numbers the cells column by column first, so the same hunt reads columns; the
    passages are numbered back at the end."""
    order = None
    if scan == "columns":
        order = sorted(range(topology.count), key=topology.xy)  # (x, y): column by column
    k, n = topology.slots, topology.count
    nbr, back = topology.links
    if order is not None:  # renumber: cell i of the scan is order[i]
        place = array("i", [0]) * (n + 1)
        place[n] = -1
        for i, cell in enumerate(order):
            place[cell] = i
        nbr = array("i", (place[nbr[cell * k + s]] for cell in order for s in range(k)))
        back = bytes(back[cell * k + s] for cell in order for s in range(k))
    passages = bytearray(n)
    state = bytearray(n + 1)  # 0 unseen, 1 unseen beside a seen cell (what the hunt looks for), 2 seen
    state[n] = 2  # the -1 of a missing neighbour reads as seen
    bits = [1 << s for s in range(k)]
    orders = list(permutations(range(k)))
    count = len(orders)
    rand = rng.random
    walk_limit = max_walk or n + 1
    first = 0  # every cell before it is seen

    def see(cell: int) -> None:
        state[cell] = 2
        for other in nbr[cell * k : cell * k + k]:
            if not state[other]:
                state[other] = 1

    def hunt() -> int:
        nonlocal first
        while first < n and state[first] == 2:
            first += 1
        at = state.find(1, first)
        if at < 0:
            return -1
        base = at * k
        joins = [s for s in range(k) if state[nbr[base + s]] == 2 and nbr[base + s] >= 0]
        slot = joins[int(rand() * len(joins))] if len(joins) > 1 else joins[0]
        passages[at] |= bits[slot]
        passages[nbr[base + slot]] |= bits[back[base + slot]]
        see(at)
        return at

    cell = int(rand() * n)
    fast = compiled("fields", n)
    if fast and (made := fast.hunt_and_kill(rng, nbr, back, k, n, cell, walk_limit, hunt_probability)):
        if order is not None:
            made = bytes(made[place[cell]] for cell in range(n))
        return GraphMaze(topology, made)
    see(cell)
    walked = 0
    for word in random_words(rng):
        nxt = -1
        if walked < walk_limit and not (hunt_probability and rand() < hunt_probability):
            base = cell * k
            for slot in orders[word % count]:
                if state[nbr[base + slot]] < 2:
                    nxt = nbr[base + slot]
                    break
        if nxt < 0:
            cell = hunt()
            walked = 0
            if cell < 0:
                break
            continue
        passages[cell] |= bits[slot]
        passages[nxt] |= bits[back[base + slot]]
        state[nxt] = 2  # ``see``, written out: it runs at every step
        for other in nbr[nxt * k : nxt * k + k]:
            if not state[other]:
                state[other] = 1
        cell = nxt
        walked += 1
    if order is not None:
        passages = bytearray(passages[place[cell]] for cell in range(n))
    return GraphMaze(topology, bytes(passages))
