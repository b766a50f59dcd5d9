"""Aldous-Broder's random walk compiled by numba, used when it is installed (``puzzlebook[fast]``).

The walk takes 65 to 116 steps a cell (on hexagons and triangles), and a Python step costs about 70 ns,
so a million-cell maze takes many seconds in ``aldous_broder``'s loops. These are the same loops over
the same chunks of random slots, so they make the same mazes, at machine speed: each call walks one chunk
and returns where the walk stands and how many cells are still to visit (0: done).
"""

from __future__ import annotations

import warnings
from array import array
from collections.abc import Iterable

import numpy as np
from numba import njit
from numba.core.errors import NumbaWarning


@njit(cache=True)
def walk_field(
    slots: np.ndarray,
    nbr: np.ndarray,
    back: np.ndarray,
    k: int,
    seen: np.ndarray,
    passages: np.ndarray,
    here: int,
    left: int,
) -> tuple[int, int]:
    for i in range(slots.shape[0]):
        slot = slots[i]
        nxt = nbr[here * k + slot]
        if nxt < 0:
            continue
        if not seen[nxt]:
            seen[nxt] = 1
            passages[here] |= 1 << slot
            passages[nxt] |= 1 << back[here * k + slot]
            left -= 1
            if left == 0:
                return nxt, 0
        here = nxt
    return here, left


@njit(cache=True)
def walk_squares(
    slots: np.ndarray,
    directions: np.ndarray,
    offsets: np.ndarray,
    opposite: np.ndarray,
    inside: np.ndarray,
    visited: np.ndarray,
    passages: np.ndarray,
    cell: int,
    left: int,
) -> tuple[int, int]:
    for i in range(slots.shape[0]):
        step = slots[i]
        nxt = cell + offsets[step]
        if not inside[nxt]:
            continue
        if not visited[nxt]:
            visited[nxt] = 1
            passages[cell] |= directions[step]
            passages[nxt] |= opposite[step]
            left -= 1
            if left == 0:
                return nxt, 0
        cell = nxt
    return cell, left


def on_field(
    chunks: Iterable[bytes], nbr: array[int], back: bytes, seen: bytearray, passages: bytearray, here: int
) -> None:
    """Walk the field of ``nbr`` and ``back`` (see ``graph.Topology.links``) from ``here`` until every cell
    is seen, filling ``seen`` and ``passages`` in place."""
    k = len(nbr) // len(seen)
    left = seen.count(0)
    args = (np.frombuffer(nbr, f"i{nbr.itemsize}"), np.frombuffer(back, np.uint8), k)
    done = (np.frombuffer(seen, np.uint8), np.frombuffer(passages, np.uint8))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaWarning)  # where the cache cannot be written: compile anew
        for chunk in chunks:
            here, left = walk_field(np.frombuffer(chunk, np.uint8), *args, *done, here, left)
            if not left:
                return


def on_squares(
    chunks: Iterable[bytes],
    steps: tuple[tuple[int, int], ...],
    opposite: dict[int, int],
    inside: bytes,
    visited: bytearray,
    passages: bytearray,
    cell: int,
    left: int,
) -> None:
    """The same on a padded grid of squares (see ``grid.Grid``): ``steps`` are (direction bit, offset)."""
    directions = np.array([d for d, _ in steps], np.uint8)
    offsets = np.array([off for _, off in steps], np.int64)
    opposites = np.array([opposite[d] for d, _ in steps], np.uint8)
    grid = (
        np.frombuffer(inside, np.uint8),
        np.frombuffer(visited, np.uint8),
        np.frombuffer(passages, np.uint8),
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaWarning)
        for chunk in chunks:
            cell, left = walk_squares(
                np.frombuffer(chunk, np.uint8), directions, offsets, opposites, *grid, cell, left
            )
            if not left:
                return


def try_out() -> None:
    """Load (or compile) both walks on a two-cell field, so that any failure shows before a maze's random
    draws are spent: the caller then walks in Python from the same draws."""
    on_field([b"\x00"], array("i", [1, 0]), b"\x00\x00", bytearray(b"\x01\x00"), bytearray(2), 0)
    inside = b"\x00\x01\x01\x00"
    on_squares([b"\x00"], ((4, 1),), {4: 8}, inside, bytearray(b"\x00\x01\x00\x00"), bytearray(4), 1, 1)
