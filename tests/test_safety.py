"""What a spec may read and write, and how outputs are written: the rules of the README's Safety section."""

from __future__ import annotations

import errno
import json
import math
import os
import re
import shutil
import stat
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
import reportlab
from bad_runner import run_args
from clirun import invoke
from pdfcheck import fonts, page_texts

from puzzlebook import cli, cost, generators, kinds, output
from puzzlebook.build import build_book
from puzzlebook.cli import books
from puzzlebook.errors import GenerationError, SpecError
from puzzlebook.puzzles import Recipe, matched_puzzles
from puzzlebook.spec.load import load_spec
from puzzlebook.workload import workload_problems

ROOT = Path(__file__).parent.parent
SPEC = "title: Safe Book\nmazes:\n  - {size: 6x6, algorithm: wilson, marks: suggested}\n"
VERA = Path(reportlab.__file__).parent / "fonts"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    spec = tmp_path / "book.yaml"
    spec.write_text(SPEC)
    return spec


def build(*args: str):
    return invoke(["build", "-q", *args])


def cli_process(*args: str, **kwargs) -> subprocess.CompletedProcess[bytes]:
    env = {**kwargs.pop("env", os.environ), "PYTHONPATH": str(ROOT)}
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


def test_a_layout_hint_never_says_which_files_lie_outside_the_folder(tmp_path, book):
    """A layout named without its .yaml is offered the file of that name beside the spec; a name that
    leads out of the folder was looked for there too, and its hint told a shared spec that the file
    exists ("Did you mean "../../x/mkdocs.yml"?"). Outside the folder, the answer is the same whether
    the file is there or not."""
    outside = tmp_path.parent / f"{tmp_path.name}-out"
    outside.mkdir()
    said = []
    for exists in (False, True):
        if exists:
            (outside / "theirs.yaml").write_text("base: handout\n")
        book.write_text(SPEC.replace("mazes:", f"layout: ../{outside.name}/theirs\nmazes:"))
        with pytest.raises(SpecError) as caught:
            build_book(book)
        said.append(str(caught.value))
    assert said[0] == said[1] and "Did you mean" not in said[1], said
    (tmp_path / "mine.yaml").write_text("base: handout\n")  # beside the spec, it is offered
    book.write_text(SPEC.replace("mazes:", "layout: mine\nmazes:"))
    with pytest.raises(SpecError, match=r'Did you mean "mine\.yaml"'):
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
    elif kind == "font":  # named as a font file: a name that is none is never opened at all
        os.rename(fifo, tmp_path / "pipe.ttf")
        (tmp_path / "my.yaml").write_text("font: pipe.ttf\n")
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


def test_a_name_too_long_to_write_is_refused_in_a_line_before_any_work(tmp_path, book):
    """An ``output:`` of 300 letters ended in a traceback (File name too long), and one of 249, a name
    the system takes, failed once built: the file is written first to a longer hidden name."""
    for given, said in (
        (
            "x" * 300 + ".pdf",
            'the name "xxxxxxxxxxxxxxxxxxxx..." is 304 bytes long; a name may have at most 200',
        ),
        ("x" * 245 + ".pdf", "is 249 bytes long; a name may have at most 200: shorten it"),
        ("a/" * 600 + "b.pdf", "is 1205 bytes long; a path may have at most 1000: shorten it"),
    ):
        book.write_text(SPEC + f"output: {given}\n")
        for command in ("validate", "build"):
            result = invoke([command, str(book)])
            assert result.exit_code == 2 and result.stderr.startswith("error: book.yaml:4: output: ")
            assert said in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr
    book.write_text(SPEC)
    result = build(str(book), "-o", str(tmp_path / ("é" * 101 + ".pdf")))  # 206 bytes, 105 letters
    assert result.exit_code == 2 and "is 206 bytes long; a name may have at most 200" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]


def test_a_link_to_a_file_of_another_kind_is_never_written_through(tmp_path, book):
    """A shared folder's book.pdf -> notes.yaml, and book-answers.pdf -> src/main.py, had a build replace
    the notes and the code with PDFs; a page picture through a .png link the same."""
    (tmp_path / "notes.yaml").write_text("keep me\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.py").write_text("print(1)\n")
    book.write_text(SPEC + "answer_key: separate\n")
    for name, target in (("book.pdf", "notes.yaml"), ("book-answers.pdf", "src/main.py")):
        (tmp_path / name).symlink_to(target)
        result = build(str(book))
        assert result.exit_code == 2, result.stderr
        assert f"is a link to {Path(target).name}, a file of another kind" in result.stderr
        (tmp_path / name).unlink()
    (tmp_path / "book-page-1.png").symlink_to("notes.yaml")
    result = invoke(["preview", str(book)])  # named by itself: it was told at the spec's output:
    assert result.exit_code == 2
    assert result.stderr.startswith("error: book-page-1.png: is a link to notes.yaml, a file of another kind")
    assert (tmp_path / "notes.yaml").read_text() == "keep me\n"
    assert (tmp_path / "src" / "main.py").read_text() == "print(1)\n"


def test_o_never_replaces_a_file_that_is_not_a_pdf_under_a_name_without_pdf(tmp_path, book):
    """`-o ~/.bashrc` and `-o Makefile` replaced them with the book; a name without .pdf still writes a
    new file, or a book built there before."""
    for name in ("Makefile", ".bashrc"):
        (tmp_path / name).write_text("mine\n")
        result = build(str(book), "-o", str(tmp_path / name))
        assert result.exit_code == 2 and "is a file already, and not a PDF" in result.stderr
        assert f"name the book {name}.pdf, or remove {name} first" in result.stderr
        assert (tmp_path / name).read_text() == "mine\n"
    for _ in range(2):  # made, then made again over the book it made
        assert build(str(book), "-o", str(tmp_path / "fresh")).exit_code == 0
        assert (tmp_path / "fresh").read_bytes().startswith(b"%PDF-")


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


def test_a_pipe_where_a_spec_writes_is_refused_before_the_work(tmp_path, book):
    """A pipe named by -o is written through (its reader may come while the book is made); one that
    sits in the spec's folder under the book's name is no place for it, and was found only once the
    book was made ("nobody is reading", exit 1)."""
    os.mkfifo(tmp_path / "book.pdf")
    result = cli_process("build", "-q", str(book), stdin=subprocess.DEVNULL)
    assert result.returncode == 2
    assert result.stderr.decode().splitlines() == [
        f"error: {book.name}:1: output: book.pdf is a named pipe, not a file; remove it, or choose where "
        "the book goes with -o PATH"
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
    result = invoke(["init", str(tmp_path / "two.yaml")])
    assert result.exit_code == 0 and "kept the existing" in result.stdout
    assert schema.read_text() == "{}"
    assert invoke(["init", str(tmp_path / "three.yaml"), "--force"]).exit_code == 0
    assert schema.read_text().startswith("{\n")
    (tmp_path / "d").mkdir()
    result = invoke(["init", str(tmp_path / "d"), "--force"])
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
            result = invoke(args)
            assert result.exit_code == 2
            assert result.stderr.startswith(
                "error: --seed: must be a whole number from 0 to 9223372036854775807"
            )


def test_a_png_too_large_to_draw_is_refused_before_the_maze_is_made(tmp_path):
    result = invoke(["maze", "-a", "wilson", "-s", "4000x4000", "-f", "png", "-o", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --size: a 4000x4000 maze is too large for a PNG picture")
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["-a", "kruskal", "-s", "4000x4000", "-f", "txt"],
            "a 4000x4000 kruskal maze as txt would take about 24 s",
        ),
        (
            ["-a", "kruskal", "-s", "4000x4000", "-f", "json"],
            "a 4000x4000 kruskal maze as json would take about 32 s and 3,020 MB",
        ),
        (  # its ends searched for: counted as a maze alone, it passed and took 2.15 GB
            ["-s", "3346x3346", "--marks", "suggested", "-f", "txt"],
            "a 3346x3346 hunt-and-kill maze as txt would take about 10 s and 2,131 MB",
        ),
        (  # a hunt at every step: counted at the defaults' speed, it passed as 4 s and took 48
            ["-a", "hunt-and-kill", "--option", "hunt_probability=1", "-s", "8300x1338", "-f", "txt"],
            "a 8300x1338 hunt-and-kill maze as txt would take about 21 s",
        ),
    ],
)
def test_a_maze_past_the_budget_is_refused_before_it_is_made(tmp_path, args, said):
    """Both would run past the budget (the JSON's search for its ends alone takes 2.6 GB): one line at
    once, in a fresh process under the 1 GB / 20 s safety harness, offering a size within the budget."""
    target = tmp_path / f"maze.{args[-1]}"
    code, out, err = run_args(["maze", *args, "--seed", "1", "-o", str(target)])
    assert code == 2, err
    assert err.startswith(f"error: --size: {said}") and len(err.splitlines()) == 1, err
    assert out == "" and not target.exists()
    algorithm = args[1] if args[0] == "-a" else "hunt-and-kill"
    width, height = map(int, re.search(r"make it at most (\d+)x(\d+)", err).groups())
    searched = args[-1] == "json" or "--marks" in args
    options = dict([args[args.index("--option") + 1].split("=")]) if "--option" in args else {}
    seconds = cost.maze_seconds(algorithm, "rectangle", width * height, args[-1], searched, options)
    assert seconds <= cost.BUDGET
    assert cost.megabytes(width * height, args[-1], searched) <= cost.MEMORY


def test_every_algorithm_on_every_grid_has_a_measured_cost():
    """A limit weighs a cell by its algorithm and grid: a new one without a figure would be guessed.
    The weave field is no grid a spec names: a weave maze is a rectangle's, at most 120,000 cells."""
    for grid in kinds.GRIDS:
        names = generators.ALGORITHMS.names() if grid == "rectangle" else generators.on_graphs()
        assert sorted(cost.GENERATE[grid]) == sorted(names), grid
    assert set(cost.SEARCH) == set(kinds.GRIDS) == set(kinds.KINDS.names()) - {"weave"}


def test_the_samples_and_the_sizes_a_limit_offers_are_within_it(tmp_path):
    for sample in sorted((ROOT / "sample_configs").glob("*.yaml")):
        assert workload_problems(load_spec(sample)) == [], sample.name
    spec = tmp_path / "big.yaml"
    spec.write_text("title: T\npage_size: 200x200in\nmazes:\n  - {size: 3000x3000, algorithm: wilson}\n")
    (told,) = workload_problems(load_spec(spec))
    offered = re.search(r"make it at most (\d+x\d+)", told.message)[1]
    spec.write_text(spec.read_text().replace("3000x3000", offered))
    assert workload_problems(load_spec(spec)) == []


def test_out_of_memory_is_one_line(monkeypatch, capsys, book):
    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr("puzzlebook.build.check_book", exhausted)  # what build calls
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
    monkeypatch.setattr(books, "PROGRESS_EVERY", 0.0)
    book.write_text(
        SPEC.replace("mazes:", "answer_key: false\nmazes:").replace("marks: suggested}", "count: 4}")
    )
    result = invoke(["build", str(book), "-o", "-"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert lines[:3] == [
        "building: 1 of 9 steps (11%)",
        "building: 2 of 9 steps (22%)",
        "building: 3 of 9 steps (33%)",
    ]
    assert result.stdout_bytes.startswith(b"%PDF") and b"building" not in result.stdout_bytes
    quiet = invoke(["build", "-q", str(book), "-o", "-"])
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
    empty = invoke(["build", str(book), "-o", ""])
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
        result = invoke(["build", str(book), "-o", str(tmp_path / name)])
        assert result.exit_code == 2, name
        assert f"but a book is a PDF: name it {name.split('.')[0]}.pdf" in result.stderr
        assert not (tmp_path / name).exists()
    for name in ("a\nb.pdf", "bell\x07.pdf"):  # a newline split every line that named the file
        result = invoke(["build", str(book), "-o", str(tmp_path / name)])
        assert result.exit_code == 2 and "holds a control character" in result.stderr
        assert len(result.stderr.splitlines()) == 1 and not (tmp_path / name).exists()
    for name in ("book.PDF", "tmpXYZ"):
        assert invoke(["build", "-q", str(book), "-o", str(tmp_path / name)]).exit_code == 0
        assert (tmp_path / name).read_bytes().startswith(b"%PDF"), name


def test_every_problem_of_a_build_is_reported_at_once_spec_first(tmp_path, book):
    (tmp_path / "my.yaml").write_text("footer: '{0}'\nwall_weight: 500pt\n")
    book.write_text("title: T\nlayout: my.yaml\nstudents: names.txt\nmazes:\n  - {size: 0x5}\n")
    result = invoke(["validate", str(book)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f'error: book.yaml:3: students: class list "names.txt" not found (looked for names.txt in {tmp_path})',
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
    result = invoke(["validate", str(book)])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    # the spec's problems in line order (page_size and bleed among them, each once), the one only the
    # layout's check finds among them (it came last, line 3 after line 7)
    assert [line.split(": ")[1].split(":")[1] for line in lines] == ["2", "3", "4", "5", "7"], lines
    assert lines[2].startswith('error: book.yaml:4: page_size: page size "0.5x11in" must be between 1in')
    assert lines[1] == "error: book.yaml:3: mazes_per_page: expected 1, 2, 4 or 6, got 5"


def test_a_spec_that_cannot_be_read_is_reported_once(tmp_path):
    for args in (["validate", str(tmp_path / "nosuch.yaml")], ["build", str(tmp_path)]):
        result = invoke(args)
        assert result.exit_code == 2
        assert len(result.stderr.splitlines()) == 1, result.stderr


def test_words_from_a_fixed_list_get_a_hint_and_an_empty_list_says_so(tmp_path, book):
    book.write_text("title: T\nmarks: sugested\nmazes: []\n")
    result = invoke(["validate", str(book)])
    assert result.stderr.splitlines() == [
        "error: book.yaml:2: marks: expected 'none', 'suggested', 'farthest', 'left-right', 'top-bottom', "
        "'corners' or 'center-out', got \"sugested\". Did you mean \"suggested\"?",
        "error: book.yaml:3: mazes: needs at least 1 entry; the list is empty",
    ]


def test_a_missing_layout_file_suggests_the_presets(book):
    book.write_text(SPEC.replace("mazes:", "layout: my-layout.yaml\nmazes:"))
    result = invoke(["validate", str(book)])
    assert result.stderr.startswith('error: book.yaml:2: layout: layout "my-layout.yaml" not found')
    assert result.stderr.rstrip().endswith(
        "; or use a preset: activity-book, activity-book-a4, handout, poster, square-poster"
    )


def test_a_maze_is_never_written_in_a_format_its_file_name_does_not_have(tmp_path):
    result = invoke(["maze", "-a", "wilson", "-s", "5x5", "-o", str(tmp_path / "q.jpg")])
    assert result.exit_code == 2
    assert (
        "q.jpg ends in .jpg, which puzzlebook does not write: end it in one of .txt, .json, .pdf, .svg, .png "
        "(a picture: .png), or name the format with --format" in result.stderr
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


# ---- the environment -----------------------------------------------------------------------------


def _odd_environments(tmp_path: Path) -> dict[str, dict[str, str | None]]:
    """Environments a build may meet, each as the variables it sets (None: unset)."""
    (tmp_path / "a-file").write_text("not a folder\n")
    (tmp_path / "locked").mkdir(mode=0)
    (tmp_path / "read-only").mkdir(mode=0o555)
    home = tmp_path / "home"
    home.mkdir()
    ran = tmp_path / "ran"  # what the files reportlab would run at start-up leave, had they run
    for name in (".reportlab_mods", ".reportlab_settings"):
        (home / name).write_text(f"open({str(ran)!r}, 'a').write({name!r})\ninvariant = 0\n")
    return {
        "HOME a file": {"HOME": str(tmp_path / "a-file")},
        "HOME unset": {"HOME": None},
        "HOME missing": {"HOME": str(tmp_path / "nowhere")},
        "HOME unreadable": {"HOME": str(tmp_path / "locked")},
        "HOME with reportlab's start-up files": {"HOME": str(home)},
        "TMPDIR missing": {"TMPDIR": str(tmp_path / "nowhere")},
        "TMPDIR read-only": {"TMPDIR": str(tmp_path / "read-only")},
        "LANG=C": {"LANG": "C", "LC_ALL": "C"},
        "odd TZ": {"TZ": "Nowhere/Odd-13:37"},
        "SOURCE_DATE_EPOCH": {"SOURCE_DATE_EPOCH": "0"},
        "SOURCE_DATE_EPOCH not a number": {"SOURCE_DATE_EPOCH": "yesterday"},
        "reportlab settings": {"RL_defaultPageSize": "nonsense", "RL_invariant": "0", "RL_useA85": "1"},
    }


def test_no_environment_makes_a_build_crash_or_changes_its_bytes(tmp_path, book):
    """Same spec and seed, the same PDF on any machine: each build in a fresh process. The last is run
    from a folder holding a reportlab_mods.py and a reportlab_settings.py, which must never run."""
    plain = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH" and not k.startswith("RL_")}
    first = cli_process("build", "-q", str(book), "-o", "-", env=plain)
    assert first.returncode == 0 and first.stderr == b"" and first.stdout.startswith(b"%PDF")
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "reportlab_mods.py").write_text(f"open({str(tmp_path / 'ran')!r}, 'a').write('mods')\n")
    (shared / "reportlab_settings.py").write_text("invariant = 0\n")
    odd = _odd_environments(tmp_path)
    for name, changes in [*odd.items(), ("a folder with reportlab's start-up modules", {})]:
        env = {**plain, **{k: v for k, v in changes.items() if v is not None}}
        for key in (k for k, v in changes.items() if v is None):
            env.pop(key, None)
        here = shared if name not in odd else book.parent
        result = cli_process("build", "-q", str(book), "-o", "-", cwd=here, env=env)
        assert result.stderr == b"", (name, result.stderr.decode())
        assert result.returncode == 0, name
        assert result.stdout == first.stdout, name
    assert not (tmp_path / "ran").exists()


# ---- files a build writes where the command line did not say -----------------------------------

PAIR = SPEC.replace("mazes:", "answer_key: separate\nmazes:")


@pytest.fixture
def shared(tmp_path: Path) -> tuple[Path, Path]:
    """A folder as a git clone or a tar file brings it (``shared``), and a file of the user's outside
    it (``home/thesis.pdf``), which no link in the folder may make a build replace."""
    folder, home = tmp_path / "shared", tmp_path / "home"
    folder.mkdir()
    home.mkdir()
    (home / "thesis.pdf").write_bytes(b"%PDF years of work")
    return folder, home


def _no_work(monkeypatch) -> None:
    def work(*args, **kwargs):
        raise AssertionError("mazes were made before the output was refused")

    monkeypatch.setattr("puzzlebook.build.generate", work)


@pytest.mark.parametrize(
    "links, spec",
    [
        ({"s.pdf": "{home}/thesis.pdf"}, SPEC),  # the book under the spec's own name
        ({"s.pdf": "hop.pdf", "hop.pdf": "{home}/thesis.pdf"}, SPEC),  # a chain of links
        ({"s.pdf": "{home}/new.pdf"}, SPEC),  # a dangling link: it would make a file there
        ({"s-answers.pdf": "{home}/thesis.pdf"}, PAIR),  # the answers beside the book
        ({"mine.pdf": "{home}/thesis.pdf"}, PAIR + "output: mine.pdf\n"),  # the spec's output:
        ({"mine-answers.pdf": "{home}/thesis.pdf"}, PAIR + "output: mine.pdf\n"),
        ({"docs": "{home}"}, PAIR + "output: docs/mine.pdf\n"),  # a folder link
    ],
    ids=["book", "chain", "dangling", "answers", "output", "output-answers", "folder"],
)
def test_a_link_in_a_shared_folder_never_leads_a_build_out_of_it(shared, monkeypatch, links, spec):
    folder, home = shared
    (folder / "s.yaml").write_text(spec)
    for name, to in links.items():
        (folder / name).symlink_to(to.replace("{home}", str(home)))
    _no_work(monkeypatch)
    result = build(str(folder / "s.yaml"))
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert re.match(r"error: s\.yaml:\d+: (output|answer_key): ", line), line
    assert "leads out of the spec's folder through a link" in line
    assert line.endswith("remove the link, or choose where the book goes with -o PATH")
    assert sorted(p.name for p in home.iterdir()) == ["thesis.pdf"]
    assert (home / "thesis.pdf").read_bytes() == b"%PDF years of work"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*links, "s.yaml"])  # no book, no part


def test_a_link_into_a_hidden_file_of_the_folder_is_refused_too(shared, monkeypatch):
    """Inside the folder, but where a build has no business: a git hook, a settings file."""
    folder, _ = shared
    (folder / ".git").mkdir()
    (folder / ".git" / "config").write_text("[core]\n")
    (folder / "s.yaml").write_text(PAIR)
    (folder / "s-answers.pdf").symlink_to(".git/config")
    _no_work(monkeypatch)
    result = build(str(folder / "s.yaml"))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        'error: s.yaml:2: answer_key: "s-answers.pdf" is a link to ".git/config", which is a hidden file or '
        "in a hidden folder (its name starts with a dot), where settings and passwords are kept; remove "
        "the link, or choose where the book goes with -o PATH"
    ]
    assert (folder / ".git" / "config").read_text() == "[core]\n"


def test_links_that_stay_in_the_folder_are_followed(shared):
    folder, _ = shared
    (folder / "books").mkdir()
    for name in ("s.pdf", "answers.pdf"):
        (folder / "books" / name).write_bytes(b"%PDF last year's")
    (folder / "s.yaml").write_text(PAIR)
    (folder / "s.pdf").symlink_to("books/s.pdf")
    (folder / "s-answers.pdf").symlink_to(folder / "books" / "answers.pdf")
    assert build(str(folder / "s.yaml")).exit_code == 0
    assert (folder / "s.pdf").is_symlink() and (folder / "books" / "s.pdf").read_bytes().startswith(b"%PDF")
    assert (folder / "books" / "answers.pdf").read_bytes().startswith(b"%PDF")


def test_o_is_the_users_and_the_answers_stay_in_its_folder(shared, monkeypatch, tmp_path):
    """-o may go anywhere, through any link: the user named it. The answers beside it are named by
    puzzlebook, so a link there (one a shared folder brought) may not lead them out of -o's folder."""
    folder, home = shared
    (folder / "s.yaml").write_text(PAIR)
    (home / "book.pdf").write_bytes(b"%PDF last year's")
    (folder / "link.pdf").symlink_to(home / "book.pdf")
    assert build(str(folder / "s.yaml"), "-o", str(folder / "link.pdf")).exit_code == 0
    assert (home / "book.pdf").read_bytes().startswith(b"%PDF")  # where -o's link leads
    assert (folder / "link-answers.pdf").read_bytes().startswith(b"%PDF")  # beside the name -o gave
    (folder / "b-answers.pdf").symlink_to(home / "thesis.pdf")
    _no_work(monkeypatch)
    result = build(str(folder / "s.yaml"), "-o", str(folder / "b.pdf"))
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith('error: s.yaml:2: answer_key: "b-answers.pdf" leads out of the folder of -o\'s ')
    assert (home / "thesis.pdf").read_bytes() == b"%PDF years of work"
    assert not (folder / "b.pdf").exists()


# ---- a book and its answers: both replaced, or neither -----------------------------------------


def test_a_full_disk_never_splits_a_book_from_its_answers(tmp_path, monkeypatch):
    """The book was renamed into place before its answers were written: a full disk then left a new
    book beside the old answers. Now both are whole on disk before either is renamed."""
    from puzzlebook import build as building

    spec = tmp_path / "b.yaml"
    spec.write_text(PAIR)
    (tmp_path / "b.pdf").write_bytes(b"%PDF the old book")
    (tmp_path / "b-answers.pdf").write_bytes(b"%PDF the old answers")
    drawn = []
    real_stream = building.stream_pdf

    class Full:
        """A file on a disk that fills up after a few kilobytes."""

        def __init__(self, file):
            self.file, self.room = file, 4096

        def write(self, data):
            if len(data) > self.room:
                raise OSError(errno.ENOSPC, "No space left on device")
            self.room -= len(data)
            return self.file.write(data)

        def __getattr__(self, name):
            return getattr(self.file, name)

    def stream(plan, puzzle_for, out, *args):
        drawn.append(plan)
        if len(drawn) == 2:  # the answers
            out.file = Full(out.file)
        return real_stream(plan, puzzle_for, out, *args)

    monkeypatch.setattr(building, "stream_pdf", stream)
    result = build(str(spec))
    assert len(drawn) == 2 and result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"error: cannot write {tmp_path / 'b-answers.pdf'}: no space left on the disk; both files were "
        "left as they were (free some space and try again)"
    ]
    assert (tmp_path / "b.pdf").read_bytes() == b"%PDF the old book"
    assert (tmp_path / "b-answers.pdf").read_bytes() == b"%PDF the old answers"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b-answers.pdf", "b.pdf", "b.yaml"]


def test_the_book_and_its_answers_are_renamed_only_once_both_are_on_disk(tmp_path, monkeypatch):
    spec = tmp_path / "b.yaml"
    spec.write_text(PAIR)
    done: list[str] = []
    real_fsync, real_replace = output.os.fsync, output.os.replace
    monkeypatch.setattr(output.os, "fsync", lambda fd: (done.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(output.os, "replace", lambda a, b: (done.append("rename"), real_replace(a, b))[1])
    assert build(str(spec)).exit_code == 0
    assert done == ["fsync", "fsync", "rename", "rename"]


# ---- what odd targets are called ---------------------------------------------------------------


def test_a_socket_is_refused_before_any_work_for_what_it_is(tmp_path, book, monkeypatch):
    import socket

    monkeypatch.chdir(tmp_path)
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind("sock.pdf")
        _no_work(monkeypatch)
        result = build(str(book), "-o", "sock.pdf")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: --output sock.pdf: is a Unix socket (where a program takes connections), not a file; "
        "give a file name such as book.pdf"
    ]


def test_the_terminal_without_a_terminal_is_told_as_it_is(book):
    """Run as a service or from cron, /dev/tty leads nowhere: it was called a named pipe."""
    result = cli_process(
        "build", "-q", str(book), "-o", "/dev/tty", start_new_session=True, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 2
    assert result.stderr.decode().splitlines() == [
        "error: --output /dev/tty: is the terminal, and puzzlebook runs without one here (from a script, "
        "a service or cron); give a file name such as book.pdf"
    ]


@pytest.mark.parametrize(
    "command, path, what",
    [
        ("check", "/proc/self/mem", "a system entry under /proc"),
        ("validate", "/proc/self/environ", "a system entry under /proc"),
        ("build", "/dev/zero", "a device"),
        ("check", "/dev/null", "a device"),
        ("check", "zero.pdf", "a device"),
    ],
)
def test_a_device_or_proc_path_given_as_the_spec_is_told_plainly(tmp_path, monkeypatch, command, path, what):
    """``check /proc/self/mem`` said "the spec file is a device or system file": it is not a spec file."""
    monkeypatch.chdir(tmp_path)
    Path("zero.pdf").symlink_to("/dev/zero")
    result = invoke([command, path])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    kind = "book" if path.endswith(".pdf") else "spec"
    assert line == f"error: {path}: is {what}, not a file; give the path of a {kind} file"


@pytest.mark.parametrize("target", ["x/..", "x/.", "..", "x/../"])
def test_a_name_that_ends_in_a_folder_is_refused_before_any_work(tmp_path, book, monkeypatch, target):
    """``-o x/..`` was found to be a folder only when the finished book was renamed onto it: exit 1."""
    monkeypatch.chdir(tmp_path)
    _no_work(monkeypatch)
    result = build(str(book), "-o", target)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: --output {target}: ") and "folder" in line and "book.pdf" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]


# ---- hidden files ------------------------------------------------------------------------------


def test_o_with_only_an_extension_is_refused_with_a_name(tmp_path, book, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for args in (["build", "-q", str(book), "-o", ".pdf"], ["maze", "-s", "4x4", "-o", "out/.PNG"]):
        result = invoke(args)
        assert result.exit_code == 2
        (line,) = result.stderr.splitlines()
        suggestion = "book.pdf" if args[0] == "build" else "out/maze.PNG"
        assert line.endswith(
            f"is only an extension: it would make a hidden file; name it, such as {suggestion}"
        )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.yaml"]


@pytest.mark.parametrize(
    "given, instead",
    [(".git/hooks.pdf", "hooks.pdf"), (".pdf", "book.pdf"), ("sub/.book.pdf", "sub/book.pdf")],
)
def test_a_specs_output_is_never_hidden(tmp_path, book, given, instead):
    (tmp_path / ".git").mkdir()
    (tmp_path / "sub").mkdir()
    book.write_text(SPEC + f"output: {given}\n")
    result = invoke(["validate", str(book)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f'error: book.yaml:4: output: "{given}" is a hidden file or in a hidden folder (its name starts '
        f'with a dot), where settings and passwords are kept; a spec never writes one: write "{instead}"'
    ]


def test_a_terminal_named_by_its_path_gets_no_pdf_but_may_get_a_text_maze(book):
    """``-o /dev/tty`` poured a PDF into the terminal, which ``-o -`` in a terminal refuses."""
    import pty

    main, terminal = pty.openpty()
    name = os.ttyname(terminal)
    try:
        result = cli_process("build", str(book), "-o", name, stdin=subprocess.DEVNULL)  # in a process:
        assert result.returncode == 2  # a PDF poured into a terminal nobody reads would block it
        assert result.stderr.decode().splitlines() == [
            f"error: --output {name}: is the terminal: a PDF there is noise; add -o book.pdf, or pipe it"
        ]
        assert invoke(["maze", "-s", "3x3", "-f", "pdf", "-o", name]).exit_code == 2
        assert invoke(["maze", "-s", "3x3", "--seed", "1", "-o", name]).exit_code == 0
        assert b"+--+" in os.read(main, 4096)
    finally:
        os.close(terminal)
        os.close(main)


def test_the_studio_saves_a_book_and_its_answers_both_or_neither(tmp_path, monkeypatch):
    from puzzlebook.errors import PuzzlebookError
    from puzzlebook.studio.server import PDF_NAME, Studio

    (tmp_path / "b.pdf").write_bytes(b"%PDF the old book")
    (tmp_path / "b-answers.pdf").write_bytes(b"%PDF the old answers")
    synced: list[int] = []

    def full_at_the_second(fd: int) -> None:
        synced.append(fd)
        if len(synced) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output.os, "fsync", full_at_the_second)
    studio = Studio(tmp_path)
    with pytest.raises(PuzzlebookError, match="no space left on the disk; both files were left as they were"):
        studio.save([("b.pdf", b"%PDF new"), ("b-answers.pdf", b"%PDF new answers")], PDF_NAME, "PDF")
    assert (tmp_path / "b.pdf").read_bytes() == b"%PDF the old book"
    assert (tmp_path / "b-answers.pdf").read_bytes() == b"%PDF the old answers"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b-answers.pdf", "b.pdf"]


def test_init_writes_its_schema_only_inside_the_folder(shared):
    """The schema's name is puzzlebook's, not the user's: a link of that name in a shared folder may not
    lead it out (with --force it replaced the link's target), and a pipe of that name is not read."""
    folder, home = shared
    schema = folder / "puzzlebook-schema.json"
    schema.symlink_to(home / "thesis.pdf")
    result = invoke(["init", str(folder / "book.yaml"), "--force"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f'error: {schema}: "puzzlebook-schema.json" leads out of the spec\'s folder through a link (to '
        f"{home / 'thesis.pdf'}); remove the link, or init in another folder"
    ]
    assert (home / "thesis.pdf").read_bytes() == b"%PDF years of work"
    schema.unlink()
    os.mkfifo(schema)
    piped = cli_process("init", str(folder / "book.yaml"), stdin=subprocess.DEVNULL)  # would block
    assert piped.returncode == 2
    assert piped.stderr.decode().splitlines() == [
        f"error: {schema}: puzzlebook-schema.json is a named pipe, not a file; remove it, or init in "
        "another folder"
    ]
    assert sorted(p.name for p in folder.iterdir()) == ["puzzlebook-schema.json"]


# ---- check of a crafted PDF: bounded work in all ---------------------------------------------------


def _stream(data: bytes, entries: bytes = b"") -> bytes:
    packed = zlib.compress(data, 9)
    return b"<< /Length %d /Filter /FlateDecode %s >>\nstream\n%s\nendstream" % (len(packed), entries, packed)


def _pdf(objects: dict[int, bytes]) -> bytes:
    """A PDF of these objects, 1 its catalog, with its cross-reference table."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = {}
    for number, body in sorted(objects.items()):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    size = max(objects) + 1
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    out += b"".join(
        b"%010d 00000 n \n" % offsets[n] if n in offsets else b"0000000000 65535 f \n" for n in range(1, size)
    )
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, table)
    return bytes(out)


def _book(pages: int, content: bytes, objects: dict[int, bytes] | None = None, kids: int = 1) -> bytes:
    """``pages`` pages drawing ``content`` (object 3) with the XObjects 10-19 and font 20 of ``objects``,
    all one page object, listed ``pages // kids`` times in a middle node listed ``kids`` times."""
    each = pages // kids
    resources = b" ".join(b"/X%d %d 0 R" % (n - 10, n) for n in range(10, 20) if n in (objects or {}))
    return _pdf(
        {
            1: b"<< /Type /Catalog /Pages 2 0 R >>",
            2: b"<< /Type /Pages /Count %d /Kids [%s] >>" % (pages, b" 4 0 R" * kids),
            3: _stream(content),
            4: b"<< /Type /Pages /Parent 2 0 R /Count %d /Kids [%s] >>" % (each, b" 5 0 R" * each),
            5: b"<< /Type /Page /Parent 4 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources 6 0 R >>",
            6: b"<< /XObject << %s >> /Font << /F 20 0 R >> >>" % resources,
            20: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            **(objects or {}),
        }
    )


def _form(content: bytes, draws: int = 0, matrix: bytes = b"1 0 0 1 0 0") -> bytes:
    """A form drawing ``content``; ``draws``: the XObject it may draw as /X, object 11 and on."""
    named = b"/Resources << /XObject << /X %d 0 R >> >>" % draws if draws else b""
    return _stream(
        content, b"/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Matrix [%s] %s" % (matrix, named)
    )


_RUNS = "it runs more than 2,000,000 operators in all"
_MARKS = "it draws more than 3,000,000 letters and shapes in all"
HOSTILE = {
    # 24 pages, each drawing a form that draws the next twice, 18 deep: took 128 s
    "forms drawing forms": (
        _book(24, b"/X0 Do", {10 + i: _form(b"/X Do " * 2, 11 + i) for i in range(17)} | {27: _form(b"")}),
        _RUNS,
    ),
    # deeper still: a page alone would run billions
    "forms nested 30 deep": (
        _book(24, b"/X0 Do", {10 + i: _form(b"/X Do " * 2, 11 + i) for i in range(30)} | {40: _form(b"")}),
        _RUNS,
    ),
    # one form of 333,000 `Do` drawn on 24 pages: killed at 150 s
    "one wide form on many pages": (
        _book(24, b"/X0 Do", {10: _form(b"/X Do " * 333_000, 11), 11: _form(b"")}),
        _RUNS,
    ),
    # tiny pages sharing one content stream: 30,000 took 29.6 s
    "many tiny pages": (_book(20_000, b"q 1 w Q " * 60, kids=100), _RUNS),
    # a page tree whose one middle node is listed 300 times: 90,000 pages from 4 KB
    "a page tree fanned out": (
        _book(90_000, b"0 0 m 1 1 l S", kids=300),
        "it has 90,000 pages, more than 25,000",
    ),
    "inline images again and again": (
        _book(24, b"/X0 Do", {10: _form(b"BI /W 1 /H 1 ID x EI " * 100_000)}),
        _MARKS,
    ),
    "long strings drawn again and again": (
        _book(100, b"/X0 Do", {10: _form(b"BT /F 12 Tf (" + b"x" * 100_000 + b") Tj ET")}),
        _MARKS,
    ),
    "turned lines drawn again and again": (
        _book(40, b"/X0 Do", {10: _form(b"0 0 m 1 1 l " * 100_000 + b"S", matrix=b"0.8 0.6 -0.6 0.8 0 0")}),
        _MARKS,
    ),
    "lines over the margin drawn again and again": (
        _book(40, b"/X0 Do", {10: _form(b"0 0 m 1 1 l " * 100_000 + b"S")}),
        _MARKS,
    ),
    "one big path drawn again and again": (
        _book(60, b"/X0 Do " * 5, {10: _form(b"50 50 m 90 50 l " * 100_000 + b"S")}),
        "it draws more than 20,000,000 lines in all",
    ),
    # 1,500 fonts that each map every code through one small CMap: read a font at a time, 75 s
    "many fonts of one big map": (
        _book(
            1,
            b"BT " + b"".join(b"/F%d 12 Tf " % n for n in range(1500)) + b"ET",
            {
                6: b"<< /Font << %s >> >>" % b" ".join(b"/F%d %d 0 R" % (n, 100 + n) for n in range(1500)),
                21: _stream(b"beginbfrange <0000> <FFFF> <0000> endbfrange"),
            }
            | {
                100 + n: b"<< /Type /Font /Subtype /Type1 /BaseFont /F /ToUnicode 21 0 R >>"
                for n in range(1500)
            },
        ),
        "its fonts map more than 1,000,000 codes in all",
    ),
}


@pytest.mark.parametrize("case", HOSTILE)
def test_check_of_a_crafted_pdf_does_bounded_work_in_all(tmp_path, case):
    """puzzlebook's PDF reader bounded each page's operators, not a file's: a few KB of forms drawing forms
    on 24 pages, a form drawn on many pages, many pages, took minutes. Each crafted file here is refused in
    one line in a fresh process under 1 GB and 20 s, for what it spends in all."""
    from bad_runner import run

    data, why = HOSTILE[case]
    assert len(data) < 200_000
    (tmp_path / "book.pdf").write_bytes(data)
    code, out, err = run("check", str(tmp_path / "book.pdf"))
    assert (code, out) == (2, ""), err
    assert err == (
        f"error: {tmp_path / 'book.pdf'}: cannot be checked: {why}; a book puzzlebook made stays far below that\n"
    )


def test_check_of_many_pages_sharing_many_fonts_and_forms_reads_them_once(tmp_path):
    """20,000 pages sharing one resource dictionary of 5,000 fonts and 5,000 forms had each page's looked
    through for fonts not embedded, and again for the forms it draws: a hundred million lookups."""
    from bad_runner import run

    names = b" ".join(b"/F%d 20 0 R" % n for n in range(5000))
    forms = b" ".join(b"/X%d 10 0 R" % n for n in range(5000))
    data = _book(
        20_000,
        b"q Q",
        {6: b"<< /Font << %s >> /XObject << %s >> >>" % (names, forms), 10: _form(b"")},
        kids=100,
    )
    assert len(data) < 200_000
    (tmp_path / "book.pdf").write_bytes(data)
    code, out, err = run("check", str(tmp_path / "book.pdf"))
    assert (code, out) == (1, ""), err
    assert err.splitlines() == [
        f"error: {tmp_path / 'book.pdf'}: 20000 pages; print-on-demand takes at most 828: split the book",
        f"error: {tmp_path / 'book.pdf'}: page 1: font Helvetica is not embedded; printers need every font embedded",
    ]


def test_check_of_one_long_path_takes_little_memory(tmp_path):
    """One page of a 72 MB run of path operators, 280 KB compressed, took 3.8 GB to read."""
    from bad_runner import run

    data = _book(1, b"50 50 m 90 50 l " * 4_500_000 + b"S")
    assert len(data) < 300_000
    (tmp_path / "book.pdf").write_bytes(data)
    code, out, err = run("check", str(tmp_path / "book.pdf"))
    assert (code, out) == (1, ""), err
    assert err.splitlines()[0] == (
        f"error: {tmp_path / 'book.pdf'}: 1 pages; print-on-demand needs at least 24 and an even number: "
        "add `pad: true`; for a printer at home or school, add `print_on_demand: false`"
    )


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
