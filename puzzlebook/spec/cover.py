"""The spec's ``cover:`` section: what the wrap cover says and how it looks (its sizes come from
``cover.sizes``), and the ISBN rule the book and its cover share."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, ConfigDict, Field

from ..cover.sizes import SPINE_PER_PAGE, Paper, PrinterName
from ..fields import Caseless, OneLine, Paragraphs
from ..isbn import isbn_checked
from ..registry import suggest
from ..settings import COLORS, checked_colour
from ..shapes import SHAPES

MAX_BLURB = 1500
"""Characters of the back's blurb: about 250 words, more than a back cover holds at a readable size."""

MAX_BADGE = 20
"""Characters of the front's sticker: "Ages 6-8", "Ages 3+", "Big & Easy"; more would be too small in it."""

COVER_COLORS = {**COLORS, "white": (1.0, 1.0, 1.0)}
"""The colours a cover may name; any other as #rrggbb."""


def _colour(value: str) -> str:
    return checked_colour(value, COVER_COLORS, "#1d3557")


ARTS = ("maze", "circle", "word", *SHAPES, "none")
"""What the front may show."""


def _art(value: str) -> str:
    value = value.strip().lower()
    if value in ARTS:
        return value
    hint = suggest(value, list(ARTS)) or f" Choose one of {', '.join(ARTS)}."
    raise ValueError(f'unknown art "{value}".{hint}')


Colour = Annotated[str, AfterValidator(_colour)]
Isbn = Annotated[str, AfterValidator(isbn_checked)]


class CoverSpec(Caseless):
    """``cover:``: a print-ready wrap cover, NAME-cover.pdf beside the book."""

    model_config = ConfigDict(extra="forbid", frozen=True, coerce_numbers_to_str=True)

    title: OneLine | None = Field(None, min_length=1, max_length=120, description="default: the book's")
    subtitle: OneLine | None = Field(None, max_length=160, description="default: the book's")
    author: OneLine | None = Field(None, max_length=120, description="default: the book's")
    back: Paragraphs | None = Field(
        None,
        max_length=MAX_BLURB,
        description="the blurb on the back, wrapped to fit (it keeps its line breaks with back: |)",
    )
    isbn: Isbn | None = Field(
        None,
        description="an EAN-13 barcode of it on the back (default: the book's isbn); without one the "
        "barcode area is left clear for the printer's",
    )
    paper: Paper = Field("white", description="the interior's paper: white, cream, color or premium-color")
    printer: PrinterName = Field(
        "kdp",
        description="kdp (paperback), kdp-hardcover (case laminate) or ingramspark: their sizes and rules",
    )
    spine_per_page: float | None = Field(
        None,
        ge=SPINE_PER_PAGE[0],
        le=SPINE_PER_PAGE[1],
        description="inches a page adds to the spine, instead of the printer's figure for the paper",
    )
    background: Colour = Field("#1d3557", description="the cover's colour: a name or #rrggbb")
    ink: Colour = Field("white", description="the words' and the maze's colour on it")
    badge: OneLine | None = Field(
        None,
        max_length=MAX_BADGE,
        description="the words on the front's round sticker (default: the ages of the book's age presets, "
        'such as "Ages 6-8"; none, false or "": no sticker)',
    )
    art: Annotated[str, AfterValidator(_art)] = Field(
        "maze",
        description="the front's art: maze (the book's largest maze that reads at a glance, with its "
        "pictures), circle (a round maze of its own), word (the title's longest word as a maze), a shape ("
        + ", ".join(SHAPES)
        + ") or none",
    )
