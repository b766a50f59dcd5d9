"""The square-grid generators' loops compiled by numba (``puzzlebook[fast]``), for big mazes.

Each kernel is its generator's Python loop line for line, on the padded grid of ``grid.Grid`` and the
passages of ``maze.blank``, drawing from the same random streams through ``_twister``: the same mazes
from the same seeds, at machine speed. Each wrapper takes what the Python loop starts from and returns
the finished passages, or None where the kernel cannot run (the Python loop then makes the maze).
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from ._twister import (
    DRAWN_WORDS,
    WORD_DRAW,
    drawing,
    next_index,
    random_order,
    word32,
)

Orders = Sequence[Sequence[tuple[int, int, int]]]


def _orders(orders: Orders) -> np.ndarray:
    """``step_orders``' (direction, direction back, offset) triples as one array."""
    return np.array(orders, np.int64)


def _run(rng: random.Random, kernel: object, passages: bytearray, *args: object) -> bytearray | None:
    work = np.frombuffer(bytearray(passages), np.uint8)  # a copy: a failed kernel leaves nothing behind
    if not drawing(rng, kernel, work, *args):  # type: ignore[arg-type]
        return None
    return bytearray(work.tobytes())


@njit(cache=True)
def _indices(k: int) -> tuple[np.ndarray, np.ndarray]:
    """A ``random_indices(rng, k)`` stream's buffer, and its place (spent: its first index draws) with
    each byte's index after it (-1: the byte is dropped)."""
    at = np.full(257, -1, np.int64)
    at[0] = 4 * DRAWN_WORDS
    for b in range(256 - 256 % k):
        at[1 + b] = b % k
    return np.zeros(DRAWN_WORDS, np.uint32), at


@njit(cache=True)
def _words() -> tuple[np.ndarray, np.ndarray]:
    """A ``random_words`` stream's buffer and place, spent."""
    return np.zeros(WORD_DRAW, np.uint32), np.array([WORD_DRAW // 2], np.int64)


@njit(cache=True)
def _backtrack(mt: np.ndarray, passages: np.ndarray, orders: np.ndarray, cell: int) -> None:
    buf, at = _indices(orders.shape[0])
    stack = np.empty(passages.shape[0], np.int32)
    stack[0] = cell
    top = 1
    while True:
        r = next_index(mt, buf, at)
        nxt = -1
        for j in range(4):
            if not passages[cell + orders[r, j, 2]]:
                nxt = cell + orders[r, j, 2]
                break
        if nxt < 0:
            top -= 1
            if not top:
                return
            cell = stack[top - 1]
            continue
        passages[cell] |= orders[r, j, 0]
        passages[nxt] |= orders[r, j, 1]
        stack[top] = nxt
        top += 1
        cell = nxt


def backtracker(rng: random.Random, passages: bytearray, orders: Orders, cell: int) -> bytearray | None:
    return _run(rng, _backtrack, passages, _orders(orders), cell)


@njit(cache=True)
def _wilson(
    mt: np.ndarray, passages: np.ndarray, inside: np.ndarray, steps: np.ndarray, back: np.ndarray, root: int
) -> None:
    buf, at = _indices(steps.shape[0])
    exits = np.zeros(passages.shape[0], np.uint8)
    in_maze = np.zeros(passages.shape[0], np.uint8)
    in_maze[root] = 1
    for first in range(passages.shape[0]):
        if not inside[first] or in_maze[first]:
            continue
        cell = first
        while True:
            i = next_index(mt, buf, at)
            nxt = cell + steps[i, 1]
            if inside[nxt]:
                exits[cell] = i
                if in_maze[nxt]:
                    break
                cell = nxt
        cell = first
        while not in_maze[cell]:
            i = exits[cell]
            in_maze[cell] = 1
            passages[cell] |= steps[i, 0]
            passages[cell + steps[i, 1]] |= back[i]
            cell += steps[i, 1]


def wilson(
    rng: random.Random,
    passages: bytearray,
    inside: bytes,
    steps: Sequence[tuple[int, int]],
    opposite: dict[int, int],
    root: int,
) -> bytearray | None:
    table = np.array(steps, np.int64)
    back = np.array([opposite[d] for d, _ in steps], np.uint8)
    return _run(rng, _wilson, passages, np.frombuffer(inside, np.uint8), table, back, root)


@njit(cache=True)
def _heap_push(heap: np.ndarray, size: int, entry: np.int64) -> None:
    i = size
    while i:
        up = (i - 1) >> 1
        if heap[up] <= entry:
            break
        heap[i] = heap[up]
        i = up
    heap[i] = entry


@njit(cache=True)
def _heap_pop(heap: np.ndarray, size: int) -> Any:
    """The smallest entry; ``size`` is the heap's size before the pop."""
    top = heap[0]
    size -= 1
    last = heap[size]
    i = 0
    while True:
        child = 2 * i + 1
        if child >= size:
            break
        if child + 1 < size and heap[child + 1] < heap[child]:
            child += 1
        if heap[child] >= last:
            break
        heap[i] = heap[child]
        i = child
    heap[i] = last
    return top


@njit(cache=True)
def _heapify(heap: np.ndarray, size: int) -> None:
    for start in range(size // 2 - 1, -1, -1):
        entry = heap[start]
        i = start
        while True:
            child = 2 * i + 1
            if child >= size:
                break
            if child + 1 < size and heap[child + 1] < heap[child]:
                child += 1
            if heap[child] >= entry:
                break
            heap[i] = heap[child]
            i = child
        heap[i] = entry


@njit(cache=True)
def _prim(
    mt: np.ndarray,
    passages: np.ndarray,
    steps: np.ndarray,
    back: np.ndarray,
    levels: np.ndarray,
    cell: int,
    left: int,
    shift: int,
) -> None:
    """True Prim with ``prim.generate``'s heap and waiting list: entries are distinct ints, so the
    lightest live one, and so the tree, is the same as in the Python loop."""
    heap = np.empty(4 * left + 8, np.int64)
    heavy = np.empty(4 * left + 8, np.int64)
    size = waiting = 0
    low = (np.int64(1) << shift) - 1
    level = 0
    limit = levels[0]
    while left:
        for i in range(4):
            if not passages[cell + steps[i, 1]]:
                entry = (np.int64(word32(mt)) << shift) | (((cell + steps[i, 1]) << 3) + i)
                if entry < limit:
                    _heap_push(heap, size, entry)
                    size += 1
                else:
                    heavy[waiting] = entry
                    waiting += 1
        while True:
            while not size:  # raise the limit; walls into the tree by now are dropped
                level += 1
                limit = levels[level]
                kept = 0
                for w in range(waiting):
                    entry = heavy[w]
                    if passages[(entry & low) >> 3]:
                        continue
                    if entry < limit:
                        heap[size] = entry
                        size += 1
                    else:
                        heavy[kept] = entry
                        kept += 1
                waiting = kept
                _heapify(heap, size)
            entry = _heap_pop(heap, size) & low
            size -= 1
            cell = entry >> 3
            if not passages[cell]:
                break
        i = entry & 7
        passages[cell - steps[i, 1]] |= steps[i, 0]
        passages[cell] |= back[i]
        left -= 1


def prim(
    rng: random.Random,
    passages: bytearray,
    steps: Sequence[tuple[int, int]],
    opposite: dict[int, int],
    limits: Sequence[int],
    cell: int,
    left: int,
    shift: int,
) -> bytearray | None:
    table = np.array(steps, np.int64)
    back = np.array([opposite[d] for d, _ in steps], np.uint8)
    levels = np.array([*limits, 2**63 - 1], np.int64)
    return _run(rng, _prim, passages, table, back, levels, cell, left, shift)


@njit(cache=True)
def _find(parent: np.ndarray, cell: int) -> Any:
    a: Any = np.int64(cell)
    up: Any = np.int64(parent[a])
    while up >= 0:  # path halving
        top = np.int64(parent[up])
        if top < 0:
            return up
        parent[a] = top
        a = top
        up = np.int64(parent[a])
    return a


@njit(cache=True)
def _kruskal(
    mt: None, passages: np.ndarray, order: np.ndarray, down: int, right: int, bits: np.ndarray, left: int
) -> None:
    """``bits``: south, north, east, west."""
    parent = np.full(passages.shape[0], -1, np.int32)
    for code in order:
        wall: Any = np.int64(code)
        cell = wall >> 1
        nxt = cell + down if wall & 1 else cell + right
        a, b = _find(parent, cell), _find(parent, nxt)
        if a == b:
            continue
        if parent[a] < parent[b]:
            a, b = b, a
        parent[b] += parent[a]
        parent[a] = b
        if wall & 1:
            passages[cell] |= bits[0]
            passages[nxt] |= bits[1]
        else:
            passages[cell] |= bits[2]
            passages[nxt] |= bits[3]
        left -= 1
        if not left:
            return


def kruskal_order(inside: bytes, down: int, right: int, rng: random.Random, chunk: int) -> array[int]:
    """``random_order(kruskal._walls(...))`` with numpy, as an ``array("I")`` any loop can read: the east
    walls ``cell << 1`` ascending, then the south walls ``cell << 1 | 1``, where both sides are cells."""
    cells = np.frombuffer(inside, np.uint8).astype(bool)
    east = np.flatnonzero(cells[:-right] & cells[right:]).astype(np.uint32) << np.uint32(1)
    south = (np.flatnonzero(cells[:-down] & cells[down:]).astype(np.uint32) << np.uint32(1)) | np.uint32(1)
    walls = array("I", np.concatenate([east, south]).tobytes())
    return array("I", random_order(walls, rng, chunk).tobytes())


def kruskal(
    passages: bytearray, order: array[int], down: int, right: int, bits: tuple[int, int, int, int], left: int
) -> bytearray | None:
    """No draws here: ``order`` is the walls' random order (``kruskal_order``)."""
    work = np.frombuffer(bytearray(passages), np.uint8)
    walls = np.frombuffer(order, np.uint32)
    if not drawing(None, _kruskal, work, walls, down, right, np.array(bits, np.uint8), left):
        return None
    return bytearray(work.tobytes())
