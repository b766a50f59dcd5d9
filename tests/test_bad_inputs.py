"""The corpus of bad inputs in bad_inputs/: every one gets one clear line, exit 2, and nothing written.

Each case is a spec (`NAME.yaml`) whose first line says `# expect: error: ...`, the first line puzzlebook
must print; specs that cannot carry a comment (not UTF-8, empty) have it in `NAME.expect`. Both `validate`
and `build` run in a fresh process (forked, see bad_runner.py) under a 1 GB memory limit and a 20 s
timeout, in a copy of the corpus, so a case that slips through the limits fails here instead of taking
the machine down.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from bad_runner import SECONDS

CORPUS = Path(__file__).parent / "bad_inputs"
CASES = sorted(p.stem for p in CORPUS.glob("*.yaml"))
RUNNER = Path(__file__).parent / "bad_runner.py"


def expected(name: str) -> str:
    special = CORPUS / f"{name}.expect"
    if special.exists():
        return special.read_text().strip()
    first = (CORPUS / f"{name}.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), name
    return first.removeprefix("# expect: ")


def files(folder: Path) -> dict[str, str]:
    """Each file below ``folder`` and a digest of its bytes."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="session")
def results(tmp_path_factory, worker_id):
    """The corpus's results, made once for the whole run: the first worker to ask runs it (on every
    core) while the others wait, and leaves them in the run's shared temporary folder. A session fixture
    is made once in each worker, and each ran the whole corpus."""
    shared = (
        tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    )
    kept = shared / "bad_inputs.json"
    with open(shared / "bad_inputs.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not kept.exists():
            done, before, after = _run_corpus(tmp_path_factory)
            kept.write_text(json.dumps([[[*key, value] for key, value in done.items()], before, after]))
        entries, before, after = json.loads(kept.read_text())
    return {(name, command): value for name, command, value in entries}, before, after


def _run_corpus(tmp_path_factory):
    """Every case through validate and build, each in a fresh process forked by ``bad_runner.py`` (one
    runner a core, so Python and puzzlebook load once a core rather than once a case), in a copy of the
    corpus."""
    folder = tmp_path_factory.mktemp("corpus") / "bad_inputs"
    shutil.copytree(CORPUS, folder)
    before = files(folder)
    jobs = [f"{command}:{name}" for name in CASES for command in ("validate", "build")]
    cores = os.cpu_count() or 2
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent)}
    runners = [
        subprocess.Popen(
            [sys.executable, str(RUNNER), str(folder), *jobs[k::cores]],
            stdout=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        for k in range(cores)
    ]
    done = {}
    for runner in runners:
        out, _ = runner.communicate()
        for line in out.splitlines():
            result = json.loads(line)
            command, name = result["job"].split(":", 1)
            done[(name, command)] = result
    return done, before, files(folder)


def test_the_corpus_covers_the_hardening_issue():
    assert len(CASES) >= 60


@pytest.mark.parametrize("command", ["validate", "build"])
@pytest.mark.parametrize("name", CASES)
def test_one_clear_line_exit_2(results, name, command):
    done, _, _ = results
    assert (name, command) in done, f"the runner died before puzzlebook {command} {name}.yaml"
    result = done[(name, command)]
    stderr = result["stderr"]
    lines = stderr.splitlines()
    assert result["code"] != -signal.SIGALRM, f"puzzlebook {command} {name}.yaml ran past {SECONDS} s"
    assert result["code"] == 2, stderr
    assert "Traceback" not in stderr
    # {corpus}: the folder of the corpus's copy, where a file not found was looked for
    assert lines and lines[0] == expected(name).replace("{corpus}", result["folder"]), stderr
    for line in lines:  # every problem names its file and line
        assert re.match(r"^error: [^:\s]+\.(yaml|txt):\d+(: |$)", line), line
    assert result["stdout"] == ""


def test_nothing_is_written(results):
    _, before, after = results
    assert after == before
