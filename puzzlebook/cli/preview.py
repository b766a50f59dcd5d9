"""``puzzlebook preview``: one page of a book drawn as a PNG picture, to look at before printing, without
opening the PDF. The book is made in memory exactly as ``build`` makes it, and the page is drawn by
PDFium (pypdfium2, which the studio's preview uses too)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Problem, PuzzlebookError, SpecError
from ..usage import fail
from .app import BOOK_SEED, SPEC, Option, check_seed, command, terminal

if TYPE_CHECKING:
    from ..layout import BookPlan
    from ..puzzles import Puzzle

MIN_DPI, MAX_DPI = 36, 600
MAX_PIXELS = 40_000_000
"""Pixels a preview may hold: an 18 x 24 in poster at 300 dpi (39 million), never a gigabyte of image."""


@command(
    SPEC,
    Option("--page", "-p", kind="whole", help="The page to draw, from 1.", default=1),
    Option("--output", "-o", help="PNG to write (- for stdout). Default: NAME-page-N.png beside the spec."),
    Option("--dpi", kind="whole", help=f"Resolution, {MIN_DPI} to {MAX_DPI}.", default=100),
    BOOK_SEED,
)
def preview(spec: str, page: int, output: str | None, dpi: int, seed: int | None) -> None:
    """Draw one page of the book as a PNG picture, to check it before printing."""
    import sys

    from ..build import check_book, generate
    from ..output import Home, plan_output, write_output

    try:
        check_seed(seed)
        if not MIN_DPI <= dpi <= MAX_DPI:
            raise SpecError([Problem("--dpi", f"must be {MIN_DPI} to {MAX_DPI}, got {dpi}")])
        checked = check_book(spec, seed)
        pages = checked.plan.pages
        if not 1 <= page <= len(pages):
            raise SpecError(
                [Problem("--page", f"the book has {len(pages)} pages; give a page from 1 to {len(pages)}")]
            )
        w, h = checked.plan.width, checked.plan.height  # every page of a book is this size
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
            target = str(book.parent / f"{book.stem}-page-{page}.png")
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
        image = _draw(checked.plan, puzzles, page, dpi)
        write_output(target, image, checked.inputs, where, home)
    except PuzzlebookError as error:
        fail(error)
    if target != "-":
        print(f"wrote {target}: page {page} of {len(pages)} at {dpi} dpi", file=sys.stderr)


def _draw(plan: BookPlan, puzzles: dict[int, Puzzle], page: int, dpi: int) -> bytes:
    """The page as PNG bytes: the whole book made in memory as ``build`` makes it (so a page's links and
    numbers are the book's), then that page drawn by PDFium."""
    import pypdfium2 as pdfium  # loaded only for a preview

    from ..render.pdf import write_pdf

    pdf = write_pdf(plan, puzzles.__getitem__)
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
