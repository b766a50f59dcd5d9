"""Generator speed and memory, every algorithm, one run; prints a Markdown table for the README.

    python benchmarks/bench_generators.py            # the README table (a few minutes)
    python benchmarks/bench_generators.py --quick    # 100x100 only, seconds
    python benchmarks/bench_generators.py --peers /path/to/venv/bin/python   # mazelib and ctrlgrid too

Each measurement runs in a fresh subprocess, so peak memory (ru_maxrss growth over an idle interpreter
with puzzlebook imported) belongs to that maze alone. This machine is noisy (the same code runs up to twice
as fast at one hour as at another): each figure is the median of several runs, and the comparisons that
matter are ratios from the same run. With --peers, ctrlgrid's three carvers at 1000x1000 also tell how fast
the machine is in this run compared with when the speed goals were set, and our figures are scaled to
that speed before they are held against the goals.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import textwrap

REFERENCE = textwrap.dedent(
    """
    def reference():
        # A fixed pure-Python workload (integer arithmetic, random access to 1 MB): its time, taken in
        # the same process just before and after a measurement, says how fast the machine is right then.
        import time
        t = time.perf_counter()
        a = bytearray(1 << 20)
        x = s = 1
        for _ in range(400_000):
            x = (x * 1103515245 + 12345) & 0xFFFFF
            a[x] ^= 1
            s += a[x ^ 1]
        return time.perf_counter() - t
    """
)

CHILD = REFERENCE + textwrap.dedent(
    """
    import json, random, resource, sys, time
    from puzzlebook import generators
    from puzzlebook.grid import Grid
    name, w, h, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    grid = Grid(w, h)
    _ = grid.inside, grid.steps
    before = reference()
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    maze = generators.generate(name, grid, random.Random(seed))
    dt = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert maze.passage_count() == w * h - 1
    print(json.dumps({"seconds": dt, "peak_kb": peak - base, "reference": (before + reference()) / 2}))
    """
)

STREAM = textwrap.dedent(
    """
    import json, random, resource, sys, time
    from puzzlebook.generators import eller
    w, h = int(sys.argv[1]), int(sys.argv[2])
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    passages = 0
    for row in eller.rows(w, h, random.Random(1)):
        passages += sum(1 for b in row if b & 6)  # consume: count S/E openings, keep nothing
    dt = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": dt, "peak_kb": peak - base}))
    """
)

MAZELIB = textwrap.dedent(
    """
    import json, sys, time
    from mazelib import Maze
    from mazelib.generate.{module} import {cls}
    w, h = int(sys.argv[1]), int(sys.argv[2])
    m = Maze(1)
    m.generator = {cls}(h, w)
    t = time.perf_counter()
    m.generate()
    print(json.dumps({{"seconds": time.perf_counter() - t}}))
    """
)
CTRLGRID = REFERENCE + textwrap.dedent(
    """
    import json, random, sys, time
    from ctrlgrid.generators import maze
    carve = getattr(maze, "_" + sys.argv[1])
    w, h, seed = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    before = reference()
    t = time.perf_counter()
    carve(w, h, random.Random(seed))
    dt = time.perf_counter() - t
    print(json.dumps({"seconds": dt, "reference": (before + reference()) / 2}))
    """
)
# ctrlgrid's carvers (its only three) and the speeds the issue quoted for them at 1000x1000, measured when
# the goals were set. Dividing this run's ctrlgrid speeds by those tells how fast the machine is today.
CTRLGRID_PEERS = {
    "recursive-backtracker": ("backtracker", 230_000),
    "prim": ("prim", 194_000),
    "kruskal": ("kruskal", 77_000),
}

PEERS = {  # our name -> mazelib generator
    "recursive-backtracker": ("BacktrackingGenerator", "BacktrackingGenerator"),
    "hunt-and-kill": ("HuntAndKill", "HuntAndKill"),
    "eller": ("Ellers", "Ellers"),
    "kruskal": ("Kruskal", "Kruskal"),
    "prim": ("Prims", "Prims"),
    "wilson": ("Wilsons", "Wilsons"),
    "aldous-broder": ("AldousBroder", "AldousBroder"),
    "growing-tree": ("GrowingTree", "GrowingTree"),
    "binary-tree": ("BinaryTree", "BinaryTree"),
    "sidewinder": ("Sidewinder", "Sidewinder"),
    "recursive-division": ("Division", "Division"),
}


def run(code: str, *args: object, python: str = sys.executable, timeout: float = 900) -> dict[str, float]:
    out = subprocess.run(
        [python, "-c", code, *map(str, args)], capture_output=True, text=True, check=True, timeout=timeout
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def median_of(n: int, code: str, *args: object, python: str = sys.executable) -> dict[str, float]:
    """Median of n runs (seeds 0..n-1) of each figure, plus ``best_seconds`` (noise only ever adds time)
    and ``speed_x_reference``: cells/s times the reference workload's seconds in that same process, a
    figure that stays put when the whole machine slows down or speeds up."""
    cells = int(args[-2]) * int(args[-1])
    results = [run(code, *args, seed, python=python) for seed in range(n)]
    summary = {k: statistics.median(r[k] for r in results) for k in results[0]}
    summary["best_seconds"] = min(r["seconds"] for r in results)
    if "reference" in results[0]:
        summary["speed_x_reference"] = statistics.median(
            cells / r["seconds"] * r["reference"] for r in results
        )
    return summary


FAST = [  # algorithms with a goal of a million cells/s
    "recursive-backtracker", "hunt-and-kill", "eller", "growing-tree", "simplified-prim",
    "binary-tree", "sidewinder", "recursive-division",
]  # fmt: skip
GOALS = {  # cells/s at 1000x1000 asked for by the issue that set the targets; aldous-broder: must finish
    **dict.fromkeys(["kruskal", "prim", "wilson"], 300_000),
    **dict.fromkeys(FAST, 1_000_000),
}


def goal_machine_reference(python: str) -> tuple[float, dict[str, dict[str, float]]]:
    """The reference workload's time on the machine the goals were set on, estimated from ctrlgrid.

    The issue quoted ctrlgrid's speeds at 1000x1000; ctrlgrid's speed times the reference time in the same
    process is a constant, so that constant over the quoted speed is the reference time back then
    (geometric mean over ctrlgrid's three carvers). Also returns ctrlgrid's measurements.
    """
    peers = {
        name: median_of(3, CTRLGRID, carver, 1000, 1000, python=python)
        for name, (carver, _) in CTRLGRID_PEERS.items()
    }
    estimates = [peers[name]["speed_x_reference"] / quoted for name, (_, quoted) in CTRLGRID_PEERS.items()]
    return statistics.geometric_mean(estimates), peers


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="100x100 only")
    parser.add_argument("--peers", help="python of a venv with mazelib and ctrlgrid installed")
    parser.add_argument("--stream-width", type=int, default=2000)
    parser.add_argument("--stream-rows", type=int, nargs=2, default=[1_000, 100_000])
    args = parser.parse_args()

    from puzzlebook import generators

    calibrate = bool(args.peers) and not args.quick
    reference_then, ctrlgrid = goal_machine_reference(args.peers) if calibrate else (0.0, {})
    names = generators.ALGORITHMS.names()
    ours: dict[str, dict[str, float]] = {}
    print("| algorithm | cells/s at 100x100 | cells/s at 1000x1000 (median, best of 5) |", end="")
    print(" at the goals' machine speed | goal | peak memory at 1000x1000 |", end="")
    print(" mazelib cells/s at 100x100 | ratio |" if args.peers else "")
    print("|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if args.peers else ""))
    for name in names:
        small = median_of(5, CHILD, name, 100, 100)
        row = f"| {name} | {1e4 / small['seconds']:,.0f} |"
        goal = f"{GOALS[name]:,}" if name in GOALS else "finish"
        if args.quick:
            row += f" | | {goal} | |"
        else:
            big = ours[name] = median_of(1 if name == "aldous-broder" else 5, CHILD, name, 1000, 1000)
            scaled = f"{big['speed_x_reference'] / reference_then:,.0f}" if calibrate else ""
            speed = f"{1e6 / big['seconds']:,.0f}, {1e6 / big['best_seconds']:,.0f}"
            row += f" {speed} | {scaled} | {goal} | {big['peak_kb'] / 1024:,.0f} MB |"
        if args.peers:
            if name in PEERS:
                module, cls = PEERS[name]
                try:
                    peer = median_of(3, MAZELIB.format(module=module, cls=cls), 100, 100, python=args.peers)
                    speed_ = 1e4 / peer["seconds"]
                    row += f" {speed_:,.0f} | {1e4 / small['seconds'] / speed_:,.1f}x |"
                except subprocess.SubprocessError as exc:
                    row += f" failed ({type(exc).__name__}) | |"
            else:
                row += " - | |"
        print(row, flush=True)

    if calibrate:
        print("\nAgainst ctrlgrid 0.12 at 1000x1000 (median of 3), each side's speed taken relative to the")
        print("reference workload in its own process, so the ratio holds however the machine drifts:\n")
        print("| algorithm | puzzlebook cells/s | ctrlgrid cells/s | puzzlebook / ctrlgrid | the goal asks |")
        print("|---|---:|---:|---:|---:|")
        for name, (_, quoted) in CTRLGRID_PEERS.items():
            mine, peer = ours[name], ctrlgrid[name]
            ratio = mine["speed_x_reference"] / peer["speed_x_reference"]
            print(
                f"| {name} | {1e6 / mine['seconds']:,.0f} | {1e6 / peer['seconds']:,.0f} | {ratio:.2f}x |",
                end="",
            )
            print(f" {GOALS[name] / quoted:.2f}x |")

    if not args.quick:
        w = args.stream_width
        print(f"\nEller's row stream, width {w}, rows consumed and dropped:\n")
        print("| rows | cells/s | peak memory |\n|---:|---:|---:|")
        for h in args.stream_rows:
            r = run(STREAM, w, h, timeout=3600)
            print(f"| {h:,} | {w * h / r['seconds']:,.0f} | {r['peak_kb'] / 1024:,.1f} MB |", flush=True)


if __name__ == "__main__":
    main()
