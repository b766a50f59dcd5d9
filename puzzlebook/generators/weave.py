"""Weave mazes: passages that cross under others, on the rectangle's weave field (``kinds.weave``).

A crossing is a cell whose passage runs straight across it (north-south, say) with a tunnel under it
the other way (west-east). The tunnel is a link of its own between the cells either side, through slots
4-7 of the field, so the maze stays a tree: cells - 1 links, counting tunnels, and one way between any
two cells. A crossing cell never gets a third passage. Reference: Jamis Buck, "Mazes for Programmers"
(2015), ch. 9 (weave mazes) and ch. 10 (Kruskal's, crossings placed first).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Iterator
from itertools import compress, islice, permutations

from ..graph import GraphMaze, Topology
from ..kinds.weave import FAR
from ._base import random_order, random_words

WeaveFn = Callable[[Topology, random.Random, float], GraphMaze]

N, E, S, W = 1, 2, 4, 8  # the bits of slots 0-3 of the weave field; slot s + FAR is bit s shifted by FAR
ACROSS = (E | W, N | S, E | W, N | S)
"""For a step through slot s (N, E, S, W), the passages a cell must have, and only those, for a tunnel
to run under it that way: straight across the step (E-W under a north-south step, and so on)."""


DENSEST = 0.25
"""Crossings per inner cell at a share of 1 in Kruskal's: random crossings fill the field near 0.3, and
a quarter is reached at every seed, so a share's number of crossings is the one promised."""


def inner_cells(width: int, height: int) -> int:
    """Cells with a neighbour on every side: the only ones a tunnel can run under."""
    return max(0, width - 2) * max(0, height - 2)


def kruskal(topology: Topology, rng: random.Random, share: float) -> GraphMaze:
    """Randomized Kruskal with the crossings placed first.

    1. Try inner cells at random until ``round(share * DENSEST * inner cells)`` are crossings. A cell
       becomes one when it has no passage yet, its west and east neighbours lie in different regions,
       and so do its north and south ones, also once those are joined: then its passage runs one way
       (north-south or east-west, a coin flip) and a tunnel joins the other two under it.
    2. The walls beside each crossing are set aside, so it stays straight across.
    3. Then plain Kruskal: the other walls in random order, each removed when it joins two regions.

    Look: Kruskal's short dead ends, with bridges spread evenly over the field; the number of crossings
    is known beforehand (it would fall short only where random crossings filled a field before a
    quarter of its inner cells, near 0.3 on every field tried).
    """
    w, h, n = topology.width, topology.height, topology.count
    passages = bytearray(n)
    parent = array("i", [-1]) * n  # a cell's parent, or minus its region's size at a root

    def find(a: int) -> int:
        up = parent[a]
        while up >= 0:
            top = parent[up]
            if top < 0:
                return up
            parent[a] = a = top
            up = parent[a]
        return a

    def join(a: int, b: int) -> None:
        if parent[a] < parent[b]:
            a, b = b, a
        parent[b] += parent[a]
        parent[a] = b

    wanted = round(share * DENSEST * inner_cells(w, h))
    crossed: list[int] = []
    if wanted:
        for cell in _candidates(w, h, rng):
            if passages[cell]:
                continue
            north, south, west, east = cell - w, cell + w, cell - 1, cell + 1
            fn, fs, fw, fe = find(north), find(south), find(west), find(east)
            if fn == fs or fw == fe or {fn, fs} == {fw, fe}:
                continue
            join(fw, fe)
            join(find(north), find(south))
            if rng.random() < 0.5:  # the passage over runs north-south, the tunnel west-east under it
                passages[cell] |= N | S
                passages[north] |= S
                passages[south] |= N
                passages[west] |= E << FAR
                passages[east] |= W << FAR
                join(find(north), cell)
            else:
                passages[cell] |= E | W
                passages[west] |= E
                passages[east] |= W
                passages[north] |= S << FAR
                passages[south] |= N << FAR
                join(find(west), cell)
            crossed.append(cell)
            if len(crossed) == wanted:
                break
    remaining = n - 1 - 3 * len(crossed)
    for wall in random_order(_walls(w, h, crossed), rng):
        if not remaining:
            break
        a = cell = wall >> 1
        b = nxt = cell + w if wall & 1 else cell + 1  # arithmetic, not the field's arrays: no cache misses
        up = parent[a]  # the find written out twice, as in ``kruskal.generate``: a call costs 10%
        while up >= 0:
            top = parent[up]
            if top < 0:
                a = up
                break
            parent[a] = a = top
            up = parent[a]
        up = parent[b]
        while up >= 0:
            top = parent[up]
            if top < 0:
                b = up
                break
            parent[b] = b = top
            up = parent[b]
        if a != b:
            if parent[a] < parent[b]:
                a, b = b, a
            parent[b] += parent[a]
            parent[a] = b
            if wall & 1:
                passages[cell] |= S
                passages[nxt] |= N
            else:
                passages[cell] |= E
                passages[nxt] |= W
            remaining -= 1
    return GraphMaze(topology, bytes(passages))


def _candidates(width: int, height: int, rng: random.Random) -> Iterator[int]:
    """Inner cells to try as crossings: first ``8 * inner`` drawn at random (a few hundred thousand
    draws give a million-cell field its crossings, where ordering all its cells took a second), then,
    for a share so high that those did not place them all, every inner cell in random order."""
    across = width - 2
    inner = inner_cells(width, height)
    for word in islice(random_words(rng), 8 * inner):
        i = word % inner
        yield (i // across + 1) * width + i % across + 1
    row = b"\x00" + b"\x01" * across + b"\x00"
    yield from random_order(
        array("I", compress(range(width * height), b"\x00" * width + row * (height - 2))), rng
    )


def _walls(width: int, height: int, crossed: list[int]) -> array[int]:
    """The walls left to Kruskal, as ``cell << 1`` for a cell's east side and ``cell << 1 | 1`` for its
    south side (as ``kruskal`` numbers them): every inner wall of the field but the four round each
    crossing. Picked from all codes by a byte mask, in C."""
    n = width * height
    keep = bytearray(2 * n)
    keep[0::2] = (b"\x01" * (width - 1) + b"\x00") * height
    keep[1 : 2 * (n - width) : 2] = b"\x01" * (n - width)
    for cell in crossed:
        keep[2 * cell] = keep[2 * cell + 1] = keep[2 * cell - 2] = keep[2 * (cell - width) + 1] = 0
    return array("I", compress(range(2 * n), keep))


def recursive_backtracker(topology: Topology, rng: random.Random, share: float) -> GraphMaze:
    """The depth-first walk of ``recursive-backtracker``, tunnelling as it goes.

    1. Start at a random cell and push it.
    2. From the top cell, on a share ``share`` of the steps, the ways on are its unvisited neighbours
       and every tunnel under a neighbour whose passage runs straight across the way out, to an
       unvisited cell beyond; on the others, its unvisited neighbours. Take a random one, carving (a
       tunnel makes its neighbour a crossing), and push the cell reached.
    3. With no way on, pop the cell; stop when every cell is visited.

    Look: the backtracker's long winding corridors, diving under one another; at a share of 1 about
    one inner cell in twelve is a crossing.
    """
    return _walk(topology, rng, share, hunt=False)


def growing_tree(topology: Topology, rng: random.Random, share: float) -> GraphMaze:
    """The growing tree of ``growing-tree`` (its own default, ``select: mix``), tunnelling as it grows.

    1. Start with a random cell in the list of active cells.
    2. Take the newest active cell (three times in four) or a random one; step from it to a random
       way on, as the backtracker does (an unvisited neighbour, or on a share ``share`` of the steps
       also a tunnel under a straight neighbour); the cell reached becomes active.
    3. An active cell with no way on leaves the list; stop when it is empty.

    Look: the growing tree's mix of long corridors and short branches, with bridges among them.
    """
    return _walk(topology, rng, share, hunt=False, newest=MIX)


MIX = 0.75
"""The share of steps the growing tree takes from its newest cell (``growing-tree``'s default mix)."""


def hunt_and_kill(topology: Topology, rng: random.Random, share: float) -> GraphMaze:
    """The walk of ``hunt-and-kill``, tunnelling as it goes.

    1. Walk from a random cell, each step to a random way on: an unvisited neighbour or, on a share
       ``share`` of the steps, also a tunnel under a neighbour running straight across the way out, to
       an unvisited cell beyond (as the backtracker does).
    2. With no way on, hunt: the first unvisited cell, in reading order, beside a visited one; carve
       into it from a random visited neighbour and walk on. Stop when none is left.

    Look: hunt-and-kill's long corridors, with bridges where the walks cross their own paths.
    """
    return _walk(topology, rng, share, hunt=True)


def _walk(topology: Topology, rng: random.Random, share: float, hunt: bool, newest: float = 1.0) -> GraphMaze:
    """The walk all three share. A step draws one random word: its low bits pick an order of the four
    sides (the first unvisited neighbour in it is a uniform choice), its high bits whether tunnels
    count this step, and then which of all the ways on is taken."""
    n = topology.count
    nbr, back = topology.links
    passages = bytearray(n)
    state = bytearray(n + 1)  # 0 unvisited, 1 unvisited beside the maze (the hunt's), 2 visited
    state[n] = 2  # the -1 of a missing neighbour reads as visited
    crossed = bytearray(n)
    orders = list(permutations(range(4)))
    chance = int(share * (1 << 24))
    cell = int(rng.random() * n)
    state[cell] = 2
    if hunt:
        for other in nbr[cell * 8 : cell * 8 + 4]:
            if not state[other]:
                state[other] = 1
    stack = [cell]
    left = n - 1
    first = 0  # the hunt: every cell before it is visited
    at = 0  # the place in ``stack`` (the active cells) of the cell the walk steps from
    picks = random_words(rng)  # drawn only by the growing tree
    newest_below = int(newest * (1 << 16))
    ew, ns, far = E | W, N | S, FAR  # locals: the loop reads them at every step
    for word in random_words(rng):
        if not left:
            break
        if newest < 1:  # the growing tree: the newest active cell, or a random one (a word of its own)
            pick = next(picks)
            at = len(stack) - 1 if pick & 0xFFFF < newest_below else (pick >> 16) % len(stack)
            cell = stack[at]
        base = cell << 3
        tunnels: list[int] | tuple[()] = ()
        if word >> 40 < chance:  # tunnels count this step: those under a straight neighbour (unrolled)
            tunnels = []
            mid = nbr[base]  # a missing one (-1) is never followed: the cell beyond is missing too
            if passages[mid] == ew and not crossed[mid] and state[nbr[base + 4]] < 2:
                tunnels.append(4)
            mid = nbr[base + 1]
            if passages[mid] == ns and not crossed[mid] and state[nbr[base + 5]] < 2:
                tunnels.append(5)
            mid = nbr[base + 2]
            if passages[mid] == ew and not crossed[mid] and state[nbr[base + 6]] < 2:
                tunnels.append(6)
            mid = nbr[base + 3]
            if passages[mid] == ns and not crossed[mid] and state[nbr[base + 7]] < 2:
                tunnels.append(7)
        if tunnels:
            ways = [s for s in range(4) if state[nbr[base + s]] < 2] + list(tunnels)
            slot = ways[(word & 0xFFFFFFFF) % len(ways)]
            if slot >= far:
                crossed[nbr[base + slot - far]] = 1
        else:
            for slot in orders[word % 24]:
                if state[nbr[base + slot]] < 2:
                    break
            else:
                slot = -1
        if slot < 0:
            if not hunt:
                if newest < 1:  # the cell leaves the active list, the last one taking its place
                    stack[at] = stack[-1]
                stack.pop()
                cell = stack[-1] if stack else cell
                continue
            while state[first] == 2:
                first += 1
            cell = state.find(1, first)  # a crossing's four neighbours are all in the maze already
            base = cell * 8
            beside = [s for s in range(4) if nbr[base + s] >= 0 and state[nbr[base + s]] == 2]
            slot = beside[int(rng.random() * len(beside))]
            passages[cell] |= 1 << slot
            passages[nbr[base + slot]] |= 1 << back[base + slot]
            nxt = cell
        else:
            nxt = nbr[base + slot]
            passages[cell] |= 1 << slot
            passages[nxt] |= 1 << back[base + slot]
            if not hunt:
                stack.append(nxt)
        state[nxt] = 2
        left -= 1
        if hunt:
            for other in nbr[nxt * 8 : nxt * 8 + 4]:
                if not state[other]:
                    state[other] = 1
        cell = nxt
    return GraphMaze(topology, bytes(passages))


WEAVERS: dict[str, WeaveFn] = {
    "kruskal": kruskal,
    "recursive-backtracker": recursive_backtracker,
    "hunt-and-kill": hunt_and_kill,
    "growing-tree": growing_tree,
}
"""The algorithms that weave: Kruskal's places crossings first, the walks tunnel as they go."""


def weave_maze(name: str, width: int, height: int, rng: random.Random, share: float) -> GraphMaze:
    """A weave maze of ``width`` x ``height`` squares by the algorithm ``name``."""
    return WEAVERS[name](Topology.of("weave", width, height), rng, share)


__all__ = ["WEAVERS", "inner_cells", "weave_maze"]
