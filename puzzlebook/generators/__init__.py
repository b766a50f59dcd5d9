"""Maze generators, one per module, each registering itself in ``ALGORITHMS`` under a kebab-case name."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, overload

from pydantic import ValidationError

from ..errors import GenerationError, Problem, SpecError
from ..graph import GraphMaze, Topology
from ..grid import Grid
from ..maze import Maze
from ..messages import option_problems
from . import (  # noqa: F401  (imported to register)
    aldous_broder,
    binary_tree,
    eller,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim,
    recursive_backtracker,
    recursive_division,
    sidewinder,
    simplified_prim,
    wilson,
)
from ._base import ALGORITHMS, ON_GRAPHS, Algorithm, Options
from .weave import WEAVERS, weave_maze


def get(name: str) -> Algorithm:
    """The algorithm registered under ``name``; a SpecError with a did-you-mean hint otherwise."""
    try:
        return ALGORITHMS.get(name)
    except KeyError as exc:
        raise SpecError([Problem("", str(exc))]) from None


def validate_options(name: str, options: Mapping[str, Any]) -> Options:
    """Check options against the algorithm's model; every problem reported, each naming its option."""
    model = get(name).options
    try:
        return model.model_validate(dict(options))
    except ValidationError as exc:
        raise SpecError(option_problems(exc, model, name)) from None


def option_lines(name: str) -> list[str]:
    """Each option an algorithm takes, said as `puzzlebook algorithms` and the studio say it:
    "scan: hunt row by row ... (default rows)"."""
    said = []
    for key, field in get(name).options.model_fields.items():
        default = "unlimited" if field.default is None else field.default
        said.append(f"{key}: {field.description} (default {default})")
    return said


def on_graphs() -> list[str]:
    """The algorithms that make mazes on every kind of grid and on masks: those that walk from cell to
    neighbour. The others build plain rectangles row by row."""
    return sorted(ON_GRAPHS)


def weavers() -> list[str]:
    """The algorithms that make weave mazes (passages crossing under others): see ``weave``."""
    return sorted(WEAVERS)


def generate_weave(name: str, width: int, height: int, rng: random.Random, share: float) -> GraphMaze:
    """A weave maze of ``width`` x ``height`` squares, ``share`` (0 to 1) saying how many crossings."""
    get(name)
    if name not in WEAVERS:
        raise GenerationError(f'algorithm "{name}" cannot weave; use one of {", ".join(weavers())}')
    return weave_maze(name, width, height, rng, share)


@overload
def generate(
    name: str, grid: Grid, rng: random.Random, options: Mapping[str, Any] | Options | None = None
) -> Maze: ...


@overload
def generate(
    name: str, grid: Topology, rng: random.Random, options: Mapping[str, Any] | Options | None = None
) -> GraphMaze: ...


def generate(
    name: str, grid: Grid | Topology, rng: random.Random, options: Mapping[str, Any] | Options | None = None
) -> Maze | GraphMaze:
    algo = get(name)
    if isinstance(grid, Topology):
        if name not in ON_GRAPHS:
            raise GenerationError(
                f'algorithm "{name}" builds a plain rectangle row by row and cannot make a {grid}; '
                f"use one of {', '.join(on_graphs())}"
            )
        opts = options if isinstance(options, Options) else validate_options(name, options or {})
        return ON_GRAPHS[name](grid, rng, **opts.model_dump())
    if algo.rectangle_only and not grid.is_rectangle:
        raise GenerationError(
            f'algorithm "{name}" builds the maze row by row and needs a plain rectangle; '
            "use one of the others for a masked (shaped) maze, e.g. recursive-backtracker or wilson"
        )
    opts = options if isinstance(options, Options) else validate_options(name, options or {})
    return algo.generate(grid, rng, **opts.model_dump())


__all__ = [
    "ALGORITHMS",
    "Algorithm",
    "Options",
    "generate",
    "generate_weave",
    "get",
    "on_graphs",
    "validate_options",
    "weavers",
]
