"""Preflight: read a finished PDF back and list what a print-on-demand service would reject.

It checks the PDF itself, not our plan of it, so it also catches mistakes in drawing: page count,
anything inside the margins' forbidden zone, hairlines, small text, fonts not embedded, letters drawn as
empty boxes (glyph 0), and bookmarks, links or annotations in a print edition. Each problem is one line naming the page and what to change.
"""

from __future__ import annotations

import io
import multiprocessing
import sys
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from itertools import chain
from typing import Any

from pypdf import PdfReader
from pypdf.generic import IndirectObject

from .errors import Problem, PuzzlebookError, SpecError
from .layout import MAX_PAGES, MIN_LINE, MIN_OUTER, MIN_TEXT, gutter
from .pdfread import Budget, Char, Document, Lines, Page, Shape, TooComplex, page_count
from .workers import cores, die_with_parent

TOLERANCE = 0.01  # pt


def fonts_not_embedded(reader: PdfReader) -> Iterable[tuple[int, str]]:
    seen: dict[int, Any] = {}  # pages sharing their fonts (every page of a crafted 25,000) read them once
    for number, page in enumerate(reader.pages, 1):
        resources = page.get("/Resources") or {}
        fonts = resources.get("/Font") or {}
        if id(fonts) in seen:
            continue
        seen[id(fonts)] = fonts  # kept, so that its id is not another's
        for font in fonts.values():
            font = font.get_object()
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target.get("/FontDescriptor")
            d = descriptor.get_object() if descriptor is not None else {}
            if not any(key in d for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                yield number, str(font.get("/BaseFont"))


def _scripts_or_attachments(reader: PdfReader) -> bool:
    """Whether the document runs JavaScript (on opening, on other events, or named) or carries files."""
    catalog: Any = reader.trailer["/Root"].get_object()
    opening: Any = catalog.get("/OpenAction")
    opening = opening.get_object() if opening is not None else None
    names: Any = catalog.get("/Names")
    names = names.get_object() if names is not None else {}
    return (
        (isinstance(opening, dict) and opening.get("/S") == "/JavaScript")
        or "/AA" in catalog
        or any(key in names for key in ("/JavaScript", "/EmbeddedFiles"))
    )


def _empty_boxes(number: int, chars: list[Char]) -> list[str]:
    """Letters drawn as .notdef, glyph 0, which prints as an empty box or nothing: each code shown with a
    simple TrueType font is looked up in the font program embedded with it (other fonts are not)."""
    boxes: Counter[str] = Counter()
    for char in chars:
        if char.glyph is not None:
            boxes[char.font] += char.glyph == 0
    return [
        f"page {number}: {count} letter(s) in font {name} drawn as an empty box (glyph 0, .notdef): "
        "the font lacks them; add a font that has them with fallback_fonts"
        for name, count in boxes.items()
        if count
    ]


def _box(obj: Shape | Char) -> tuple[float, float, float, float]:
    """An object's extent in PDF coordinates (y up), including half its stroke."""
    pad = obj.linewidth / 2 if isinstance(obj, Shape) and obj.stroke else 0
    return obj.x0 - pad, obj.y0 - pad, obj.x1 + pad, obj.y1 + pad


def preflight(pdf: bytes, edition: str = "print", bleed: bool = False) -> list[str]:
    """Every problem found, one line each; an empty list means ready to upload."""
    problems: list[str] = []
    reader = PdfReader(io.BytesIO(pdf))
    count = page_count(reader)
    if edition == "print":  # "office": a handout or a poster, no page counts or binding to obey
        if count < 24 or count % 2:
            problems.append(
                f"book: {count} pages; print-on-demand needs at least 24 and an even number: add `pad: true`; "
                "for a printer at home or school, add `print_on_demand: false`"
            )
        if count > MAX_PAGES:
            problems.append(f"book: {count} pages; print-on-demand takes at most {MAX_PAGES}: split the book")
        if reader.outline:
            problems.append("book: has bookmarks; a print file must not: use `edition: print` (no bookmarks)")
        if _scripts_or_attachments(reader):
            problems.append(
                "book: has JavaScript or attached files; a print file must not (printers take PDF/X, which "
                "forbids both): build it again from its spec"
            )
    first_page: dict[str, int] = {}
    for number, name in fonts_not_embedded(reader):
        first_page.setdefault(name.lstrip("/"), number)
    for name, number in first_page.items():
        problems.append(f"page {number}: font {name} is not embedded; printers need every font embedded")
    shares = _shares(count, reader)
    if len(shares) == 1:
        return problems + _in_order([_pages(pdf, edition, bleed, shares[0], reader)])
    try:  # the second process reads the file as parsed here, handed over as it forks (not pickled)
        with ProcessPoolExecutor(1, multiprocessing.get_context("fork"), _inherit, (reader,)) as pool:
            other = pool.submit(_pages, pdf, edition, bleed, shares[1])
            mine = _pages(pdf, edition, bleed, shares[0], reader)
            return problems + _in_order([mine, other.result()])
    except (OSError, BrokenProcessPool):  # no process to spare (a tight memory limit): read them all here
        return problems + _in_order([_pages(pdf, edition, bleed, range(1, count + 1), reader)])


PARALLEL_FROM = 100
"""Pages from which a second process reads part of the book, beside this one."""

_FORKED: PdfReader | None = None
"""In the second process only: the file as the first process parsed it."""


def _inherit(reader: PdfReader) -> None:
    global _FORKED
    _FORKED = reader
    die_with_parent()


def _shares(count: int, reader: PdfReader) -> list[list[int]]:
    """The page numbers each process reads. Pages that draw the same form (a maze's walls, on its page
    and again in the answer key) go to the same process, which reads the form once; the groups are
    dealt heaviest first to the process with less to do, a page weighing one and a form it draws one
    more, so both finish together."""
    can_fork = sys.platform == "linux" and "fork" in multiprocessing.get_all_start_methods()
    if count < PARALLEL_FROM or not can_fork or cores() < 2:
        return [list(range(1, count + 1))]
    group = list(range(count + 1))  # union-find over page numbers, joined through the forms they draw

    def root(page: int) -> int:
        while group[page] != page:
            group[page] = page = group[group[page]]
        return page

    weight = [0] * (count + 1)
    first_page: dict[object, int] = {}
    named: dict[int, tuple[Any, list[object]]] = {}  # by XObject dictionary: pages sharing one read it once
    joined: dict[int, int] = {}  # the first page of each list of forms: another with it joins that page
    for number, page in enumerate(reader.pages, 1):
        forms = _forms(page, named)
        weight[number] = 1 + len(forms)
        if id(forms) in joined:
            group[root(number)] = root(joined[id(forms)])
            continue
        joined[id(forms)] = number
        for form in forms:
            other = first_page.setdefault(form, number)
            group[root(number)] = root(other)
    groups: dict[int, list[int]] = {}
    for number in range(1, count + 1):
        groups.setdefault(root(number), []).append(number)
    shares: list[list[int]] = [[], []]
    loads = [0, 0]
    for pages in sorted(groups.values(), key=lambda pages: (-sum(weight[p] for p in pages), pages[0])):
        lighter = loads.index(min(loads))
        shares[lighter] += pages
        loads[lighter] += sum(weight[p] for p in pages)
    return [sorted(share) for share in shares]


def _forms(page: Any, known: dict[int, tuple[Any, list[object]]] | None = None) -> list[object]:
    """The objects a page draws through ``Do`` by name: its forms and images (``known``: those of the
    XObject dictionaries already read, by id, each kept so that its id is not another's)."""
    known = {} if known is None else known
    resources = page.get("/Resources")
    resources = resources.get_object() if resources is not None else {}
    named = resources.get("/XObject")
    named = named.get_object() if named is not None else {}
    if id(named) not in known:
        refs: list[object] = [
            ref.idnum if isinstance(ref, IndirectObject) else id(ref) for ref in named.values()
        ]
        known[id(named)] = (named, refs)
    return known[id(named)][1]


Found = tuple[list[tuple[int, str]], list[tuple[int, str]]]
"""(empty boxes, other problems), each a list of (page number, line)."""


def _in_order(parts: list[Found]) -> list[str]:
    """Every empty-box problem first, then the others, each in page order."""
    boxes = sorted((item for part in parts for item in part[0]), key=lambda item: item[0])
    found = sorted((item for part in parts for item in part[1]), key=lambda item: item[0])
    return [line for _, line in boxes] + [line for _, line in found]


def _pages(
    pdf: bytes, edition: str, bleed: bool, numbers: Iterable[int], reader: PdfReader | None = None
) -> Found:
    """The problems of the pages ``numbers`` (counted from 1)."""
    reader = reader or _FORKED or PdfReader(io.BytesIO(pdf))
    numbers = list(numbers)
    count = page_count(reader)
    outer = MIN_OUTER * 1.5 if bleed else MIN_OUTER
    bound = edition == "print"  # "office": loose sheets, no spine to keep clear of
    inside = gutter(count) if bound else outer
    document = Document(reader, len(numbers) / max(count, 1))  # the pages' part of the file's budget
    boxes: list[tuple[int, str]] = []  # reported before any page's other problems
    found: list[tuple[int, str]] = []
    for number in numbers:
        raw = reader.pages[number - 1]
        drawn = document.page(number - 1)  # one page's objects at a time: memory stays flat
        boxes += [(number, line) for line in _empty_boxes(number, drawn.chars)]
        if edition != "screen" and raw.get("/Annots"):
            found.append((number, f"page {number}: has links or annotations; a print file must not"))
        trim = raw.trimbox
        gutter_side = f"the gutter of a {count}-page book, {inside:g} pt" if bound else f"{outer:g} pt"
        outer_side = f"{outer:g} pt"
        left, right = (inside, outer) if number % 2 else (outer, inside)
        safe = (
            float(trim.left) + left - TOLERANCE,
            float(trim.bottom) + outer - TOLERANCE,
            float(trim.right) - right + TOLERANCE,
            float(trim.top) - outer + TOLERANCE,
        )
        edges = (
            ("left", gutter_side if number % 2 else outer_side),
            ("bottom", outer_side),
            ("right", outer_side if number % 2 else gutter_side),
            ("top", outer_side),
        )
        found += [(number, line) for line in _page_problems(number, drawn, safe, edges, document.budget)]
    return boxes, found


def _page_problems(
    number: int,
    page: Page,
    safe: tuple[float, float, float, float],
    edges: tuple[tuple[str, str], ...],
    budget: Budget,
) -> list[str]:
    found: list[str] = []
    shapes = [s for s in page.drawn if isinstance(s, Shape) and s.kind != "image"]
    strokes = [s for s in shapes if s.stroke]
    runs = [s for s in page.drawn if isinstance(s, Lines) and s.stroke]
    painted: list[Shape | Lines] = [*strokes, *runs]
    thin = [s for s in painted if s.linewidth < MIN_LINE - TOLERANCE]
    if thin:
        lines = sum(len(s) if isinstance(s, Lines) else 1 for s in thin)
        found.append(
            f"page {number}: {lines} line(s) as thin as {min(s.linewidth for s in thin):.2f} pt; "
            f"printers need at least {MIN_LINE} pt: raise wall_weight or answer_wall_weight"
        )
    small = [c for c in page.chars if c.size < MIN_TEXT - TOLERANCE]
    if small:
        text = "".join(c.text for c in small[:20])
        found.append(
            f'page {number}: text "{text}" is {min(c.size for c in small):.1f} pt; '
            f"printers need at least {MIN_TEXT:g} pt: raise the text sizes in the layout"
        )
    x0, y0, x1, y1 = safe
    # counted as ever: every stroke and letter, filled rects, and curves (a stroked curve twice)
    filled_rects = [s for s in shapes if s.kind == "rect" and s.fill]
    curves = [s for s in shapes if s.kind == "curve"]
    marks: list[Iterable[Shape | Char]] = [strokes, page.chars, filled_rects, curves]
    left = bottom = right = top = 0  # marks over each margin
    for run in runs:  # lines are counted one by one only when some of them cross a margin
        pad = run.linewidth / 2
        ex0, ey0, ex1, ey1 = run.extent()
        if not (ex0 - pad >= x0 and ey0 - pad >= y0 and ex1 + pad <= x1 and ey1 + pad <= y1):
            budget.spend(marks=len(run))
            over = run.crossings(pad, safe)  # as _box would count its shapes: a page may hold millions
            left, bottom, right, top = left + over[0], bottom + over[1], right + over[2], top + over[3]
    for mark in chain.from_iterable(marks):
        b = _box(mark)
        left += b[0] < x0
        bottom += b[1] < y0
        right += b[2] > x1
        top += b[3] > y1
    crossed = (left, bottom, right, top)
    for (edge, margin), n in zip(edges, crossed, strict=True):
        if n:
            found.append(
                f"page {number}: {n} mark(s) in the {edge} margin, which must stay clear ({margin}); "
                "widen the layout's margins"
            )
    return found


def quiet_reader() -> None:
    """pypdf tells of every oddity it mends as a warning on stderr: a crafted file printed 24,000 lines.
    What matters reaches the reader as preflight's findings, or as one line that it cannot be read."""
    import logging

    logging.getLogger("pypdf").setLevel(logging.CRITICAL)


def findings(book: str, data: bytes, edition: str, bleed: bool) -> list[str]:
    """Preflight's findings in ``data``, each line naming ``book``."""
    quiet_reader()
    try:
        problems = preflight(data, edition, bleed)
    except PuzzlebookError:
        raise
    except TooComplex as exc:  # past a bound of the reading: it says which, and that ours stay below
        raise SpecError([Problem(book, f"cannot be checked: {exc}")]) from None
    except Exception as exc:  # a damaged file, or one made to trouble a reader: one line, no traceback
        words = " ".join(str(exc).split())
        said = f"{type(exc).__name__}: {words[:117] + '...' if len(words) > 120 else words}"
        fix = "build it again from its spec, then check it"
        raise SpecError([Problem(book, f"cannot be checked ({said}); {fix}")]) from None  # a bad file: exit 2
    return [f"{book}: {line.removeprefix('book: ')}" for line in problems]
