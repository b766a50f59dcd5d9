"""Growing tree, hunt-and-kill and simplified Prim on squares, compiled by numba (``puzzlebook[fast]``).

As in ``_compiled_squares``: each kernel is its generator's Python loop on the padded grid, drawing from
the same streams in the same order, so the same maze comes out.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

from ._compiled_squares import Orders, _indices, _orders, _run, _words
from ._twister import next_index, next_word, random01, scaled

GONE = 0x3F3F3F3F  # growing_tree.GONE


@njit(cache=True)
def _grow(
    mt: np.ndarray,
    passages: np.ndarray,
    orders: np.ndarray,
    offsets: np.ndarray,
    cell: int,
    top: int,
    rest: np.uint64,
    always: bool,
) -> None:
    """``growing_tree._grow_newest_or_random``; ``always``: ``rest`` is 2**64 (every straddling coin)."""
    coins, coin_at = _indices(256)
    words, word_at = _words()
    indices, index_at = _indices(orders.shape[0])
    active = np.empty(passages.shape[0] + 2, np.int64)
    active[0], active[1] = 0, cell
    size, gone, n = 2, 0, 0
    north, south, east, west = offsets[0], offsets[1], offsets[2], offsets[3]
    while True:
        coin = next_index(mt, coins, coin_at)
        newest: Any = coin < top
        if coin == top:
            word = next_word(mt, words, word_at)
            newest = always or word < rest
        if newest:
            picked, i = cell, size - 1
        else:
            n = size
            i = scaled(next_word(mt, words, word_at), n)
            picked = active[i]
            while not picked or picked == GONE:
                i = scaled(next_word(mt, words, word_at), n)
                picked = active[i]
        if not (
            passages[picked + north]
            and passages[picked + south]
            and passages[picked + east]
            and passages[picked + west]
        ):
            r = next_index(mt, indices, index_at)
            for j in range(4):
                nxt = picked + orders[r, j, 2]
                if not passages[nxt]:
                    passages[picked] |= orders[r, j, 0]
                    passages[nxt] = orders[r, j, 1]
                    active[size] = nxt
                    size += 1
                    cell = nxt
                    break
            continue
        if not newest and picked != cell:  # no free neighbour, inside the list: mark it
            active[i] = GONE
            gone += 1
            if gone * 8 > n:
                kept = 0
                for j in range(size):
                    if active[j] != GONE:
                        active[kept] = active[j]
                        kept += 1
                size = kept
                gone = 0
            continue
        size -= 1  # the newest cell has no free neighbour: drop it, and the marks below it
        cell = active[size - 1]
        while cell == GONE:
            size -= 1
            gone -= 1
            cell = active[size - 1]
        if not cell:
            return


def grow(
    rng: random.Random, passages: bytearray, orders: Orders, steps: list[int], cell: int, newest: float
) -> bytearray | None:
    top = int(newest * 256)
    rest = round((newest * 256 - top) * 2**64)
    table = np.array(steps, np.int64)
    always = rest >= 2**64
    return _run(rng, _grow, passages, _orders(orders), table, cell, top, np.uint64(rest % 2**64), always)


@njit(cache=True)
def _grow_in_order(
    mt: np.ndarray, passages: np.ndarray, orders: np.ndarray, start: int, middle: bool
) -> None:
    indices, index_at = _indices(orders.shape[0])
    active = np.empty(passages.shape[0] + 1, np.int64)
    active[0] = start
    head, size = 0, 1
    while True:
        r = next_index(mt, indices, index_at)
        i = (head + size) // 2 if middle else head
        cell = active[i]
        grown = False
        for j in range(4):
            nxt = cell + orders[r, j, 2]
            if not passages[nxt]:
                passages[cell] |= orders[r, j, 0]
                passages[nxt] = orders[r, j, 1]
                active[size] = nxt
                size += 1
                grown = True
                break
        if not grown:
            if middle:
                for j in range(i, size - 1):
                    active[j] = active[j + 1]
                size -= 1
            else:
                head += 1
            if head == size:
                return


def grow_in_order(
    rng: random.Random, passages: bytearray, orders: Orders, start: int, middle: bool
) -> bytearray | None:
    return _run(rng, _grow_in_order, passages, _orders(orders), start, middle)


@njit(cache=True)
def _hunt_and_kill(
    mt: np.ndarray,
    passages: np.ndarray,
    orders: np.ndarray,
    steps: np.ndarray,
    cell: int,
    width: int,
    height: int,
    walk_limit: int,
    hunt_probability: float,
    in_maze: int,
) -> None:
    """``hunt_and_kill.generate``, its hunt the first free cell in reading order beside the maze."""
    indices, index_at = _indices(orders.shape[0])
    stride = width + 2
    row = 0
    walked = 0
    while True:
        r = next_index(mt, indices, index_at)
        nxt = -1
        if walked < walk_limit and not (hunt_probability > 0 and random01(mt) < hunt_probability):
            for j in range(4):
                if not passages[cell + orders[r, j, 2]]:
                    nxt = cell + orders[r, j, 2]
                    break
        if nxt >= 0:
            passages[cell] |= orders[r, j, 0]
            passages[nxt] |= orders[r, j, 1]
            cell = nxt
            walked += 1
            continue
        walked = 0
        cell = -1
        while row < height and cell < 0:  # rows above ``row`` have no free cell
            start = (row + 1) * stride + 1
            for at in range(start, start + width):
                if not passages[at]:
                    cell = at
                    break
            if cell < 0:
                row += 1
        if cell < 0:
            return
        found = False
        for at in range(cell, (height + 1) * stride):
            if passages[at]:
                continue
            for j in range(4):
                if passages[at + steps[j, 1]] & in_maze:
                    found = True
                    break
            if found:
                cell = at
                break
        if not found:
            return
        joins = 0
        for j in range(4):
            if passages[cell + steps[j, 1]] & in_maze:
                joins += 1
        pick = int(random01(mt) * joins) if joins > 1 else 0
        for j in range(4):
            if passages[cell + steps[j, 1]] & in_maze:
                if not pick:
                    passages[cell] |= steps[j, 0]
                    passages[cell + steps[j, 1]] |= steps[j, 2]
                    break
                pick -= 1


def hunt_and_kill(
    rng: random.Random,
    passages: bytearray,
    orders: Orders,
    steps: list[tuple[int, int, int]],
    cell: int,
    size: tuple[int, int],
    walk_limit: int,
    hunt_probability: float,
    in_maze: int,
) -> bytearray | None:
    """``steps``: (direction, offset, direction back) in ``grid.steps``' order."""
    table = np.array(steps, np.int64)
    return _run(
        rng,
        _hunt_and_kill,
        passages,
        _orders(orders),
        table,
        cell,
        *size,
        walk_limit,
        hunt_probability,
        in_maze,
    )


@njit(cache=True)
def _simplified_prim(
    mt: np.ndarray,
    passages: np.ndarray,
    orders: np.ndarray,
    frontier: np.ndarray,
    size: int,
    mark: int,
    in_maze: int,
) -> None:
    """``simplified_prim.generate``: ``orders`` of (direction, offset, direction back)."""
    indices, index_at = _indices(orders.shape[0])
    while True:
        r = next_index(mt, indices, index_at)
        if not size:
            return
        i = int(random01(mt) * size)
        cell = frontier[i]
        frontier[i] = frontier[size - 1]
        size -= 1
        joined = False
        for j in range(4):
            nxt = cell + orders[r, j, 1]
            state = passages[nxt]
            if not state:
                passages[nxt] = mark
                frontier[size] = nxt
                size += 1
            elif state & in_maze and not joined:
                passages[cell] |= orders[r, j, 0]
                passages[nxt] |= orders[r, j, 2]
                joined = True


def simplified_prim(
    rng: random.Random,
    passages: bytearray,
    orders: list[list[tuple[int, int, int]]],
    frontier: list[int],
    mark: int,
    in_maze: int,
) -> bytearray | None:
    room = np.zeros(len(passages), np.int64)
    room[: len(frontier)] = frontier
    return _run(
        rng, _simplified_prim, passages, np.array(orders, np.int64), room, len(frontier), mark, in_maze
    )
