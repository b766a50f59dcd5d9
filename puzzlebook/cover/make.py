"""A book's cover made: the front's maze chosen (or made), the wrap planned and drawn into ``out``."""

from __future__ import annotations

from ..layout.items import BookPlan
from ..puzzles import Puzzle
from ..render.cover import stream_cover
from ..render.fonts import setters
from ..render.pdfstream import Writable
from ..spec.load import Spec
from ..typeset import Setter
from .art import art_of, numbers_on, thumbnail_page
from .plan import plan_cover


def cover_fonts(spec: Spec, plan: BookPlan) -> tuple[Setter, Setter]:
    """The regular and bold fonts a cover is planned in: its blurb wrapped, its art's signs measured."""
    return setters(plan, spec.book.cover)


class CoverMaker:
    """Takes what the cover needs from a book's puzzles before the book's drawing lets them go, then
    draws the cover whenever asked."""

    def __init__(
        self, spec: Spec, plan: BookPlan, trim: tuple[float, float], count: int, puzzles: dict[int, Puzzle]
    ) -> None:
        cover = spec.book.cover
        assert cover is not None
        self.spec, self.plan, self.trim, self.count = spec, plan, trim, count
        self.page = thumbnail_page(plan)
        self.art = art_of(plan, puzzles, cover.art, spec.book.seed, cover.title or spec.book.title)
        self.kept = {n: puzzles[n] for n in numbers_on(self.page)}

    def write(self, out: Writable, made: str = "") -> None:
        fonts = cover_fonts(self.spec, self.plan)
        planned = plan_cover(self.spec, self.plan, self.trim, self.art, self.page, self.count, fonts)
        stream_cover(planned, self.plan, self.kept.__getitem__, self.art[1] if self.art else None, out, made)
