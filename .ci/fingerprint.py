"""Print what must not depend on the Python version: mazes of every algorithm and sample books' PDF hashes.

.ci/run prints this under the project's Python and under every other CPython it finds, and fails on any
difference: "same spec + same seed = the same book" is promised across machines and Python versions, while
Python only promises that ``random()`` itself stays the same between versions.
"""

import hashlib
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from puzzlebook import generators
from puzzlebook.graph import Topology
from puzzlebook.grid import Grid

ROOT = Path(__file__).resolve().parent.parent

for name in generators.ALGORITHMS.names():
    for w, h, seed in ((9, 6, 2026), (120, 90, 77), (1, 40, 3)):
        maze = generators.generate(name, Grid(w, h), random.Random(seed))
        print(f"{name} {w}x{h} seed {seed}: {hashlib.sha256(maze.passages).hexdigest()}")

for name in generators.on_graphs():  # the other grids: hexagons, triangles, circles with a hole
    for field in (
        Topology.of("hex", 13, 9),
        Topology.of("triangle", 14, 7),
        Topology.of("circle", 9, 9, inner=2),
    ):
        maze = generators.generate(name, field, random.Random(5))
        print(f"{name} {field}: {hashlib.sha256(maze.passages).hexdigest()}")

for name in generators.weavers():  # weave mazes: passages crossing under others
    for share in (0.5, 1.0):
        maze = generators.generate_weave(name, 30, 20, random.Random(11), share)
        print(f"{name} weave {share}: {hashlib.sha256(maze.passages).hexdigest()}")

with tempfile.TemporaryDirectory() as tmp:
    for spec in ("kids-activity-book", "kdp-paperback", "class-set", "shape-safari", "round-and-round"):
        pdf = Path(tmp) / f"{spec}.pdf"
        cli = [sys.executable, "-m", "puzzlebook", "build", f"{spec}.yaml", "-o", str(pdf)]
        subprocess.run(cli, cwd=ROOT / "sample_configs", check=True, capture_output=True)
        print(f"{spec}.pdf: {hashlib.sha256(pdf.read_bytes()).hexdigest()}")
