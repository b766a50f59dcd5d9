"""puzzlebook studio: a page on the user's own machine that makes a book without YAML.

The server is the standard library's, on 127.0.0.1 only. It never opens a file a spec names: every check
and build runs ``puzzlebook`` in a child process, with the spec in a private folder inside FOLDER (so its
files resolve there), confined to FOLDER by ``inputs.STUDIO_FOLDER``, under a time limit, at most two at
once. The child's output is the API's answer, so the studio says what the command line says, and its PDF
is the command line's, byte for byte. Pages are drawn for the preview by PDFium, in this process.
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
import subprocess
import sys
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from ..errors import PuzzlebookError
from ..inputs import CONFINED, STUDIO_FOLDER
from ..output import Home, write_together

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 1024 * 1024
"""Bytes a request body may hold: a spec is far smaller."""
BUILDS = 2
"""Builds at once; the others wait up to ``WAIT`` seconds, then get 503."""
WAIT = 20.0
BUILD_SECONDS = 60.0
"""A build that takes longer is stopped and reported."""
CACHED = 6
"""Books kept for the preview's pages, newest first: enough for the page and its thumbnails."""
CACHED_BYTES = 100_000_000
"""Bytes of books kept at most (the newest is kept whatever its size): six 5,000-maze books held 600 MB."""
SPEC_NAME = re.compile(r"^[\w][\w .-]{0,80}\.ya?ml\Z")  # \Z: "$" would let a name end in a newline
PDF_NAME = re.compile(r"^[\w][\w .-]{0,80}\.pdf\Z")
PROBLEM = re.compile(r"^error: [^:\n]*?:(\d+): ([\w\[\].-]+(?: \([\w.]+\))?): (.*)$")
"""A problem's line, key (``mazes[0].size``, ``layout (start_label)``) and message: a key has no blanks,
so a message with ": " in it (``start with `title: My Maze Book` ``) is not cut at it."""
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}


@dataclass
class Outcome:
    """What a check or a build said: its exit code, the PDF asked for, its problems, its summary."""

    code: int
    output: bytes
    problems: list[dict[str, Any]]
    summary: str = ""
    notes: list[str] = field(default_factory=list)  # what the book does other than the spec says


class Studio:
    """The folder, the gate on builds, and the books built lately."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self.gate = threading.BoundedSemaphore(BUILDS)
        self.books: OrderedDict[str, tuple[bytes, bytes]] = OrderedDict()  # spec -> (book, answers)
        self.lock = threading.Lock()
        self.hidden: set[Path] = set()  # the spec copies and build folders in the folder just now
        self.builds: set[subprocess.Popen[bytes]] = set()  # the builds running just now

    def close(self) -> None:
        """Stop every build and remove every hidden file of the studio's: the server is stopping (a
        Ctrl-C mid-build left a spec copy and a build folder behind, and sometimes a build running)."""
        with self.lock:
            builds, hidden = list(self.builds), list(self.hidden)
        for build in builds:
            with contextlib.suppress(OSError):
                build.kill()
        for path in hidden:
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)

    @contextlib.contextmanager
    def _spec_file(self, spec: str) -> Iterator[Path]:
        """A slot at the gate and the spec in a hidden file of the folder itself, so the files it names
        are found where the user keeps them; both are given back whatever happens."""
        if not self.gate.acquire(timeout=WAIT):
            raise Busy
        try:
            handle, name = tempfile.mkstemp(prefix=".puzzlebook-studio-", suffix=".yaml", dir=self.folder)
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
        finally:
            self.gate.release()

    def _build(self, spec: str) -> tuple[Outcome, bytes]:
        """``puzzlebook build`` in a child process, writing into a private folder removed whatever
        happens (a client that goes away mid-build leaves nothing behind): the book, and its separate
        answers (b"" when it has none)."""
        env = {**os.environ, STUDIO_FOLDER: str(self.folder)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # children that keep compiled modules start faster
        with self._spec_file(spec) as path:
            work = Path(tempfile.mkdtemp(prefix=".puzzlebook-studio-", dir=self.folder))
            with self.lock:
                self.hidden.add(work)
            command = [
                sys.executable,
                "-m",
                "puzzlebook",
                "build",
                "-q",
                str(path),
                "-o",
                str(work / "book.pdf"),
            ]
            build = subprocess.Popen(
                command,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                cwd=self.folder,
                stdin=subprocess.DEVNULL,
            )
            with self.lock:
                self.builds.add(build)
            try:
                _, stderr = build.communicate(timeout=BUILD_SECONDS)
            except subprocess.TimeoutExpired:
                build.kill()
                build.communicate()
                message = f"the build took longer than {BUILD_SECONDS:.0f} s; make the book smaller"
                return Outcome(1, b"", [{"line": None, "key": None, "message": message}]), b""
            else:
                book, answers = (
                    (work / name).read_bytes() if (work / name).is_file() else b""
                    for name in ("book.pdf", "book-answers.pdf")
                )
                problems = problems_of(stderr.decode("utf-8", "replace"))
                return Outcome(build.returncode, book, problems), answers
            finally:
                shutil.rmtree(work, ignore_errors=True)
                with self.lock:
                    self.builds.discard(build)
                    self.hidden.discard(work)

    def check(self, spec: str) -> Outcome:
        """The checks of ``puzzlebook validate``, in this process (they build no maze, so they are
        quick and bounded by the spec's limits), confined to the folder for this thread only."""
        from ..build import check_book
        from ..cli import notes, summary
        from ..errors import PuzzlebookError

        with self._spec_file(spec) as path:
            token = CONFINED.set(str(self.folder))
            try:
                checked = check_book(path)
            except PuzzlebookError as exc:  # a SpecError's text is its problems, a line each
                return Outcome(
                    2, b"", problems_of("\n".join(f"error: {line}" for line in str(exc).splitlines()))
                )
            finally:
                CONFINED.reset(token)
            return Outcome(0, b"", [], summary(checked), [HIDDEN_SPEC.sub(_line, n) for n in notes(checked)])

    def pdf(self, spec: str, part: str = "book") -> Outcome:
        """The book, or with ``part="answers"`` its separate answer key (empty when it has none): one
        build makes both, and both are kept for the next request."""
        key = hashlib.sha256(spec.encode()).hexdigest()
        with self.lock:
            if key in self.books:
                self.books.move_to_end(key)
                book, answers = self.books[key]
                return Outcome(0, answers if part == "answers" else book, [])
        outcome, answers = self._build(spec)
        if outcome.code:
            return outcome
        with self.lock:
            self.books[key] = (outcome.output, answers)
            while len(self.books) > CACHED or (
                len(self.books) > 1 and sum(len(b) + len(a) for b, a in self.books.values()) > CACHED_BYTES
            ):
                self.books.popitem(last=False)
        return Outcome(0, answers if part == "answers" else outcome.output, [])

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
            ending = ".pdf" if what == "PDF" else ".yaml"
            bad = next((c for c in name if not (c.isalnum() or c in "_ .-")), None)
            why = (
                f"it holds {bad!r}; use letters, digits, spaces, dots and dashes"
                if bad is not None
                else f"it must end in {ending}"
                if not name.lower().endswith((ending, ".yml"))
                else "use letters, digits, spaces, dots and dashes, starting with a letter or digit"
            )
            raise ValueError(f'"{name[:60]}" is not a {what} name: {why}')
        path = self.folder / name
        if path.is_symlink() or (path.exists() and not path.is_file()):
            raise ValueError(f"{name} in the folder is not a plain file; choose another name")

    def specs(self) -> list[str]:
        return sorted(p.name for p in self.folder.iterdir() if p.is_file() and SPEC_NAME.match(p.name))

    def spec_path(self, name: str) -> Path:
        if not SPEC_NAME.match(name):
            raise ValueError(
                f'"{name}" is not a spec name: letters, digits, spaces, dots and dashes, ending .yaml'
            )
        return self.folder / name


class Busy(Exception):
    """Every build slot stayed taken."""


HIDDEN_SPEC = re.compile(r"\.puzzlebook-studio-[\w-]+\.yaml:(\d+)(?:: )?")
"""The spec's hidden copy as a message names it (".puzzlebook-studio-qi2t.yaml:5: "), told as "line 5, "."""


def problems_of(stderr: str) -> list[dict[str, Any]]:
    """The child's error lines as the API's problems: line, key and message where it gave them; the
    spec's hidden copy is never named to the person (its line is)."""
    found = []
    for line in stderr.splitlines():
        match = PROBLEM.match(line)
        if match:
            found.append({"line": int(match[1]), "key": match[2], "message": match[3]})
        elif line.startswith("error: "):
            text = line.removeprefix("error: ")
            spot = re.match(r"^[^:\n]*?:(\d+): (.*)$", text)
            if spot:
                found.append({"line": int(spot[1]), "key": None, "message": spot[2]})
            else:
                found.append({"line": None, "key": None, "message": text})
    for problem in found:
        problem["message"] = HIDDEN_SPEC.sub(_line, str(problem["message"]))
    return found


def _line(match: re.Match[str]) -> str:
    """The spec's hidden copy, as its line: ".puzzlebook-studio-qi2t.yaml:5: " -> "line 5: "."""
    return f"line {match[1]}: "


def parsed_spec(text: str) -> dict[str, Any] | None:
    """The spec's YAML as data, for the page's form to follow the YAML tab; None if it is not a mapping.
    Parsed with the spec's own guards (aliases and nodes counted), and no file is read."""
    from ..spec import parse_yaml

    try:
        data, _, _ = parse_yaml(text, "book.yaml")
    except Exception:  # a YAML error is reported by the check itself, with its line
        return None
    if not isinstance(data, dict):
        return None
    plain: dict[str, Any] = json.loads(json.dumps(data, default=str))  # dates and the like as text
    return plain


def options() -> dict[str, Any]:
    """What the page's lists offer, from the registries themselves."""
    from .. import generators, kinds
    from ..layout import preset_names
    from ..pictures import PAIRS
    from ..shapes import SHAPES
    from ..spec import AGES

    return {
        "layouts": preset_names(),
        "algorithms": generators.ALGORITHMS.names(),
        "walkers": generators.on_graphs(),
        "grids": list(kinds.GRIDS),
        "shapes": list(SHAPES),
        "marks": ["none", "suggested", "farthest", "left-right", "top-bottom", "corners", "center-out"],
        "ages": sorted(
            AGES, key=lambda age: (age == "adult", int(age.removeprefix("age-")) if age != "adult" else 0)
        ),
        "pictures": list(PAIRS),
    }


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


def handler(studio: Studio) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "puzzlebook-studio"
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return  # a quiet terminal: the first line says where the page is, and that is all

        def _send(self, status: int, body: bytes, kind: str, extra: dict[str, str] | None = None) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            for name, value in (extra or {}).items():
                self.send_header(name, value)
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(
                    body
                )  # a page that moved on: nothing to clean up, the build's folder is gone

        def _json(self, status: int, data: dict[str, Any]) -> None:
            self._send(status, json.dumps(data).encode(), "application/json")

        def _problems(self, outcome: Outcome) -> None:
            problems = outcome.problems or [{"line": None, "key": None, "message": "the build failed"}]
            self._json(HTTPStatus.UNPROCESSABLE_ENTITY, {"ok": False, "problems": problems})

        def _trusted(self) -> bool:
            """Only the studio's own page may use it. Another site's page could otherwise post to it
            (a plain form post needs no permission), and a name of another site's that resolves to
            127.0.0.1 (DNS rebinding) could read its answers: so the Host must be this server, and an
            Origin, when the browser sends one, this server too."""
            port = getattr(self.server, "server_port", None)  # set as the server binds its socket
            own = {f"127.0.0.1:{port}", f"localhost:{port}"}
            origin = self.headers.get("Origin")
            host = (self.headers.get("Host") or "").strip().lower()  # a name is the same in any case
            origin = origin.strip().lower() if origin is not None else None
            if host in own and (origin is None or origin in {f"http://{h}" for h in own}):
                return True
            self._send(HTTPStatus.FORBIDDEN, b"the studio answers only its own page", "text/plain")
            return False

        def _body(self) -> str | None:
            given = self.headers.get("Content-Length") or "0"
            if self.headers.get("Transfer-Encoding"):  # chunked: read as empty, it looked like no spec
                given = "chunked"
            if not given.isdigit():  # "abc", "-1", chunked: nothing sensible to read
                self._json(
                    HTTPStatus.BAD_REQUEST,
                    {
                        "ok": False,
                        "problems": [
                            {
                                "line": None,
                                "key": None,
                                "message": "a bad Content-Length; send the spec with one",
                            }
                        ],
                    },
                )
                self.close_connection = True
                return None
            length = int(given)
            if length > MAX_BODY:
                self._json(
                    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                    {
                        "ok": False,
                        "problems": [
                            {
                                "line": None,
                                "key": None,
                                "message": f"the spec is {length:,} bytes; at most {MAX_BODY:,}",
                            }
                        ],
                    },
                )
                self.close_connection = True
                return None
            raw = self.rfile.read(length)
            try:
                return raw.decode("utf-8")
            except UnicodeDecodeError:
                self._json(
                    HTTPStatus.UNPROCESSABLE_ENTITY,
                    {
                        "ok": False,
                        "problems": [{"line": None, "key": None, "message": "the spec is not UTF-8 text"}],
                    },
                )
                return None

        def do_GET(self) -> None:
            if not self._trusted():
                return
            url = urlparse(self.path)
            if url.path == "/api/specs":
                self._json(HTTPStatus.OK, {"specs": studio.specs()})
                return
            if url.path == "/api/options":
                self._json(HTTPStatus.OK, options())
                return
            if url.path == "/api/spec":
                name = parse_qs(url.query).get("name", [""])[0]
                try:
                    path = studio.spec_path(name)
                    text = (
                        path.read_text(encoding="utf-8") if path.is_file() and not path.is_symlink() else None
                    )
                except (ValueError, OSError, UnicodeDecodeError) as exc:
                    self._json(HTTPStatus.BAD_REQUEST, {"ok": False, "message": str(exc)})
                    return
                if text is None:
                    self._json(
                        HTTPStatus.NOT_FOUND, {"ok": False, "message": f"no spec {name} in the folder"}
                    )
                else:
                    self._send(HTTPStatus.OK, text.encode(), "text/yaml; charset=utf-8")
                return
            name = "index.html" if url.path in ("/", "/index.html") else url.path.lstrip("/")
            file = STATIC / name
            if "/" in name or file.suffix not in TYPES or not file.is_file():
                self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")
                return
            self._send(HTTPStatus.OK, file.read_bytes(), TYPES[file.suffix])

        def do_POST(self) -> None:
            if not self._trusted():
                self.close_connection = True  # its body is never read
                return
            url = urlparse(self.path)
            query = parse_qs(url.query)
            if url.path not in ("/api/check", "/api/pdf", "/api/preview", "/api/save", "/api/save-pdf"):
                self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")
                return
            spec = self._body()
            if spec is None:
                return
            try:
                if url.path == "/api/check":
                    outcome = studio.check(spec)
                    parsed = parsed_spec(spec)
                    if outcome.code:
                        problems = outcome.problems or [
                            {"line": None, "key": None, "message": "the spec has problems"}
                        ]
                        self._json(
                            HTTPStatus.UNPROCESSABLE_ENTITY,
                            {"ok": False, "problems": problems, "spec": parsed},
                        )
                    else:
                        answer = {
                            "ok": True,
                            "summary": outcome.summary,
                            "notes": outcome.notes,
                            "spec": parsed,
                        }
                        self._json(HTTPStatus.OK, answer)
                elif url.path == "/api/pdf":
                    part = "answers" if query.get("part", ["book"])[0] == "answers" else "book"
                    outcome = studio.pdf(spec, part)
                    if outcome.code:
                        self._problems(outcome)
                    elif not outcome.output:
                        self._json(
                            HTTPStatus.NOT_FOUND,
                            {
                                "ok": False,
                                "problems": [
                                    {
                                        "line": None,
                                        "key": "answer_key",
                                        "message": "this book has no separate answers",
                                    }
                                ],
                            },
                        )
                    else:
                        name = "book-answers.pdf" if part == "answers" else "book.pdf"
                        self._send(
                            HTTPStatus.OK,
                            outcome.output,
                            "application/pdf",
                            {"Content-Disposition": f'attachment; filename="{name}"'},
                        )
                elif url.path == "/api/preview":
                    self._preview(spec, query)
                elif url.path == "/api/save-pdf":
                    self._save_pdf(spec, query.get("name", [""])[0], query.get("replace") == ["1"])
                else:
                    self._save(spec, query.get("name", [""])[0])
            except Busy:
                self._json(
                    HTTPStatus.SERVICE_UNAVAILABLE,
                    {
                        "ok": False,
                        "problems": [
                            {
                                "line": None,
                                "key": None,
                                "message": "two books are being built already; try again",
                            }
                        ],
                    },
                )

        def _preview(self, spec: str, query: dict[str, list[str]]) -> None:
            try:
                page = int(query.get("page", ["1"])[0])
                width = min(max(int(query.get("width", ["800"])[0]), 60), 1600)
            except ValueError:
                self._json(HTTPStatus.BAD_REQUEST, {"ok": False, "message": "page and width are numbers"})
                return
            outcome = studio.pdf(spec)
            if outcome.code:
                self._problems(outcome)
                return
            if not studio.gate.acquire(timeout=WAIT):  # drawing takes memory too: as many as builds
                raise Busy
            try:
                image = preview_png(outcome.output, page, width)
            finally:
                studio.gate.release()
            if image is None:
                self._json(HTTPStatus.NOT_FOUND, {"ok": False, "message": f"the book has no page {page}"})
                return
            self._send(HTTPStatus.OK, image, "image/png", {"X-Pages": str(page_count(outcome.output))})

        def _save_pdf(self, spec: str, name: str, replace: bool = False) -> None:
            """The book (and its separate answers) written into the folder, as ``puzzlebook build`` would;
            a PDF already there is replaced only when asked (409 names it first: the page asks)."""
            outcome = studio.pdf(spec)
            if outcome.code:
                self._problems(outcome)
                return
            parts = [(name, outcome.output)]
            answers = studio.pdf(spec, "answers").output
            if answers:
                parts.append((name.removesuffix(".pdf") + "-answers.pdf", answers))
            there = [part for part, _ in parts if PDF_NAME.match(part) and (studio.folder / part).is_file()]
            if there and not replace:
                said = f"{' and '.join(there)} {'is' if len(there) == 1 else 'are'} already in the folder"
                self._json(HTTPStatus.CONFLICT, {"ok": False, "exists": there, "message": said})
                return
            self._save_all(parts, PDF_NAME, "PDF")

        def _save(self, spec: str, name: str) -> None:
            self._save_all([(name, spec.encode())], SPEC_NAME, "spec")

        def _save_all(self, parts: list[tuple[str, bytes]], pattern: re.Pattern[str], what: str) -> None:
            try:
                studio.save(parts, pattern, what)  # the book and its answers are both saved, or neither
            except (ValueError, OSError, PuzzlebookError) as exc:
                self._json(HTTPStatus.BAD_REQUEST, {"ok": False, "message": str(exc)})
                return
            self._json(HTTPStatus.OK, {"ok": True, "saved": ", ".join(name for name, _ in parts)})

    return Handler


class StudioServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, folder: Path, port: int) -> None:
        self.studio = Studio(folder)
        super().__init__(("127.0.0.1", port), handler(self.studio))


def serve(folder: Path, port: int = 0) -> StudioServer:
    """A studio server on 127.0.0.1 (``port`` 0: a free one), not yet serving."""
    return StudioServer(folder, port)
