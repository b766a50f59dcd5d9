"""The spec from the book-builder issue, exactly as users were promised it works."""

EXAMPLE = """\
title: Maze Adventures
author: Room 12
layout: activity-book
page_size: letter
seed: 2026
marks: suggested
answer_key: true
output: maze-adventures.pdf
mazes:
  - size: 12x12
    algorithm: hunt-and-kill
    seed: 7
    title: Warm-up
  - size: 30x40
    algorithm: eller
    options: {horizontal: 0.6}
    count: 4
  - size: 20x20
    algorithm: wilson
    marks: {start: [0, 0], end: [19, 19]}
  - size: 16x16
    algorithm: kruskal
    marks: none
"""
