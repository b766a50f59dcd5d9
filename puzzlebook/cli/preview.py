"""``puzzlebook preview``: one page of a book, of its separate answers or its cover drawn as a PNG
picture, to look at before printing, without opening the PDF. The file is made in memory exactly as
``build`` makes it, and the page is drawn by PDFium (pypdfium2, which the studio's preview uses too)."""

from __future__ import annotations

import io
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import NO_PART, Problem, PuzzlebookError, SpecError
from ..usage import fail
from .app import BOOK_SEED, SPEC, Option, check_seed, choose, command, terminal

if TYPE_CHECKING:
    from ..build import Checked
    from ..layout import BookPlan
    from ..puzzles import Puzzle


class Part(StrEnum):
    """The files a build writes: the book, its separate answers, its cover."""

    book = "book"
    answers = "answers"
    cover = "cover"


MIN_DPI, MAX_DPI = 36, 600
MAX_PIXELS = 40_000_000
"""Pixels a preview may hold: an 18 x 24 in poster at 300 dpi (39 million), never a gigabyte of image."""


@command(
    SPEC,
    Option("--page", "-p", kind="whole", help="The page to draw, from 1.", default=1),
    Option(
        "--part", help="book, answers (with answer_key: separate) or cover. Default: book.", default="book"
    ),
    Option("--output", "-o", help="PNG to write (- for stdout). Default: NAME-page-N.png beside the spec."),
    Option("--dpi", kind="whole", help=f"Resolution, {MIN_DPI} to {MAX_DPI}.", default=100),
    BOOK_SEED,
)
def preview(spec: str, page: int, part: str, output: str | None, dpi: int, seed: int | None) -> None:
    """Draw one page of the book, its separate answers or its cover as a PNG picture, to check it
    before printing."""
    import sys

    from ..build import check_book, generate
    from ..output import Home, plan_output, write_output

    try:
        check_seed(seed)
        if not MIN_DPI <= dpi <= MAX_DPI:
            raise SpecError([Problem("--dpi", f"must be {MIN_DPI} to {MAX_DPI}, got {dpi}")])
        chosen = Part(choose(part, Part, "--part"))
        checked = check_book(spec, seed)
        missing = checked.plan.answers is None if chosen == Part.answers else checked.spec.book.cover is None
        if chosen != Part.book and missing:
            inside = [p.number for p in checked.plan.pages if p.kind == "answers"]  # none: no key at all
            said = ""
            if inside:
                pages = f"page {inside[0]}" if len(inside) == 1 else f"pages {inside[0]} to {inside[-1]}"
                said = f"; its answer key is in the book, {pages}"
            lacks = f"{chosen}: {checked.spec.path.name} {NO_PART[chosen][1]}"
            raise SpecError([Problem("--part", lacks + (said if chosen == Part.answers else ""))])
        plan = checked.plan.answers if chosen == Part.answers and checked.plan.answers else checked.plan
        count = 1 if chosen == Part.cover else len(plan.pages)
        if not 1 <= page <= count:
            whose = "the answer key's" if chosen == Part.answers else "the book's"
            said = f"must be 1 to {count}, {whose} pages, got {page}"
            raise SpecError(
                [Problem("--page", "a cover is one page; leave --page out" if chosen == Part.cover else said)]
            )
        w, h = _size(checked, chosen)
        pixels = round(w * dpi / 72) * round(h * dpi / 72)
        if pixels > MAX_PIXELS:
            most = int(72 * (MAX_PIXELS / (w * h)) ** 0.5)
            fix = (
                f"use --dpi {most} or less"
                if most >= MIN_DPI  # a poster's page past it even at the least: said, not an --dpi refused
                else f"a page this large has no preview; open the PDF itself (puzzlebook build {Path(spec).name})"
            )
            raise SpecError(
                [
                    Problem(
                        "--dpi",
                        f"page {page} at {dpi} dpi would be {pixels / 1e6:.0f} million pixels, more than a "
                        f"preview's {MAX_PIXELS / 1e6:.0f} million; {fix}",
                    )
                ]
            )
        book = checked.spec.path
        if output is None:  # beside the spec, and never led out of its folder by a link
            named = {Part.book: f"page-{page}", Part.answers: f"answers-page-{page}", Part.cover: "cover"}
            target = str(book.parent / f"{book.stem}-{named[chosen]}.png")
            # named by itself: the spec's output: names the book, not this picture
            where, home = Path(target).name, Home(book.parent)
        else:
            target, where, home = output, "--output", None
        planned = plan_output(target, checked.inputs, where, home)
        if planned.terminal or (target == "-" and terminal(sys.stdout)):
            raise SpecError(
                [Problem("--output", "is the terminal: a picture there is noise; add -o page.png")]
            )
        if planned.file is not None and Path(target).suffix.lower() != ".png":
            raise SpecError(
                [
                    Problem(
                        f"--output {target}", f"a preview is a PNG picture: name it {Path(target).stem}.png"
                    )
                ]
            )
        checked, puzzles = generate(checked)
        image = _draw(_made(checked, plan, puzzles, chosen), page, dpi)
        write_output(target, image, checked.inputs, where, home)
    except PuzzlebookError as error:
        fail(error)
    if target != "-":
        what = {Part.book: "page", Part.answers: "answers page"}.get(chosen)
        shown = f"{what} {page} of {count}" if what else "the cover"
        print(f"wrote {target}: {shown} at {dpi} dpi", file=sys.stderr)


def _size(checked: Checked, part: Part) -> tuple[float, float]:
    """The points a page of ``part`` is across and down: every page of a book is one size, and its
    separate answers' too; a cover is its wrap, back, spine and front."""
    if part != Part.cover:
        return checked.plan.width, checked.plan.height
    from ..cover.plan import cover_wrap

    return cover_wrap(checked.spec, checked.plan, checked.layout.trim).points


def _made(checked: Checked, plan: BookPlan, puzzles: dict[int, Puzzle], part: Part) -> bytes:
    """The part's PDF, made in memory as ``build`` makes it (so a page's links and numbers are the
    book's): the book or its separate answers (``plan``), or its cover."""
    buffer = io.BytesIO()
    if part == Part.cover:
        from ..cover.make import CoverMaker

        cover = CoverMaker(checked.spec, checked.plan, checked.layout.trim, len(checked.mazes), puzzles)
        cover.write(buffer)
        return buffer.getvalue()
    from ..render.pdf import write_pdf

    return write_pdf(plan, puzzles.__getitem__)


def _draw(pdf: bytes, page: int, dpi: int) -> bytes:
    """That page of ``pdf`` as PNG bytes, drawn by PDFium."""
    import pypdfium2 as pdfium  # loaded only for a preview

    document = pdfium.PdfDocument(pdf)
    try:
        sheet = document[page - 1]
        image = sheet.render(scale=dpi / 72).to_pil()
        out = io.BytesIO()
        image.save(out, format="PNG")
        sheet.close()
        return out.getvalue()
    finally:
        document.close()
