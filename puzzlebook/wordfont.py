"""The font a word shape is drawn in (``words``), and its measures in the pixels of a word's picture."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

BOLD = Path(__file__).resolve().parent / "fonts" / "DejaVuSans-Bold.ttf"
SIZE = 200
"""Pixels a font size: a word's picture, fitted into cells after."""


@functools.cache
def font() -> Any:
    from PIL import ImageFont  # Pillow loads only for a word shape

    # Pillow's basic layout, everywhere: with raqm (where the system has FriBiDi) it would kern pairs
    # such as AV and To, so one spec would make other mazes on another machine.
    return ImageFont.truetype(str(BOLD), SIZE, layout_engine=ImageFont.Layout.BASIC)


@functools.cache
def stem() -> int:
    """An upright stroke's width in the picture's pixels (an l's): what narrower letters keep."""
    left, _, right, _ = font().getmask("l").getbbox()
    return int(right - left)


def cap() -> int:
    """A capital's height in the picture's pixels (an H's): what ``words.MIN_WORD_ROWS`` measures."""
    _, top, _, bottom = font().getbbox("H")
    return int(bottom - top)
