"""Where a name may be broken over two lines: between its syllables, as a child says it (Mu-ham-mad,
Flo-rence, Maxi-mi-lia-no), never inside a pair of letters that sound as one (ch, th, ph) or in the
consonants that start a syllable together (br, dr, pl).

The rules are the classic ones for syllables in Latin script, not a language's dictionary: a name's
language is not known, and dictionaries disagree on names (English breaks "Max-i-m-il-ian"). A break
falls before a single consonant between vowels (Flo-rence), between two (Muham-mad, Char-lotte), and
after the first of three or more (Kon-stantin), the last two kept together where they start a syllable
(Alek-sandra, Bar-tholomew). Vowels side by side are never split: a diphthong (the "eu" of Oluwaseun)
cannot be told from two vowels apart by letters alone.
"""

from __future__ import annotations

VOWELS = frozenset("aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœąęįųāēīōūăĕĭŏŭěůőű")
"""Letters read as vowels, accented or not (compared in lower case)."""
TOGETHER = frozenset({"ch", "ck", "gh", "ph", "sh", "th", "wh", "qu", "cz", "sz", "rz", "dz"})
"""Two letters that sound as one consonant: never broken apart."""
ONSETS = frozenset(
    {"bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "kl", "kr", "pl", "pr", "tr", "vr", "wr"}
)
"""Two consonants that start a syllable together: a break goes before them (Ga-briella, Alek-sandra)."""


def syllable_breaks(word: str) -> list[int]:
    """The places ``word`` may be broken between syllables: each the number of letters before the
    break. A word with a space, hyphen or other mark is broken there instead (``wordbreaks.line_choices``)."""
    letters = word.lower()
    if not letters.isalpha():
        return []
    vowel = [c in VOWELS for c in letters]
    found = []
    start = None  # where the run of consonants after a vowel begins
    for i, is_vowel in enumerate(vowel):
        if not is_vowel:
            if start is None and i and vowel[i - 1]:
                start = i
            continue
        if start is not None:  # consonants letters[start:i] between two vowels
            run = letters[start:i]
            if len(run) == 1 or run in TOGETHER:
                found.append(start)  # Flo-rence, Na-thaniel
            elif run[-2:] in ONSETS or run[-2:] in TOGETHER:
                found.append(i - 2)  # Ga-briella, Bar-tholomew
            else:
                found.append(start + 1)  # Muham-mad, Kon-stantin
            start = None
    return found
