"""The commands that read a book spec: ``build`` writes the book, ``check`` runs the print preflight on
it (or on any PDF), ``validate`` checks the spec without building."""

from __future__ import annotations

import io
import json
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, TextIO

from ..errors import NotReady, Problem, PuzzlebookError, SpecError
from ..usage import fail
from .app import BOOK_SEED, SPEC, Argument, Option, check_seed, command, terminal

if TYPE_CHECKING:  # the build, its renderers and the preflight load when a command runs, not for --help
    from ..build import Checked
    from ..madefrom import MadeFrom


@command(
    SPEC,
    Option("--output", "-o", help="PDF to write (- for stdout); wins over the spec."),
    BOOK_SEED,
    Option("--quiet", "-q", kind="flag", help="No progress bar, no summary.", default=False),
    Option(
        "--strict", kind="switch", help="Run the print preflight; write nothing if it fails.", default=False
    ),
    Option("--problems-to", hidden=True),
    Option("--notes-to", hidden=True),
)
def build(
    spec: str,
    output: str | None,
    seed: int | None,
    quiet: bool,
    strict: bool,
    problems_to: str | None,
    notes_to: str | None,
) -> None:
    """Build the PDF book described by a spec."""
    from ..build import check_book, generate, targets, work_units, write_books
    from ..madefrom import made_from
    from ..output import plan_output
    from ..report import summary

    try:
        check_seed(seed)
        checked = check_book(spec, seed, output_given=output is not None)
        places = targets(checked, output)
        book = places[0]
        if (book.path == "-" and terminal(sys.stdout)) or plan_output(book.path).terminal:  # or /dev/tty
            where = f"--output {book.path}" if output is not None else book.where
            raise SpecError(
                [Problem(where, "is the terminal: a PDF there is noise; add -o book.pdf, or pipe it")]
            )
        show = not quiet and terminal(sys.stderr)
        # no time left shown: mazes come back from the cores in batches and pages draw far faster than
        # mazes are made, so an estimate from the first steps read hours for a book of seconds
        with Bar(work_units(checked), "Building", sys.stderr, shown=show) as bar:
            step = bar.update if show or quiet else Progress(work_units(checked))
            checked, puzzles = generate(checked, step, ahead=True)  # drawn as they are made
            left_out: dict[int, set[tuple[str, str]]] = {}
            write_books(
                checked,
                places,
                puzzles,
                step,
                (lambda n, data: report_preflight(checked, f"{places[n][0]} (not written)", data, n == 1))
                if strict
                else None,
                partial(made_from, checked.inputs, seed),
                left_out,
                partial(report_cover, checked, f"{places[-1][0]} (not written)") if strict else None,
            )
        if notes_to:  # what the drawing left out for room, for the studio to show beside its preview
            from ..leftout import left_out_notes
            from ..output import write_output

            told = [note.as_dict() for note in left_out_notes(checked, left_out)]
            write_output(notes_to, json.dumps(told).encode(), where="--notes-to")
        if not quiet and places[0][0] != "-":
            also = f" and {places[1][0]}" if len(places) > 1 else ""
            print(f"wrote {places[0][0]}{also}: {summary(checked)}", file=sys.stderr)
            tell_notes(checked)
            left_out_note(checked, left_out)
    except PuzzlebookError as error:
        fail(error, problems_to)


@command(SPEC, BOOK_SEED)
def cover(spec: str, seed: int | None) -> None:
    """Make the wrap cover alone, NAME-cover.pdf where build puts it beside the book."""
    from ..build import build_cover
    from ..report import cover_lines, summary

    try:
        check_seed(seed)
        path, checked = build_cover(spec, seed)
    except PuzzlebookError as error:
        fail(error)
    print(f"wrote {path}: the cover of {summary(checked)}", file=sys.stderr)
    for line in cover_lines(checked):
        print(f"note: {line}", file=sys.stderr)


class Bar:
    """A bar on a terminal, redrawn in place as steps are done: ``Building  [####------]   40%``. It
    shows no time left (see ``build``); hidden, it draws nothing."""

    WIDTH = 36

    def __init__(self, total: int, label: str, stream: TextIO, shown: bool) -> None:
        self.total, self.label, self.stream, self.shown = total, label, stream, shown
        self.done, self.last = 0, ""

    def __enter__(self) -> Bar:
        self.draw()
        return self

    def __exit__(self, *_: object) -> None:
        if self.shown:
            self.stream.write("\033[?25h\n")  # the cursor back, and the next line below the bar
            self.stream.flush()

    def update(self, steps: int) -> None:
        self.done += steps
        self.draw()

    def draw(self) -> None:
        share = min(self.done / self.total, 1.0) if self.total else 1.0
        filled = int(share * self.WIDTH)
        line = f"{self.label}  [{'#' * filled}{'-' * (self.WIDTH - filled)}]  {int(share * 100):3d}%"
        if self.shown and line != self.last:  # only what changed: a step a maze is many redraws
            self.last = line
            self.stream.write(f"\r\033[?25l{line}")  # the cursor hidden while the bar is drawn
            self.stream.flush()


PROGRESS_EVERY = 5.0  # seconds between progress lines when stderr is a log, not a terminal


class Progress:
    """A line on stderr every few seconds, for builds whose stderr is a file or a pipe (a bar would
    fill the log with control characters, and silence looks like a hang)."""

    def __init__(self, total: int) -> None:
        self.total, self.done = total, 0
        self.last = time.monotonic()

    def __call__(self, steps: int) -> None:
        self.done += steps
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY and self.done < self.total:
            self.last = now
            print(
                f"building: {self.done} of {self.total} steps ({100 * self.done // self.total}%)",
                file=sys.stderr,
            )


@command(Argument("spec", "The book spec, a .yaml file; or a built book, a .pdf."), BOOK_SEED)
def check(spec: str, seed: int | None) -> None:
    """Preflight for print-on-demand: list what a printer would reject in the book. A book built from
    this spec as it is now (and the files it reads, the seed and this puzzlebook) is read from its file;
    otherwise the book is built in memory. A .pdf is read as it is, whoever made it."""
    if spec.lower().endswith(".pdf"):
        check_pdf(spec)
        return
    from ..build import built_book, check_book, generate
    from ..madefrom import made_from
    from ..preflight import quiet_reader  # pypdf and fontTools load only for check and --strict
    from ..render.pdf import write_pdf
    from ..report import summary

    found: list[str] = []  # told at once: the book's findings, its cover's, and files older than the spec
    try:
        check_seed(seed)
        checked = check_book(spec, seed)
        quiet_reader()
        made = made_from(checked.inputs, seed)
        built = built_book(checked, made)
        puzzles = None
        if built is not None and built[2]:
            found += _found(report_preflight, checked, built[0], built[1])
        else:
            checked, puzzles = generate(checked)
            found += _found(
                report_preflight, checked, spec, write_pdf(checked.plan, dict(puzzles).__getitem__)
            )
            if checked.plan.answers is not None:  # its own file: its names and fonts checked too
                key = f"{spec} (its answer key)"
                answers = write_pdf(checked.plan.answers, dict(puzzles).__getitem__)
                found += _found(report_preflight, checked, key, answers, True)
        cover, stale, on_cover, unbuilt = check_cover(checked, spec, puzzles, made)
        found += on_cover
        stale = stale and not on_cover  # its findings say to make it again
        old, read = _book_files(checked, made, built)  # a file there that is not the book checked
    except PuzzlebookError as error:
        fail(error)
    # not a bound book: the spec says so (a book printed at home), or its layout does (a handout)
    printer = (
        "print_on_demand: false"
        if checked.spec.book.print_on_demand is False
        else f"layout {checked.spec.book.layout}"
    )
    ready = {
        "print": "ready for print",
        "office": f"{_office_ready(checked.layout.trim)} (print-on-demand's page counts are not checked for "
        f"{printer})",
        "screen": "ready as a screen edition (print rules, such as an even page count, are not checked)",
    }[_edition(checked)]
    book_old = bool(old)
    if stale:
        old.append(
            f"{cover} was made from another spec, seed or puzzlebook than the book checked (it fits its page "
            "count): make it again with puzzlebook cover before you upload it"
        )
    if found:  # not ready: what to mend, and every file to make again, in one round; the book's own
        # first, which build makes again with its cover (a cover's line first, telling of an interior
        # of 142 pages beside a book file of 72, read as the wrong fix)
        fail(NotReady(old + found if book_old else found + old))
    # a file there is older: "ready" alone beside its error read as a contradiction (a teacher)
    now = " once built again (the file there is older: below)" if book_old else ""
    # which file was read, or that none is built yet, first: at the end of the line it went unseen
    print(f"{spec}: {read}{ready}{now}, {summary(checked)}")
    if cover:
        memory = (
            f"{unbuilt} is not built yet (puzzlebook cover writes it), so made in memory: " if unbuilt else ""
        )
        again = " once made again (the file there is older: below)" if stale else ""
        pages = len(checked.plan.pages)
        print(f"{cover}: {memory}ready for print{again}, the cover of these {pages} pages")
    tell_notes(checked)  # what validate and build say: check was a parent's last step before printing
    if old:
        fail(NotReady(old))


def _book_files(
    checked: Checked, made: MadeFrom, built: tuple[str, bytes, bool] | None
) -> tuple[list[str], str]:
    """The book's files in the folder beside the book checked: a line for each that is older than the
    spec, or that cannot be read as a book puzzlebook built (a file cut short), since it is what would
    be uploaded; and what the summary's line says first: the file read, or that the book was made in
    memory, and why. ``built``: the book read back (``built_book``), None where it was not (none there,
    damaged, the answers apart)."""
    from ..build import targets
    from ..cover.art import cover_path
    from ..inputs import read_bytes
    from ..madefrom import said_made_from

    older = "is older than the book checked (made before the spec, its files, the seed or puzzlebook changed)"
    if built is not None:
        if built[2]:
            return [], f"{built[0]} checked, built from this spec as it is: "
        return [f"{built[0]} {older}: build it again before you upload it"], ""
    try:
        places = targets(checked, None)
    except PuzzlebookError:  # a folder where the book would be: no file is the book
        return [], ""
    cover = cover_path(places[0].path) if checked.spec.book.cover is not None else None
    # the cover is made from its own inputs, and checked apart (``check_cover``): it never said the book's
    paths = [place.path for place in places if place.path not in ("-", cover)]
    old = []
    for path in (p for p in paths if os.path.lexists(p)):
        try:
            digest = said_made_from(read_bytes(path, "book").data)
        except PuzzlebookError:  # over a book's size, or not a file: not read, as the build would not
            continue
        if digest != made.book:
            what = (
                older if digest else "cannot be read as a book puzzlebook built (damaged, or made otherwise)"
            )
            old.append(f"{path} {what}: build it again before you upload it")
    missing = [p for p in paths if not os.path.lexists(p)]
    if old:
        return old, ""
    if not missing:  # the answers apart: made in memory, and the files there are the same book
        return old, f"{' and '.join(paths)} built from this spec as it is, checked as made in memory: "
    one = len(missing) == 1
    return old, (
        f"{' and '.join(missing)} {'is' if one else 'are'} not built yet "
        f"(puzzlebook build writes {'it' if one else 'them'}), so made in memory: "
    )


def _found(report: Callable[..., None], *args: Any) -> list[str]:
    """What ``report`` (a preflight) finds, as lines, rather than failing at the first file."""
    try:
        report(*args)
    except NotReady as error:
        return error.problems
    return []


def check_cover(
    checked: Checked, spec: str, puzzles: dict[int, Any] | None, made: MadeFrom
) -> tuple[str, bool, list[str], str]:
    """The cover beside the book checked against the book as it is now (made in memory when there is
    no file); returns the file checked ("" for a book without a cover), whether the file was made from
    other inputs than ``made.cover`` says (its words or colours may be old even when its size fits),
    what is wrong with it, and where it goes when it is not built yet ("" when it is)."""
    from ..build import generate, targets
    from ..cover.art import cover_path
    from ..cover.make import CoverMaker
    from ..inputs import read_bytes
    from ..madefrom import said_made_from

    if checked.spec.book.cover is None:
        return "", False, [], ""
    path = cover_path(targets(checked, None)[0].path)
    stale = False
    if os.path.lexists(path):
        name, data = path, read_bytes(path, "book").data
        stale = said_made_from(data) != made.cover
    else:  # not built yet: made in memory, as the book is
        if puzzles is None:
            checked, puzzles = generate(checked)
        maker = CoverMaker(checked.spec, checked.plan, checked.layout.trim, len(checked.mazes), puzzles)
        out = io.BytesIO()
        maker.write(out)
        name, data = f"{spec} (cover)", out.getvalue()
    return name, stale, _found(report_cover, checked, name, data), "" if os.path.lexists(path) else path


def report_cover(checked: Checked, name: str, data: bytes) -> None:
    """Fail with what is wrong with the cover in ``data`` for the book as ``checked`` plans it."""
    from ..cover.check import findings_for_book

    problems = findings_for_book(checked.spec, checked.plan, checked.layout.trim, name, data)
    if problems:
        raise NotReady(problems)


def check_pdf(name: str) -> None:
    """Preflight of a PDF by itself (one written elsewhere with -o, or by another program): a print
    edition, with bleed when its pages are larger than their trim box."""
    from pypdf import PdfReader

    from ..inputs import read_bytes
    from ..preflight import findings, quiet_reader
    from ..render.cover import COVER_SUBJECT
    from ..render.pdfstream import RULES

    quiet_reader()
    try:
        data = read_bytes(name, "book").data
        rules, trim = "print", (0.0, 0.0)
        try:
            reader = PdfReader(io.BytesIO(data))
            page = reader.pages[0]
            bleed = tuple(page.trimbox) != tuple(page.mediabox)
            trim = (float(page.trimbox.width), float(page.trimbox.height))
            info: Any = reader.metadata or {}
            rules = "office" if info.get(RULES) == "office" else "print"
        except Exception:  # preflight says in one line that it cannot be read
            bleed, info = False, {}
        if info.get("/Subject") == COVER_SUBJECT:
            raise SpecError(
                [
                    Problem(
                        name,
                        "is a wrap cover, whose size depends on its book: check it with the book's spec "
                        f"(puzzlebook check {_spec_beside(name)}), which checks the cover beside the book",
                    )
                ]
            )
        problems = findings(name, data, rules, bleed)
        if problems:
            raise NotReady(problems)
    except PuzzlebookError as error:
        fail(error)
    ready = _office_ready(trim) if rules == "office" else "ready for print"
    print(f"{name}: {ready}{' (with bleed)' if bleed else ''}")


def _spec_beside(cover: str) -> str:
    """The spec a cover was most likely built from, for `check` to name: NAME.yaml beside NAME-cover.pdf
    where there is one (build writes a cover beside its book, and a book is named after its spec unless
    its `output:` says otherwise); else a stand-in."""
    from pathlib import Path

    path = Path(cover)
    for suffix in (".yaml", ".yml"):
        spec = path.with_name(path.stem.removesuffix("-cover") + suffix)
        if spec.is_file():
            return str(spec)
    return "book.yaml"


OFFICE_PAPER = (11.7 * 72, 17.01 * 72)
"""The largest paper an office printer takes, in points: A3 and tabloid (11 x 17 in) fit inside it."""


def _office_ready(trim: tuple[float, float]) -> str:
    """What a handout or a poster that passes preflight is ready for: an office printer, or a print
    shop's for a page larger than office paper (an 18 x 24 in poster)."""
    w, h = sorted(trim)
    if w <= OFFICE_PAPER[0] and h <= OFFICE_PAPER[1]:
        return "ready to print on an office printer"
    return (
        f"ready to print at a print shop: {trim[0] / 72:g} x {trim[1] / 72:g} in is larger than office paper"
    )


def report_preflight(checked: Checked, book: str, data: bytes, answers: bool = False) -> None:
    """Fail with preflight's findings in ``data``, each line naming ``book``, the file the book is in
    (or the spec, for a book made in memory). A separate answer key (``answers``) is printed apart, on
    an office printer or a download: it is held to the book's rules but print-on-demand's page counts."""
    from ..preflight import findings

    edition = _edition(checked)
    problems = findings(
        book, data, "office" if answers and edition == "print" else edition, checked.plan.bleed
    )
    if problems:
        raise NotReady(problems)


@command(SPEC)
def validate(spec: str) -> None:
    """Check a spec and its layout without building; print what the book will hold."""
    from ..build import check_book
    from ..report import summary

    try:
        checked = check_book(spec)
    except PuzzlebookError as error:
        fail(error)
    print(f"{spec}: OK, {summary(checked)}")
    tell_notes(checked)


def _edition(checked: Checked) -> str:
    """The rules a book is checked by: a print edition of a layout for office printers (a handout, a
    poster) is "office", the print rules without print-on-demand's page counts, as its plan says."""
    return checked.plan.rules or checked.spec.book.edition


def tell_notes(checked: Checked) -> None:
    from ..report import notes

    for line in notes(checked):
        print(f"note: {line}", file=sys.stderr)


def left_out_note(checked: Checked, left_out: dict[int, set[tuple[str, str]]]) -> None:
    from ..leftout import left_out_notes

    for line in left_out_notes(checked, left_out):
        print(f"note: {line}", file=sys.stderr)
