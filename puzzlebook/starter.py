"""The commented starter spec written by `puzzlebook init`: it builds as it is."""

from __future__ import annotations

SCHEMA_FILE = "puzzlebook-schema.json"

STARTER = """\
# yaml-language-server: $schema=./{schema}
# A puzzlebook spec. Build it with:  puzzlebook build {name}
# Check it without building:         puzzlebook validate {name}

title: My Maze Book                 # printed on the title page and in the PDF's details
author: Your Name                   # optional
layout: activity-book               # {layouts}, or your .yaml file
seed: 1                             # change it for a whole new set of mazes; same seed, same book
marks: suggested                    # Start and Finish arrows on every maze; "none" lets the reader choose
answer_key: true                    # solutions at the back
pad: true                           # notes pages up to 24, an even count: what print-on-demand takes

mazes:                              # one entry per kind of maze; `count` makes several alike
  - size: 10x10                     # width x height in cells
    algorithm: recursive-backtracker   # `puzzlebook algorithms` lists them all
    title: Warm-up                  # optional caption
  - size: 16x20
    algorithm: hunt-and-kill
    count: 3
  - size: 24x30
    algorithm: wilson
    marks: {{start: [0, 0], end: [23, 29]}}   # or pick the cells yourself: [x, y], [0, 0] is top-left
"""


def starter_spec(name: str) -> str:
    from .layout import preset_names  # the presets as shipped: the comment never falls behind

    return STARTER.format(schema=SCHEMA_FILE, name=name, layouts=", ".join(preset_names()))
