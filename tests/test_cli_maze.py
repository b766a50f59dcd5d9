import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from clirun import invoke
from mazecheck import problems, shortest_path

from puzzlebook import generators

ROOT = Path(__file__).parent.parent


def run(*args):
    return invoke(list(args))


def test_a_square_mazes_json_is_its_cells_and_an_other_grids_its_graph():
    """maze/3: a square-celled maze is written as its bitmasks alone (maze/2's graph repeated them as
    millions of pairs); the independent checker rebuilds it from them, start, end and solution included.
    A hexagon maze has no bitmasks, and keeps its graph of cells and passages."""
    for marks in ("suggested", "none"):
        result = run("maze", "-a", "kruskal", "-s", "6x4", "--seed", "5", "--marks", marks, "-f", "json")
        doc = json.loads(result.stdout)
        assert "graph" not in doc and doc["format"] == "puzzlebook.maze/3"
        assert len(doc["cells"]) == 4 and all(len(row) == 6 for row in doc["cells"])
        assert problems(doc["cells"]) == []
        if marks == "none":
            assert doc["start"] is doc["end"] is doc["solution"] is None
        else:
            ends = tuple(doc["start"]), tuple(doc["end"])
            assert [tuple(c) for c in doc["solution"]] == shortest_path(doc["cells"], *ends)
    doc = json.loads(run("maze", "--grid", "hex", "-s", "5x4", "--seed", "2", "-f", "json").stdout)
    assert "cells" not in doc and doc["grid"]["kind"] == "hex"
    assert len(doc["graph"]["cells"]) == 20 and len(doc["graph"]["passages"]) == 19


def test_json_export_has_exactly_the_interchange_fields():
    result = run("maze", "-a", "wilson", "-s", "7x5", "--seed", "11", "--marks", "suggested", "-f", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert list(doc) == [
        "format", "algorithm", "seed", "options", "width", "height", "cells", "start", "end",
        "openings", "solution", "metrics", "grid",
    ]  # fmt: skip
    assert doc["format"] == "puzzlebook.maze/3"
    assert doc["grid"] == {"kind": "rectangle", "width": 7, "height": 5}
    assert (doc["algorithm"], doc["seed"], doc["width"], doc["height"]) == ("wilson", 11, 7, 5)
    assert len(doc["cells"]) == 5 and all(len(row) == 7 for row in doc["cells"])
    assert problems(doc["cells"]) == []
    start, end = tuple(doc["start"]), tuple(doc["end"])
    assert [tuple(c) for c in doc["solution"]] == shortest_path(doc["cells"], start, end)
    assert doc["metrics"]["solution_length"] == len(doc["solution"])
    assert doc["openings"] in (["W", "E"], ["N", "S"])  # suggested ends sit on opposite sides
    if doc["openings"] == ["W", "E"]:
        assert start[0] == 0 and end[0] == 6
    else:
        assert start[1] == 0 and end[1] == 4


def test_json_without_marks_has_null_ends_and_echoes_options():
    result = run("maze", "-a", "hunt-and-kill", "-s", "6x6", "--seed", "1", "-f", "json",
                 "--option", "scan=columns", "--option", "hunt_probability=0.25")  # fmt: skip
    doc = json.loads(result.stdout)
    assert doc["start"] is doc["end"] is doc["solution"] is doc["openings"] is None
    metrics = doc["metrics"]  # no path is marked, so none is measured; the difficulty is the maze's own
    assert metrics["solution_length"] is metrics["turns"] is metrics["decisions"] is None
    assert metrics["difficulty"] > 0 and metrics["cells"] == 36
    assert doc["options"] == {"scan": "columns", "hunt_probability": 0.25, "max_walk": None}


def test_text_export_marks_start_and_end():
    result = run("maze", "-a", "kruskal", "-s", "10x4", "--seed", "5", "--marks", "suggested")
    lines = result.stdout.splitlines()
    assert len(lines) == 2 * 4 + 1 and all(len(line) == 3 * 10 + 1 for line in lines)
    body = result.stdout
    assert body.count("S ") == 1 and body.count("E ") == 1
    plain = run("maze", "-a", "kruskal", "-s", "10x4", "--seed", "5").stdout
    assert "S " not in plain and "E " not in plain


def test_same_seed_same_output_and_missing_seed_is_reported():
    a = run("maze", "-a", "prim", "-s", "9x9", "--seed", "3").stdout
    assert a == run("maze", "-a", "prim", "-s", "9x9", "--seed", "3").stdout
    fresh = run("maze", "-a", "prim", "-s", "9x9")
    assert fresh.exit_code == 0 and "use --seed" in fresh.stderr


def test_a_file_written_is_told_with_the_seed_chosen(tmp_path):
    """Nothing was said of a maze written to a file with --seed: the command said nothing at all."""
    target = tmp_path / "m.pdf"
    given = run("maze", "-s", "5x5", "--seed", "3", "-o", str(target))
    assert given.exit_code == 0 and given.stderr.strip() == f"wrote {target}"
    chosen = run("maze", "-s", "5x5", "-o", str(tmp_path / "n.svg"))
    said = chosen.stderr.strip()
    assert said.startswith(f"wrote {tmp_path / 'n.svg'}: seed ") and "to make this maze again" in said
    seed = said.split("use --seed ")[1].split()[0]
    again = run("maze", "-s", "5x5", "--seed", seed, "-f", "svg").stdout
    assert again == (tmp_path / "n.svg").read_text()  # the seed said makes the same maze
    assert run("maze", "-s", "5x5", "--seed", "3").stderr == ""  # on the terminal, the maze says enough


def test_output_file_is_written_whole(tmp_path):
    target = tmp_path / "m.json"
    result = run("maze", "-a", "eller", "-s", "5x5", "--seed", "2", "-f", "json", "-o", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    assert json.loads(target.read_text())["algorithm"] == "eller"
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]  # no temp file left behind


@pytest.mark.parametrize(
    "args,code,needle",
    [
        (["-a", "hunt-and-kil", "-s", "5x5"], 2, 'Did you mean "hunt-and-kill"'),
        (["-a", "eller", "-s", "0x5"], 2, "--size: a maze needs at least 1x1 cells, got 0x5"),
        (["-a", "eller", "-s", "5x0"], 2, "--size: a maze needs at least 1x1 cells, got 5x0"),
        (["-a", "eller", "-s", "100000x100000"], 2, "--size: 100000x100000 is too large: each side may be"),
        (["-a", "eller", "-s", "5000x5000"], 2, "has 25,000,000 cells; the limit is 16,000,000"),
        (["-a", "eller", "-s", "20 by 30"], 2, 'expected WxH such as 20x30, got "20 by 30"'),
        (["-a", "eller", "-s", "5x5", "--option", "horizontal"], 2, "expected KEY=VALUE"),
        (["-a", "eller", "-s", "5x5", "--option", "sideways=1"], 2, 'unknown option "sideways"'),
        (["-a", "eller", "-s", "5x5", "-o", "/nonexistent/dir/m.txt"], 2, "does not exist"),
    ],
)
def test_bad_input_gets_one_line_errors_and_no_traceback(args, code, needle):
    result = run("maze", *args)
    assert result.exit_code == code
    assert needle in result.stderr
    assert "Traceback" not in result.output
    assert all(line.startswith("error: ") for line in result.stderr.splitlines())


def test_algorithms_lists_every_algorithm_with_its_options():
    out = run("algorithms").stdout
    for name in generators.ALGORITHMS.names():
        assert name in out
    for option in (
        "scan",
        "hunt_probability",
        "max_walk",
        "horizontal",
        "vertical",
        "select",
        "bias",
    ):
        assert option in out


def test_same_maze_whatever_the_hash_seed():
    # String seeds and dict order must not depend on PYTHONHASHSEED: two processes, two hash seeds.
    code = "from puzzlebook.cli import main; main()"
    args = [
        sys.executable,
        "-c",
        code,
        "maze",
        "-a",
        "kruskal",
        "-s",
        "12x8",
        "--seed",
        "9",
        "-f",
        "json",
    ]
    outs = {
        subprocess.run(args, capture_output=True, env={**os.environ, "PYTHONHASHSEED": h}, check=True).stdout
        for h in ("1", "2")
    }
    assert len(outs) == 1


def test_stdout_is_streamed_not_renamed(tmp_path):
    args = [sys.executable, "-m", "puzzlebook", "maze", "-a", "eller", "-s", "4x4", "--seed", "1",
            "-o", "/dev/stdout"]  # fmt: skip
    result = subprocess.run(args, capture_output=True, check=True)
    assert result.stdout.startswith(b"+--+")


@pytest.mark.parametrize(
    "args,needle",
    [
        (
            ["--marks", "sugested"],
            'error: --marks: expected one of none, suggested, farthest, left-right, top-bottom, corners, center-out, got "sugested". Did you mean "suggested"?',
        ),
        (
            ["-f", "jsn"],
            'error: --format: expected one of txt, json, pdf, svg, png, got "jsn". Did you mean "json"?',
        ),
    ],
)
def test_choice_typos_get_a_hint(args, needle):
    result = run("maze", "-a", "wilson", "-s", "5x5", *args)
    assert result.exit_code == 2 and needle in result.stderr


def test_an_unknown_algorithm_is_told_at_its_option_as_every_other_choice():
    """It said 'error: unknown algorithm "wilsen"', the one choice not named by its option."""
    result = run("maze", "-a", "wilsen", "-s", "5x5")
    assert result.exit_code == 2
    assert result.stderr == 'error: --algorithm: unknown algorithm "wilsen". Did you mean "wilson"?\n'


def test_an_algorithm_is_read_in_any_case_as_in_a_spec():
    """`-a Wilson` makes the maze `-a wilson` does, JSON naming it as the spec does."""
    told, lower = (
        run("maze", "-a", "Wilson", "-s", "6x5", "--seed", "3", "-f", "json"),
        run("maze", "-a", "wilson", "-s", "6x5", "--seed", "3", "-f", "json"),
    )
    assert told.exit_code == lower.exit_code == 0 and told.stdout == lower.stdout
    assert json.loads(told.stdout)["algorithm"] == "wilson"


@pytest.mark.parametrize(
    "text,needle",
    [
        (
            "title: x\nmazes:\n\t- size: 3x3\n",
            "book.yaml:3: this is not valid YAML: a tab: indent with spaces, never tabs",
        ),
        (
            "title: x\nmazes:\n  - size: 3x3\n   algorithm: eller\n",
            "book.yaml:4: this is not valid YAML: this line's indentation",
        ),
        (
            "title: x\n  author: y\nmazes:\n  - size: 3x3\n",
            "book.yaml:2: this is not valid YAML: a ':' where none belongs",
        ),
        (
            "title: x\nmazes:\n  size: 3x3\n",
            "mazes: expected a list (one item a line, each starting with '- ')",
        ),
        (
            "title: x\nmazes:\n  - {size: 3x3, algorithm: wilson, options: {horizontal: 1}}\n",
            "wilson takes no options",
        ),
    ],
)
def test_yaml_mistakes_are_told_in_plain_words(tmp_path, text, needle):
    spec = tmp_path / "book.yaml"
    spec.write_text(text)
    result = run("validate", str(spec))
    assert result.exit_code == 2 and needle in result.stderr, result.stderr


def test_the_algorithm_defaults_to_a_books_and_text_is_a_format():
    """`maze -s 4x3` asked for -a, though a book's mazes default to hunt-and-kill; `-f text` was refused."""
    plain = invoke(["maze", "-s", "6x4", "--seed", "3"])
    named = invoke(["maze", "-s", "6x4", "--seed", "3", "-a", "hunt-and-kill", "-f", "text"])
    other = invoke(["maze", "-s", "6x4", "--seed", "3", "-a", "prim"])
    assert plain.exit_code == named.exit_code == other.exit_code == 0
    assert plain.stdout == named.stdout != other.stdout


def test_a_one_maze_pdf_checks_as_a_page_for_an_office_printer(tmp_path):
    """`check maze.pdf` asked a one-page maze for 24 pages and `pad: true`, which a maze cannot take."""
    target = tmp_path / "maze.pdf"
    assert invoke(["maze", "-s", "10x10", "-f", "pdf", "--seed", "3", "-o", str(target)]).exit_code == 0
    result = invoke(["check", str(target)])
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{target}: ready to print on an office printer\n"


def test_a_one_page_book_is_told_as_one_page(tmp_path):
    spec = tmp_path / "one.yaml"
    spec.write_text("title: T\nlayout: handout\nmazes: [{size: 5x5}]\n")
    result = invoke(["validate", str(spec)])
    assert result.exit_code == 0 and " 1 maze on 1 page (1 maze page)" in result.stdout, result.stdout


SEED_RULE = "error: --seed: must be a whole number from 0 to 9223372036854775807, got "


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["build", "b.yaml", "--seed", "1.5"], SEED_RULE + '"1.5"'),
        (["build", "b.yaml", "--seed", "0x10"], SEED_RULE + '"0x10"'),
        (["check", "b.yaml", "--seed="], SEED_RULE + '""'),
        (["maze", "-s", "5x5", "--seed", ""], SEED_RULE + '""'),
        (
            ["build", "--sede", "3", "b.yaml"],
            'error: --sede: puzzlebook build has no such option. Did you mean "--seed"?',
        ),
        (["--sede"], "error: --sede: puzzlebook has no such option"),
        (
            ["--seed", "3", "build", "b.yaml"],
            "error: --seed: is an option of maze, build, cover, check and preview: write it after the command, such as "
            "puzzlebook maze --seed",
        ),
        (
            ["maze", "-s", "5x5", "--dpi", "x"],
            'error: --dpi: must be a whole number, got "x": PNG resolution, 72 to 1200',
        ),
        (
            ["maze", "-s", "5x5", "--braid", "much"],
            'error: --braid: must be a number, got "much": share of dead',
        ),
        (
            ["studio", "--port", "80.5"],
            'error: --port: must be a whole number, got "80.5": the port on 127.0.0.1',
        ),
        (
            ["build", "b.yaml", "--seed"],
            "error: --seed: needs a value after it: use this book seed instead of",
        ),
        (["build", "--quiet=yes", "b.yaml"], "error: --quiet: takes no value: write --quiet alone"),
        (
            ["build", "a.yaml", "b.yaml"],
            'error: puzzlebook build: takes one spec, and was also given "b.yaml"',
        ),
        (
            ["validate", "a.yaml", "b.yaml", "c.yaml"],
            'error: puzzlebook validate: takes one spec, and was also given "b.yaml c.yaml"',
        ),
        (["schema", "x"], 'error: puzzlebook schema: takes no names, and was given "x"'),
        (  # a value with spaces: "takes no names" said nothing of the size (a newcomer's trial)
            ["maze", "-a", "wilson", "-s", "20", "by", "30"],
            'error: -s: took "20" and left "by 30" over (a value with spaces goes in quotes): WxH in cells',
        ),
        (
            ["build", "a.yaml", "-o", "my", "book.pdf", "-q"],
            'error: -o: took "my" and left "book.pdf" over (a value with spaces goes in quotes): PDF to write',
        ),
        (["validate"], "error: puzzlebook validate: needs a spec, such as puzzlebook validate book.yaml"),
        (["biuld", "b.yaml"], 'error: biuld: is not a command of puzzlebook. Did you mean "build"?'),
        (["layouts", "--all"], "error: --all: puzzlebook layouts has no such option"),
        (["init", "--froce"], 'error: --froce: puzzlebook init has no such option. Did you mean "--force"?'),
    ],
)
def test_every_mistake_in_the_arguments_is_one_line(args, said):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith(said), result.stderr
    assert "Usage" not in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "command", ["maze", "algorithms", "build", "check", "studio", "validate", "init", "schema", "layouts"]
)
def test_help_is_still_help(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: ") and f" {command} [OPTIONS]" in result.stdout.splitlines()[0]
    assert "Commands:" in run("--help").stdout


def test_help_gives_each_commands_first_sentence_whole():
    """`puzzlebook --help` cut summaries at the terminal's width ("List the maze algorithms with what
    they look like and their..."): each is whole now, wrapped beside its command."""
    from puzzlebook.cli import COMMANDS

    listed = run("--help").stdout.split("Commands:\n", 1)[1]
    told: dict[str, str] = {}
    for line in listed.splitlines():
        if line[2:3].strip():
            name, _, words = line.strip().partition(" ")
            told[name] = words.strip()
        elif line.strip():
            told[name] += " " + line.strip()
    assert "..." not in listed
    for command in COMMANDS:
        first = command.help.split("\n\n")[0]
        sentence = " ".join(
            first.split()[: next(k for k, w in enumerate(first.split()) if w.endswith(".")) + 1]
        )
        assert told[command.name] == sentence, (command.name, told[command.name])


def test_help_lists_every_command_of_the_command_modules_in_its_order():
    """The commands live in their groups' modules and are registered in one place: none is left out of
    `puzzlebook --help`, and the order people know stays (the way in first, then books, then the rest)."""
    from puzzlebook.cli import books, mazes, preview, starting
    from puzzlebook.cli.app import Command

    listed = run("--help").stdout.split("Commands:\n", 1)[1]
    names = [line.split()[0] for line in listed.splitlines() if line[2:3].strip()]  # not a wrapped line
    assert names == [
        "maze",
        "algorithms",
        "build",
        "cover",
        "check",
        "preview",
        "studio",
        "validate",
        "init",
        "schema",
        "layouts",
    ]
    commands = {  # a command is a function of a command module made one by @command
        made.name
        for module in (books, mazes, preview, starting)
        for made in vars(module).values()
        if isinstance(made, Command)
    }
    assert commands == set(names)


def test_every_command_takes_what_it_says_it_takes():
    """Each option and argument a command declares is a parameter of its function, in the same order,
    and no parameter is left undeclared (it would be passed nothing, or not at all)."""
    import inspect

    from puzzlebook.cli import COMMANDS

    for command in COMMANDS:
        assert list(inspect.signature(command.run).parameters) == [t.dest for t in command.takes], (
            command.name
        )


def test_an_argument_mistake_is_one_line_in_a_fresh_process_too():
    done = subprocess.run(
        [sys.executable, "-m", "puzzlebook", "build", "--seed", "1.5", "b.yaml"],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.decode() == SEED_RULE + '"1.5"\n'


def test_the_program_alone_shows_its_help_and_its_options_come_first():
    alone = run()
    assert alone.exit_code == 2 and alone.stdout == "" and alone.stderr.startswith("Usage: puzzlebook")
    assert "Commands:" in alone.stderr
    version = run("--version", "build", "--sede")  # what follows the program's option is not read
    assert (version.exit_code, version.stdout) == (0, "puzzlebook 0.1.0\n")
    assert run("--help", "--version").stdout.startswith("Usage: puzzlebook [OPTIONS] COMMAND")
    assert run("--version", "--help").stdout == "puzzlebook 0.1.0\n"
    wrong = run("--help", "--sede")  # every option is checked before one is acted on
    assert wrong.exit_code == 2 and wrong.stderr.startswith("error: --sede: puzzlebook has no such option")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["build", "-qx", "b.yaml"], 'error: -x: puzzlebook build has no such option. Did you mean "-q"?'),
        (["build", "-q=yes", "b.yaml"], "error: -q: takes no value: write -q alone"),
        (["build", "--no-strict=1", "b.yaml"], "error: --no-strict: takes no value: write --no-strict alone"),
        (["build", "b.yaml", "-qo"], "error: -o: needs a value after it: PDF to write"),
        (["maze", "-s", "5x5", "--seed", "--quiet"], "error: --seed: needs a value after it"),
        (
            ["build", "--problem-to", "x"],
            'error: --problem-to: puzzlebook build has no such option. Did you mean "--problems-to"?',
        ),
        (["build", "b.yaml", "--seed", "3", "--seed", "x"], SEED_RULE + '"x"'),
        (["--"], "error: puzzlebook: needs a command, such as puzzlebook build book.yaml"),
        (["maze", "-s", "5x5", "--", "x"], 'error: puzzlebook maze: takes no names, and was given "x"'),
    ],
)
def test_short_options_flags_and_repeats_are_read_as_written(args, said):
    result = run(*args)
    assert (result.exit_code, result.stdout, len(result.stderr.splitlines())) == (2, "", 1), result.stderr
    assert result.stderr.startswith(said), result.stderr


def test_values_are_read_as_they_were_written_before():
    """A whole number may be written 300.0, 1_000 or with spaces around it, as before; a value given
    twice is the last one; short options take their value joined (-s5x5, -s=5x5) or apart."""
    from puzzlebook.cli.reading import _whole

    assert [_whole(text) for text in ("300", "300.0", "1_000", " 5 ", "+5", "-3", "12345678901234567890.0")] == [
        300, 300, 1000, 5, 5, -3, 12345678901234567890,
    ]  # fmt: skip
    assert [_whole(text) for text in ("1.5", "1.", ".0", "0x10", "1e3", "", "１２", "1 0")] == [None] * 8
    same = {
        run("maze", *words, "--seed", "4").stdout
        for words in (["-s", "5x5"], ["-s5x5"], ["-s=5x5"], ["--size=5x5"])
    }
    assert len(same) == 1 and next(iter(same)).startswith("+--")
    assert run("maze", "-s", "5x5", "--seed", "x", "--seed", "4").stdout == next(iter(same))
    assert run("maze", "-s", "5x5", "--seed", "4", "--dpi", "300.0").exit_code == 0


def test_a_hidden_option_is_taken_and_not_listed(tmp_path):
    told = tmp_path / "problems.json"
    result = run("build", str(tmp_path / "missing.yaml"), "--problems-to", str(told))
    assert result.exit_code == 2 and json.loads(told.read_text())[0]["message"] == "no such spec file"
    assert "--problems-to" not in run("build", "--help").stdout


def test_the_build_bar_draws_on_a_terminal_only_and_ends_its_line():
    import io

    from puzzlebook.cli.books import Bar

    shown = io.StringIO()
    with Bar(4, "Building", shown, shown=True) as bar:
        for _ in range(4):
            bar.update(1)
    drawn = shown.getvalue()
    assert drawn.count("Building  [") == 5 and drawn.endswith("100%\033[?25h\n")
    assert "Building  [#########---------------------------]   25%" in drawn
    hidden = io.StringIO()
    with Bar(4, "Building", hidden, shown=False) as bar:
        bar.update(4)
    assert hidden.getvalue() == ""


@pytest.mark.parametrize(
    ("grid", "size", "marks"),
    [
        ("rectangle", "1x1", "suggested"),
        ("rectangle", "1x1", "farthest"),
        ("rectangle", "1x1", "left-right"),
        ("rectangle", "1x1", "top-bottom"),
        ("rectangle", "1x1", "corners"),
        ("hex", "1x1", "suggested"),
        ("triangle", "1x1", "farthest"),
        ("circle", "1", "center-out"),
        ("circle", "1", "suggested"),
    ],
)
def test_a_field_of_one_cell_is_refused_ends_with_the_least_size_that_has_two(tmp_path, grid, size, marks):
    """Every rule put a one-cell maze's start and end in its one cell, the answer that cell: refused
    where the ends are asked for, in the spec and on the command line alike, and the size it offers
    takes them."""
    least = "2" if grid == "circle" else "2x1"
    told = (
        f"is one cell, so its start and end would be the same cell: make it at least "
        f"{'2 rings' if grid == 'circle' else '2x1'}, or "
    )
    options = ["-a", "wilson", "--seed", "3", "--grid", grid, "-f", "json"]
    for asked in (["--marks", marks], ["--solution"]):
        result = invoke(["maze", *options, "-s", size, *asked])
        assert result.exit_code == 2
        assert result.stderr.startswith(f"error: {asked[0]}: ") and told in result.stderr
        assert result.stderr.rstrip().endswith("or leave the start and end out")
    for fits in (least, "1x2") if grid == "rectangle" else (least,):
        made = json.loads(invoke(["maze", *options, "-s", fits, "--marks", marks]).stdout)
        assert made["start"] != made["end"]
    assert invoke(["maze", *options, "-s", size]).exit_code == 0  # no ends: one cell is fine
    spec = tmp_path / "book.yaml"
    spec.write_text(f"title: T\nmarks: {marks}\nmazes:\n  - {{size: {size}, grid: {grid}}}\n")
    result = invoke(["validate", str(spec)])
    assert result.stderr.splitlines() == [
        f"error: book.yaml:4: mazes[0].size: {result.stderr.split('size: ', 1)[1].strip()}"
    ]
    assert told in result.stderr and result.stderr.rstrip().endswith("or leave the start and end out")
    spec.write_text(f"title: T\nmazes:\n  - {{size: {size}, grid: {grid}, marks: {marks}}}\n")
    assert invoke(["validate", str(spec)]).stderr.startswith("error: book.yaml:3: mazes[0].marks: ")
    spec.write_text(f"title: T\nmarks: {marks}\nmazes:\n  - {{size: {least}, grid: {grid}}}\n")
    assert invoke(["validate", str(spec)]).exit_code == 0


@pytest.mark.parametrize(
    "entry, option, key, args",
    [
        (
            "{size: 9x9, grid: hex, algorithm: sidewinder}",
            "--algorithm",
            "algorithm",
            ["-a", "sidewinder", "-s", "9x9", "--grid", "hex"],
        ),
        (
            "{size: 5, grid: circle, inner: 5}",
            "--size",
            "size",
            ["-s", "5", "--grid", "circle", "--inner", "5"],
        ),
        ("{size: 9x9, marks: center-out}", "--marks", "marks", ["-s", "9x9", "--marks", "center-out"]),
        ("{mask: apart.txt}", "--mask", "mask", ["--mask", "apart.txt"]),
        # a word over 3x3 cells (a heart there is made, with a note that it hardly reads as one)
        ("{shape: {text: A}, size: 3x3}", "--shape", "shape", ["--shape", "text:A", "-s", "3x3"]),
    ],
)
def test_a_mistake_reads_the_same_from_a_spec_and_from_the_maze_command(
    tmp_path, monkeypatch, entry, option, key, args
):
    """One home for the rules: after its location (the spec's line and key, or the option), the same
    mistake is told in the same words by `validate` and by `maze`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "apart.txt").write_text("XX..\nXX..\n..XX\n..XX\n")
    (tmp_path / "book.yaml").write_text(f"title: T\nmazes:\n  - {entry}\n")
    spec = invoke(["validate", "book.yaml"])
    maze = invoke(["maze", "--seed", "1", "-f", "json", *args])
    assert spec.exit_code == maze.exit_code == 2
    assert len(spec.stderr.splitlines()) == len(maze.stderr.splitlines()) == 1, (spec.stderr, maze.stderr)
    spec_at = f"error: book.yaml:3: mazes[0].{key}: "
    assert spec.stderr.startswith(spec_at) and maze.stderr.startswith(f"error: {option}: "), (
        spec.stderr,
        maze.stderr,
    )
    said = spec.stderr.removeprefix(spec_at).strip()
    assert said and maze.stderr.removeprefix(f"error: {option}: ").strip() == said


@pytest.mark.parametrize("grid", ["rectangle", "hex", "triangle"])
def test_a_built_in_shape_too_small_to_read_is_refused_in_the_same_words_from_a_spec_and_the_maze_command(
    tmp_path, monkeypatch, grid
):
    """A heart over 3x3 cells is a blob: it was made with a note; issue 29 refuses it. `validate` and
    `maze` refuse it in the same words after its location, and the size they offer reads
    (``shape_reads``), then builds without a word from either, on the page as well."""
    from puzzlebook.shapes import shape_reads

    monkeypatch.chdir(tmp_path)
    entry = "title: T\nmazes:\n  - {{shape: heart, size: {}, grid: " + grid + "}}\n"
    (tmp_path / "book.yaml").write_text(entry.format("3x3"))
    spec = invoke(["validate", "book.yaml"])
    args = ["maze", "--seed", "1", "-f", "json", "--shape", "heart", "-s", "3x3", "--grid", grid]
    maze = invoke([*args, "-o", "heart.json"])
    assert spec.exit_code == maze.exit_code == 2, (spec.stderr, maze.stderr)
    assert not (tmp_path / "heart.json").exists()
    (spec_error,) = spec.stderr.splitlines()
    (maze_error,) = maze.stderr.splitlines()
    spec_at, maze_at = "error: book.yaml:3: mazes[0].size: ", "error: --size: "
    assert spec_error.startswith(spec_at) and maze_error.startswith(maze_at), (spec_error, maze_error)
    said = spec_error.removeprefix(spec_at)
    assert said.startswith(
        "a heart drawn over 3x3 cells hardly reads as one"
    ) and said == maze_error.removeprefix(maze_at)
    offered = re.search(r"set size to (\d+)x(\d+)$", said)
    assert offered and shape_reads(grid, int(offered[1]), int(offered[2])), said
    bigger = invoke([*args[:-4], "-s", f"{offered[1]}x{offered[2]}", "--grid", grid, "-o", "big.json"])
    assert bigger.exit_code == 0 and bigger.stderr == "wrote big.json\n", bigger.stderr  # and nothing more
    (tmp_path / "book.yaml").write_text(entry.format(f"{offered[1]}x{offered[2]}"))
    built = invoke(["build", "book.yaml"])
    assert built.exit_code == 0 and "note" not in built.stderr, built.stderr  # and the page takes it


@pytest.mark.parametrize(
    ("shape", "grid"), [("text:Mia", "rectangle"), ("text:Mia", "hex"), ("heart", "rectangle")]
)
def test_a_shape_without_a_size_is_told_one_it_reads_at(shape, grid):
    """`--shape text:Mia` alone was told "e.g. 20x20", and 20x20 then refused: a word's letters 7 cells
    tall (a newcomer's trial). The size offered is one the shape is drawn over and reads at."""
    told = run("maze", "--shape", shape, "--grid", grid)
    assert told.exit_code == 2
    offered = re.search(r"e\.g\. (\d+x\d+)$", told.stderr.strip())
    assert offered, told.stderr
    made = run("maze", "--shape", shape, "--grid", grid, "-s", offered[1], "-f", "json")
    assert made.exit_code == 0, made.stderr


def test_a_word_it_cannot_draw_is_refused_without_a_size_as_with_one():
    """Offering a size for `--shape text:WORD` drew the word first: 100,000 letters drew for minutes.
    A word it cannot draw is refused as it is with a size, before any drawing."""
    word = "text:" + "A" * 100_000
    alone, sized = run("maze", "--shape", word), run("maze", "--shape", word, "-s", "30x20")
    assert alone.exit_code == sized.exit_code == 2
    assert alone.stderr == sized.stderr and "e.g." not in alone.stderr, alone.stderr[-200:]


def test_a_file_of_another_kind_is_never_replaced_by_a_maze(tmp_path):
    """``-o notes`` (no ending: a text maze) replaced a file of notes, and ``-o /etc/hostname`` that file
    (an attacker's trial); ``build -o`` already refused to replace a file that is not a PDF. A maze
    replaces only a file of its own format's ending; a new file may have any name."""
    notes = tmp_path / "notes"
    notes.write_text("my notes\n")
    result = invoke(["maze", "-s", "5x5", "-o", str(notes)])
    assert result.exit_code == 2 and notes.read_text() == "my notes\n"
    assert result.stderr == (
        f"error: --output {notes}: is a file already, and not a .txt file: the maze would replace it; "
        "name the maze notes.txt, or remove notes first\n"
    )
    old = tmp_path / "old.txt"
    old.write_text("an older maze\n")
    assert invoke(["maze", "-s", "5x5", "-o", str(old)]).exit_code == 0 and old.read_text().startswith("+--")
    fresh = tmp_path / "fresh"
    assert invoke(["maze", "-s", "5x5", "-o", str(fresh)]).exit_code == 0 and fresh.read_text().startswith(
        "+--"
    )


def test_a_name_ending_in_a_dot_is_refused_with_its_ending(tmp_path):
    """``-o y.pdf.`` hid the name's ending behind a dot, and a text maze was written as "y.pdf." (a
    hostile check); it is refused with the name it likely meant, and nothing is written."""
    for given, meant in (("y.pdf.", "y.pdf"), ("maze.", "maze.txt")):
        result = invoke(["maze", "-s", "5x5", "-o", str(tmp_path / given)])
        assert result.exit_code == 2 and result.stderr == (
            f"error: --output: {tmp_path / given} ends in a dot; end it in its format's ending, such as "
            f"{tmp_path / meant}\n"
        )
    assert list(tmp_path.iterdir()) == []
