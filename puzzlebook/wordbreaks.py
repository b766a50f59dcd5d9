"""Where a word is broken into lines: at its own space or hyphen, else between syllables after a hyphen
of ours, and only where that draws it taller (a child knows their name whole)."""

from __future__ import annotations

import unicodedata

from . import wordfont
from .syllables import VOWELS, syllable_breaks

LINE = 8
"""Letters on one line at most: a longer name goes on two (at a space or hyphen, else in the middle
with a hyphen), so it stays tall enough for its page."""
BREAKS = " -"
"""Where a name may be broken as it is written: at a space or a hyphen of its own."""


def word_lines(word: str) -> list[str]:
    """The word as it is drawn over a field of no given proportions: one line, or two for a name over
    ``LINE`` letters, broken at the space or hyphen nearest its middle when that leaves two lines near in
    length, else after a hyphen between the syllables nearest the middle (``inside``)."""
    if len(word) <= LINE:
        return [word]
    half = (len(word) + 1) // 2
    at = min(inside(word), key=lambda i: (abs(2 * i - len(word)), i))
    split = [word[:at] + "-", word[at:]]
    breaks = [i for i, c in enumerate(word) if c in BREAKS]
    if breaks:
        at = min(breaks, key=lambda i: abs(2 * i - len(word)))
        first, second = word[: at + (word[at] == "-")].strip(), word[at + 1 :].strip()
        if first and second and max(len(first), len(second)) <= max(LINE, half + 2):
            return [first, second]
    return split


LEAST_PART = 3
"""Letters each line of a name broken inside a word keeps at least ("Maxi- / miliano", never "Z- / oë")."""
WHOLE_NAME = 7
"""Letters a word without a space or hyphen has at most to stay whole on every page: a child knows their
name whole, and two teachers found "Dan- / iela", "Gab- / riel" and "Ola- / mide" on their sheets (and
on a landscape page that had room for them whole), hyphens the names do not have. A longer one may
be broken after a hyphen of our own where that draws it a quarter taller (``WHOLE``): Mohammed's
eight wide letters fit a handout's half sheet only so."""


def line_choices(word: str, short: bool = False) -> list[tuple[str, ...]]:
    """The ways a word may be drawn, the one for a field of no given proportions first: on one line, on
    two at its space or hyphen nearest the middle, or, for a word of neither over ``WHOLE_NAME`` letters,
    on two after a hyphen between syllables (``inside``) where the two lines come out nearest in width
    (Maxi- / miliano). The field a name is drawn over picks
    among them (``drawn_lines``): a wide slot takes Дмитрий on one line, a tall one on two. ``short``:
    a shorter word of neither may be broken so too (``breakable``), where it has no room whole."""
    word = word.strip()
    choices = [tuple(word_lines(word)), (word,)]
    breaks = [i for i, c in enumerate(word) if c in BREAKS]
    if breaks:
        font = wordfont.font()
        at = min(breaks, key=lambda i: abs(font.getlength(word[:i]) - font.getlength(word[i + 1 :])))
        first, second = word[: at + (word[at] == "-")].strip(), word[at + 1 :].strip()
        if first and second:
            choices.append((first, second))
    elif (len(word) > WHOLE_NAME or (short and breakable(word))) and (spots := inside(word)):
        font = wordfont.font()  # "Dan- / iela" has a hyphen Daniela has not
        at = min(spots, key=lambda i: (max(font.getlength(word[:i] + "-"), font.getlength(word[i:])), i))
        choices.append((word[:at] + "-", word[at:]))
    return list(dict.fromkeys(choices))


def breakable(word: str) -> bool:
    """Whether a word of ``WHOLE_NAME`` letters or fewer may be broken inside, on a page that has no room
    for it whole in any form or cells: PENGUIN, DOLPHIN and OCTOPUS were refused on a letter page (their
    capitals take 71 cells across at the least, the page 66), where PEN- / GUIN fits. A word of letters
    alone: one with a space or hyphen of its own is broken there instead, and digits and marks never."""
    word = word.strip()  # 1234567 was broken "123- / 4567", A.B.C.D "A.B- / .C.D"
    return word.isalpha() and 2 * LEAST_PART <= len(word) <= WHOLE_NAME


def inside(word: str) -> list[int]:
    """Where a word with no space or hyphen may be broken: between its syllables (``syllables``), each
    line keeping ``LEAST_PART`` letters; where none does, between two vowels (Gabri- / ella), else
    anywhere so. "Muha- / mmad", "Oluw- / aseun" and "Flor- / ence" broke where the lines came out
    nearest in width; a child says Mu-ham-mad."""
    # never before a mark written as a letter of its own (e and a combining diaeresis, ë): "Zoe- / ̈lle"
    anywhere = [
        i
        for i in range(LEAST_PART, len(word) - LEAST_PART + 1)
        if not unicodedata.category(word[i]).startswith("M")
    ]
    vowels = [i for i in anywhere if word[i - 1].lower() in VOWELS and word[i].lower() in VOWELS]
    return [i for i in syllable_breaks(word) if i in anywhere] or vowels or list(anywhere)


WHOLE = 1.25
"""How much taller a name broken inside a word (Maxi- / miliano) must draw its letters than kept whole to be
broken: a child knows their name whole, so a landscape page keeps Benjamin on one line."""


def hyphen_of_ours(word: str, lines: tuple[str, ...]) -> bool:
    """Whether ``lines`` break ``word`` after a hyphen it does not have."""
    return len("".join(lines)) > len(word.strip().replace(" ", ""))


def own_break(word: str) -> bool:
    """Whether a word has a space or hyphen of its own to be broken at (``BREAKS``)."""
    return any(c in BREAKS for c in word.strip())


def lines_worth(word: str, lines: tuple[str, ...], rows: float) -> float:
    """What drawing ``word`` on ``lines`` with capitals ``rows`` tall is worth, to choose among
    ``line_choices``: their height, less for a word broken after a hyphen of our own (``WHOLE``)."""
    return rows / WHOLE if hyphen_of_ours(word, lines) else rows
