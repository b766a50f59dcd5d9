"""What a maze's grid, algorithm, marks, mask, shape, inner and size may go with, asked of the rules
directly (the five mistakes both front ends tell alike are in test_cli_maze.py)."""

import pytest

from puzzlebook import generators
from puzzlebook.rules import Clash, Plan, clashes

GRAPHS = ", ".join(generators.on_graphs())


@pytest.mark.parametrize(
    "plan, told",
    [
        (
            Plan(inner=2, size=(9, 9)),
            [Clash("inner", "is the hole in the middle of a circle; set grid to circle")],
        ),
        (
            Plan(grid="circle", mask=True),
            [Clash("mask", "a circle is its own shape: leave mask out")],
        ),
        (
            Plan(grid="circle", shape=True),
            [Clash("shape", "a circle is its own shape: leave shape out")],
        ),
        (Plan(mask=True, shape=True), [Clash("shape", "give a mask or a shape, not both")]),
        (
            Plan(algorithm="eller", mask=True),
            [
                Clash(
                    "algorithm",
                    f"eller builds a plain rectangle row by row and cannot follow a mask; use one of {GRAPHS}",
                )
            ],
        ),
        (
            Plan(algorithm="binary-tree", grid="triangle", size=(6, 6)),
            [
                Clash(
                    "algorithm",
                    "binary-tree builds a plain rectangle row by row and cannot make a triangle grid; use one "
                    f"of {GRAPHS}",
                )
            ],
        ),
        (
            Plan(marks="corners", shape=True),
            [Clash("marks", "corners names sides a shape may not have; use none, suggested, farthest")],
        ),
        (
            Plan(marks="left-right", grid="circle", size=(5, 5)),
            [
                Clash(
                    "marks",
                    "left-right names sides a circle grid may not have; use none, suggested, farthest, "
                    "center-out",
                )
            ],
        ),
        (
            Plan(mask=True, size=(20, 20), drawn=(13, 10)),
            [Clash("size", "20x20, but the mask's cells fill 13x10: leave size out, it comes from the mask")],
        ),
        (
            Plan(marks="suggested", size=(1, 1)),
            [
                Clash(
                    "marks",
                    "a 1x1 maze is one cell, so its start and end would be the same cell: make it at least "
                    "2x1, or leave the start and end out",
                    also="size",
                )
            ],
        ),
    ],
)
def test_each_rule_is_told_once_at_the_key_at_fault(plan, told):
    assert clashes(plan) == told


@pytest.mark.parametrize(
    "plan",
    [
        Plan(size=(20, 30), marks="corners", algorithm="eller"),
        Plan(grid="circle", inner=2, size=(9, 9), marks="center-out", algorithm="wilson"),
        Plan(mask=True, drawn=(13, 10), size=(13, 10), marks=None, algorithm="kruskal"),
        Plan(size=(1, 1)),  # one cell and no ends: nothing to put in it twice
        Plan(shape=True, marks="farthest", algorithm="prim"),
    ],
)
def test_what_may_go_together_is_not_refused(plan):
    assert clashes(plan) == []
