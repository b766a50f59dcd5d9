"""The studio's builds: every check and build of a spec sent from the page, and the books kept for its
preview. It never opens a file a spec names: a build runs ``puzzlebook build`` in a warm child process
(``warm``, ``worker``), with the spec in a hidden file inside FOLDER (so its files resolve there),
confined to FOLDER by ``inputs.STUDIO_FOLDER``, under a time limit, at most two at once; its PDF is the
command line's, byte for byte, and its problems come back as data (``--problems-to``). The quick check
runs in this process.
Pages are drawn for the preview by PDFium.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import math
import os
import re
import shutil
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..deadline import within
from ..errors import PuzzlebookError, Where
from ..inputs import CONFINED, STUDIO_FOLDER
from ..output import Home, process_running, write_together
from .warm import Stopped, Workers

if TYPE_CHECKING:  # the build loads when a spec is first checked
    from ..build import Checked

CHECK_SECONDS = 20.0
"""Seconds a check may take in the studio's own process (``deadline``): a build has its own limit."""
BUILDS = 2
"""Builds at once; the others wait up to ``WAIT`` seconds, then get 503."""
CHECKS = 2
"""Checks at once, in slots of their own: eight slow checks held both build slots, and the page's own
check of the person's spec got 503."""
WAIT = 20.0
BUILD_SECONDS = 60.0
"""A build that takes longer is stopped and reported."""
CACHED = 6
"""Books kept for the preview's pages, newest first: enough for the page and its thumbnails."""
CACHED_BYTES = 100_000_000
"""Bytes of books kept at most (the newest is kept whatever its size): six 5,000-maze books held 600 MB."""
SPEC_NAME = re.compile(r"^[\w][\w .'-]{0,80}\.(?i:ya?ml)\Z")  # \Z: "$" would let a name end in a newline
PDF_NAME = re.compile(r"^[\w][\w .'-]{0,80}\.(?i:pdf)\Z")
LONGEST = 81
"""Characters a name may have before its ending: "Zoë's book.YAML" is a name, a paragraph is not."""
SPEC_KEYS = re.compile(r"^(title|mazes)\s*:", re.M)
"""A spec says its title or its mazes at the start of a line; a layout of the folder (``base:``) says
neither, and is not offered as a spec to open."""


@dataclass
class Outcome:
    """What a check or a build said: its exit code, the PDF asked for, its problems, its summary."""

    code: int
    output: bytes
    problems: list[dict[str, Any]]
    summary: str = ""
    notes: list[str] = field(default_factory=list)  # what the book does other than the spec says
    spec: dict[str, Any] | None = None  # the spec's YAML as data, for the page's form (see ``plain``)
    entries: list[int] = field(default_factory=list)  # each maze entry's first page (0: none)


@dataclass(frozen=True)
class Built:
    """A book built lately, kept for the preview's pages: its files by part, and its drawing's notes."""

    parts: dict[str, bytes]
    notes: list[str]


HIDDEN_PREFIX = f".puzzlebook-studio-{os.getpid()}-"
"""The studio's hidden spec copies and build folders in the user's folder, named by its process: a
studio killed outright (nothing can clean up after SIGKILL) left them for good, its class list's name
in them; the next studio in that folder removes those whose process has ended (``remove_stale``)."""
_STALE = re.compile(r"\.puzzlebook-studio-(\d+)-")


def remove_stale(folder: Path) -> None:
    """Remove the hidden files and folders of studios of ``folder`` that no longer run."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        found = _STALE.match(name)
        if found is None or process_running(int(found[1])):
            continue
        place = folder / name
        if place.is_dir() and not place.is_symlink():
            shutil.rmtree(place, ignore_errors=True)
        else:
            place.unlink(missing_ok=True)


class Studio:
    """The folder, the gate on builds, and the books built lately."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self.gate = threading.BoundedSemaphore(BUILDS)
        self.checks = threading.BoundedSemaphore(CHECKS)
        self.books: OrderedDict[str, Built] = OrderedDict()  # spec -> its files and notes
        self.lock = threading.Lock()
        self.hidden: set[Path] = set()  # the spec copies and build folders in the folder just now
        remove_stale(self.folder)
        env = {**os.environ, STUDIO_FOLDER: str(self.folder)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # children that keep compiled modules start faster
        self.workers = Workers(env, self.folder, BUILDS)  # confined to the folder, as a build child was

    def close(self) -> None:
        """Stop every build and remove every hidden file of the studio's: the server is stopping (a
        Ctrl-C mid-build left a spec copy and a build folder behind, and sometimes a build running)."""
        self.workers.close()
        with self.lock:
            hidden = list(self.hidden)
        for path in hidden:
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)

    @contextlib.contextmanager
    def _spec_file(self, spec: str, gate: threading.BoundedSemaphore) -> Iterator[Path]:
        """A slot at ``gate`` and the spec in a hidden file of the folder itself, so the files it names
        are found where the user keeps them; both are given back whatever happens."""
        if not gate.acquire(timeout=WAIT):
            what = "specs are being checked" if gate is self.checks else "books are being built"
            raise Busy(f"two {what} already; try again")
        try:
            with self._hidden_file(spec) as path:
                yield path
        finally:
            gate.release()

    @contextlib.contextmanager
    def _hidden_file(self, spec: str) -> Iterator[Path]:
        """The spec in a hidden file of the folder, removed whatever happens."""
        handle, name = tempfile.mkstemp(prefix=HIDDEN_PREFIX, suffix=".yaml", dir=self.folder)
        with self.lock:
            self.hidden.add(Path(name))
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(spec)
        try:
            yield Path(name)
        finally:
            Path(name).unlink(missing_ok=True)
            with self.lock:
                self.hidden.discard(Path(name))

    def _build(self, spec: str) -> tuple[Outcome, dict[str, bytes]]:
        """``puzzlebook build`` in a warm worker (``warm``), writing into a private folder removed
        whatever happens (a client that goes away mid-build leaves nothing behind): the book, and its
        separate answers and its cover (b"" when it has none)."""
        with self._spec_file(spec, self.gate) as path:
            work = Path(tempfile.mkdtemp(prefix=HIDDEN_PREFIX, dir=self.folder))
            with self.lock:
                self.hidden.add(work)
            argv = [
                "-q",
                str(path),
                "-o",
                str(work / "book.pdf"),
                "--problems-to",
                str(work / "problems.json"),
                "--notes-to",
                str(work / "notes.json"),
            ]
            try:
                code, stderr = self.workers.build(argv, BUILD_SECONDS)
            except Stopped:
                message = f"the build took longer than {BUILD_SECONDS:.0f} s; make the book smaller"
                return Outcome(1, b"", [{"line": None, "key": None, "message": message}]), {}
            else:
                book, answers, cover, told, noted = (
                    (work / name).read_bytes() if (work / name).is_file() else b""
                    for name in (
                        "book.pdf",
                        "book-answers.pdf",
                        "book-cover.pdf",
                        "problems.json",
                        "notes.json",
                    )
                )
                if told:
                    problems = [shown(problem, path.name) for problem in json.loads(told)]
                elif code:  # it failed before it could say why: its last words
                    last = stderr.strip().splitlines()[-1:] or ["the build failed"]
                    problems = [{"line": None, "key": None, "message": last[0].removeprefix("error: ")}]
                else:
                    problems = []
                notes = [sentence(shown(note, path.name)) for note in json.loads(noted or b"[]")]
                return Outcome(code, book, problems, notes=notes), {"answers": answers, "cover": cover}
            finally:
                shutil.rmtree(work, ignore_errors=True)
                with self.lock:
                    self.hidden.discard(work)

    def check(self, spec: str) -> Outcome:
        """The checks of ``puzzlebook validate``, in this process (they build no maze, so they are
        quick and bounded by the spec's limits), confined to the folder for this thread only."""
        from ..build import check_book
        from ..errors import problems_of
        from ..report import notes, summary
        from ..spec.load import read_spec

        with self._spec_file(spec, self.checks) as path:
            token = CONFINED.set(str(self.folder))
            read = None
            end = time.monotonic() + CHECK_SECONDS  # the fixes' checks too (``_fixes_tried``)
            try:
                read = read_spec(path)  # read once, for the check and for the form
                with within(CHECK_SECONDS):
                    checked = check_book(path, read=read)
            except PuzzlebookError as exc:
                data = plain(read.data) if read else None
                problems = [shown(p.as_dict(), path.name) for p in problems_of(exc)]
                return Outcome(2, b"", self._fixes_tried(spec, problems, end), spec=data)
            finally:
                CONFINED.reset(token)
            told = [sentence(shown(note.as_dict(), path.name)) for note in notes(checked)]
            return Outcome(0, b"", [], summary(checked), told, plain(read.data), first_pages(checked))

    def _fixes_tried(self, spec: str, problems: list[dict[str, Any]], end: float) -> list[dict[str, Any]]:
        """The problems, each fix offered only where the spec checks with it written (the first
        ``FIXES_TRIED``, each a check more, all within the check's own deadline, ``end``): a size its
        page takes by the measure the message uses was refused by the book's own plan by a tenth of a
        point (a hostile review). A fix not checked in time is not offered."""
        from ..build import check_book
        from ..errors import problems_of
        from .edits import EditError, apply_edits

        tried = 0
        for problem in problems:
            path = _key_path(problem.get("key") or "")
            if not problem.get("fix") or path is None:
                problem.pop("fix", None)
                continue
            if tried >= FIXES_TRIED:
                problem.pop("fix")
                continue
            tried += 1
            left = end - time.monotonic()
            if left <= 0:  # not checked in time: not offered
                problem.pop("fix")
                continue
            try:
                fixed = apply_edits(spec, [{"path": path, "value": problem["fix"]}])
                with self._hidden_file(fixed) as again, within(left):
                    check_book(again)
            except EditError:  # a fix that cannot even be written in is not offered
                problem.pop("fix")
            except PuzzlebookError as exc:
                late = time.monotonic() >= end
                if late or any(p.at.key == problem["key"] for p in problems_of(exc)):
                    problem.pop("fix")
        return problems

    def edit(self, text: str, changes: list[dict[str, Any]]) -> str:
        """The form's changes made in the spec's text, in a check's slot (it is this process's work)."""
        from .edits import apply_edits

        if not self.checks.acquire(timeout=WAIT):
            raise Busy("two specs are being checked already; try again")
        try:
            with within(CHECK_SECONDS):
                return apply_edits(text, changes)
        finally:
            self.checks.release()

    def pdf(self, spec: str, part: str = "book") -> Outcome:
        """The book, or with ``part="answers"`` its separate answer key, with ``part="cover"`` its cover
        (empty when it has none): one build makes them all, and all are kept for the next request."""
        key = hashlib.sha256(spec.encode()).hexdigest()
        with self.lock:
            if key in self.books:
                self.books.move_to_end(key)
                kept = self.books[key]
                return Outcome(0, kept.parts.get(part, b""), [], notes=kept.notes)
        outcome, more = self._build(spec)
        if outcome.code:
            return outcome
        parts = {"book": outcome.output, **more}
        with self.lock:
            self.books[key] = Built(parts, outcome.notes)
            while len(self.books) > CACHED or (
                len(self.books) > 1
                and sum(len(b) for kept in self.books.values() for b in kept.parts.values()) > CACHED_BYTES
            ):
                self.books.popitem(last=False)
        return Outcome(0, parts.get(part, b""), [], notes=outcome.notes)

    def save(self, parts: list[tuple[str, bytes]], pattern: re.Pattern[str], what: str) -> None:
        """A spec, or a PDF and its answers, written into the folder as ``output`` writes every result
        (all whole or none, keeping the old files' permissions), under plain names that stay in the
        folder; a link or anything but a plain file of such a name is refused (it could lead out)."""
        for name, _ in parts:
            self.may_save(name, pattern, what)
        home = Home(self.folder, "the studio's folder", "remove the link, or choose another name")
        write_together([(self.folder / name, data) for name, data in parts], home)

    def may_save(self, name: str, pattern: re.Pattern[str], what: str) -> None:
        """Refuse a name ``save`` would refuse, before anything is written."""
        if not pattern.match(name):
            raise ValueError(f'"{name[:60]}" is not a {what} name: {why_not(name, what)}')
        path = self.folder / name
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise ValueError(f"{name} in the folder is not a plain file; choose another name")

    def preview(self, pdf: bytes, page: int, width: int) -> bytes | None:
        """A page drawn for the preview (see ``preview_png``), at the gate: drawing takes memory too, so
        as many at once as builds."""
        if not self.gate.acquire(timeout=WAIT):
            raise Busy("two books are being built already; try again")
        try:
            return preview_png(pdf, page, width)
        finally:
            self.gate.release()

    def specs(self) -> list[str]:
        """The specs of the folder that can be opened: plain files (a link cannot be), named as a spec,
        that read as one (a layout does not)."""
        found = []
        for path in self.folder.iterdir():
            if not SPEC_NAME.match(path.name) or path.is_symlink() or not path.is_file():
                continue
            with contextlib.suppress(OSError), path.open("rb") as file:
                if SPEC_KEYS.search(file.read(65536).decode("utf-8", "replace")):
                    found.append(path.name)
        return sorted(found, key=str.lower)

    def spec_path(self, name: str) -> Path:
        if not SPEC_NAME.match(name):
            raise ValueError(f'"{name[:60]}" is not a spec name: {why_not(name, "spec")}')
        return self.folder / name


def first_pages(checked: Checked) -> list[int]:
    """The page each maze entry of the spec is first drawn on (0 for none), for the page to show the
    maze just changed: it stayed on the page it was on, and a change to maze 2 showed nothing new."""
    first: dict[int, int] = {}
    for maze in checked.mazes:
        page = checked.plan.maze_pages.get(maze.number, 0)
        if page and (maze.entry not in first or page < first[maze.entry]):
            first[maze.entry] = page
    return [first.get(i, 0) for i in range(len(checked.spec.book.mazes))]


def plain(data: Any) -> dict[str, Any] | None:
    """The spec's YAML as the page's form follows it: JSON's types (dates and the like as text); None
    when it is not a mapping."""
    if not isinstance(data, dict):
        return None
    shown: dict[str, Any] = json.loads(json.dumps(data, default=str))
    return shown


def why_not(name: str, what: str) -> str:
    """Why a name refused for a spec or a PDF is refused, exactly: its character, its ending, its length."""
    ending = ".pdf" if what == "PDF" else ".yaml"
    bad = next((c for c in name if not (c.isalnum() or c in "_ .'-")), None)
    if bad is not None:
        return f"it holds {bad!r}; use letters, digits, spaces, apostrophes, dots and dashes"
    if not name.lower().endswith((ending, ".yml") if what == "spec" else ending):
        return f"it must end in {ending}"
    stem = name.rsplit(".", 1)[0]
    if len(stem) > LONGEST:
        return f"it is {len(stem)} characters long before {name[len(stem) :]}; a name may have {LONGEST}"
    return "it must start with a letter or a digit"


class Busy(Exception):
    """Every slot of a kind stayed taken: its message says which."""


HIDDEN_SPEC = re.compile(r"\.puzzlebook-studio-[\w-]+\.yaml:(\d+)(?:: )?")
"""The spec's hidden copy as a message names it (".puzzlebook-studio-qi2t.yaml:5: "), told as "line 5, "."""


def shown(problem: dict[str, Any], spec_file: str) -> dict[str, Any]:
    """A problem (``Problem.as_dict``) as the page shows it: the spec's own line and key, beside its
    field; anything in another file, or with no line, as one sentence saying where. The spec's hidden
    copy is never named to the person (its line is)."""
    message = HIDDEN_SPEC.sub(_line, str(problem["message"]))
    if problem.get("file") == spec_file:  # with the value that mends it at its key, where one does
        fix = {"fix": problem["fix"]} if problem.get("fix") else {}
        return {"line": problem["line"], "key": problem["key"], "message": message} | fix
    where = str(Where(problem.get("file") or "", problem.get("line"), problem.get("key") or ""))
    return {"line": None, "key": None, "message": f"{where}: {message}" if where else message}


def sentence(problem: dict[str, Any]) -> str:
    """A shown problem as one line of text (the page's notes): "line 3: mazes[0]: ..."."""
    spot = f"line {problem['line']}" if problem["line"] else ""
    return ": ".join(part for part in (spot, problem["key"] or "", problem["message"]) if part)


def _line(match: re.Match[str]) -> str:
    """The spec's hidden copy, as its line: ".puzzlebook-studio-qi2t.yaml:5: " -> "line 5: "."""
    return f"line {match[1]}: "


PREVIEW_PIXELS = 1600 * 2400
"""Pixels a preview has at most: a page 2 in wide and 200 in tall, drawn 1600 pixels wide, was 256
million pixels and 1.7 GB of the server's memory."""


def preview_png(pdf: bytes, page: int, width: int) -> bytes | None:
    """Page ``page`` (1-based) of a PDF as a PNG ``width`` pixels wide, or narrower to stay within
    ``PREVIEW_PIXELS``; None past the last page."""
    import pypdfium2 as pdfium  # loaded only when a page is asked for

    document = pdfium.PdfDocument(pdf)
    try:
        if not 1 <= page <= len(document):
            return None
        sheet = document[page - 1]
        w, h = sheet.get_width(), sheet.get_height()
        scale = min(width / w, math.sqrt(PREVIEW_PIXELS / (w * h)))
        image = sheet.render(scale=scale).to_pil()
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=False)
        sheet.close()
        return out.getvalue()
    finally:
        document.close()


def page_count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        return len(document)
    finally:
        document.close()


FIXES_TRIED = 2
"""Problems whose fix is checked before the page offers it; the others' are not offered."""


def _key_path(key: str) -> list[str | int] | None:
    """A problem's key as the path an edit takes (``mazes[2].size`` -> ["mazes", 2, "size"]); None
    for one that is not a maze's field."""
    found = re.fullmatch(r"mazes\[(\d+)\]\.(\w+)", key)
    return ["mazes", int(found[1]), found[2]] if found else None
