"""A badge: an end inside a maze (a round maze's centre) drawn as a black disc with its word, or its
first letter where the word does not fit, white in it; how large it is, and what spells the word."""

from __future__ import annotations

from ..settings import MIN_TEXT

BADGE = 1.4
"""An inner mark drawn as a badge, a black disc with the word's first letter white in it, is this many
times its dot's radius (0.32 of a cell) within its cell; at a circle's centre (a disc a corridor in
radius), ``HUB_BADGE`` times, 1.2 corridors across."""
HUB_BADGE = 1.9
BADGE_LETTER = 1.25
"""A badge's letter's size, in its radius: under the size that prints (``MIN_TEXT``), or where no word
is printed by the arrows (an answer key's thumbnail), the badge is a dot (a key's small circle printed a
5.8 pt S, which ``check`` refused; and an S on 4 of a key's 16 circles)."""
SPELLED = 0.45
"""Paper round a word spelled in its badge, each side, in its size (the badge's radius is half the
word's width and this)."""
BADGE_FILL = 0.8
"""Of the paper between an inner mark's cell walls, the most its badge fills across: a badge that fills
it reads as wedged into the walls (an S against a ring's walls by a circle's hole)."""


SPELLED_LEAST = 2 / 3
"""Of the words' size by the arrows, the least a word in its badge prints at (and ``MIN_TEXT``): "Start"
at 8 pt in a round maze's centre reads, where a child had to guess an "S" at 12 pt."""


def spelled_radius(ems: float, size: float) -> float:
    """The radius of a badge that spells a word ``ems`` wide at ``size``: half its width, and
    ``SPELLED`` of paper round it."""
    return (ems / 2 + SPELLED) * size


def least_spelled(largest: float) -> float:
    """The least size a word in its badge prints at, the words by the arrows being ``largest``."""
    return max(MIN_TEXT, SPELLED_LEAST * largest)


def badge_shown(
    word: str, role: str, size: float, badge: float, center: tuple[float, float], letters: bool = True
) -> tuple[str, float, float] | None:
    """What a badge prints, white in its disc, in every format: its word where the disc spells it (at
    ``size``), else its first letter where that prints (``letters``: not in a key's thumbnail), as the
    text, its size and its baseline's height; None where it is a dot (a PNG of a round maze showed a dot
    where its PDF said Start)."""
    if not size:
        size = badge * BADGE_LETTER
        if not letters or size < MIN_TEXT:
            return None
        word = word[:1].upper() or "SF"[role != "start"]
    return word, size, center[1] - size * 0.36  # the letters' middle at the disc's
