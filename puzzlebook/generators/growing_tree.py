from __future__ import annotations

import random
from array import array
from itertools import permutations
from typing import Literal

from pydantic import Field

from ..graph import GraphMaze, Topology
from ..grid import Grid
from ..maze import TAKEN, Maze, blank, finish
from ._base import (
    Options,
    algorithm,
    compiled,
    little_endian_bytes,
    native_array,
    on_graph,
    random_indices,
    random_words,
    step_orders,
)


class GrowingTreeOptions(Options):
    select: Literal["newest", "random", "oldest", "middle", "mix"] = Field(
        "mix", description="which active cell grows next"
    )
    mix: float = Field(
        0.75,
        ge=0.0,
        le=1.0,
        description="with select: mix, the share of steps that take the newest cell",
    )


GONE = 0x3F3F3F3F
"""Marks a dropped cell in the active list. Cell indices stay below 2**26 (``grid.MAX_CELLS``), so their
top byte is never 0x3F. In the list's little-endian bytes, the leftmost run of four 0x3F bytes therefore
starts at a mark, never inside a cell: deleting every such run removes exactly the marks, in C."""

_GONE_BYTES = GONE.to_bytes(4, "little")


def without_marks(active: array[int]) -> array[int]:
    """``active`` (an ``array("I")``) with every ``GONE`` removed and the order kept."""
    return native_array("I", little_endian_bytes(active).replace(_GONE_BYTES, b""))


@algorithm(
    "growing-tree",
    "Growing tree",
    "long winding corridors to short branches, as its select option says",
    GrowingTreeOptions,
)
def generate(grid: Grid, rng: random.Random, select: str = "mix", mix: float = 0.75) -> Maze:
    """Growing tree: one framework, many looks, chosen by how the next active cell is picked.

    1. Put a random cell in the active list.
    2. Pick an active cell (``select``); carve to a random free neighbour and make it active, or drop the
       cell from the list when it has none.
    3. Stop when the list is empty.

    ``newest`` behaves like the recursive backtracker (long corridors, ~10% dead ends); ``random`` like
    simplified Prim (short dead ends, ~28%); ``oldest`` gives long straight radial corridors; ``middle``
    sits between; ``mix`` takes the newest cell with chance ``mix`` and a random one otherwise. The default
    0.75 winds like the backtracker with short side branches (~14% dead ends).
    Reference: Jamis Buck, "Mazes for Programmers" (2015), ch. 11.
    """
    if select in ("oldest", "middle"):
        return _grow_in_order(grid, rng, middle=select == "middle")
    return _grow_newest_or_random(grid, rng, {"newest": 1.0, "mix": mix}.get(select, 0.0))


def _grow_newest_or_random(grid: Grid, rng: random.Random, newest: float) -> Maze:
    """Takes the newest active cell with chance ``newest``, else a uniformly random one.

    The list keeps its order, so the newest cell stays the newest when a random pick drops another one.
    Moving the last cell into the gap instead cuts the corridor being grown, and nearly doubles the dead
    ends at ``mix: 0.75``. A cell dropped inside the list becomes ``GONE``. Random picks that land on a
    mark draw again, and the marks are cleared in one C pass once they fill an eighth of the list. Slot 0
    holds cell 0, which is padding and never a maze cell. It stops the walk back over marks at the bottom
    of the list, and random picks skip it like a mark.

    Speed: about nine random picks in ten at 1000x1000 find a cell with no free neighbour, so that test
    comes before the loop over directions. The coin is a random byte, and a 64-bit word settles only the
    byte value that straddles the threshold: iterating bytes yields cached small ints. The newest and the
    picked cell each have their own copy of the carve, as a shared helper would cost a call per step.
    """
    passages = blank(grid)
    orders = step_orders(grid)
    (_, north), (_, south), (_, east), (_, west) = grid.steps
    cell = grid.random_cell(rng)  # the newest cell, kept in a local: most steps take it
    passages[cell] = TAKEN
    fast = compiled("growth", grid.count)
    if fast:
        offsets = [off for _, off in grid.steps]
        if (made := fast.grow(rng, passages, orders, offsets, cell, newest)) is not None:
            return finish(grid, made)
    active = array("I", [0, cell])
    gone = 0  # marks in the list
    top = int(newest * 256)  # newest: a coin byte below top, or equal to it and a word below rest
    rest = round((newest * 256 - top) * 2**64)
    words = random_words(rng)
    indices = random_indices(rng, len(orders))
    for coin in random_indices(rng, 256):  # a coin byte a step
        if coin < top or (coin == top and next(words) < rest):
            if not (
                passages[cell + north]
                and passages[cell + south]
                and passages[cell + east]
                and passages[cell + west]
            ):
                for direction, back, offset in orders[next(indices)]:
                    nxt = cell + offset
                    if not passages[nxt]:
                        passages[cell] |= direction
                        passages[nxt] = back
                        active.append(nxt)
                        cell = nxt
                        break
                continue
        else:
            n = len(active)
            i = next(words) * n >> 64
            picked = active[i]
            while not picked or picked == GONE:
                i = next(words) * n >> 64
                picked = active[i]
            if not (
                passages[picked + north]
                and passages[picked + south]
                and passages[picked + east]
                and passages[picked + west]
            ):
                for direction, back, offset in orders[next(indices)]:  # the same carve, from another cell
                    nxt = picked + offset
                    if not passages[nxt]:
                        passages[picked] |= direction
                        passages[nxt] = back
                        active.append(nxt)
                        cell = nxt
                        break
                continue
            if picked != cell:  # no free neighbour, inside the list: mark it
                active[i] = GONE
                gone += 1
                if gone * 8 > n:
                    active = without_marks(active)
                    gone = 0
                continue
        active.pop()  # the newest cell has no free neighbour: drop it, and the marks below it
        cell = active[-1]
        while cell == GONE:
            active.pop()
            gone -= 1
            cell = active[-1]
        if not cell:
            break
    return finish(grid, passages)


def _grow_in_order(grid: Grid, rng: random.Random, middle: bool) -> Maze:
    """Takes the oldest active cell, or the middle one of the list; no coin and no random pick."""
    passages = blank(grid)
    orders = step_orders(grid)
    start = grid.random_cell(rng)
    passages[start] = TAKEN
    fast = compiled("growth", grid.count)
    if fast and (made := fast.grow_in_order(rng, passages, orders, start, middle)) is not None:
        return finish(grid, made)
    active = array("I", [start])
    head = 0  # cells before head are dropped (oldest only)
    for r in random_indices(rng, len(orders)):
        i = (head + len(active)) // 2 if middle else head
        cell = active[i]
        for direction, back, offset in orders[r]:
            nxt = cell + offset
            if not passages[nxt]:
                passages[cell] |= direction
                passages[nxt] = back
                active.append(nxt)
                break
        else:
            if middle:
                del active[i]
            else:
                head += 1
            if head == len(active):
                break
    return finish(grid, passages)


@on_graph("growing-tree")
def on_any_grid(topology: Topology, rng: random.Random, select: str = "mix", mix: float = 0.75) -> GraphMaze:
    """The same growth over the field's neighbour arrays. A cell dropped from inside the active list
    becomes -1 and is skipped (random picks draw again; the newest end is trimmed), so the list keeps its
    order without moving memory; ``oldest`` drops from a head that only moves forward."""
    k, n = topology.slots, topology.count
    nbr, back = topology.links
    passages = bytearray(n)
    seen = bytearray(n + 1)
    seen[n] = 1
    bits = [1 << s for s in range(k)]
    orders = list(permutations(range(k)))
    count = len(orders)
    rand = rng.random
    newest = {"newest": 1.0, "mix": mix}.get(select, 0.0)
    cell = int(rand() * n)
    fast = compiled("fields", n)
    if fast and (made := fast.grow(rng, nbr, back, k, n, cell, select, newest)) is not None:
        return GraphMaze(topology, made)
    seen[cell] = 1
    active = [cell]
    head = 0  # entries before it are dropped (``oldest``)
    live = 1
    for word in random_words(rng):
        if not live:
            break
        if select == "oldest":
            i = head
        elif select == "middle":
            if live != len(active) - head:
                active = [c for c in active[head:] if c >= 0]
                head = 0
            i = len(active) // 2
        elif newest and (newest == 1.0 or rand() < newest):
            while active[-1] < 0:
                active.pop()
            i = len(active) - 1
        else:
            i = head + int(rand() * (len(active) - head))
            while active[i] < 0:
                i = head + int(rand() * (len(active) - head))
        cell = active[i]
        base = cell * k
        for slot in orders[word % count]:
            nxt = nbr[base + slot]
            if not seen[nxt]:
                break
        else:
            live -= 1
            if i == head:
                head += 1
                while head < len(active) and active[head] < 0:
                    head += 1
            elif i == len(active) - 1:
                active.pop()
            else:
                active[i] = -1
            continue
        passages[cell] |= bits[slot]
        passages[nxt] |= bits[back[base + slot]]
        seen[nxt] = 1
        active.append(nxt)
        live += 1
    return GraphMaze(topology, bytes(passages))
