"""What a spec may read and write, and how outputs are written: the rules of the README's Safety section."""

from __future__ import annotations

import errno
import json
import math
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import reportlab
from pdfcheck import fonts, page_texts
from typer.testing import CliRunner

from puzzlebook import cli, output
from puzzlebook.build import build_book
from puzzlebook.cli import app
from puzzlebook.errors import GenerationError, SpecError
from puzzlebook.puzzles import Recipe, matched_puzzles
from puzzlebook.spec import load_spec

runner = CliRunner()
ROOT = Path(__file__).parent.parent
SPEC = "title: Safe Book\nmazes:\n  - {size: 6x6, algorithm: wilson, marks: suggested}\n"
VERA = Path(reportlab.__file__).parent / "fonts"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    return spec


def build(*args: str):
    return runner.invoke(app, ["build", "-q", *args])


def cli_process(*args: str, **kwargs) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    kwargs.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [sys.executable, "-m", "puzzlebook", *args], stderr=subprocess.PIPE, env=env, timeout=60, **kwargs
    )


# ---- never onto an input -------------------------------------------------------------------------


def test_output_may_never_be_an_input_even_through_a_link(tmp_path, book):
    (tmp_path / "names.txt").write_text("Ana\nBen\n")
    (tmp_path / "fonts").mkdir()
    shutil.copy(VERA / "Vera.ttf", tmp_path / "fonts" / "Body.ttf")
    (tmp_path / "my.yaml").write_text("base: handout\nfont: fonts/Body.ttf\n")
    book.write_text(SPEC.replace("mazes:", "layout: my.yaml\nstudents: names.txt\nmazes:"))
    (tmp_path / "alias.pdf").symlink_to(book)
    inputs = [book, tmp_path / "my.yaml", tmp_path / "names.txt", tmp_path / "fonts" / "Body.ttf"]
    before = {p: p.read_bytes() for p in inputs}
    through_proc = [
        Path(f"/proc/self/cwd/{p.relative_to(Path.cwd())}") for p in inputs if p.is_relative_to(Path.cwd())
    ]
    for target in [*inputs, tmp_path / "alias.pdf", f"/proc/self/root{book}", *through_proc]:
        result = build(str(book), "-o", str(target))
        assert result.exit_code == 2, result.output
        assert "one of this book's own input files" in result.stderr
        assert len(result.stderr.splitlines()) == 1
    assert {p: p.read_bytes() for p in inputs} == before


def test_a_spec_writes_only_a_pdf_inside_its_own_folder(tmp_path, book):
    outside = tmp_path.parent / f"{tmp_path.name}-victim"
    outside.mkdir()
    (tmp_path / "escape").symlink_to(outside)
    cases = {
        "book.yaml": "must be a .pdf file name",
        "../victim.pdf": "is outside the spec's folder",
        str(outside / "x.pdf"): "is outside the spec's folder",
        "escape/book.pdf": "leads out of the spec's folder through a link",
        "missing/book.pdf": 'the folder "missing" does not exist',
    }
    for given, message in cases.items():
        book.write_text(SPEC + f"output: {given}\n")
        with pytest.raises(SpecError) as caught:
            build_book(book)
        assert message in str(caught.value) and "book.yaml:4: output" in str(caught.value)
    assert list(outside.iterdir()) == []
    book.write_text(SPEC + "output: out.pdf\n")
    (tmp_path / "sub").mkdir()
    assert build(str(book), "-o", str(tmp_path / "sub" / "anywhere.pdf")).exit_code == 0  # -o is the user's


def test_files_a_spec_names_stay_inside_its_folder(tmp_path, book):
    secret = tmp_path.parent / f"{tmp_path.name}-secret.txt"
    secret.write_text("root:x:0:0\n")
    (tmp_path / "linked.txt").symlink_to(secret)
    for given in (str(secret), f"../{secret.name}", "linked.txt", "/proc/self/environ", "/dev/zero"):
        book.write_text(SPEC.replace("mazes:", f"students: {given}\nmazes:"))
        with pytest.raises(SpecError, match="is outside the spec's folder"):
            load_spec(book)
        book.write_text(SPEC.replace("mazes:", f"layout: {given}.yaml\nmazes:"))
        with pytest.raises(SpecError):
            build_book(book)


@pytest.mark.parametrize("kind", ["spec", "class list", "layout", "font"])
def test_named_pipes_and_devices_are_refused_before_they_are_opened(tmp_path, book, kind):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    spec = {
        "spec": fifo,
        "class list": book,
        "layout": book,
        "font": book,
    }[kind]
    if kind == "class list":
        book.write_text(SPEC.replace("mazes:", "students: pipe\nmazes:"))
    elif kind == "layout":
        os.rename(fifo, tmp_path / "pipe.yaml")
        book.write_text(SPEC.replace("mazes:", "layout: pipe.yaml\nmazes:"))
    elif kind == "font":
        (tmp_path / "my.yaml").write_text("font: pipe\n")
        book.write_text(SPEC.replace("mazes:", "layout: my.yaml\nmazes:"))
    result = cli_process("validate", str(spec), stdin=subprocess.DEVNULL)  # a blocked open would time out
    assert result.returncode == 2
    assert b"is a named pipe, not a file" in result.stderr and b"Traceback" not in result.stderr


def test_oversized_inputs_are_refused_before_they_are_read(tmp_path, book):
    (tmp_path / "names.txt").write_bytes(b"Ana\n" * 300_000)  # 1.2 MB
    book.write_text(SPEC.replace("mazes:", "students: names.txt\nmazes:"))
    with pytest.raises(
        SpecError, match=r"class list \"names.txt\" is 1,200,000 bytes; a class list may be at most 1 MB"
    ):
        load_spec(book)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# " + b"x" * (1 << 20) + b"\n" + SPEC.encode())
    with pytest.raises(SpecError, match="the spec file is 1,048,656 bytes; a spec may be at most 1 MB"):
        load_spec(big)


# ---- how outputs are written ---------------------------------------------------------------------


def test_a_symlinked_output_is_replaced_at_its_target_keeping_the_link_and_permissions(tmp_path, book):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old book")
    real.chmod(0o600)
    (tmp_path / "link.pdf").symlink_to(real)
    assert build(str(book), "-o", str(tmp_path / "link.pdf")).exit_code == 0
    assert (tmp_path / "link.pdf").is_symlink()
    assert real.read_bytes().startswith(b"%PDF")
    assert stat.S_IMODE(real.stat().st_mode) == 0o600


def test_a_full_disk_leaves_the_previous_book_whole(tmp_path, book, monkeypatch):
    real = tmp_path / "real.pdf"
    real.write_bytes(b"%PDF the previous book")
    (tmp_path / "link.pdf").symlink_to(real)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "fsync", full)
    result = build(str(book), "-o", str(tmp_path / "link.pdf"))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"error: cannot write {tmp_path / 'link.pdf'}: no space left on the disk; the file was left as it "
        "was (free some space and try again)"
    ]
    assert real.read_bytes() == b"%PDF the previous book"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml", "link.pdf", "real.pdf"]


def test_write_protected_dangling_and_folder_targets_are_refused(tmp_path, book):
    protected = tmp_path / "protected.pdf"
    protected.write_bytes(b"keep")
    protected.chmod(0o444)
    (tmp_path / "dangling.pdf").symlink_to(tmp_path / "nowhere.pdf")
    (tmp_path / "folder").mkdir()
    cases = {
        str(protected): "is write-protected",
        str(tmp_path / "dangling.pdf"): "which does not exist",
        str(tmp_path / "folder"): "is a folder; give a file name such as",
        str(tmp_path / "new") + "/": "ends in '/', so it names a folder",
        ".": "is a folder",
        str(tmp_path / "no" / "such" / "book.pdf"): "does not exist",
    }
    for target, message in cases.items():
        result = build(str(book), "-o", target)
        assert result.exit_code == 2, target
        assert message in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr
    assert protected.read_bytes() == b"keep"
    assert not (tmp_path / "new").exists() and not (tmp_path / "nowhere.pdf").exists()


def test_parts_left_by_a_killed_build_are_cleaned_up_but_not_a_running_ones(tmp_path, book):
    dead = tmp_path / ".out.pdf.x1y2z3.4194305.part"  # beyond any pid_max: that process cannot be running
    alive = tmp_path / f".out.pdf.a1b2c3.{os.getpid()}.part"
    dead.write_bytes(b"half a book")
    alive.write_bytes(b"half a book")
    assert build(str(book), "-o", str(tmp_path / "out.pdf")).exit_code == 0
    assert not dead.exists() and alive.exists()


def test_streams_stay_streams(tmp_path, book):
    piped = cli_process("build", "-q", str(book), "-o", "/dev/stdout")
    assert piped.returncode == 0 and piped.stdout.startswith(b"%PDF")
    with open(tmp_path / "redirected.pdf", "wb") as out:
        cli_process("build", "-q", str(book), "-o", "/dev/stdout", stdout=out)
    assert (tmp_path / "redirected.pdf").read_bytes() == piped.stdout


def test_a_pipe_with_no_reader_is_refused_at_once(tmp_path, book):
    os.mkfifo(tmp_path / "out.pdf")
    result = cli_process("build", "-q", str(book), "-o", str(tmp_path / "out.pdf"))
    assert result.returncode == 1
    assert result.stderr.decode().splitlines() == [
        f"error: cannot write {tmp_path / 'out.pdf'}: it is a named pipe that nobody is reading"
    ]


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["build", "-q", "{book}", "-o", "/dev/full"],
            "error: cannot write /dev/full: no space left on the device",
        ),
        (
            ["build", "-q", "{book}", "-o", "-"],
            "error: cannot write to standard output: no space left on the device",
        ),
        (
            ["maze", "-a", "wilson", "-s", "5x5", "--seed", "1"],
            "error: cannot write to standard output: no space left on the device",
        ),
    ],
)
def test_out_of_space_on_a_stream_is_one_line(book, args, message):
    with open("/dev/full", "wb") as full:
        result = cli_process(*[a.replace("{book}", str(book)) for a in args], stdout=full)
    assert result.returncode == 1
    assert result.stderr.decode().splitlines() == [message]


@pytest.mark.parametrize(
    "command", [["build", "-q", "{book}", "-o", "-"], ["maze", "-a", "eller", "-s", "4x4"]]
)
def test_a_closed_standard_output_is_one_line(book, command):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [sys.executable, "-m", "puzzlebook", *[a.replace("{book}", str(book)) for a in command]]
    result = subprocess.run(
        args,
        capture_output=False,
        stderr=subprocess.PIPE,
        stdout=None,
        env=env,
        close_fds=True,
        pass_fds=(),
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert result.returncode == 1
    assert result.stderr.decode().splitlines() == ["error: cannot write to standard output: it is closed"]


# ---- init, fonts, seeds, pictures ----------------------------------------------------------------


def test_init_never_overwrites_the_schema_without_force(tmp_path):
    schema = tmp_path / "puzzlebook-schema.json"
    schema.write_text("{}")
    result = runner.invoke(app, ["init", str(tmp_path / "two.yaml")])
    assert result.exit_code == 0 and "kept the existing" in result.stdout
    assert schema.read_text() == "{}"
    assert runner.invoke(app, ["init", str(tmp_path / "three.yaml"), "--force"]).exit_code == 0
    assert schema.read_text().startswith("{\n")
    (tmp_path / "d").mkdir()
    result = runner.invoke(app, ["init", str(tmp_path / "d"), "--force"])
    assert result.exit_code == 2 and "is a folder" in result.stderr


def test_fonts_are_found_beside_their_layout_and_two_of_one_name_both_embed(tmp_path, book, monkeypatch):
    for folder, font in (("regular", "Vera.ttf"), ("bold", "VeraBd.ttf")):
        (tmp_path / "look" / folder).mkdir(parents=True)
        shutil.copy(VERA / font, tmp_path / "look" / folder / "Face.ttf")
    (tmp_path / "look" / "my.yaml").write_text("font: regular/Face.ttf\nbold_font: bold/Face.ttf\n")
    (tmp_path / "regular").mkdir()
    (tmp_path / "regular" / "Face.ttf").write_bytes(b"not a font, and beside the current folder")
    monkeypatch.chdir(tmp_path)
    book.write_text(SPEC.replace("mazes:", "layout: look/my.yaml\nmazes:"))
    target, _ = build_book(book)
    names = {name.split("+")[-1] for name, embedded in fonts(target) if embedded}
    assert {"BitstreamVeraSans-Roman", "BitstreamVeraSans-Bold"} <= names


def test_one_rule_for_seeds(book):
    for seed in ("-5", str(2**63)):
        for args in (
            ["maze", "-a", "eller", "-s", "4x4", "--seed", seed],
            ["build", str(book), "--seed", seed],
        ):
            result = runner.invoke(app, args)
            assert result.exit_code == 2
            assert result.stderr.startswith(
                "error: --seed: must be a whole number from 0 to 9223372036854775807"
            )


def test_a_png_too_large_to_draw_is_refused_before_the_maze_is_made(tmp_path):
    result = runner.invoke(
        app, ["maze", "-a", "wilson", "-s", "4000x4000", "-f", "png", "-o", str(tmp_path / "x.png")]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --size: a 4000x4000 maze is too large for a PNG picture")
    assert not (tmp_path / "x.png").exists()


def test_out_of_memory_is_one_line(monkeypatch, capsys, book):
    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(cli, "check_book", exhausted)
    monkeypatch.setattr(sys, "argv", ["puzzlebook", "build", str(book)])
    with pytest.raises(SystemExit) as caught:
        cli.main()
    assert caught.value.code == 1
    assert capsys.readouterr().err == "error: out of memory; make the book or its mazes smaller\n"


# ---- what a spec may say -------------------------------------------------------------------------


def test_merge_keys_share_an_entry_and_keep_their_lines(tmp_path, book):
    book.write_text(
        "title: Shared\n"
        "mazes:\n"
        "  - &base {size: 6x6, algorithm: kruskal, marks: suggested}\n"
        "  - <<: *base\n"
        "    seed: 9\n"
        "  - {<<: *base, size: 7x7, options: {nope: 1}}\n"
    )
    with pytest.raises(SpecError) as caught:
        load_spec(book)
    assert (
        str(caught.value)
        == 'book.yaml:6: mazes[2].options.nope: unknown option "nope" for kruskal; kruskal takes no options'
    )
    book.write_text(book.read_text().replace(", options: {nope: 1}", ""))
    mazes = list(load_spec(book).mazes())
    assert [(m.width, m.algorithm, m.marks) for m in mazes] == [(6, "kruskal", "suggested")] * 2 + [
        (7, "kruskal", "suggested")
    ]
    assert mazes[1].seed == 9


def test_footer_can_count_the_pages(tmp_path, book):
    (tmp_path / "my.yaml").write_text("footer: 'Page {page} of {pages}'\n")
    book.write_text(SPEC.replace("mazes:", "layout: my.yaml\nmazes:"))
    target, _ = build_book(book)
    texts = page_texts(target)
    assert len(texts) == 3  # the title page has no footer
    for number, text in enumerate(texts[1:], 2):
        assert f"Page {number} of 3" in text


def test_a_class_set_refuses_a_score_range_no_maze_reaches():
    recipe = Recipe("wilson", 6, 6, marks="suggested")
    with pytest.raises(GenerationError, match="no 6x6 wilson maze scored between 170 and 180 in 30 tries"):
        matched_puzzles(recipe, 1, (170.0, 180.0), 3)


def test_a_build_whose_stderr_is_a_log_says_how_far_it_is(book, monkeypatch):
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    book.write_text(
        SPEC.replace("mazes:", "answer_key: false\nmazes:").replace("marks: suggested}", "count: 4}")
    )
    result = runner.invoke(app, ["build", str(book), "-o", "-"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert lines[:3] == [
        "building: 1 of 9 steps (11%)",
        "building: 2 of 9 steps (22%)",
        "building: 3 of 9 steps (33%)",
    ]
    assert result.stdout_bytes.startswith(b"%PDF") and b"building" not in result.stdout_bytes
    quiet = runner.invoke(app, ["build", "-q", str(book), "-o", "-"])
    assert quiet.stderr == ""


def test_a_build_in_a_terminal_shows_a_bar_and_no_guess_at_the_time_left(book, tmp_path):
    """The bar counts steps; it gives no time left, which early steps (the cores starting, mazes coming
    back in batches) made read hours for a book of seconds."""
    import pty
    import re

    # a book of a few seconds: a bar starts guessing after one
    book.write_text("title: T\nmarks: suggested\nmazes:\n  - {size: 30x30, algorithm: wilson, count: 500}\n")
    main, terminal = pty.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlebook", "build", str(book), "-o", str(tmp_path / "out.pdf")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=terminal,
    )
    os.close(terminal)  # the child's is now the only other end: reading ends when it exits
    shown = b""
    try:
        while chunk := os.read(main, 4096):
            shown += chunk
    except OSError:  # the terminal's other end is closed
        pass
    finally:
        os.close(main)
    done = child.wait(timeout=120)
    assert done == 0
    text = shown.decode()
    assert "Building" in text and "100%" in text and "wrote" in text
    assert not re.search(r"\d\d:\d\d:\d\d", text), text


def test_a_pdf_is_not_poured_into_a_terminal_and_an_empty_output_is_refused(book, tmp_path):
    import pty

    main, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "puzzlebook", "build", str(book), "-o", "-"],
            stdin=subprocess.DEVNULL,
            stdout=terminal,
            stderr=subprocess.PIPE,
            timeout=120,
        )
    finally:
        os.close(terminal)
        os.close(main)
    assert done.returncode == 2
    assert done.stderr.decode().strip() == (
        "error: --output -: is the terminal: a PDF there is noise; add -o book.pdf, or pipe it"
    )
    piped = subprocess.run(
        [sys.executable, "-m", "puzzlebook", "build", str(book), "-o", "-"], capture_output=True
    )
    assert piped.returncode == 0 and piped.stdout.startswith(b"%PDF")
    empty = runner.invoke(app, ["build", str(book), "-o", ""])
    assert empty.exit_code == 2
    assert empty.stderr.strip() == "error: --output: is empty; give a file name such as book.pdf"


def test_a_read_only_folder_is_refused_before_any_work(tmp_path, book, monkeypatch):
    """It was found only when the finished book was to be written, after every maze was made. (Root
    may write where permissions say no, so the folder is read-only the way a read-only disk is.)"""
    import os

    from puzzlebook.output import plan_output

    shelf = tmp_path / "shelf"
    shelf.mkdir()
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda path, mode: False if Path(path) == shelf else real_access(path, mode)
    )
    with pytest.raises(SpecError) as refused:
        plan_output(shelf / "book.pdf")
    assert str(refused.value.problems[0]) == (
        f"--output {shelf / 'book.pdf'}: cannot be written: the folder {shelf} is read-only; choose another"
    )
    plan_output(tmp_path / "book.pdf")  # a folder one may write in is taken


def test_a_book_is_not_written_under_a_pictures_name(tmp_path, book):
    """`-o book.png` wrote a PDF named book.png; a name without an extension (a script's temporary
    file) and any case of .pdf are still taken."""
    for name in ("book.png", "book.svg", "notes.txt"):
        result = runner.invoke(app, ["build", str(book), "-o", str(tmp_path / name)])
        assert result.exit_code == 2, name
        assert f"but a book is a PDF: name it {name.split('.')[0]}.pdf" in result.stderr
        assert not (tmp_path / name).exists()
    for name in ("a\nb.pdf", "bell\x07.pdf"):  # a newline split every line that named the file
        result = runner.invoke(app, ["build", str(book), "-o", str(tmp_path / name)])
        assert result.exit_code == 2 and "holds a control character" in result.stderr
        assert len(result.stderr.splitlines()) == 1 and not (tmp_path / name).exists()
    for name in ("book.PDF", "tmpXYZ"):
        assert runner.invoke(app, ["build", "-q", str(book), "-o", str(tmp_path / name)]).exit_code == 0
        assert (tmp_path / name).read_bytes().startswith(b"%PDF"), name


def test_every_problem_of_a_build_is_reported_at_once_spec_first(tmp_path, book):
    (tmp_path / "my.yaml").write_text("footer: '{0}'\nwall_weight: 500pt\n")
    book.write_text("title: T\nlayout: my.yaml\nstudents: names.txt\nmazes:\n  - {size: 0x5}\n")
    result = runner.invoke(app, ["validate", str(book)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        'error: book.yaml:3: students: class list "names.txt" not found (looked for '
        f"{tmp_path / 'names.txt'})",
        "error: book.yaml:5: mazes[0].size: a maze needs at least 1x1 cells, got 0x5",
        'error: my.yaml:1: footer: "{0}" is not a placeholder puzzlebook fills; use {page}, {pages}, {title}',
        "error: my.yaml:2: wall_weight: must be at most 12 pt, got 500 pt",
    ]


def test_the_settings_a_spec_gives_its_layout_are_checked_with_its_other_problems(book):
    """mazes_per_page, page_size and the like override the layout and are checked with it: with the
    spec's own problems, not only once those are fixed; one the spec's check already refuses is said
    once."""
    book.write_text(
        "title: T\nanswer_key: maybe\nmazes_per_page: 5\npage_size: 0.5x11in\nbleed: often\n"
        "mazes:\n  - {size: 5x5, algorithm: wilsn}\n"
    )
    result = runner.invoke(app, ["validate", str(book)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    # the spec's problems in line order (page_size and bleed among them, each once), the one only the
    # layout's check finds among them (it came last, line 3 after line 7)
    assert [line.split(": ")[1].split(":")[1] for line in lines] == ["2", "3", "4", "5", "7"], lines
    assert lines[2].startswith('error: book.yaml:4: page_size: page size "0.5x11in" must be between 1in')
    assert lines[1] == "error: book.yaml:3: mazes_per_page: expected 1, 2, 4 or 6, got 5"


def test_a_spec_that_cannot_be_read_is_reported_once(tmp_path):
    for args in (["validate", str(tmp_path / "nosuch.yaml")], ["build", str(tmp_path)]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert len(result.stderr.splitlines()) == 1, result.stderr


def test_words_from_a_fixed_list_get_a_hint_and_an_empty_list_says_so(tmp_path, book):
    book.write_text("title: T\nmarks: sugested\nmazes: []\n")
    result = runner.invoke(app, ["validate", str(book)])
    assert result.stderr.splitlines() == [
        "error: book.yaml:2: marks: expected 'none', 'suggested', 'farthest', 'left-right', 'top-bottom', "
        "'corners' or 'center-out', got \"sugested\". Did you mean \"suggested\"?",
        "error: book.yaml:3: mazes: needs at least 1 entry; the list is empty",
    ]


def test_a_missing_layout_file_suggests_the_presets(book):
    book.write_text(SPEC.replace("mazes:", "layout: my-layout.yaml\nmazes:"))
    result = runner.invoke(app, ["validate", str(book)])
    assert result.stderr.startswith('error: book.yaml:2: layout: layout "my-layout.yaml" not found')
    assert result.stderr.rstrip().endswith(
        "; or use a preset: activity-book, activity-book-a4, handout, poster, square-poster"
    )


def test_a_maze_is_never_written_in_a_format_its_file_name_does_not_have(tmp_path):
    result = runner.invoke(app, ["maze", "-a", "wilson", "-s", "5x5", "-o", str(tmp_path / "q.jpg")])
    assert result.exit_code == 2
    assert (
        "q.jpg ends in .jpg; puzzlebook writes .txt, .json, .pdf, .svg, .png (or add --format)"
        in result.stderr
    )
    assert not (tmp_path / "q.jpg").exists()


@pytest.mark.skipif(
    sys.platform != "linux", reason="workers are forked on Linux only; elsewhere there are none"
)
def test_a_builds_workers_end_when_it_is_killed(tmp_path):
    """A plain kill gives the main process no time to stop the processes making its mazes: they end
    with it rather than linger."""
    import signal
    import time

    book = tmp_path / "big.yaml"
    book.write_text("title: Big\nmazes:\n" + "  - {size: 40x50, count: 1000, algorithm: wilson}\n" * 3)
    main = subprocess.Popen(
        [sys.executable, "-m", "puzzlebook", "build", "-q", str(book)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    children = Path(f"/proc/{main.pid}/task/{main.pid}/children")
    workers: list[int] = []
    for _ in range(300):  # until the workers are there: a few tenths of a second
        workers = [int(pid) for pid in children.read_text().split()] if children.exists() else []
        if workers or main.poll() is not None:
            break
        time.sleep(0.05)
    main.send_signal(signal.SIGKILL)
    main.wait()
    assert workers, "the build made its mazes without workers: nothing to see"
    for _ in range(200):  # a killed worker is gone at once; allow the machine a moment
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in workers):
            break
        time.sleep(0.05)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists() and "Z" not in _state(pid)]
    assert not (tmp_path / "big.pdf").exists()


def _catches_sigterm(pid: int) -> bool:
    """Whether the process has a handler for SIGTERM: puzzlebook's, set before anything loads (Python
    sets none of its own). Before that, a signal ends the interpreter itself while it starts."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True  # gone: the test says how
    caught = next(line for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught.split()[1], 16) >> 14 & 1)  # SIGTERM is 15: bit 14


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_ctrl_c_stops_a_build_at_once_whatever_it_is_doing(tmp_path):
    """Ctrl-C used to raise KeyboardInterrupt wherever the main process was: inside the worker pool's
    own code it could hang the build for good (about one try in three while workers started), and
    otherwise typer ended it without a word. Now every moment gives one line, exit 130, no file, no
    temporary file and no worker left: while loading, checking, starting workers, making mazes."""
    import signal
    import time

    book = tmp_path / "big.yaml"
    book.write_text("title: Big\nmarks: suggested\nmazes:\n  - {size: 30x40, count: 400, difficulty: hard}\n")
    for delay in (0.15, 0.3, 0.4, 0.5, 0.7, 1.0):
        main = subprocess.Popen(
            [sys.executable, "-m", "puzzlebook", "build", str(book), "-o", str(tmp_path / "big.pdf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal runs it
        )
        started = time.monotonic()
        while not _catches_sigterm(main.pid) and time.monotonic() - started < 10:
            time.sleep(0.005)  # the command's own first line takes the signals; a slow machine gets there
        time.sleep(max(0.0, delay - (time.monotonic() - started)))
        children = Path(f"/proc/{main.pid}/task/{main.pid}/children")
        workers = [int(pid) for pid in children.read_text().split()] if children.exists() else []
        main.send_signal(signal.SIGINT)
        try:
            said = main.communicate(timeout=20)[1]
        finally:
            main.kill()
        assert main.returncode == 130, (delay, said)
        assert said == "error: interrupted; no file was written\n", (delay, said)
        assert sorted(p.name for p in tmp_path.iterdir()) == ["big.yaml"], delay
        for _ in range(100):  # a killed worker is gone at once; allow the machine a moment
            if not any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in workers):
                break
            time.sleep(0.05)
        assert not [pid for pid in workers if Path(f"/proc/{pid}").exists() and "Z" not in _state(pid)]


def test_ctrl_c_while_the_book_is_written_removes_its_temporary_file(tmp_path):
    """The temporary file beside the book is the one thing a stopped build leaves; Ctrl-C removes it."""
    from puzzlebook import output
    from puzzlebook.errors import PuzzlebookError

    with pytest.raises(PuzzlebookError), output.writing(tmp_path / "book.pdf") as out:
        out.write(b"%PDF-1.4 half a book")
        (part,) = tmp_path.iterdir()
        assert part.name.startswith(".book.pdf.") and part.name.endswith(".part")
        assert {str(part)} == output._WRITING
        output.remove_parts()  # what Ctrl-C does before the process exits, skipping all else
        assert list(tmp_path.iterdir()) == []
    assert not output._WRITING and list(tmp_path.iterdir()) == []


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


# ---- a mask picture's cost -------------------------------------------------------------------------


def in_fresh_processes(folder: Path, jobs: list[str]) -> dict[str, dict[str, object]]:
    """``bad_runner.py``'s results for COMMAND:NAME jobs on the specs in ``folder``: each job forked under
    its 1 GB / 20 s limits."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ran = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "bad_runner.py"), str(folder), *jobs],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
        check=True,
    )
    return {done["job"]: done for done in map(json.loads, ran.stdout.splitlines())}


def test_any_mask_picture_within_the_limits_costs_little_whatever_its_shape_depth_or_kind(tmp_path):
    """Pictures of a few kilobytes that decode to tens of millions of pixels: each stays within 1 GB and
    20 s in a fresh process, as validate and as build (1 x 39 million took 2.2 GB; 16-bit RGBA at the
    pixel limit, 500 MB; 18 MB of empty chunks, 1.5 s), and is refused from its header with the size
    to save it at, or read; many entries and sizes naming pictures are bounded in all."""
    from pngs import header_only, in_pieces, png

    from puzzlebook.masks import MAX_PICTURE, MAX_SIDE, MAX_WORK

    side = math.isqrt(MAX_PICTURE)
    pictures = {  # name: (png arguments, the first line puzzlebook prints; "" when it builds)
        "tall": ((1, 39_000_000), "tall.png is 1x39000000 pixels; a mask picture may be at most 20,000 on "
                 "a side: save it at 1x20000 or smaller"),
        "wide": ((39_000_000, 1, 16, 0), "wide.png is 39000000x1 pixels; a mask picture may be at most "
                 "20,000 on a side: save it at 20000x1 or smaller"),
        "many": ((side + 1, side + 1), f"many.png is {side + 1}x{side + 1} pixels; a mask picture may have "
                 f"at most {MAX_PICTURE:,}: save it at {side}x{side} or smaller"),
        "rgba16": ((side, side, 16, 6), "rgba16.png has 0 cell(s); a maze needs at least 2: draw the shape "
                   "in dark, opaque pixels"),  # transparent
        "adam7": ((side, side, 16, 6, True), "adam7.png has 0 cell(s); a maze needs at least 2: draw the "
                  "shape in dark, opaque pixels"),
        "gray16": ((side, side, 16, 0), ""),  # black: every cell
        "palette": ((side, side, 8, 3), ""),
        "bits": ((side, side, 1, 0, True), ""),
        "long": ((MAX_PICTURE // MAX_SIDE, MAX_SIDE, 16, 2), ""),
    }  # fmt: skip
    for name, (args, _) in pictures.items():
        (tmp_path / f"{name}.png").write_bytes(png(*args))
    (tmp_path / "pieces.png").write_bytes(in_pieces(png(300, 300), 1_500_000))  # 18 MB, 1.5 s in Pillow
    pictures["pieces"] = ((), "pieces.png is made of more than 100,000 chunks (a PNG's parts): open it in a "
                          "picture editor and save it again")  # fmt: skip
    (tmp_path / "claims.png").write_bytes(header_only(2**31 - 1, 2**31 - 1))  # Pillow calls it a bomb
    pictures["claims"] = ((), "claims.png is 2147483647x2147483647 pixels; a mask picture may be at most "
                          "20,000 on a side: save it at 6324x6324 or smaller")  # fmt: skip
    for name in pictures:
        (tmp_path / f"{name}.yaml").write_text(
            f"title: T\nmazes:\n  - {{mask: {name}.png, size: 30x30, grid: hex, algorithm: wilson}}\n"
        )
    sizes = "".join(f"  - {{mask: gray16.png, size: {w}x{w}, grid: hex}}\n" for w in range(10, 40))
    (tmp_path / "sizes.yaml").write_text(f"title: T\nmazes:\n{sizes}")  # one picture, thirty sizes
    several = ("gray16", "copy", "palette", "bits", "long")  # a copy is read once: only bits is too many
    (tmp_path / "several.yaml").write_text(
        "title: T\nmazes:\n" + "".join(f"  - {{mask: {name}.png, size: 30x30}}\n" for name in several)
    )
    shutil.copy(tmp_path / "gray16.png", tmp_path / "copy.png")
    jobs = [
        f"{command}:{name}" for name in [*pictures, "sizes", "several"] for command in ("validate", "build")
    ]
    done = in_fresh_processes(tmp_path, jobs)
    for name, (_, first) in pictures.items():
        for command in ("validate", "build"):
            result = done[f"{command}:{name}"]
            if first:
                assert result["code"] == 2, result
                assert result["stderr"].splitlines()[0] == f"error: {name}.yaml:3: mazes[0].mask: {first}"
            else:
                assert result["code"] == 0, result
    too_much = f"are read and fitted over more than {MAX_WORK:,} pixels in all"
    for name in ("sizes", "several"):
        for command in ("validate", "build"):
            result = done[f"{command}:{name}"]
            assert result["code"] == 2 and too_much in result["stderr"], result
            first = result["stderr"].splitlines()[0]
            assert first.startswith(f"error: {name}.yaml:{6 if name == 'several' else 7}: "), first
