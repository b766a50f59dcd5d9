"""puzzlebook studio's API, as scripts and the page use it: each answer, each limit, and the folder kept."""

from __future__ import annotations

import contextlib
import hashlib
import http.client
import json
import os
import re
import resource
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from clirun import invoke
from studiocheck import running

from puzzlebook.studio import builds as studio_builds

SPEC = "title: Studio Book\nmarks: suggested\nmazes:\n  - {size: 12x12, algorithm: wilson, count: 2}\n"


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """One server for the tests that only ask: books it built for one test serve the next, as they
    would a person paging through."""
    folder = tmp_path_factory.mktemp("shared")
    with running(folder) as server:
        yield server.server_address[1], folder, server.studio


@pytest.fixture
def studio(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    with running(folder) as server:
        yield server.server_address[1], folder, server.studio


def call(port: int, method: str, path: str, body: bytes | str = b"") -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    data = body.encode() if isinstance(body, str) else body
    connection.request(method, path, body=data if method == "POST" else None)
    response = connection.getresponse()
    result = response.status, dict(response.getheaders()), response.read()
    connection.close()
    return result


def leftovers(folder) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(".puzzlebook-studio")]


def test_check_says_what_the_book_holds(shared):
    port, folder, _ = shared
    status, _, body = call(port, "POST", "/api/check", SPEC)
    answer = json.loads(body)
    assert status == 200 and answer["ok"] is True
    assert answer["summary"].startswith("2 mazes on ") and answer["spec"]["title"] == "Studio Book"
    assert leftovers(folder) == []


def test_check_lists_each_problem_with_its_line_and_key(shared):
    port, _, _ = shared
    spec = "title: T\nmazes:\n  - {size: 12x12}\n  - {size: 0x5, algorithm: wilsn}\n"
    status, _, body = call(port, "POST", "/api/check", spec)
    answer = json.loads(body)
    assert status == 422 and answer["ok"] is False
    problems = {(p["line"], p["key"]): p["message"] for p in answer["problems"]}
    assert problems[(4, "mazes[1].algorithm")].startswith('unknown algorithm "wilsn". Did you mean "wilson"?')
    assert problems[(4, "mazes[1].size")] == "a maze needs at least 1x1 cells, got 0x5"
    status, _, body = call(port, "POST", "/api/check", "# nothing yet\n")  # a message with ": " in it
    assert json.loads(body)["problems"] == [
        {"line": 1, "key": None, "message": "the spec is empty; start with `title: My Maze Book`"}
    ]


def test_check_gives_the_notes_the_command_line_prints(shared):
    """A heart too small to read was told by `build` and never by the studio."""
    port, _, _ = shared
    # an age's size too small for a shape is told (a size written so is refused, as on the command line)
    spec = "title: T\ndifficulty: age-4\nmazes:\n  - {shape: heart}\n  - {size: 5x5}\n"
    status, _, body = call(port, "POST", "/api/check", spec)
    answer = json.loads(body)
    assert status == 200 and answer["notes"] == [  # 12x13, offered before, is too dense at age-4's cells
        "line 4: mazes[0].shape: a heart drawn over 7x7 cells hardly reads as one; it reads from about "
        "12x12, and at these cells the page takes none so large: give the book an age for older children "
        "than its difficulty: age-4, which sets the cells of every maze, or a larger page_size"
    ]
    assert json.loads(call(port, "POST", "/api/check", SPEC)[2])["notes"] == []


def test_the_form_tells_what_each_algorithm_looks_like_and_takes(shared):
    """The Options field said "key=value" and nothing of which keys: the page now shows each
    algorithm's look and options as `puzzlebook algorithms` says them."""
    port, _, _ = shared
    status, _, body = call(port, "GET", "/api/options")
    told = json.loads(body)
    listed = invoke(["algorithms"]).stdout
    assert status == 200 and set(told["about"]) == set(told["takes"]) == set(told["algorithms"])
    for name in told["algorithms"]:
        said = [f"{name:22s} {told['about'][name]}", *(f"{'':24s}{line}" for line in told["takes"][name])]
        assert "\n".join(said) in listed, name
    assert any(line.startswith("scan: ") for line in told["takes"]["hunt-and-kill"])
    assert told["takes"]["kruskal"] == []
    # each listed by the name people write, and each grid by what it is drawn of
    assert (
        set(told["titles"]) == set(told["algorithms"]) and told["titles"]["aldous-broder"] == "Aldous–Broder"
    )
    assert len(set(told["titles"].values())) == len(told["algorithms"])
    assert set(told["grid_names"]) == set(told["grids"]) and told["grid_names"]["circle"] == "rings"


def test_check_gives_the_page_each_maze_of_the_spec_starts_on(shared, tmp_path):
    """A change to maze 2 left the preview on the page it was on, showing nothing new: the page now
    turns to the maze changed, from the first page of each entry (read back here from the book)."""
    from pdfcheck import page_texts

    port, _, _ = shared
    spec = (
        "title: T\nstudents: [Ann, Bo]\nmazes_per_page: 1\n"
        "mazes:\n  - {size: 8x8, count: 3, title: Alpha}\n  - {size: 9x9, title: Beta}\n"
    )
    status, _, body = call(port, "POST", "/api/check", spec)
    assert status == 200
    status, _, pdf = call(port, "POST", "/api/pdf", spec)
    (tmp_path / "book.pdf").write_bytes(pdf)
    texts = page_texts(tmp_path / "book.pdf")
    first = [next(n for n, text in enumerate(texts, 1) if title in text) for title in ("Alpha", "Beta")]
    assert json.loads(body)["entries"] == first and first[0] < first[1]


def test_the_preview_gives_the_notes_of_the_books_drawing(shared):
    """A maze drawn without its words for want of room was told by `build` and never by the studio:
    its check cannot know it, only the drawing (``report.left_out_notes``)."""
    port, _, _ = shared
    spec = (
        "title: T\npage_size: 6x9in\nmarks: suggested\nmazes:\n"
        "  - {size: 12x12, count: 2}\n  - {size: 42x56, count: 3, marks: left-right}\n"
    )
    assert json.loads(call(port, "POST", "/api/check", spec)[2])["notes"] == []
    said = [
        "line 6: mazes[1]: mazes 3-5 are drawn without the words by the arrows (no room); a smaller size, "
        "or a shorter start_label and end_label, makes room"
    ]
    for _ in range(2):  # built, then from the books kept
        status, headers, _ = call(port, "POST", "/api/preview?page=2&width=100", spec)
        assert status == 200 and json.loads(headers["X-Notes"]) == said
    status, headers, _ = call(port, "POST", "/api/preview?page=1&width=100", SPEC)
    assert status == 200 and json.loads(headers["X-Notes"]) == []


def test_a_problem_names_the_line_never_the_specs_hidden_copy(shared):
    """ "(also "Zoë", .puzzlebook-studio-qi2tmzee.yaml:5: students[0])": the copy the studio checks is
    hidden, and a person cannot find it."""
    port, _, _ = shared
    spec = "title: T\nstudents:\n  - Zoë\n  - Ana\n  - Zoë\nmazes: [{size: 5x5}]\n"
    status, _, body = call(port, "POST", "/api/check", spec)
    [problem] = json.loads(body)["problems"]
    assert status == 422 and ".puzzlebook-studio" not in problem["message"]
    assert (problem["line"], problem["key"]) == (5, "students[2]")
    assert '(also "Zoë", line 3: students[0])' in problem["message"]


def test_the_pdf_is_the_command_lines_byte_for_byte(shared, tmp_path):
    port, _, _ = shared
    status, headers, body = call(port, "POST", "/api/pdf", SPEC)
    assert status == 200 and headers["Content-Type"] == "application/pdf"
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    result = invoke(["build", "-q", str(spec), "-o", str(tmp_path / "cli.pdf")])
    assert result.exit_code == 0
    assert body == (tmp_path / "cli.pdf").read_bytes()


def test_separate_answers_come_as_their_own_pdf(shared, tmp_path):
    port, _, _ = shared
    spec = SPEC.replace("marks: suggested", "marks: suggested\nanswer_key: separate")
    status, _, answers = call(port, "POST", "/api/pdf?part=answers", spec)
    assert status == 200 and answers.startswith(b"%PDF")
    book = tmp_path / "book.yaml"
    book.write_text(spec)
    assert invoke(["build", "-q", str(book), "-o", str(tmp_path / "b.pdf")]).exit_code == 0
    assert answers == (tmp_path / "b-answers.pdf").read_bytes()
    status, _, body = call(port, "POST", "/api/pdf?part=answers", SPEC)
    assert status == 404 and "no separate answers" in body.decode()


COVER_SPEC = SPEC.replace(
    "marks: suggested", "marks: suggested\npage_size: 6x9in\npad: true\ncover: {paper: cream}"
)


def test_the_cover_is_shown_and_downloaded_as_the_command_line_makes_it(shared, tmp_path):
    port, _, _ = shared
    status, headers, cover = call(port, "POST", "/api/pdf?part=cover", COVER_SPEC)
    assert status == 200 and cover.startswith(b"%PDF")
    assert headers["Content-Disposition"] == 'attachment; filename="book-cover.pdf"'
    book = tmp_path / "book.yaml"
    book.write_text(COVER_SPEC)
    assert invoke(["build", "-q", str(book), "-o", str(tmp_path / "b.pdf")]).exit_code == 0
    assert cover == (tmp_path / "b-cover.pdf").read_bytes()
    status, headers, body = call(port, "POST", "/api/preview?part=cover&page=1&width=600", COVER_SPEC)
    assert status == 200 and body.startswith(b"\x89PNG") and headers["X-Pages"] == "1"
    width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
    assert width == 600 and height / width == pytest.approx(9.25 / (12.25 + 24 * 0.0025), rel=0.01)
    for path in ("/api/pdf?part=cover", "/api/preview?part=cover"):
        status, _, body = call(port, "POST", path, SPEC)
        assert (
            status == 404
            and "this book has no cover: section; add one, such as cover: {paper: white}" in body.decode()
        )


def test_a_preview_is_a_png_of_the_page_asked_for(shared):
    port, _, _ = shared
    status, headers, body = call(port, "POST", "/api/preview?page=2&width=300", SPEC)
    assert status == 200 and headers["Content-Type"] == "image/png" and body.startswith(b"\x89PNG")
    assert int.from_bytes(body[16:20], "big") == 300 and headers["X-Pages"] == "4"
    status, _, body = call(port, "POST", "/api/preview?page=9", SPEC)
    assert status == 404 and "no page 9" in body.decode()


def test_a_preview_of_a_very_tall_page_stays_small(shared):
    """A 2x200 in page drawn 1600 pixels wide was 160,000 pixels tall and took 1.7 GB of the server."""
    from puzzlebook.studio.builds import PREVIEW_PIXELS

    port, _, _ = shared
    tall = "title: x\npage_size: 2x200in\ntitle_page: false\nanswer_key: false\nmazes: [{size: 2x30}]\n"
    status, _, body = call(port, "POST", "/api/preview?page=1&width=1600", tall)
    assert status == 200 and body.startswith(b"\x89PNG")
    width, height = int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")
    assert width * height <= PREVIEW_PIXELS * 1.01 and height / width == pytest.approx(100, rel=0.02)


def test_a_body_over_a_megabyte_is_refused(shared):
    port = shared[0]
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:  # told its size, refused unread
        sock.sendall(
            f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 1048577\r\n\r\n".encode()
        )
        answer = b""
        while b"}" not in answer:
            answer += sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413") and b"at most 1,048,576" in answer


def test_only_the_studios_own_page_may_use_it(shared, tmp_path):
    """Any web page could post a spec to the studio (overwriting a spec in its folder), and a page
    whose own name resolves to 127.0.0.1 (DNS rebinding) could read the answers, class lists included:
    a request must name this server as its Host, and as its Origin when it comes from a page."""
    port, folder, _ = shared
    own = f"127.0.0.1:{port}"
    for host, origin, site in (
        (f"evil.example:{port}", None, None),  # a rebound name
        (own, "http://evil.example", None),  # another site's page posting across
        (own, "null", None),  # a sandboxed frame or a file:// page
        (f"localhost:{port + 1}", None, None),
        (own, None, "cross-site"),  # another site's <img src=".../api/spec?name=...">: no Origin
        (own, None, "same-site"),  # a page of another port of this machine
    ):
        for method, path in (
            ("POST", "/api/save?name=mine.yaml"),
            ("GET", "/api/specs"),
            ("GET", "/api/spec?name=mine.yaml"),
            ("POST", "/api/pdf"),
        ):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            headers = {"Host": host, **({"Origin": origin} if origin else {})}
            headers |= {"Sec-Fetch-Site": site} if site else {}
            connection.request(
                method, path, body=SPEC.encode() if method == "POST" else None, headers=headers
            )
            response = connection.getresponse()
            assert (response.status, response.read()) == (403, b"the studio answers only its own page")
            connection.close()
    assert not (folder / "mine.yaml").exists()
    for host in (own, f"localhost:{port}", f"LocalHost:{port}"):  # the page itself, by either name
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request(
            "POST", "/api/check", body=SPEC.encode(), headers={"Host": host, "Origin": f"http://{host}"}
        )
        assert connection.getresponse().status == 200
        connection.close()


def test_a_huge_spec_file_and_a_change_nested_deep_are_refused_at_once(shared):
    """GET /api/spec read a 2 GB file of the folder whole (4.2 GB of memory); a form's change nested
    3,000 deep ended in a traceback in the studio's terminal and no answer."""
    port, folder, _ = shared
    with (folder / "huge.yaml").open("wb") as file:
        file.truncate(2 * 1024**3)  # sparse: no disk taken
    try:
        status, _, body = call(port, "GET", "/api/spec?name=huge.yaml")
        assert status == 413 and b"huge.yaml is over 1,048,576 bytes" in body
    finally:
        (folder / "huge.yaml").unlink()
    deep = "[" * 3000 + '"12x12"' + "]" * 3000
    for body_sent in (
        '{"yaml": '
        + json.dumps(SPEC)
        + ', "changes": [{"path": ["mazes", 0, "size"], "value": '
        + deep
        + "}]}",
        '{"yaml": "", "changes": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ):
        status, _, body = call(port, "POST", "/api/edit", body_sent)
        assert status == 400 and b"send {" in body
    change = {"path": ["mazes"], "append": {"size": "8x8", "options": {"bias": "NE"}, "shape": {"text": "A"}}}
    status, _, body = call(port, "POST", "/api/edit", json.dumps({"yaml": SPEC, "changes": [change]}))
    assert status == 200 and 'options: {bias: "NE"}, shape: {text: "A"}' in json.loads(body)["yaml"]


def test_a_bad_content_length_or_a_name_ending_in_a_newline_is_refused(shared):
    port, folder, _ = shared
    for length in ("Content-Length: abc", "Content-Length: -1", "Transfer-Encoding: chunked"):
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{length}\r\n\r\n".encode())
            answer = b""
            while b"}" not in answer and (chunk := sock.recv(4096)):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 400") and b"a bad Content-Length" in answer, length
    status, _, _ = call(port, "POST", "/api/save?name=nl.yaml%0A", SPEC)
    assert status == 400 and not [p for p in folder.iterdir() if p.name.startswith("nl.yaml")]


@pytest.mark.parametrize("named", ["/etc/hostname", "../outside.txt", "link.txt"])
def test_a_file_outside_the_folder_is_refused_and_never_opened(studio, tmp_path, named):
    port, folder, _ = studio
    outside = tmp_path / "outside.txt"
    os.mkfifo(outside)  # opening it would block: the answer coming back shows it never was
    (folder / "link.txt").symlink_to(outside)
    spec = f"title: T\nstudents: {named}\nmazes:\n  - {{size: 5x5}}\n"
    if named == "/etc/hostname":
        spec = spec.replace("/etc/hostname", str(outside))
    status, _, body = call(port, "POST", "/api/check", spec)
    answer = json.loads(body)
    assert status == 422
    assert any(p["key"] == "students" and "outside" in p["message"] for p in answer["problems"]), answer


def test_a_font_outside_the_folder_is_refused_in_the_studio(studio, tmp_path):
    port, folder, _ = studio
    (folder / "mine.yaml").write_text(f"base: activity-book\nfont: {tmp_path / 'elsewhere.ttf'}\n")
    (tmp_path / "elsewhere.ttf").write_bytes(b"not really a font")
    status, _, body = call(
        port, "POST", "/api/check", "title: T\nlayout: mine.yaml\nmazes:\n  - {size: 5x5}\n"
    )
    (problem,) = json.loads(body)["problems"]
    assert status == 422 and problem["message"].startswith("mine.yaml:2: font: "), problem
    # the step that brings it in: the copy as a command, and the name to write instead
    step = problem["message"].split("(", 1)[1].split(")", 1)[0]
    assert shlex.split(step) == ["cp", str(tmp_path / "elsewhere.ttf"), f"{os.path.realpath(folder)}/"]
    assert problem["message"].endswith("then write its name, elsewhere.ttf, in its place")
    subprocess.run(shlex.split(step), check=True)  # done as it says, the font is the studio's to read
    (folder / "mine.yaml").write_text("base: activity-book\nfont: elsewhere.ttf\n")
    status, _, body = call(
        port, "POST", "/api/check", "title: T\nlayout: mine.yaml\nmazes:\n  - {size: 5x5}\n"
    )
    assert "outside" not in body.decode() and "not a TrueType or OpenType font" in body.decode(), body


def test_a_huge_maze_from_the_page_is_refused_clearly(shared):
    port, _, _ = shared
    status, _, body = call(
        port, "POST", "/api/check", "title: T\nlayout: poster\nmazes:\n  - {size: 4000x4000}\n"
    )
    problems = json.loads(body)["problems"]
    assert status == 422
    # told once, at once, what its page takes (not the studio's limit, the memory's and the time's, each
    # naming the page's size): that size is taken
    (problem,) = problems
    offered = re.findall(r"make it at most (\d+x\d+), the largest its page takes", problem["message"])
    assert offered and "too large for the studio" not in problem["message"], problems
    status, _, body = call(
        port, "POST", "/api/check", f"title: T\nlayout: poster\nmazes:\n  - {{size: {offered[0]}}}\n"
    )
    assert status == 200, body
    # a page that takes more than the studio draws: the studio's limit, and where it is drawn
    big = "title: T\npage_size: 200x200in\nmazes:\n  - {size: 1500x1500}\n"
    status, _, body = call(port, "POST", "/api/check", big)
    (problem,) = json.loads(body)["problems"]
    assert status == 422, problem
    assert problem["message"] == (
        "1500x1500 is too large for the studio: at most 250,000 cells a maze there (500x500); build it "
        "with puzzlebook build"
    )


def test_builds_wait_for_a_free_slot_then_get_503_and_checks_have_slots_of_their_own(studio, monkeypatch):
    """Eight slow checks held both build slots and the page's own check got 503: a check never waits
    for a build, nor a build for a check."""
    port = studio[0]
    monkeypatch.setattr(studio_builds, "WAIT", 0.2)
    for gate, path, said in (
        (studio[2].gate, "/api/pdf", "two books are being built already"),
        (studio[2].checks, "/api/check", "two specs are being checked already"),
    ):
        assert gate.acquire(timeout=1) and gate.acquire(timeout=1)  # both slots taken
        try:
            status, _, body = call(port, "POST", path, SPEC)
            assert status == 503 and said in body.decode()
            other = "/api/check" if path == "/api/pdf" else "/api/pdf"
            assert call(port, "POST", other, SPEC)[0] == 200  # the other kind goes on
        finally:
            gate.release()
            gate.release()
        assert call(port, "POST", path, SPEC)[0] == 200


def test_a_spec_too_large_is_told_so_by_the_studio_and_the_command_line(shared, tmp_path):
    """A 1 MB spec of 28,000 list entries took 26.7 s inside the server, and was told of aliases it
    does not have."""
    port = shared[0]
    entries = "".join(f"  - {{size: 5x5, title: Mazes {i:05}}}\n" for i in range(28_000))
    spec = "title: Big\nmazes:\n" + entries
    assert 1_000_000 < len(spec.encode()) <= 1_048_576 and "*" not in spec
    status, _, body = call(port, "POST", "/api/check", spec)
    [problem] = json.loads(body)["problems"]
    assert status == 422 and "alias" not in problem["message"]
    assert problem["message"] == "holds more than 50,000 values; a book needs a few thousand at most"
    (tmp_path / "big.yaml").write_text(spec)
    result = invoke(["validate", str(tmp_path / "big.yaml")])
    assert result.exit_code == 2 and "alias" not in result.stderr
    assert f"big.yaml:{problem['line']}: holds more than 50,000 values" in result.stderr


def test_every_answer_refuses_to_be_framed(shared):
    """Another site could show the studio in a frame under a decoy and have the person click on it."""
    port = shared[0]
    answers = [call(port, "GET", "/"), call(port, "GET", "/api/specs"), call(port, "GET", "/nothing")]
    answers.append(call(port, "POST", "/api/check", SPEC))
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/", headers={"Host": "evil.example"})  # refused
    response = connection.getresponse()
    answers.append((response.status, dict(response.getheaders()), response.read()))
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:  # the server's own error
        sock.sendall(b"GET / too many words HTTP/1.1\r\n\r\n")
        raw = sock.recv(65536).decode("latin-1")
    assert raw.startswith("HTTP/1.1 400")
    headers = dict(line.split(": ", 1) for line in raw.split("\r\n\r\n")[0].split("\r\n")[1:])
    answers.append((400, headers, b""))
    assert {status for status, _, _ in answers} == {200, 400, 403, 404}
    for _, headers, _ in answers:
        assert headers["Content-Security-Policy"] == "frame-ancestors 'none'"
        assert headers["X-Frame-Options"] == "DENY"


def test_a_client_that_sends_less_than_it_declares_is_let_go(studio, monkeypatch):
    """A body declared longer than it was held one of the server's threads forever."""
    from puzzlebook.studio.server import Handler

    port = studio[0]
    monkeypatch.setattr(Handler, "timeout", 0.5)
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(
            f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 100\r\n\r\n".encode()
        )
        sock.sendall(b"title: T\n")  # 9 bytes of the 100, then nothing
        answer = b""
        while chunk := sock.recv(4096):  # the server answers, then closes: recv ends
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 408") and b"stopped coming before its 100 bytes" in answer
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:  # a silent client too
        assert sock.recv(4096) == b""
    assert call(port, "POST", "/api/check", SPEC)[0] == 200


def test_a_build_over_its_time_limit_is_stopped_and_said(studio, monkeypatch):
    port, folder, _ = studio
    monkeypatch.setattr(studio_builds, "BUILD_SECONDS", 0.05)
    status, _, body = call(port, "POST", "/api/pdf", SPEC.replace("count: 2", "count: 40"))
    assert status == 422 and "took longer than" in body.decode()
    assert leftovers(folder) == []


def test_a_kept_alive_connection_is_answered_without_nagles_delay(shared, monkeypatch):
    """The page asks for its thumbnails one after another on one connection: each reply is written as
    headers, then body, and with Nagle's algorithm on the body waited for the browser's delayed ACK
    (40 ms a thumbnail). The sockets the server answers on send at once."""
    from puzzlebook.studio.server import Handler

    port, _, _ = shared
    seen: list[int] = []
    handle = Handler.handle

    def noted(self: Handler) -> None:
        seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        handle(self)

    monkeypatch.setattr(Handler, "handle", noted)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for _ in range(2):  # two answers on one connection: it is kept alive, as the browser keeps it
        connection.request("GET", "/api/options")
        response = connection.getresponse()
        assert response.status == 200 and json.loads(response.read())
    connection.close()
    assert seen and all(seen), seen


def test_fifty_previews_keep_memory_flat(studio):
    """Fifty previews back to back: seven books (more than are kept), then pages of the last five again
    and again, as a person paging through does. The books kept stay a handful, and the server (builds
    run in children) grows no more than a few megabytes."""
    port, folder, kept = studio
    specs = [f"title: Book {i}\nanswer_key: false\nmazes:\n  - {{size: 6x6}}\n" for i in range(7)]

    def quick(spec: str) -> tuple[studio_builds.Outcome, dict[str, bytes]]:
        """The same books, built in this process: the test is about what the server keeps, and a
        child's start-up would be most of its time."""
        (folder / ".quick.yaml").write_text(spec)
        try:
            result = invoke(["build", "-q", str(folder / ".quick.yaml"), "-o", str(folder / ".q.pdf")])
            assert result.exit_code == 0, result.stderr
            return studio_builds.Outcome(0, (folder / ".q.pdf").read_bytes(), []), {}
        finally:
            for name in (".quick.yaml", ".q.pdf"):
                (folder / name).unlink(missing_ok=True)

    kept._build = quick  # type: ignore[method-assign]
    call(port, "POST", "/api/preview?page=2", specs[0])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    for i in range(50):
        spec = specs[i] if i < 7 else specs[2 + i % 5]
        assert call(port, "POST", f"/api/preview?page={1 + i % 2}&width=400", spec)[0] == 200
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown < 40, f"the server grew {grown:.0f} MB over 50 previews"
    assert len(studio[2].books) == studio_builds.CACHED


def test_a_client_that_leaves_mid_build_leaves_nothing_behind(studio):
    port, folder, _ = studio
    body = SPEC.replace("count: 2", "count: 30").encode()
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(b"POST /api/pdf HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    time.sleep(0.3)
    sock.close()  # gone before the book is done
    deadline = time.monotonic() + 60
    while leftovers(folder) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert leftovers(folder) == [] and sorted(p.name for p in folder.iterdir()) == []
    assert call(port, "POST", "/api/check", SPEC)[0] == 200  # and the server goes on


def test_specs_are_opened_and_saved_in_the_folder_only(studio):
    port, folder, _ = studio
    assert json.loads(call(port, "POST", "/api/save?name=rainy.yaml", SPEC)[2])["ok"] is True
    assert (folder / "rainy.yaml").read_text() == SPEC
    # a spec already there is replaced only when asked, as a PDF is: any request replaced it
    status, _, body = call(port, "POST", "/api/save?name=rainy.yaml", "title: Other\n")
    assert status == 409 and json.loads(body)["exists"] == ["rainy.yaml"]
    assert (folder / "rainy.yaml").read_text() == SPEC
    assert json.loads(call(port, "POST", "/api/save?name=rainy.yaml&replace=1", SPEC)[2])["ok"] is True
    assert json.loads(call(port, "GET", "/api/specs")[2]) == {"specs": ["rainy.yaml"]}
    assert call(port, "GET", "/api/spec?name=rainy.yaml")[2].decode() == SPEC
    for bad in ("../x.yaml", "/etc/passwd", "x.txt", ".hidden.yaml"):
        status, _, _ = call(port, "POST", f"/api/save?name={bad}", SPEC)
        assert status == 400, bad
        assert call(port, "GET", f"/api/spec?name={bad}")[0] == 400, bad
    assert sorted(p.name for p in folder.iterdir()) == ["rainy.yaml"]
    for name, said in (
        ("mia", '"mia" is not a spec name: it must end in .yaml'),
        ("Mia/book.yaml", "\"Mia/book.yaml\" is not a spec name: it holds '/'"),
        (
            "m" * 90 + ".YAML",
            f'"{"m" * 60}" is not a spec name: it is 90 characters long before .YAML; a name',
        ),
    ):  # "letters, digits, spaces..." for a name of letters alone told nothing
        answer = json.loads(call(port, "POST", f"/api/save?name={quote(name)}", SPEC)[2])
        assert answer["message"].startswith(said), answer


def test_the_spec_list_holds_specs_that_open_and_names_people_use_work(studio):
    """The list showed every .yaml (a layout, a link that then could not be opened); "Zoë's book" was
    refused with no hint, and ".YAML" as if it did not end in .yaml."""
    port, folder, _ = studio
    (folder / "big-print.yaml").write_text("base: handout\npage_size: a4\n")  # a layout
    (folder / "elsewhere.yaml").write_text(SPEC)
    (folder / "linked.yaml").symlink_to(folder / "elsewhere.yaml")
    (folder / "Shout.YAML").write_text(SPEC)
    for name in ("Zoë's book.yaml", "Room 12.YML"):
        answer = json.loads(call(port, "POST", f"/api/save?name={quote(name)}", SPEC)[2])
        assert answer == {"ok": True, "saved": name}
        assert (folder / name).read_text() == SPEC
    specs = json.loads(call(port, "GET", "/api/specs")[2])["specs"]
    assert specs == ["elsewhere.yaml", "Room 12.YML", "Shout.YAML", "Zoë's book.yaml"]
    for name in specs:  # each one offered opens
        status, _, body = call(port, "GET", f"/api/spec?name={quote(name)}")
        assert (status, body.decode()) == (200, SPEC), name
    status, _, _ = call(port, "GET", "/api/spec?name=linked.yaml")
    assert status == 404
    answer = json.loads(call(port, "POST", "/api/save-pdf?name=" + quote("Zoë's book.pdf"), SPEC)[2])
    assert answer["ok"] is True and (folder / "Zoë's book.pdf").read_bytes().startswith(b"%PDF")


def test_every_asset_is_served_by_the_package(shared):
    port, _, _ = shared
    status, headers, page = call(port, "GET", "/")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    for asset in ("/studio.js", "/studio.css"):
        assert call(port, "GET", asset)[0] == 200
        assert asset.encode() in page
    assert b"http" not in page.replace(b'lang="en"', b"")  # nothing fetched from the web
    assert call(port, "GET", "/../pyproject.toml")[0] == 404


def test_a_studio_started_again_has_its_address_again_and_its_page_says_how(tmp_path, monkeypatch):
    """With a free port each time, a studio started again had another address: its open page could not
    find it, and a new page lost the book the browser kept under the old address."""
    from puzzlebook.studio import server as studio_server

    taken = socket.create_server(("127.0.0.1", 0))  # another program on the studio's port
    free = socket.create_server(("127.0.0.1", 0))
    free_port = free.getsockname()[1]
    free.close()
    try:
        for own, seen in ((free_port, {free_port}), (taken.getsockname()[1], None)):
            monkeypatch.setattr(studio_server, "PORT", own)
            server = studio_server.serve(tmp_path)
            try:
                port = server.server_address[1]
                if seen is None:  # taken: the next free one, which the page names
                    assert own < port < own + studio_server.PORT_TRIES
                    restart = f"puzzlebook studio {shlex.quote(str(tmp_path.resolve()))} --port {port}"
                else:
                    assert port in seen
                    restart = f"puzzlebook studio {shlex.quote(str(tmp_path.resolve()))}"
                threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
                status, _, body = call(port, "GET", "/api/options")
                assert status == 200 and json.loads(body)["restart"] == restart
            finally:
                server.shutdown()
                server.server_close()
    finally:
        taken.close()


def test_a_port_already_taken_is_said_in_a_line(tmp_path):
    """--port on a port another program holds ended in a traceback: binding failed before the studio
    was made, and closing the socket then stopped a studio that was not there."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "puzzlebook", "studio", str(tmp_path), "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"error: studio: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_a_check_that_runs_past_its_time_stops_and_says_so(tmp_path, monkeypatch):
    """A class set's names fitted to their pages held the studio's checks for minutes (200 names of wide
    letters: 153 s), in its own process where no build's limit stops them, and every check slot with
    two such specs. A check now stops at ``CHECK_SECONDS`` (0.1 s here, within the first name's fitting),
    and says what took the time."""
    monkeypatch.setattr(studio_builds, "CHECK_SECONDS", 0.1)
    names = ["W" * 13 + chr(ord("A") + k) for k in range(20)]
    spec = "title: T\nstudents: [" + ", ".join(names) + "]\nmarks: suggested\nmazes:\n"
    spec += "  - {shape: {text: '{student}'}}\n"
    with running(tmp_path) as server:
        started = time.monotonic()
        status, _, body = call(server.server_address[1], "POST", "/api/check", spec)
        took = time.monotonic() - started
    said = json.loads(body)["problems"]
    assert status == 422 and len(said) == 1, said
    assert said[0]["line"] == 2 and said[0]["key"] == "students[0]"  # the name being fitted
    assert said[0]["message"].startswith("fitting the names to their pages takes longer than the 0.1 s")
    assert took < 20  # stopped, not the 20 s and more it takes whole
    assert leftovers(tmp_path) == []


def test_a_studio_removes_what_a_studio_killed_outright_left_in_its_folder(tmp_path):
    """SIGKILL leaves a studio no moment to clean up: its hidden spec copies (a class list's name in
    them) and build folders stayed in the user's folder for good. The next studio there removes those
    of studios no longer running, and keeps a running one's."""
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead = int(gone.stdout)
    (tmp_path / f".puzzlebook-studio-{dead}-ab12.yaml").write_text("students: [Ann]\n")
    (tmp_path / f".puzzlebook-studio-{dead}-cd34").mkdir()
    (tmp_path / f".puzzlebook-studio-{dead}-cd34" / "book.pdf").write_bytes(b"%PDF-")
    alive = f".puzzlebook-studio-{os.getpid()}-ef56.yaml"  # a studio running in this folder too
    (tmp_path / alive).write_text("title: T\n")
    (tmp_path / "mine.yaml").write_text("title: Mine\n")
    with running(tmp_path):
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted([alive, "mine.yaml"])


def test_the_command_prints_its_address_first_and_stops_on_ctrl_c(tmp_path):
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlebook", "studio", str(tmp_path), "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_a_terminal_runs_it,
    )
    try:
        first = child.stdout.readline()
        assert first.startswith("puzzlebook studio: http://127.0.0.1:") and first.endswith("/\n")
        port = int(first.rsplit(":", 1)[1].strip("/\n"))
        assert call(port, "GET", "/")[0] == 200
        child.send_signal(signal.SIGINT)
        assert child.wait(timeout=20) == 0
        assert "Traceback" not in child.stderr.read()
    finally:
        child.kill()


def _as_a_terminal_runs_it() -> None:
    """The studio's signals as a terminal leaves them: a suite run in the background (``cmd &``,
    ``nohup``) hands its children Ctrl-C and a closed terminal ignored, which the studio rightly keeps."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_stopping_the_studio_mid_build_stops_the_build_and_leaves_nothing(tmp_path, stop):
    """Ctrl-C while a book was being built left the spec's copy and the build's folder in the user's
    folder (hidden), and a build signalled alone ran on to the end. ``kill`` and a closed terminal left
    the builds running past their limit and 17.6 MB of hidden files; a studio killed outright (nothing
    can clean up after SIGKILL) still takes its builds with it."""
    import threading
    import time

    folder = tmp_path / "folder"
    folder.mkdir()
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlebook", "studio", str(folder), "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_a_terminal_runs_it,
    )
    try:
        port = int(child.stdout.readline().rsplit(":", 1)[1].strip("/\n"))
        big = "title: Big\nmazes:\n  - {size: 40x50, count: 600, algorithm: wilson}\n"

        def ask() -> None:
            with contextlib.suppress(OSError, http.client.HTTPException):  # the studio goes away
                call(port, "POST", "/api/pdf", big)

        asked = threading.Thread(target=ask)
        asked.daemon = True
        asked.start()
        builds: list[int] = []
        for _ in range(400):  # until the build runs, started by a request's thread
            builds = _children(child.pid)
            if builds:
                break
            time.sleep(0.05)
        time.sleep(0.3)  # the build under way, its folder made
        assert builds and leftovers(folder)
        child.send_signal(stop)  # the studio alone: its build must be stopped by it
        assert child.wait(timeout=20) == (-signal.SIGKILL if stop == signal.SIGKILL else 0)
        for _ in range(100):
            if not any(Path(f"/proc/{pid}").exists() for pid in builds):
                break
            time.sleep(0.05)
        assert not [pid for pid in builds if Path(f"/proc/{pid}").exists()]
        if stop != signal.SIGKILL:
            assert leftovers(folder) == []
            assert "Traceback" not in child.stderr.read()
    finally:
        child.kill()


def _children(pid: int) -> list[int]:
    """The processes that any thread of ``pid`` started. A request's thread may end while its threads
    are listed, its entry gone before its children are read: it started none that still run."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            found += [int(child) for child in (task / "children").read_text().split()]
    return found


def test_books_are_saved_in_the_folder_with_their_answers(studio, tmp_path):
    port, folder, _ = studio
    spec = SPEC.replace("marks: suggested", "marks: suggested\nanswer_key: separate")
    answer = json.loads(call(port, "POST", "/api/save-pdf?name=rainy.pdf", spec)[2])
    assert answer == {"ok": True, "saved": "rainy.pdf, rainy-answers.pdf"}
    book = tmp_path / "book.yaml"
    book.write_text(spec)
    assert invoke(["build", "-q", str(book), "-o", str(tmp_path / "cli.pdf")]).exit_code == 0
    assert (folder / "rainy.pdf").read_bytes() == (tmp_path / "cli.pdf").read_bytes()
    assert (folder / "rainy-answers.pdf").read_bytes() == (tmp_path / "cli-answers.pdf").read_bytes()
    long = "b" * 75 + ".pdf"  # a name the book may have, but not its answers: neither is saved
    for bad in ("../up.pdf", "/tmp/x.pdf", "book.txt", long):
        assert call(port, "POST", f"/api/save-pdf?name={bad}", spec)[0] == 400, bad
    assert sorted(p.name for p in folder.iterdir()) == ["rainy-answers.pdf", "rainy.pdf"]
    # saving again over them is asked first: "Save PDF in the folder" replaced a book without a word
    (folder / "rainy.pdf").write_bytes(b"the printed edition")
    status, _, body = call(port, "POST", "/api/save-pdf?name=rainy.pdf", spec.replace("Studio Book", "Other"))
    assert status == 409 and json.loads(body) == {
        "ok": False,
        "exists": ["rainy.pdf", "rainy-answers.pdf"],
        "message": "rainy.pdf and rainy-answers.pdf are already in the folder",
        "problems": [
            {
                "line": None,
                "key": None,
                "message": "rainy.pdf and rainy-answers.pdf are already in the folder",
            }
        ],
    }
    assert (folder / "rainy.pdf").read_bytes() == b"the printed edition"  # untouched
    status, _, body = call(port, "POST", "/api/save-pdf?name=rainy.pdf&replace=1", spec)
    assert status == 200 and (folder / "rainy.pdf").read_bytes() == (tmp_path / "cli.pdf").read_bytes()


def test_the_books_kept_for_previews_are_bounded_in_bytes(tmp_path, monkeypatch):
    """Six books were kept whatever their size: six of 5,000 mazes held 600 MB of the server's memory."""
    from puzzlebook.studio import builds

    monkeypatch.setattr(builds, "CACHED_BYTES", 1)  # every book is over: only the newest stays
    studio = builds.Studio(tmp_path)
    specs = [SPEC.replace("Studio Book", title) for title in ("One", "Two")]
    for spec in specs:
        assert studio.pdf(spec).code == 0
    assert list(studio.books) == [hashlib.sha256(specs[1].encode()).hexdigest()]  # the newest only


def test_a_book_is_saved_with_its_cover(studio):
    port, folder, _ = studio
    answer = json.loads(call(port, "POST", "/api/save-pdf?name=rainy.pdf", COVER_SPEC)[2])
    assert answer == {"ok": True, "saved": "rainy.pdf, rainy-cover.pdf"}
    assert (folder / "rainy-cover.pdf").read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in folder.iterdir()) == ["rainy-cover.pdf", "rainy.pdf"]


def test_the_forms_changes_stop_at_the_checks_deadline(shared, monkeypatch):
    """Each change reads the spec's text again: 2,000 changes to a spec of 900 mazes held the server's
    CPU for four minutes, and two such requests both check slots, so the page's own checks got 503 (an
    attacker's trial). The changes stop at the deadline a check has, and the answer says so; a change
    that is not a mapping is refused in a line."""
    port = shared[0]
    monkeypatch.setattr(studio_builds, "CHECK_SECONDS", 0.3)
    spec = "title: T\nmazes:\n" + "".join(f"  - {{size: 10x10, title: m{i}}}\n" for i in range(900))
    changes = [{"path": ["title"], "value": f"x{i}"} for i in range(2000)]
    start = time.monotonic()
    status, _, body = call(port, "POST", "/api/edit", json.dumps({"yaml": spec, "changes": changes}))
    assert status == 422 and "making the form's changes takes longer than the 0.3 s" in body.decode()
    assert time.monotonic() - start < 30  # stopped, not run to its end (minutes)
    status, _, body = call(port, "POST", "/api/edit", json.dumps({"yaml": spec, "changes": ["title"]}))
    assert status == 422 and b"a change names its path" in body


def test_the_forms_changes_are_made_in_the_specs_text(shared):
    port = shared[0]
    spec = "# mine\ntitle: T  # kept\nmazes:\n  - {size: 5x5}\n"
    changes = [{"path": ["title"], "value": "New"}, {"path": ["mazes"], "append": {"size": "6x6"}}]
    status, _, body = call(port, "POST", "/api/edit", json.dumps({"yaml": spec, "changes": changes}))
    answer = json.loads(body)
    assert (
        status == 200
        and answer["yaml"] == '# mine\ntitle: "New"  # kept\nmazes:\n  - {size: 5x5}\n  - {size: 6x6}\n'
    )
    for bad in ("not json", json.dumps({"yaml": 3, "changes": []}), json.dumps([1])):
        assert call(port, "POST", "/api/edit", bad)[0] == 400
    status, _, body = call(port, "POST", "/api/edit", json.dumps({"yaml": "a: [", "changes": changes}))
    assert status == 422 and "not valid YAML" in json.loads(body)["message"]


def test_builds_run_in_warm_workers_kept_for_the_next_build(studio):
    """Each build started a child (about 1.4 s before any maze): a worker started ahead builds book
    after book, confined and limited as that child was, and ends with the studio."""
    port, folder, kept = studio
    assert call(port, "POST", "/api/pdf", SPEC)[0] == 200
    first = {worker.pid for worker in kept.workers.idle}
    assert first
    status, _, body = call(port, "POST", "/api/pdf", SPEC.replace("Studio Book", "Another Title"))
    assert status == 200 and body.startswith(b"%PDF")
    assert first <= {worker.pid for worker in kept.workers.idle}  # the same workers, no new one
    assert leftovers(folder) == []
    kept.close()
    for pid in first:
        for _ in range(100):
            if not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]:
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"worker {pid} still running")


def test_a_fix_is_offered_only_where_the_spec_checks_with_it(shared):
    """The page's "Use 12x29" button wrote a size its page then refused by a tenth of a point, and a
    triangle maze was offered 1x18, which falls apart (a hostile review). A problem's ``fix`` comes
    only where the spec, with it written, checks without a problem at that key."""
    port, _, _ = shared
    offered = {}
    for name, age, maze in (
        ("fits", "age-4", "{size: 20x26}"),
        ("short by a tenth", "age-6", "{size: 110x260}"),
        ("falls apart", "age-6", "{size: 28x500, grid: triangle}"),
    ):
        spec = f"title: T\nmarks: suggested\ndifficulty: {age}\nmazes:\n  - {maze}\n"
        status, _, body = call(port, "POST", "/api/check", spec)
        (problem,) = json.loads(body)["problems"]
        assert status == 422 and problem["key"] == "mazes[0].size", problem
        assert "make it at most" in problem["message"], problem
        offered[name] = problem.get("fix")
    assert offered["fits"] and offered["short by a tenth"] is None and offered["falls apart"] is None, offered
    fixed = f"title: T\nmarks: suggested\ndifficulty: age-4\nmazes:\n  - {{size: {offered['fits']}}}\n"
    assert call(port, "POST", "/api/check", fixed)[0] == 200


def test_a_fix_not_checked_within_the_checks_deadline_is_not_offered(shared):
    """A fix is checked again with it written, under the check's own deadline: a spec whose check took
    nearly its 20 s could hold a check's slot three times as long, each fix checked in 20 s more."""
    import time

    _, _, studio = shared
    spec = "title: T\nmarks: suggested\ndifficulty: age-4\nmazes:\n  - {size: 20x26}\n"
    outcome = studio.check(spec)
    (problem,) = outcome.problems
    assert problem.get("fix"), problem  # offered with time to check it
    late = studio._fixes_tried(spec, [dict(problem)], time.monotonic())
    assert "fix" not in late[0], late
