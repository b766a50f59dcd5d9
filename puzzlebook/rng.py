"""The one place seeds become random generators.

Seeds for mazes without their own are derived from the book seed and the maze's position as a *string*:
``random.Random(str)`` hashes strings with SHA-512, so the result does not depend on PYTHONHASHSEED, the
machine or the Python version, and adding a maze never changes the seeds of the others.
"""

from __future__ import annotations

import hashlib
import random

MAX_SEED = 2**63 - 1


def make_rng(seed: int) -> random.Random:
    """A private generator for one maze; nothing in puzzlebook touches the module-level ``random``."""
    return random.Random(seed)


DERIVED_SEEDS = 1_000_000_000


def derive_seed(book_seed: int, *path: object) -> int:
    """A stable per-maze seed from the book seed and the maze's position (e.g. ``derive_seed(7, 3, 0)``).

    Derived seeds have at most nine digits: they are printed under each maze so a reader can make it again.
    """
    text = ":".join(["puzzlebook", str(book_seed), *map(str, path)])
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") % DERIVED_SEEDS
