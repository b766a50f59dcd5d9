"""The command's last moments: ``validate`` ends without Python's teardown (see ``entry.READ_ONLY``), saying
and exiting exactly as before, and leaves it to Python where anything asked for the exit; ``build`` ends
without it once its files are written, its exit handlers run (``entry.WRITES_THEN_ENDS``)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent
KIDS = ROOT / "sample_configs" / "kids-activity-book.yaml"


def puzzlebook(*args, cwd=None, path=()):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*map(str, path), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-m", "puzzlebook", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def test_validate_says_and_exits_as_before(tmp_path):
    done = puzzlebook("validate", str(KIDS))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"{KIDS}: OK, " + (
        "30 mazes on 36 pages (1 title page, 30 maze pages, 5 answer pages); 30 with a marked start and end, "
        "layout activity-book\n"
    )
    (tmp_path / "bad.yaml").write_text("title: T\nmazes:\n  - {size: 6x6, algoritm: prim}\n")
    bad = puzzlebook("validate", "bad.yaml", cwd=tmp_path)
    assert (bad.returncode, bad.stdout) == (2, "")
    assert (
        bad.stderr
        == 'error: bad.yaml:3: mazes[0].algoritm: unknown key "algoritm". Did you mean "algorithm"?\n'
    )
    assert puzzlebook("validate").returncode == 2


def test_an_exit_handler_someone_registered_still_runs(tmp_path):
    """A coverage tool, or a site's own start-up code, may ask for Python's exit: it gets it."""
    ran = tmp_path / "ran"
    (tmp_path / "sitecustomize.py").write_text(
        f"import atexit, pathlib\natexit.register(pathlib.Path({str(ran)!r}).write_text, 'yes')\n"
    )
    done = puzzlebook("validate", str(KIDS), path=[tmp_path])
    assert done.returncode == 0 and done.stdout.startswith(f"{KIDS}: OK")
    assert ran.read_text() == "yes"


def test_validate_skips_the_teardown_that_other_commands_have(tmp_path):
    """What the teardown would do (here, let go of an object that writes a file as it goes) is not done
    after validate, and is after a command that writes files."""
    gone = tmp_path / "let-go"
    (tmp_path / "sitecustomize.py").write_text(
        "import pathlib\n"
        "class Kept:\n"
        f"    def __del__(self, where=pathlib.Path({str(gone)!r})):\n"
        "        where.write_text('let go')\n"
        "kept = Kept()\n"
    )
    assert puzzlebook("validate", str(KIDS), path=[tmp_path]).returncode == 0
    assert not gone.exists()
    assert puzzlebook("--version", path=[tmp_path]).returncode == 0
    assert gone.read_text() == "let go"


def test_a_build_ends_without_the_teardown_once_its_files_are_written(tmp_path):
    """``build`` writes its book and stops its workers before it returns: the exit handlers registered
    (here a site's, and the libraries' own) run as Python's exit runs them, the teardown does not, and
    the book is the file a build that went through Python's whole exit writes."""
    gone, ran = tmp_path / "let-go", tmp_path / "ran"
    (tmp_path / "sitecustomize.py").write_text(
        "import atexit, pathlib\n"
        f"atexit.register(pathlib.Path({str(ran)!r}).write_text, 'yes')\n"
        "class Kept:\n"
        f"    def __del__(self, where=pathlib.Path({str(gone)!r})):\n"
        "        where.write_text('let go')\n"
        "kept = Kept()\n"
    )
    spec = tmp_path / "book.yaml"
    spec.write_text(
        "title: Ends\nseed: 4\nmarks: suggested\nanswer_key: true\nmazes:\n  - {size: 20x20, count: 40}\n"
    )
    done = puzzlebook("build", str(spec), "-o", str(tmp_path / "quick.pdf"), path=[tmp_path])
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr.startswith(f"wrote {tmp_path / 'quick.pdf'}: 40 mazes")
    assert ran.read_text() == "yes" and not gone.exists()
    whole = subprocess.run(
        [
            sys.executable,
            "-c",
            f"from puzzlebook.build import build_book\nbuild_book({str(spec)!r}, {str(tmp_path / 'whole.pdf')!r})",
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    assert whole.returncode == 0
    assert (tmp_path / "quick.pdf").read_bytes() == (tmp_path / "whole.pdf").read_bytes()


def test_a_profiled_command_gets_pythons_exit(tmp_path):
    """``python -m cProfile`` writes its figures after the command returns: a build or validate run under
    a profiler ends through Python's exit, so the profile is written."""
    spec = tmp_path / "book.yaml"
    spec.write_text("title: Profiled\nseed: 4\nmazes:\n  - {size: 8x8, count: 2}\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for args in (["build", str(spec), "-o", str(tmp_path / "book.pdf"), "-q"], ["validate", str(spec)]):
        profile = tmp_path / f"{args[0]}.prof"
        done = subprocess.run(
            [sys.executable, "-m", "cProfile", "-o", str(profile), "-m", "puzzlebook", *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        assert profile.stat().st_size > 0  # written as the profiler left
