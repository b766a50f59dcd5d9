"""The walking generators' loops over any field's neighbour arrays (``graph.Topology.links``), compiled
by numba (``puzzlebook[fast]``), for big mazes of hexagons, triangles, circles and shapes.

As in ``_compiled_squares``: each kernel is its ``on_any_grid`` loop line for line, drawing from the same
streams in the same order, so the same maze comes out. The arrays of "seen" cells have one byte more
than there are cells, set, and a missing neighbour's -1 reads that byte, as in Python.
"""

from __future__ import annotations

import random
from array import array
from itertools import permutations
from typing import Any

import numpy as np
from numba import njit

from ._compiled_squares import _heap_pop, _heap_push, _heapify, _indices, _words
from ._twister import drawing, next_index, next_word, random01, random_order, word32


def _run(rng: random.Random | None, kernel: object, n: int, *args: object) -> bytes | None:
    passages = np.zeros(n, np.uint8)
    if not drawing(rng, kernel, passages, *args):  # type: ignore[arg-type]
        return None
    return passages.tobytes()


def _links(nbr: array[int], back: bytes) -> tuple[np.ndarray, np.ndarray]:
    return np.frombuffer(nbr, np.dtype(f"i{nbr.itemsize}")), np.frombuffer(back, np.uint8)


def _orders(k: int) -> np.ndarray:
    return np.array(list(permutations(range(k))), np.int64)


@njit(cache=True)
def _backtrack(
    mt: np.ndarray,
    passages: np.ndarray,
    nbr: np.ndarray,
    back: np.ndarray,
    orders: np.ndarray,
    k: int,
    cell: int,
) -> None:
    words, at = _words()
    n = passages.shape[0]
    seen = np.zeros(n + 1, np.uint8)
    seen[n] = 1
    seen[cell] = 1
    stack = np.empty(n, np.int64)
    stack[0] = cell
    top = 1
    count = np.uint64(orders.shape[0])
    while True:
        r = np.int64(next_word(mt, words, at) % count)
        base = cell * k
        nxt = -1
        for j in range(k):
            slot = orders[r, j]
            if not seen[nbr[base + slot]]:
                nxt = nbr[base + slot]
                break
        if nxt < 0:
            top -= 1
            if not top:
                return
            cell = stack[top - 1]
            continue
        passages[cell] |= 1 << slot
        passages[nxt] |= 1 << back[base + slot]
        seen[nxt] = 1
        stack[top] = nxt
        top += 1
        cell = nxt


def backtracker(rng: random.Random, nbr: array[int], back: bytes, k: int, n: int, cell: int) -> bytes | None:
    return _run(rng, _backtrack, n, *_links(nbr, back), _orders(k), k, cell)


@njit(cache=True)
def _wilson(
    mt: np.ndarray, passages: np.ndarray, nbr: np.ndarray, back: np.ndarray, k: int, root: int
) -> None:
    indices, at = _indices(k)
    n = passages.shape[0]
    in_maze = np.zeros(n, np.uint8)
    exits = np.zeros(n, np.uint8)
    in_maze[root] = 1
    for start in range(n):
        if in_maze[start]:
            continue
        cell = start
        while not in_maze[cell]:
            base = cell * k
            slot = next_index(mt, indices, at)
            while nbr[base + slot] < 0:
                slot = next_index(mt, indices, at)
            exits[cell] = slot
            cell = nbr[base + slot]
        cell = start
        while not in_maze[cell]:
            here = cell * k + exits[cell]
            other = nbr[here]
            passages[cell] |= 1 << exits[cell]
            passages[other] |= 1 << back[here]
            in_maze[cell] = 1
            cell = other


def wilson(rng: random.Random, nbr: array[int], back: bytes, k: int, n: int, root: int) -> bytes | None:
    return _run(rng, _wilson, n, *_links(nbr, back), k, root)


@njit(cache=True)
def _prim(
    mt: np.ndarray,
    passages: np.ndarray,
    nbr: np.ndarray,
    back: np.ndarray,
    levels: np.ndarray,
    k: int,
    cell: int,
    shift: int,
) -> None:
    """``prim.on_any_grid``, its heap and waiting list as in ``_compiled_squares._prim``."""
    n = passages.shape[0]
    seen = np.zeros(n + 1, np.uint8)
    seen[n] = 1
    seen[cell] = 1
    heap = np.empty(k * n + 8, np.int64)
    heavy = np.empty(k * n + 8, np.int64)
    size = waiting = 0
    low = (np.int64(1) << shift) - 1
    level = 0
    limit = levels[0]
    for _ in range(n - 1):
        base = cell * k
        for code in range(base, base + k):
            if not seen[nbr[code]]:
                entry = (np.int64(word32(mt)) << shift) | code
                if entry < limit:
                    _heap_push(heap, size, entry)
                    size += 1
                else:
                    heavy[waiting] = entry
                    waiting += 1
        while True:
            while not size:
                level += 1
                limit = levels[level]
                kept = 0
                for w in range(waiting):
                    entry = heavy[w]
                    if seen[nbr[entry & low]]:
                        continue
                    if entry < limit:
                        heap[size] = entry
                        size += 1
                    else:
                        heavy[kept] = entry
                        kept += 1
                waiting = kept
                _heapify(heap, size)
            code = _heap_pop(heap, size) & low
            size -= 1
            cell = nbr[code]
            if not seen[cell]:
                break
        seen[cell] = 1
        passages[code // k] |= 1 << (code % k)
        passages[cell] |= 1 << back[code]


def prim(
    rng: random.Random, nbr: array[int], back: bytes, k: int, n: int, limits: list[int], cell: int, shift: int
) -> bytes | None:
    levels = np.array([*limits, 2**63 - 1], np.int64)
    return _run(rng, _prim, n, *_links(nbr, back), levels, k, cell, shift)


@njit(cache=True)
def _find(parent: np.ndarray, cell: int) -> Any:
    a: Any = np.int64(cell)
    up: Any = np.int64(parent[a])
    while up >= 0:
        top = np.int64(parent[up])
        if top < 0:
            return up
        parent[a] = top
        a = top
        up = np.int64(parent[a])
    return a


@njit(cache=True)
def _kruskal(
    mt: None, passages: np.ndarray, nbr: np.ndarray, back: np.ndarray, order: np.ndarray, k: int
) -> None:
    n = passages.shape[0]
    parent = np.full(n, -1, np.int32)
    left = n - 1
    for wall in order:
        code: Any = np.int64(wall)
        cell = code // k
        nxt: Any = np.int64(nbr[code])
        a, b = _find(parent, cell), _find(parent, nxt)
        if a == b:
            continue
        if parent[a] < parent[b]:
            a, b = b, a
        parent[b] += parent[a]
        parent[a] = b
        passages[cell] |= 1 << (code - cell * k)
        passages[nxt] |= 1 << back[code]
        left -= 1
        if not left:
            return


def kruskal_order(nbr: array[int], k: int, rng: random.Random, chunk: int) -> array[int]:
    """``random_order(topology.walls)``, the walls found with numpy: every code whose neighbour has a
    higher id, ascending."""
    links = _links(nbr, b"")[0]
    walls = np.flatnonzero(links > np.arange(len(links), dtype=links.dtype) // k).astype(np.uint32)
    return array("I", random_order(array("I", walls.tobytes()), rng, chunk).tobytes())


def kruskal(nbr: array[int], back: bytes, k: int, n: int, order: array[int]) -> bytes | None:
    """No draws here: ``order`` is the walls' random order (``kruskal_order``)."""
    return _run(None, _kruskal, n, *_links(nbr, back), np.frombuffer(order, np.uint32), k)


@njit(cache=True)
def _grow(
    mt: np.ndarray,
    passages: np.ndarray,
    nbr: np.ndarray,
    back: np.ndarray,
    orders: np.ndarray,
    k: int,
    cell: int,
    select: int,
    newest: float,
) -> None:
    """``growing_tree.on_any_grid``; ``select`` 0 newest, mix or random (by ``newest``), 1 oldest,
    2 middle."""
    words, at = _words()
    n = passages.shape[0]
    seen = np.zeros(n + 1, np.uint8)
    seen[n] = 1
    seen[cell] = 1
    active = np.empty(n + 1, np.int64)
    active[0] = cell
    size, head, live = 1, 0, 1
    count = np.uint64(orders.shape[0])
    while True:
        word = next_word(mt, words, at)
        if not live:
            return
        if select == 1:
            i = head
        elif select == 2:
            if live != size - head:
                kept = 0
                for j in range(head, size):
                    if active[j] >= 0:
                        active[kept] = active[j]
                        kept += 1
                size, head = kept, 0
            i = size // 2
        elif newest > 0 and (newest == 1.0 or random01(mt) < newest):
            while active[size - 1] < 0:
                size -= 1
            i = size - 1
        else:
            i = head + int(random01(mt) * (size - head))
            while active[i] < 0:
                i = head + int(random01(mt) * (size - head))
        cell = active[i]
        base = cell * k
        r = np.int64(word % count)
        nxt = -1
        for j in range(k):
            slot = orders[r, j]
            if not seen[nbr[base + slot]]:
                nxt = nbr[base + slot]
                break
        if nxt < 0:
            live -= 1
            if i == head:
                head += 1
                while head < size and active[head] < 0:
                    head += 1
            elif i == size - 1:
                size -= 1
            else:
                active[i] = -1
            continue
        passages[cell] |= 1 << slot
        passages[nxt] |= 1 << back[base + slot]
        seen[nxt] = 1
        active[size] = nxt
        size += 1
        live += 1


def grow(
    rng: random.Random, nbr: array[int], back: bytes, k: int, n: int, cell: int, select: str, newest: float
) -> bytes | None:
    how = {"oldest": 1, "middle": 2}.get(select, 0)
    return _run(rng, _grow, n, *_links(nbr, back), _orders(k), k, cell, how, newest)


@njit(cache=True)
def _see(state: np.ndarray, nbr: np.ndarray, k: int, cell: int) -> None:
    state[cell] = 2
    for j in range(cell * k, cell * k + k):
        if not state[nbr[j]]:
            state[nbr[j]] = 1


@njit(cache=True)
def _hunt_and_kill(
    mt: np.ndarray,
    passages: np.ndarray,
    nbr: np.ndarray,
    back: np.ndarray,
    orders: np.ndarray,
    k: int,
    cell: int,
    walk_limit: int,
    hunt_probability: float,
) -> None:
    """``hunt_and_kill.on_any_grid``: ``state`` 0 unseen, 1 unseen beside a seen cell, 2 seen."""
    words, at = _words()
    n = passages.shape[0]
    state = np.zeros(n + 1, np.uint8)
    state[n] = 2
    _see(state, nbr, k, cell)
    count = np.uint64(orders.shape[0])
    first = walked = 0
    while True:
        word = next_word(mt, words, at)
        nxt = -1
        if walked < walk_limit and not (hunt_probability > 0 and random01(mt) < hunt_probability):
            base = cell * k
            r = np.int64(word % count)
            for j in range(k):
                slot = orders[r, j]
                if state[nbr[base + slot]] < 2:
                    nxt = nbr[base + slot]
                    break
        if nxt >= 0:
            passages[cell] |= 1 << slot
            passages[nxt] |= 1 << back[base + slot]
            _see(state, nbr, k, nxt)
            cell = nxt
            walked += 1
            continue
        walked = 0
        while first < n and state[first] == 2:
            first += 1
        cell = -1
        for j in range(first, n):
            if state[j] == 1:
                cell = j
                break
        if cell < 0:
            return
        base = cell * k
        joins = 0
        for s in range(k):
            if nbr[base + s] >= 0 and state[nbr[base + s]] == 2:
                joins += 1
        pick = np.int64(random01(mt) * joins) if joins > 1 else 0
        for s in range(k):
            if nbr[base + s] >= 0 and state[nbr[base + s]] == 2:
                if not pick:
                    passages[cell] |= 1 << s
                    passages[nbr[base + s]] |= 1 << back[base + s]
                    break
                pick -= 1
        _see(state, nbr, k, cell)


def hunt_and_kill(
    rng: random.Random,
    nbr: array[int],
    back: bytes,
    k: int,
    n: int,
    cell: int,
    walk_limit: int,
    hunt_probability: float,
) -> bytes | None:
    """From the first cell drawn, not yet seen (the kernel sees it)."""
    return _run(rng, _hunt_and_kill, n, *_links(nbr, back), _orders(k), k, cell, walk_limit, hunt_probability)


@njit(cache=True)
def _simplified_prim(
    mt: np.ndarray,
    passages: np.ndarray,
    nbr: np.ndarray,
    back: np.ndarray,
    k: int,
    state: np.ndarray,
    frontier: np.ndarray,
    size: int,
) -> None:
    """``simplified_prim.on_any_grid`` from its first frontier: ``state`` 0 free, 1 on the frontier,
    2 in the maze."""
    while size:
        i = np.int64(random01(mt) * size)
        cell = frontier[i]
        frontier[i] = frontier[size - 1]
        size -= 1
        base = cell * k
        inside = 0
        for s in range(k):
            if state[nbr[base + s]] == 2:
                inside += 1
        pick = np.int64(random01(mt) * inside) if inside > 1 else 0
        for s in range(k):
            if state[nbr[base + s]] == 2:
                if not pick:
                    passages[cell] |= 1 << s
                    passages[nbr[base + s]] |= 1 << back[base + s]
                    break
                pick -= 1
        state[cell] = 2
        for j in range(base, base + k):
            if not state[nbr[j]]:
                state[nbr[j]] = 1
                frontier[size] = nbr[j]
                size += 1


def simplified_prim(
    rng: random.Random, nbr: array[int], back: bytes, k: int, state: bytearray, frontier: list[int]
) -> bytes | None:
    n = len(state) - 1
    room = np.zeros(n + len(frontier), np.int64)
    room[: len(frontier)] = frontier
    marks = np.frombuffer(bytearray(state), np.uint8)
    return _run(rng, _simplified_prim, n, *_links(nbr, back), k, marks, room, len(frontier))
