"""Big exports against the maze they write, and memory: issue 31's goals 4 and 5, beside older code.

    python benchmarks/bench_exports.py                     # this checkout, and commit d40bbc7 beside it
    python benchmarks/bench_exports.py --base COMMIT --sizes 1000 2000 --runs 3

For each format, ``puzzlebook maze -a hunt-and-kill -s NxN -f FORMAT -o FILE`` runs in a fresh process,
and beside it, in the same round, a fresh process that only makes the same maze (``make_puzzle`` with
what the command passes it: the JSON's metrics search the maze, pictures and text do not), start-up
included in both. The ratio is the export's wall time over the making's, taken within each round; the
tables show medians of the rounds, and peak memory (ru_maxrss) of the export's process. A PDF is one
Letter page, refused above about 180x180 cells, so it is measured at 170x170. Then the 5,000-maze screen
book of ``bench_waits.py``, whose peak memory must stay under 120 MB.

The code before is checked out of git (``git archive``) into a temporary folder and run with the same
Python, its folder first on the path: both sides run round after round, interleaved, so both see the same
machine (its speed drifts by up to 2x within the hour). Where the older code refuses a size (its budget
for a JSON of 2000x2000 was 2 GB), the row says so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("txt", "json", "svg", "png", "pdf")
PDF_SIDE = 170
MAKE = """
import sys
from puzzlebook.puzzles import make_puzzle
side, searched = int(sys.argv[1]), sys.argv[2] == "json"
make_puzzle("hunt-and-kill", side, side, 1, solve_unmarked=searched)
"""


def run(cmd: list[str], tree: Path) -> tuple[float, float, bool]:
    """(seconds, peak MB, succeeded) of one fresh process with ``tree`` first on the path."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:  # run from elsewhere: ``-m`` puts the current folder (this checkout) before PYTHONPATH
        os.chdir(tempfile.gettempdir())
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        os.execve(cmd[0], cmd, env)
    _, status, usage = os.wait4(pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024, status == 0


def checkout(commit: str, folder: Path) -> Path:
    """The package as it was at ``commit``, in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "puzzlebook"], capture_output=True)
    archive.check_returncode()
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


FIVE_THOUSAND = (
    "title: Big\nedition: screen\nmarks: suggested\nmazes:\n"
    + "  - {size: 20x20, algorithm: recursive-backtracker, count: 1000}\n" * 5
)
"""bench_waits.py's 5,000-maze screen book."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default="d40bbc7", help="the commit to measure beside this checkout")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--runs", type=int, default=3, help="interleaved rounds; medians are shown")
    parser.add_argument("--formats", nargs="+", default=list(FORMATS))
    parser.add_argument("--no-book", action="store_true", help="leave out the 5,000-maze book")
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        trees = {"now": ROOT, "before": checkout(args.base, folder / "base")}
        rows = [(side, fmt) for side in args.sizes for fmt in args.formats if fmt != "pdf"]
        rows += [(PDF_SIDE, "pdf")] * ("pdf" in args.formats)
        results: dict[tuple[str, int, str], list[tuple[float, float, float, bool]]] = {}
        for _ in range(args.runs):
            for side, fmt in rows:
                for name, tree in trees.items():
                    out = folder / f"m.{fmt}"
                    made = run([python, "-c", MAKE, str(side), fmt], tree)
                    cmd = [python, "-m", "puzzlebook", "maze", "-a", "hunt-and-kill", "-s", f"{side}x{side}"]
                    wrote = run([*cmd, "--seed", "1", "-f", fmt, "-o", str(out)], tree)
                    results.setdefault((name, side, fmt), []).append(
                        (wrote[0], wrote[1], wrote[0] / made[0], wrote[2])
                    )
        book = folder / "five.yaml"
        book.write_text(FIVE_THOUSAND)
        memory: dict[str, list[float]] = {}
        for _ in range(0 if args.no_book else args.runs):
            for name, tree in trees.items():
                built = folder / "five.pdf"
                _, peak, done = run(
                    [python, "-m", "puzzlebook", "build", "-q", str(book), "-o", str(built)], tree
                )
                memory.setdefault(name, []).append(peak if done else float("nan"))
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end; {args.runs} rounds\n")
    print(
        "| format | size | now: time | now: peak | now: export / making | before: time | before: peak | before: ratio |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for side, fmt in rows:
        cells = []
        for name in trees:
            got = results[(name, side, fmt)]
            if not all(r[3] for r in got):
                cells += ["refused", "", ""]
                continue
            cells += [
                f"{statistics.median(r[0] for r in got):.2f} s",
                f"{max(r[1] for r in got):.0f} MB",
                f"{statistics.median(r[2] for r in got):.2f}x",
            ]
        print(f"| {fmt} | {side}x{side} | " + " | ".join(cells) + " |")
    if memory:
        print(
            "\n5,000-maze screen book, peak memory: "
            + ", ".join(f"{name} {statistics.median(v):.0f} MB" for name, v in memory.items())
        )


if __name__ == "__main__":
    main()
