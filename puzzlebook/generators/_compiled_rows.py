"""Sidewinder and recursive division compiled by numba (``puzzlebook[fast]``), for big mazes: their
Python loops line for line, drawing from the same stream in the same order (see ``_twister``)."""

from __future__ import annotations

import random

import numpy as np
from numba import njit

from ._compiled_squares import _run
from ._twister import coins as _coins
from ._twister import random01

N, S, E, W = 1, 2, 4, 8


@njit(cache=True)
def _sidewinder(mt: np.ndarray, passages: np.ndarray, width: int, height: int) -> None:
    stride = width + 2
    coins = np.zeros((width - 1) // 32 + 1, np.uint32)
    for y in range(height):
        base = (y + 1) * stride + 1
        _coins(mt, coins, width)
        run_start = base
        for x in range(width):
            cell = base + x
            at_end = x == width - 1
            if y == 0 or (not at_end and (coins[x >> 5] >> np.uint32(x & 31)) & np.uint32(1)):
                if not at_end:
                    passages[cell] |= E
                    passages[cell + 1] |= W
                continue
            exit_cell = run_start + int(random01(mt) * (cell - run_start + 1))
            passages[exit_cell] |= N
            passages[exit_cell - stride] |= S
            run_start = cell + 1


def sidewinder(rng: random.Random, passages: bytearray, width: int, height: int) -> bytearray | None:
    return _run(rng, _sidewinder, passages, width, height)


@njit(cache=True)
def _line(passages: np.ndarray, first: int, count: int, direction: int, back: int, step: int) -> None:
    for i in range(count - 1):
        passages[first + i * step] |= direction
        passages[first + (i + 1) * step] |= back


@njit(cache=True)
def _division(mt: np.ndarray, passages: np.ndarray, width: int, height: int) -> None:
    stride = width + 2
    room = width * height + 2
    corners = np.empty(room, np.int64)
    widths = np.empty(room, np.int64)
    heights = np.empty(room, np.int64)
    corners[0], widths[0], heights[0] = stride + 1, width, height
    size = 1
    while size:
        size -= 1
        corner, w, h = corners[size], widths[size], heights[size]
        if h == 1:
            _line(passages, corner, w, E, W, 1)
            continue
        if w == 1:
            _line(passages, corner, h, S, N, stride)
            continue
        across = w < h
        if w == h:
            across = random01(mt) < 0.5
        if across:
            cut = 1 + int(random01(mt) * (h - 1))  # rows [0, cut) above the wall, the rest below
            door = corner + (cut - 1) * stride + int(random01(mt) * w)
            passages[door] |= S
            passages[door + stride] |= N
            corners[size], widths[size], heights[size] = corner + cut * stride, w, h - cut
            corners[size + 1], widths[size + 1], heights[size + 1] = corner, w, cut
        else:
            cut = 1 + int(random01(mt) * (w - 1))
            door = corner + int(random01(mt) * h) * stride + cut - 1
            passages[door] |= E
            passages[door + 1] |= W
            corners[size], widths[size], heights[size] = corner + cut, w - cut, h
            corners[size + 1], widths[size + 1], heights[size + 1] = corner, cut, h
        size += 2


def division(rng: random.Random, passages: bytearray, width: int, height: int) -> bytearray | None:
    return _run(rng, _division, passages, width, height)


@njit(cache=True)
def _binary_tree(mt: np.ndarray, passages: np.ndarray, width: int, height: int, ways: np.ndarray) -> None:
    """``ways``: vertical bit, its opposite, its offset, horizontal bit, its opposite, its offset, the
    row and the column without a choice."""
    coins = np.zeros((width - 1) // 32 + 1, np.uint32)
    stride = width + 2
    for y in range(height):
        _coins(mt, coins, width)
        base = (y + 1) * stride + 1
        for x in range(width):
            cell = base + x
            can_v, can_h = y != ways[6], x != ways[7]
            if can_v and (not can_h or (coins[x >> 5] >> np.uint32(x & 31)) & np.uint32(1)):
                passages[cell] |= ways[0]
                passages[cell + ways[2]] |= ways[1]
            elif can_h:
                passages[cell] |= ways[3]
                passages[cell + ways[5]] |= ways[4]


def binary_tree(
    rng: random.Random, passages: bytearray, width: int, height: int, ways: list[int]
) -> bytearray | None:
    return _run(rng, _binary_tree, passages, width, height, np.array(ways, np.int64))


@njit(cache=True)
def _eller(
    mt: np.ndarray, passages: np.ndarray, width: int, height: int, horizontal: float, vertical: float
) -> None:
    """``eller.rows`` written into the whole maze."""
    stride = width + 2
    left = np.arange(width)
    right = np.arange(width)
    for y in range(height):
        row = (y + 1) * stride + 1
        if y:
            for x in range(width):
                if passages[row - stride + x] & S:
                    passages[row + x] = N
        last = y == height - 1
        for x in range(width - 1):
            if right[x] != x + 1 and (last or random01(mt) < horizontal):
                nxt = x + 1
                right[left[nxt]] = right[x]
                left[right[x]] = left[nxt]
                right[x] = nxt
                left[nxt] = x
                passages[row + x] |= E
                passages[row + nxt] |= W
        if not last:
            for x in range(width):
                if right[x] != x and random01(mt) >= vertical:
                    right[left[x]] = right[x]
                    left[right[x]] = left[x]
                    left[x] = x
                    right[x] = x
                else:
                    passages[row + x] |= S


def eller(
    rng: random.Random, slots: int, width: int, height: int, horizontal: float, vertical: float
) -> bytes | None:
    made = _run(rng, _eller, bytearray(slots), width, height, horizontal, vertical)
    return None if made is None else bytes(made)
