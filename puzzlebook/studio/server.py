"""puzzlebook studio: a page on the user's own machine that makes a book without YAML.

The server is the standard library's, on 127.0.0.1 only, and answers only its own page (``_trusted``).
Each path of the API is a method named in ``GETS`` or ``POSTS``; the work itself is ``builds.Studio``'s.
"""

from __future__ import annotations

import contextlib
import errno
import json
import re
import shlex
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import parse_qs, urlparse

from ..errors import NO_PART, PuzzlebookError
from .builds import PDF_NAME, SPEC_NAME, Busy, Outcome, Studio, page_count

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 1024 * 1024
"""Bytes a request body may hold: a spec is far smaller."""
TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".css": "text/css",
    ".svg": "image/svg+xml",
}
PORT = 8642
"""The studio's own port, unless told another: a studio started again has the same address, so its
page, still open, finds it again and keeps the book it holds (a browser keeps a page's unsaved book by
its address). A free port each time left the page of a stopped studio unable to find the new one, and
a new page showed "My Maze Book" with the unsaved book kept under the old address."""
PORT_TRIES = 10
"""Ports from ``PORT`` tried in turn when it is taken (a second studio, another program); then any."""
SOCKET_SECONDS = 30.0
"""A connection that sends nothing for this long (a body declared longer than it is, a client gone
silent) is closed: it held one of the server's threads forever."""


EDIT_DEPTH = 8
"""Levels a form's change may nest (``{"path": [...], "append": {"options": {...}}}`` takes four): a
value nested 3,000 deep ended in a traceback in the studio's terminal and no answer."""


def _deeper(value: Any, most: int) -> bool:
    """Whether ``value`` nests more than ``most`` lists or mappings deep, found without recursion."""
    level = [value]
    for _ in range(most + 1):
        level = [
            inner
            for item in level
            for inner in (item.values() if isinstance(item, dict) else item if isinstance(item, list) else ())
        ]
        if not level:
            return False
    return True


def options() -> dict[str, Any]:
    """What the page's lists offer, from the registries themselves."""
    from .. import generators, kinds
    from ..artwork import PAIRS
    from ..layout import preset_names
    from ..shapes import SHAPES
    from ..spec.request import AGES

    return {
        "layouts": preset_names(),
        "algorithms": generators.ALGORITHMS.names(),
        "titles": {name: generators.get(name).title for name in generators.ALGORITHMS.names()},
        # what each looks like and the options it takes, shown as the lists' tips
        "about": {name: generators.get(name).summary for name in generators.ALGORITHMS.names()},
        "takes": {name: generators.option_lines(name) for name in generators.ALGORITHMS.names()},
        "walkers": generators.on_graphs(),
        "grids": list(kinds.GRIDS),
        "grid_names": kinds.GRID_NAMES,
        "shapes": list(SHAPES),
        "marks": ["none", "suggested", "farthest", "left-right", "top-bottom", "corners", "center-out"],
        "ages": sorted(
            AGES, key=lambda age: (age == "adult", int(age.removeprefix("age-")) if age != "adult" else 0)
        ),
        "pictures": list(PAIRS),
    }


class Handler(BaseHTTPRequestHandler):
    """One request: checked for its origin, then handed to the method its path names."""

    server: StudioServer
    server_version = "puzzlebook-studio"
    protocol_version = "HTTP/1.1"
    # a reply is two writes (headers, body): on a kept-alive connection Nagle's algorithm held the body
    # for the browser's delayed ACK, 40 ms a request, and 36 thumbnails took 1.7 s instead of 0.1 s
    disable_nagle_algorithm = True
    timeout = SOCKET_SECONDS  # each read and write on the socket, then TimeoutError
    GETS: ClassVar[dict[str, str]] = {
        "/api/specs": "_specs",
        "/api/options": "_options",
        "/api/spec": "_spec",
    }
    POSTS: ClassVar[dict[str, str]] = {
        "/api/check": "_check",
        "/api/edit": "_edit",
        "/api/pdf": "_pdf",
        "/api/preview": "_preview",
        "/api/save": "_save",
        "/api/save-pdf": "_save_pdf",
    }

    @property
    def studio(self) -> Studio:
        return self.server.studio

    def log_message(self, format: str, *args: Any) -> None:
        return  # a quiet terminal: the first line says where the page is, and that is all

    def end_headers(self) -> None:
        """Every answer, the server's own errors too, refuses to be framed: a page of another site could
        otherwise show the studio under a decoy and have the person click on it (clickjacking)."""
        self.send_header("Content-Security-Policy", "frame-ancestors 'none'")
        self.send_header("X-Frame-Options", "DENY")
        super().end_headers()

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
            self.wfile.write(body)  # a page that moved on: nothing to clean up, the build's folder is gone

    def _json(self, status: int, data: dict[str, Any]) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def _fail(
        self,
        status: int,
        message: str,
        problems: list[dict[str, Any]] | None = None,
        **more: Any,
    ) -> None:
        """The one way a request is refused: its message, and the problems the page shows (the message
        alone when there are none)."""
        shown = problems or [{"line": None, "key": None, "message": message}]
        self._json(status, {"ok": False, "message": message, "problems": shown, **more})

    def _problems(self, outcome: Outcome) -> None:
        self._fail(HTTPStatus.UNPROCESSABLE_ENTITY, "the build failed", outcome.problems)

    def _trusted(self) -> bool:
        """Only the studio's own page may use it. Another site's page could otherwise post to it
        (a plain form post needs no permission), and a name of another site's that resolves to
        127.0.0.1 (DNS rebinding) could read its answers: so the Host must be this server, and an
        Origin, when the browser sends one, this server too. A browser that says a request comes from
        another site (``Sec-Fetch-Site``: an image of another site's page asking for a spec by name
        sends no Origin) is refused too."""
        port = getattr(self.server, "server_port", None)  # set as the server binds its socket
        own = {f"127.0.0.1:{port}", f"localhost:{port}"}
        origin = self.headers.get("Origin")
        host = (self.headers.get("Host") or "").strip().lower()  # a name is the same in any case
        origin = origin.strip().lower() if origin is not None else None
        site = (self.headers.get("Sec-Fetch-Site") or "").strip().lower()
        foreign = site in ("cross-site", "same-site")  # same-site: another port of 127.0.0.1
        if host in own and (origin is None or origin in {f"http://{h}" for h in own}) and not foreign:
            return True
        self._send(HTTPStatus.FORBIDDEN, b"the studio answers only its own page", "text/plain")
        return False

    def _body(self) -> str | None:
        given = self.headers.get("Content-Length") or "0"
        if self.headers.get("Transfer-Encoding"):  # chunked: read as empty, it looked like no spec
            given = "chunked"
        if not given.isdigit():  # "abc", "-1", chunked: nothing sensible to read
            self._fail(HTTPStatus.BAD_REQUEST, "a bad Content-Length; send the spec with one")
            self.close_connection = True
            return None
        length = int(given)
        if length > MAX_BODY:
            self._fail(
                HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the spec is {length:,} bytes; at most {MAX_BODY:,}"
            )
            self.close_connection = True
            return None
        try:
            raw = self.rfile.read(length)
        except TimeoutError:  # declared longer than it is: told, and the connection closed
            self.close_connection = True
            self._fail(HTTPStatus.REQUEST_TIMEOUT, f"the spec stopped coming before its {length:,} bytes")
            return None
        if len(raw) < length:  # the client closed its side early
            self.close_connection = True
            return None
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            self._fail(HTTPStatus.UNPROCESSABLE_ENTITY, "the spec is not UTF-8 text")
            return None

    def do_GET(self) -> None:
        if not self._trusted():
            return
        url = urlparse(self.path)
        route = self.GETS.get(url.path)
        if route is not None:
            getattr(self, route)(parse_qs(url.query))
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
        route = self.POSTS.get(url.path)
        if route is None:
            self._send(HTTPStatus.NOT_FOUND, b"not found", "text/plain")
            return
        spec = self._body()
        if spec is None:
            return
        try:
            getattr(self, route)(spec, parse_qs(url.query))
        except Busy as busy:
            self._fail(HTTPStatus.SERVICE_UNAVAILABLE, str(busy))

    def _specs(self, query: dict[str, list[str]]) -> None:
        self._json(HTTPStatus.OK, {"specs": self.studio.specs()})

    def _options(self, query: dict[str, list[str]]) -> None:
        self._json(
            HTTPStatus.OK,
            {**options(), "restart": self.server.restart, "folder": str(self.studio.folder.resolve())},
        )

    def _spec(self, query: dict[str, list[str]]) -> None:
        name = query.get("name", [""])[0]
        try:
            path = self.studio.spec_path(name)
            data = None
            if path.is_file() and not path.is_symlink():
                with path.open("rb") as file:
                    data = file.read(MAX_BODY + 1)  # never the whole of a file of gigabytes
            if data is not None and len(data) > MAX_BODY:
                self._fail(
                    HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                    f"{name} is over {MAX_BODY:,} bytes; a spec is far smaller",
                )
                return
            text = data.decode("utf-8") if data is not None else None
        except (ValueError, OSError, UnicodeDecodeError) as exc:
            self._fail(HTTPStatus.BAD_REQUEST, str(exc))
            return
        if text is None:
            self._fail(HTTPStatus.NOT_FOUND, f"no spec {name} in the folder")
        else:
            self._send(HTTPStatus.OK, text.encode(), "text/yaml; charset=utf-8")

    def _check(self, spec: str, query: dict[str, list[str]]) -> None:
        outcome = self.studio.check(spec)
        if outcome.code:
            self._fail(
                HTTPStatus.UNPROCESSABLE_ENTITY, "the spec has problems", outcome.problems, spec=outcome.spec
            )
        else:
            answer = {
                "ok": True,
                "summary": outcome.summary,
                "notes": outcome.notes,
                "spec": outcome.spec,
                "entries": outcome.entries,
            }
            self._json(HTTPStatus.OK, answer)

    def _edit(self, body: str, query: dict[str, list[str]]) -> None:
        """The form's changes made in the spec's text (``edits``): its comments and order kept."""
        try:
            asked = json.loads(body)
            text, changes = asked["yaml"], asked["changes"]
            if not isinstance(text, str) or not isinstance(changes, list) or _deeper(changes, EDIT_DEPTH):
                raise TypeError
        except (ValueError, KeyError, TypeError, RecursionError):  # nested 100,000 deep: a traceback
            self._fail(HTTPStatus.BAD_REQUEST, 'send {"yaml": the spec, "changes": [...]} as JSON')
            return
        try:
            edited = self.studio.edit(text, changes)
        except PuzzlebookError as exc:
            self._fail(HTTPStatus.UNPROCESSABLE_ENTITY, str(exc))
            return
        self._json(HTTPStatus.OK, {"ok": True, "yaml": edited})

    def _pdf(self, spec: str, query: dict[str, list[str]]) -> None:
        part = _part(query)
        outcome = self.studio.pdf(spec, part)
        if outcome.code:
            self._problems(outcome)
        elif not outcome.output:
            said, key = MISSING[part]
            self._fail(HTTPStatus.NOT_FOUND, said, [{"line": None, "key": key, "message": said}])
        else:
            name = {"answers": "book-answers.pdf", "cover": "book-cover.pdf"}.get(part, "book.pdf")
            disposition = {"Content-Disposition": f'attachment; filename="{name}"'}
            self._send(HTTPStatus.OK, outcome.output, "application/pdf", disposition)

    def _preview(self, spec: str, query: dict[str, list[str]]) -> None:
        try:
            page = int(query.get("page", ["1"])[0])
            width = min(max(int(query.get("width", ["800"])[0]), 60), 1600)
        except ValueError:
            self._fail(HTTPStatus.BAD_REQUEST, "page and width are numbers")
            return
        part = "cover" if _part(query) == "cover" else "book"
        outcome = self.studio.pdf(spec, part)
        if outcome.code:
            self._problems(outcome)
            return
        if not outcome.output:
            said, key = MISSING[part]
            self._fail(HTTPStatus.NOT_FOUND, said, [{"line": None, "key": key, "message": said}])
            return
        image = self.studio.preview(outcome.output, page, width)
        if image is None:  # with how many it has: the page turns to its last (a book made shorter)
            pages = page_count(outcome.output)
            self._fail(HTTPStatus.NOT_FOUND, f"the {part} has no page {page}", pages=pages)
            return
        # with the notes of the book's drawing: words or pictures left out for room (ASCII JSON)
        more = {"X-Pages": str(page_count(outcome.output)), "X-Notes": json.dumps(outcome.notes)}
        self._send(HTTPStatus.OK, image, "image/png", more)

    def _save_pdf(self, spec: str, query: dict[str, list[str]]) -> None:
        """The book (and its separate answers) written into the folder, as ``puzzlebook build`` would;
        a PDF already there is replaced only when asked (409 names it first: the page asks)."""
        name, replace = query.get("name", [""])[0], query.get("replace") == ["1"]
        outcome = self.studio.pdf(spec)
        if outcome.code:
            self._problems(outcome)
            return
        parts = [(name, outcome.output)]
        for part in ("answers", "cover"):
            more = self.studio.pdf(spec, part).output
            if more:
                parts.append((name.removesuffix(".pdf") + f"-{part}.pdf", more))
        there = [part for part, _ in parts if PDF_NAME.match(part) and (self.studio.folder / part).is_file()]
        if there and not replace:
            said = f"{' and '.join(there)} {'is' if len(there) == 1 else 'are'} already in the folder"
            self._fail(HTTPStatus.CONFLICT, said, exists=there)
            return
        self._save_all(parts, PDF_NAME, "PDF")

    def _save(self, spec: str, query: dict[str, list[str]]) -> None:
        """A spec written into the folder; one already there is replaced only when asked (409 names it
        first), as a PDF is: the page's own question went by the list it had, and any request replaced."""
        name, replace = query.get("name", [""])[0], query.get("replace") == ["1"]
        if SPEC_NAME.match(name) and (self.studio.folder / name).is_file() and not replace:
            self._fail(HTTPStatus.CONFLICT, f"{name} is already in the folder", exists=[name])
            return
        self._save_all([(name, spec.encode())], SPEC_NAME, "spec")

    def _save_all(self, parts: list[tuple[str, bytes]], pattern: re.Pattern[str], what: str) -> None:
        try:
            self.studio.save(parts, pattern, what)  # the book and its answers are both saved, or neither
        except (ValueError, OSError, PuzzlebookError) as exc:
            self._fail(HTTPStatus.BAD_REQUEST, str(exc))
            return
        self._json(HTTPStatus.OK, {"ok": True, "saved": ", ".join(name for name, _ in parts)})


MISSING = {
    "book": ("the book was not made", "title"),
    "answers": (f"this book {NO_PART['answers'][1]}", NO_PART["answers"][0]),
    "cover": (f"this book {NO_PART['cover'][1]}", NO_PART["cover"][0]),
}
"""What is said when a part asked for is not among a build's files, and the spec key it concerns."""


def _part(query: dict[str, list[str]]) -> str:
    """The file of a build asked for: the book, its separate answers or its cover."""
    part = query.get("part", ["book"])[0]
    return part if part in ("answers", "cover") else "book"


class StudioServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, folder: Path, port: int) -> None:
        super().__init__(("127.0.0.1", port), Handler)  # the port first: a taken one starts no worker
        self.studio = Studio(folder)
        given = "" if self.server_address[1] == PORT else f" --port {self.server_address[1]}"
        self.restart = f"puzzlebook studio {shlex.quote(str(folder.resolve()))}{given}"
        """The command that starts this studio again at the same address, for its page to say."""

    def server_close(self) -> None:
        """The socket closed, and the studio's workers stopped with it (none when its port was taken:
        the socket closes as binding fails, before the studio is made)."""
        super().server_close()
        studio = getattr(self, "studio", None)
        if studio is not None:
            studio.close()


def serve(folder: Path, port: int | None = None) -> StudioServer:
    """A studio server on 127.0.0.1, not yet serving: on ``port`` (0: any free one), or without one on
    ``PORT`` or the first free one of the ``PORT_TRIES`` after it, else any."""
    if port is not None:
        return StudioServer(folder, port)
    for tried in range(PORT, PORT + PORT_TRIES):
        try:
            return StudioServer(folder, tried)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise
    return StudioServer(folder, 0)
