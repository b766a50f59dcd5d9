"""Octagons beside hexagons: every walking generator on a million of each, in turn, three times.

    python benchmarks/bench_octagons.py

The machine is shared and its speed drifts within the hour, so the two grids take turns and each figure
is normalised by ``bench_generators``' fixed reference workload around it (``bench_shapes.speed``); the
ratio, octagons over hexagons, is the figure to compare across runs. Multiplied by the hexagons' figure
at the goals' machine speed (``docs/benchmarks.md``, the shapes table), it tells the octagons' there.
"""

from __future__ import annotations

import statistics

from bench_shapes import rows, speed, walking_in_python

from puzzlebook.graph import Topology

SIDE = 1000
RUNS = 3


def main() -> None:
    fields = {grid: Topology.of(grid, SIDE, SIDE) for grid in ("hex", "octagon")}
    for field in fields.values():
        _ = field.links, field.walls  # made once per shape, as a book's mazes share them
    table = rows()  # first: it may load the compiled walk, and says so
    print(f"{SIDE}x{SIDE} of each; cells/s, median of {RUNS} taken in turn\n")
    print("| algorithm | hexagons | octagons | octagons / hexagons (normalised) |")
    print("|---|---:|---:|---:|")
    for row, name, python_only in table:
        raw: dict[str, list[float]] = {grid: [] for grid in fields}
        normalised: dict[str, list[float]] = {grid: [] for grid in fields}
        with walking_in_python(python_only):
            for _ in range(RUNS):
                for grid, field in fields.items():
                    here, steady = speed(name, field)
                    raw[grid].append(here)
                    normalised[grid].append(steady)
        ratio = statistics.median(normalised["octagon"]) / statistics.median(normalised["hex"])
        print(
            f"| {row} | {statistics.median(raw['hex']):,.0f} | {statistics.median(raw['octagon']):,.0f} "
            f"| {ratio:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
