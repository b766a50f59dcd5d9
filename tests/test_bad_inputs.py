"""The corpus of bad inputs in bad_inputs/: every one gets one clear line, exit 2, and nothing written.

Each case is a spec (`NAME.yaml`) whose first line says `# expect: error: ...`, the first line puzzlebook
must print; specs that cannot carry a comment (not UTF-8, empty) have it in `NAME.expect`. Both `validate`
and `build` run in a fresh process under a 1 GB memory limit and a 20 s timeout, in a copy of the corpus,
so a case that slips through the limits fails here instead of taking the machine down.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

CORPUS = Path(__file__).parent / "bad_inputs"
CASES = sorted(p.stem for p in CORPUS.glob("*.yaml"))
MEMORY = 1 << 30
SECONDS = 20


def expected(name: str) -> str:
    special = CORPUS / f"{name}.expect"
    if special.exists():
        return special.read_text().strip()
    first = (CORPUS / f"{name}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), name
    return first.removeprefix("# expect: ")


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    try:
        return subprocess.run(
            [sys.executable, "-m", "puzzlebook", *args],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=SECONDS,
            preexec_fn=_limit,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"puzzlebook {' '.join(args)} ran past {SECONDS} s")


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """Every case through validate and build, two at a time (the machine's cores), in a copy of the corpus."""
    folder = tmp_path_factory.mktemp("corpus") / "bad_inputs"
    shutil.copytree(CORPUS, folder)
    before = files(folder)
    jobs = [(name, command) for name in CASES for command in ("validate", "build")]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        done = dict(zip(jobs, pool.map(lambda job: run(folder, job[1], f"{job[0]}.yaml"), jobs), strict=True))
    return done, before, files(folder)


def test_the_corpus_covers_the_hardening_issue():
    assert len(CASES) >= 60


@pytest.mark.parametrize("command", ["validate", "build"])
@pytest.mark.parametrize("name", CASES)
def test_one_clear_line_exit_2(results, name, command):
    done, _, _ = results
    result = done[(name, command)]
    lines = result.stderr.splitlines()
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert lines and lines[0] == expected(name), result.stderr
    for line in lines:  # every problem names its file and line
        assert re.match(r"^error: [^:\s]+\.(yaml|txt):\d+(: |$)", line), line
    assert result.stdout == ""


def test_nothing_is_written(results):
    _, before, after = results
    assert after == before
