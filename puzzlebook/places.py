"""Where a build writes: the book, its separate answers and its cover, each checked before any work
(a long build never ends in "cannot write"), with who named it for the messages."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple, Protocol

from .errors import At, Problem, SpecError
from .files import other_kind
from .layout import BookPlan
from .output import Home, plan_output
from .spec.load import Spec


class Book(Protocol):
    """What of a checked book (``build.Checked``) its files' places depend on."""

    @property
    def spec(self) -> Spec: ...

    @property
    def plan(self) -> BookPlan: ...

    @property
    def inputs(self) -> list[Path]: ...


def output_path(spec: Spec, out: str | os.PathLike[str] | None) -> str:
    """-o wins; then the spec's `output` (relative to the spec file); then the spec's name with .pdf."""
    if out is not None:
        return str(out)
    if spec.book.output:
        return str(spec.path.parent / spec.book.output)
    return str(spec.path.with_suffix(".pdf"))


class Place(NamedTuple):
    """A file a build writes: its path, who named it (for messages), and the folder it must stay in when
    the command line did not name it (see ``output.confined``)."""

    path: str
    where: At
    home: Home | None


def targets(checked: Book, out: str | os.PathLike[str] | None) -> list[Place]:
    """Where the book goes (and its answers, with ``answer_key: separate``), each with who named it;
    checked before any work, so a long build never ends in "cannot write". A file -o did not name
    stays in the spec's folder (the book under the spec's name or its ``output:``, its answers), or in
    the folder of -o's book (the answers beside it), whatever a link there says."""
    spec = checked.spec
    target = output_path(spec, out)
    spec_folder = Home(spec.path.parent)
    places = [
        Place(target, "--output", None)
        if out is not None
        else Place(target, spec.where("output"), spec_folder)
    ]
    beside: list[tuple[str, At, str]] = []  # files written beside the book: the book must be a file too
    if checked.plan.answers is not None:
        beside.append((answers_path(target), spec.where("answer_key"), "separate writes the answers"))
    if spec.book.cover is not None:
        from .cover.art import cover_path

        beside.append((cover_path(target), spec.where("cover"), "the cover is written"))
    for path, where, what in beside:
        book = places[0]
        if plan_output(book.path, checked.inputs, book.where, book.home).file is None:
            raise SpecError(
                [
                    Problem(
                        where,
                        f"{what} to a second file beside the book, so the book cannot go to standard "
                        "output or a pipe; give -o a file name",
                    )
                ]
            )
        home = Home(Path(target).parent, "the folder of -o's book") if out is not None else spec_folder
        places.append(Place(path, where, home))
    for path, named, place_home in places:
        suffix = Path(path).suffix
        planned = plan_output(path, checked.inputs, named, place_home)
        if planned.file is not None and not suffix and not _a_pdf(planned.file):  # -o Makefile, ~/.bashrc
            raise SpecError([Problem(f"{named} {path}", other_kind(path, "book", "a PDF", ".pdf"))])
        if planned.file is not None and suffix.lower() not in ("", ".pdf"):
            raise SpecError(
                [
                    Problem(
                        f"{named} {path}",
                        f"ends in {suffix}, but a book is a PDF: name it {Path(path).stem}.pdf (one maze "
                        "alone can be a picture: puzzlebook maze --format png)",
                    )
                ]
            )
    return places


def _a_pdf(file: Path) -> bool:
    """Whether ``file`` is missing or a PDF (a book built before): what a name without .pdf may replace."""
    try:
        with file.open("rb") as opened:
            return opened.read(5) == b"%PDF-"
    except FileNotFoundError:
        return True
    except OSError:
        return False


def answers_path(target: str) -> str:
    """``book.pdf`` -> ``book-answers.pdf``, beside it."""
    path = Path(target)
    return str(path.with_name(f"{path.stem}-answers.pdf"))
