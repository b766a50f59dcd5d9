"""The test suite's time: this checkout's beside an older commit's, run by turns in one session.

    python benchmarks/bench_suite.py                       # now and 4f7762c, one round, -n 2
    python benchmarks/bench_suite.py --base COMMIT --rounds 2 --workers 2 --keep FOLDER
    python benchmarks/bench_suite.py --old-only            # the tests of --old alone, one process each side

Each round runs the README's command (``python -m pytest``, with ``-n WORKERS --durations=0``) in the
older tree, then in this one. Shown for each side: the wall time, the CPU time of the run and every
process it started (``getrusage`` of children), and sums of pytest's per-test durations (setup, call
and teardown): all of them; the tests present at ``--old`` already (by test id, the bad-input corpus
apart), so like is compared with like as the suite grows; and the bad-input corpus (its one shared run
is charged to the test that first asks for it). The load average is taken before and after each run:
the machine is seldom quiet, and the figures mean most beside it.

The older tree is a copy of this checkout with the files that differ from ``--base`` put back as they
were there (``git diff --name-only``), so files both share keep their dates and numba's cache of compiled
loops, kept beside them, stays warm on both sides: run the suite once here first, or the first side to
run pays for compiling (about 35 s of CPU).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DURATION = re.compile(r"^(\d+\.\d+)s (setup|call|teardown)\s+(\S.*)$")


def git(*args: str) -> bytes:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=True).stdout


def older_tree(commit: str, folder: Path) -> Path:
    """This checkout as it was at ``commit``: a copy, with every file that differs put back."""
    tree = folder / "before"
    shutil.copytree(ROOT, tree, symlinks=True, ignore=shutil.ignore_patterns(".git", ".venv", "site"))
    for name in git("diff", "--name-only", commit, "--", ".").decode().splitlines():
        path = tree / name
        try:
            data = git("show", f"{commit}:{name}")
        except subprocess.CalledProcessError:  # added since: not there then
            path.unlink(missing_ok=True)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return tree


def test_ids(commit: str, folder: Path) -> set[str]:
    """The ids of the tests at ``commit``, collected from a ``git archive`` of it."""
    tree = folder / f"ids-{commit}"
    tree.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=", "-p", "no:cacheprovider"],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
    )
    return {line for line in listed.stdout.splitlines() if "::" in line}


def run_suite(tree: Path, workers: int, only: Path | None = None) -> dict[str, object]:
    """One run of the suite in ``tree`` (or of the tests listed in ``only``, in one process): wall,
    CPU, load, and each test's summed durations."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    start = time.perf_counter()
    chosen = ["-n", "0", f"@{only}"] if only else ["-n", str(workers)]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *chosen, "--durations=0", "-p", "no:cacheprovider"],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    durations: dict[str, float] = {}
    for line in done.stdout.splitlines():
        found = DURATION.match(line.strip())
        if found:
            durations[found[3]] = durations.get(found[3], 0.0) + float(found[1])
    summary = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-300:]
    failed = [line.removeprefix("FAILED ") for line in done.stdout.splitlines() if line.startswith("FAILED ")]
    return {
        "output": done.stdout,
        "failed": failed,
        "wall": wall,
        "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
        "load": (load, os.getloadavg()[0]),
        "durations": durations,
        "summary": summary,
    }


def sums(durations: dict[str, float], old: set[str]) -> tuple[float, float, float]:
    """(all, the tests present at the older commit without the corpus, the bad-input corpus)."""
    corpus = [t for name, t in durations.items() if name.startswith("tests/test_bad_inputs.py")]
    kept = [
        t for name, t in durations.items() if name in old and not name.startswith("tests/test_bad_inputs")
    ]
    return sum(durations.values()), sum(kept), sum(corpus)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default="4f7762c", help="the commit to measure beside this checkout")
    parser.add_argument("--old", default="75f72ce", help="the commit whose tests are compared like for like")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, each side once a round; medians shown")
    parser.add_argument("--workers", type=int, default=2, help="pytest-xdist workers (-n)")
    parser.add_argument("--keep", type=Path, help="a folder to keep each run's output in")
    parser.add_argument(
        "--old-only",
        action="store_true",
        help="only the tests of --old still here (the corpus apart), in one process: their CPU time like "
        "for like, which other work's load changes least",
    )
    args = parser.parse_args()
    rows: dict[str, list[dict[str, object]]] = {"before": [], "now": []}
    with tempfile.TemporaryDirectory() as tmp:
        old = test_ids(args.old, Path(tmp))
        trees = {"before": older_tree(args.base, Path(tmp)), "now": ROOT}
        only = None
        if args.old_only:
            only = Path(tmp) / "old-tests.txt"
            here = test_ids("HEAD", Path(tmp))
            only.write_text("".join(f"{t}\n" for t in sorted(old & here) if "test_bad_inputs" not in t))
        for round_ in range(args.rounds):
            for side, tree in trees.items():
                ran = run_suite(tree, args.workers, only)
                rows[side].append(ran)
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    (args.keep / f"{side}-{round_ + 1}.txt").write_text(str(ran["output"]))
                for name in ran["failed"]:  # type: ignore[attr-defined]
                    print(f"{side}: failed {name}", flush=True)
                total, kept, corpus = sums(ran["durations"], old)  # type: ignore[arg-type]
                print(
                    f"{side}: {ran['summary']}; wall {ran['wall']:.0f} s, CPU {ran['cpu']:.0f} s, durations "
                    f"{total:.0f} s (old tests {kept:.1f} s, corpus {corpus:.1f} s), load "
                    f"{ran['load'][0]:.1f} -> {ran['load'][1]:.1f}",  # type: ignore[index]
                    flush=True,
                )
    how = "those alone, one process" if args.old_only else f"{args.workers} workers"
    print(
        f"\n{len(old)} tests at {args.old}; {how}; {os.cpu_count()} cores; {args.rounds} round(s), medians\n"
    )
    print(
        f"| side | wall | CPU | sum of durations | tests of {args.old} (corpus apart) | bad-input corpus | load |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    for side, runs in rows.items():
        total, kept, corpus = (
            statistics.median(sums(r["durations"], old)[k] for r in runs)  # type: ignore[arg-type]
            for k in range(3)
        )
        wall = statistics.median(r["wall"] for r in runs)  # type: ignore[misc]
        cpu = statistics.median(r["cpu"] for r in runs)  # type: ignore[misc]
        loads = ", ".join(f"{r['load'][0]:.1f}-{r['load'][1]:.1f}" for r in runs)  # type: ignore[index]
        name = f"{side} ({args.base})" if side == "before" else side
        print(
            f"| {name} | {wall:.0f} s | {cpu:.0f} s | {total:.0f} s | {kept:.1f} s | {corpus:.1f} s | {loads} |"
        )


if __name__ == "__main__":
    main()
