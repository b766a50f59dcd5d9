"""Weave mazes: passages crossing under others, checked on the JSON graph by an independent checker
(tests/mazecheck.py), drawn and read back from the PDF, and refused where they cannot be made."""

from __future__ import annotations

from itertools import pairwise

import pytest
from mazecheck import graph_distances, weave_problems

from puzzlebook import generators
from puzzlebook.generators.weave import DENSEST, inner_cells
from puzzlebook.puzzles import make_puzzle, to_json

WEAVERS = generators.weavers()
SIZES = [(1, 1), (2, 1), (1, 5), (3, 3), (4, 7), (9, 6), (16, 11), (30, 24)]


@pytest.mark.parametrize("algorithm", WEAVERS)
def test_every_weaver_makes_a_perfect_maze_counting_tunnels(algorithm: str) -> None:
    crossed = 0
    for width, height in SIZES:
        for share in (0.2, 0.6, 1.0):
            for seed in range(3):
                puzzle = make_puzzle(algorithm, width, height, seed, marks="suggested", weave=share)
                doc = to_json(puzzle)
                assert weave_problems(doc) == [], (width, height, share, seed)
                g = doc["graph"]
                assert g["solution"][0] == g["start"] and g["solution"][-1] == g["end"]
                assert len(g["solution"]) - 1 == graph_distances(doc, g["start"])[g["end"]]
                linked = {tuple(sorted(p)) for p in g["passages"]}
                assert all(tuple(sorted(p)) in linked for p in pairwise(g["solution"]))
                crossed += len(doc["crossings"])
    assert crossed > 50  # the mazes do weave


@pytest.mark.parametrize("share", [0.1, 0.5, 1.0])
def test_kruskal_places_the_number_of_crossings_its_share_promises(share: float) -> None:
    for width, height in ((12, 9), (30, 20), (41, 7)):
        for seed in range(4):
            doc = to_json(make_puzzle("kruskal", width, height, seed, weave=share))
            assert len(doc["crossings"]) == round(share * DENSEST * inner_cells(width, height))


def test_the_same_seed_makes_the_same_weave_maze_and_another_seed_another() -> None:
    for algorithm in WEAVERS:
        a, b = (to_json(make_puzzle(algorithm, 20, 15, 7, marks="suggested", weave=0.5)) for _ in range(2))
        other = to_json(make_puzzle(algorithm, 20, 15, 8, marks="suggested", weave=0.5))
        assert a == b and a["graph"]["passages"] != other["graph"]["passages"]
        assert a["weave"] == 0.5 and a["grid"] == {"kind": "rectangle", "width": 20, "height": 15}


def test_a_solution_may_run_under_a_crossing() -> None:
    under = 0
    for seed in range(20):
        doc = to_json(make_puzzle("kruskal", 15, 15, seed, marks="suggested", weave=1.0))
        cells = doc["graph"]["cells"]
        path = [cells[i] for i in doc["graph"]["solution"]]
        under += sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 2 for a, b in pairwise(path))
    assert under > 0
