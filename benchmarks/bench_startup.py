"""Start-up: how long a command takes before it does anything, beside older code (issue 31's goal 1).

    python benchmarks/bench_startup.py                  # this checkout, and commit d40bbc7 beside it
    python benchmarks/bench_startup.py --base COMMIT --runs 21

Each row is a fresh process, wall time, run ``--runs`` times in interleaved rounds (every row by each
side in turn, round after round), medians shown. The floors are Python importing PyYAML
(``python -c "import yaml"``) and that import plus reading the kids sample's YAML; the goals are
``puzzlebook --help`` within 4x of the first and ``validate`` of the kids sample within 2x of the second,
each ratio taken within a round. The code before is checked out of git (``git archive``) into a temporary
folder and run with the same Python, its folder first on the path.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from bench_exports import ROOT, checkout, run

KIDS = ROOT / "sample_configs" / "kids-activity-book.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--base", default="d40bbc7", help="the commit to measure beside this checkout")
    parser.add_argument("--runs", type=int, default=15, help="interleaved rounds; medians are shown")
    args = parser.parse_args()
    python = sys.executable
    floors = {
        "python -c pass": [python, "-c", "pass"],
        'python -c "import yaml"': [python, "-c", "import yaml"],
        "import yaml, read the kids sample": [
            python,
            "-c",
            f"import yaml; yaml.safe_load(open({str(KIDS)!r}))",
        ],
    }
    commands = {
        "puzzlebook --help": ["--help"],
        "puzzlebook --version": ["--version"],
        "puzzlebook validate (kids sample)": ["validate", str(KIDS)],
        "puzzlebook layouts": ["layouts"],
    }
    times: dict[tuple[str, str], list[float]] = {}
    ratios: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"now": ROOT, "before": checkout(args.base, Path(tmp))}
        for _ in range(args.runs):
            floor = {name: run(cmd, ROOT)[0] for name, cmd in floors.items()}
            for name, seconds in floor.items():
                times.setdefault(("floor", name), []).append(seconds)
            for row, words in commands.items():
                for side, tree in trees.items():
                    seconds = run([python, "-m", "puzzlebook", *words], tree)[0]
                    times.setdefault((side, row), []).append(seconds)
                    against = (
                        "import yaml, read the kids sample"
                        if "validate" in row
                        else 'python -c "import yaml"'
                    )
                    ratios.setdefault((side, row), []).append(seconds / floor[against])
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} at the end; {args.runs} rounds\n")
    print("| what | time |\n|---|---:|")
    for name in floors:
        print(f"| {name} | {statistics.median(times[('floor', name)]) * 1000:.0f} ms |")
    print("\n| command | now | now / floor | before | before / floor |\n|---|---:|---:|---:|---:|")
    for row in commands:
        cells = []
        for side in trees:
            cells += [
                f"{statistics.median(times[(side, row)]) * 1000:.0f} ms",
                f"{statistics.median(ratios[(side, row)]):.1f}x",
            ]
        print(f"| {row} | " + " | ".join(cells) + " |")
    print("\n(the floor of validate is the YAML import and read; of the others, the import alone)")


if __name__ == "__main__":
    main()
