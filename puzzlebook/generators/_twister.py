"""Python's own random stream, drawn inside compiled loops (``puzzlebook[fast]``, numba).

``random.Random`` is the Mersenne Twister MT19937, and every draw the generators make is read from one
stream of its 32-bit outputs: ``random()`` takes two of them, ``getrandbits(32)`` one, and
``getrandbits(8 n)`` (so ``randbytes(n)``) n / 4 of them, least significant first. So a compiled loop
that takes the generator's state, runs the same twister and makes the same calls in the same order
draws exactly the numbers the Python loop would, wherever they interleave, and leaves the generator
where the Python loop would have left it: the same mazes, and the same draws after them.

The streams of ``_base`` are rebuilt on top: ``random_indices`` (64 KiB drawn at a time, each byte
``% k`` with the top ``256 % k`` values dropped) and ``random_words`` (8 KiB at a time, read as
little-endian 64-bit words). Each keeps its buffer and its place in a small array, drawing again only
when a number is asked for and the buffer is spent, as the lazy Python iterators do.
"""

from __future__ import annotations

import random
import warnings
from array import array
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import njit
from numba.core.errors import NumbaWarning

N, M = 624, 397
DRAWN_WORDS = 65536 // 4
"""32-bit outputs in one draw of ``random_indices`` (``_base.DRAWN`` bytes)."""
WORD_DRAW = 8192 // 4
"""32-bit outputs in one draw of ``random_words`` (8 KiB)."""


def state_of(rng: random.Random) -> np.ndarray:
    """The twister's 624 words and its position (the 625th), as ``rng.getstate`` gives them."""
    version, internal, _ = rng.getstate()
    if version != 3:
        raise ValueError(f"unknown random state version {version}")
    return np.array(internal, dtype=np.uint32)


def restore(rng: random.Random, mt: np.ndarray) -> None:
    """Hand the twister back to ``rng`` after a compiled loop drew from it."""
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple(int(v) for v in mt), gauss))


@njit(cache=True)
def _twist(mt: np.ndarray) -> None:
    """The next 624 words, in CPython's three loops (no index wraps inside a loop)."""
    upper, lower, matrix = np.uint32(0x80000000), np.uint32(0x7FFFFFFF), np.uint32(0x9908B0DF)
    one = np.uint32(1)
    for kk in range(N - M):
        y = (mt[kk] & upper) | (mt[kk + 1] & lower)
        mt[kk] = mt[kk + M] ^ (y >> one) ^ (matrix if y & one else np.uint32(0))
    for kk in range(N - M, N - 1):
        y = (mt[kk] & upper) | (mt[kk + 1] & lower)
        mt[kk] = mt[kk + M - N] ^ (y >> one) ^ (matrix if y & one else np.uint32(0))
    y = (mt[N - 1] & upper) | (mt[0] & lower)
    mt[N - 1] = mt[M - 1] ^ (y >> one) ^ (matrix if y & one else np.uint32(0))
    mt[N] = 0


@njit(cache=True)
def word32(mt: np.ndarray) -> Any:
    """``getrandbits(32)``: the next output, tempered."""
    if mt[N] >= N:
        _twist(mt)
    y = mt[mt[N]]
    mt[N] += 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y


@njit(cache=True)
def random01(mt: np.ndarray) -> Any:
    """``random()``: 53 bits from two outputs."""
    a = word32(mt) >> np.uint32(5)
    b = word32(mt) >> np.uint32(6)
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def fill(mt: np.ndarray, out: np.ndarray) -> None:
    """``getrandbits(32 * len(out))`` as its 32-bit words, least significant first."""
    for i in range(out.shape[0]):
        out[i] = word32(mt)


@njit(cache=True)
def coins(mt: np.ndarray, out: np.ndarray, bits: int) -> None:
    """``getrandbits(bits)`` (bits >= 1) as 32-bit words, bit x of the number being bit x % 32 of word
    x // 32; the last word keeps its top ``bits % 32`` bits, shifted down, as CPython does."""
    words = (bits - 1) // 32 + 1
    for i in range(words):
        w = word32(mt)
        if i == words - 1 and bits % 32:
            w >>= np.uint32(32 - bits % 32)
        out[i] = w


@njit(cache=True)
def next_index(mt: np.ndarray, buf: np.ndarray, at: np.ndarray) -> Any:
    """The next index of ``random_indices(rng, k)``: ``at`` holds the place and the table of
    ``_compiled_squares._indices(k)``, so a step costs a lookup rather than two divisions."""
    while True:
        p = at[0]
        if p >= 4 * DRAWN_WORDS:
            fill(mt, buf)
            p = 0
        at[0] = p + 1
        index = at[1 + ((buf[p >> 2] >> np.uint32(8 * (p & 3))) & np.uint32(255))]
        if index >= 0:
            return index


@njit(cache=True)
def next_word(mt: np.ndarray, buf: np.ndarray, at: np.ndarray) -> Any:
    """The next 64-bit word of ``random_words(rng)``."""
    p = at[0]
    if p >= WORD_DRAW // 2:
        fill(mt, buf)
        p = 0
    at[0] = p + 1
    return np.uint64(buf[2 * p]) | (np.uint64(buf[2 * p + 1]) << np.uint64(32))


@njit(cache=True)
def scaled(word: np.uint64, n: int) -> Any:
    """``word * n >> 64`` for n < 2**32, without 128-bit numbers."""
    low = (word & np.uint64(0xFFFFFFFF)) * np.uint64(n)
    high = (word >> np.uint64(32)) * np.uint64(n)
    return np.int64((high + (low >> np.uint64(32))) >> np.uint64(32))


STRICT = False
"""Tests set this: a kernel that fails raises instead of leaving the maze to the Python loop."""


def drawing(rng: random.Random | None, kernel: Callable[..., None], *args: object) -> bool:
    """Run ``kernel(mt, *args)`` on ``rng``'s twister and hand the twister back; False, with ``rng``
    untouched, where it fails to compile or run (the caller then runs its Python loop instead). A
    kernel that draws nothing takes ``rng`` None and ``mt`` None."""
    mt = None if rng is None else state_of(rng)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", NumbaWarning)  # where the cache cannot be written: compile anew
            kernel(mt, *args)
    except Exception:  # whatever breaks in an optional accelerator, the Python loop stands
        if STRICT:
            raise
        return False
    if rng is not None and mt is not None:
        restore(rng, mt)
    return True


def random_order(codes: array[int], rng: random.Random, chunk: int) -> np.ndarray:
    """``_base.random_order`` with numpy: the same draws (a byte a code to deal piles, eight bytes a code
    for its key), the same keys, sorted as the unsigned integers they are rather than as doubles (one
    order: positive doubles sort like their bits), so the same order."""
    values = np.frombuffer(codes, np.uint32)
    if len(values) <= chunk:
        return _sorted_by_random_keys(values, rng)
    piles = 1 << ((len(values) - 1) // chunk).bit_length()
    if piles > 256:
        raise ValueError(f"{len(values)} codes need more than 256 piles of {chunk}")
    deal = np.frombuffer(rng.randbytes(len(values)), np.uint8) % piles
    return np.concatenate([_sorted_by_random_keys(values[deal == pile], rng) for pile in range(piles)])


def _sorted_by_random_keys(values: np.ndarray, rng: random.Random) -> np.ndarray:
    width = 3 if len(values) == 0 or int(values.max()) < 1 << 24 else 4
    mask = np.uint64((1 << 8 * width) - 1)
    keys = np.frombuffer(rng.randbytes(8 * len(values)), "<u8").astype(np.uint64)
    keys &= np.uint64(0x3FFF_FFFF_FFFF_FFFF) & ~mask
    keys |= values
    keys.sort()
    return (keys & mask).astype(np.uint32)
