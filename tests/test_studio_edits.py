"""The form's changes made in the spec's text: each change reads back as the data asked for, and every
comment, blank line and key order of the rest is kept."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from puzzlebook.studio.edits import EditError, apply_edits
from puzzlebook.yamlread import parse_yaml

SPEC = """# Rainy day mazes for Room 12
title: Rainy Day  # the cover says this too

author: Ms. Ana   # kept
marks: suggested
students:
  - Ana
  - Ben   # twin of Bea

# the mazes, easy first
mazes:
  - size: 10x10   # a warm-up
    count: 2
  - {size: 12x12, algorithm: wilson, count: 3}  # flow
  - size: 15x15
    options: {scan: columns}
# the end
"""


def data(text: str) -> Any:
    return parse_yaml(text, "book.yaml")[0]


def changed(before: Any, change: dict[str, Any]) -> Any:
    """What the data should be once the change is made: the test's own model of it."""
    after = copy.deepcopy(before)
    *parents, last = change["path"]
    node = after
    for step in parents:
        node = node[step]
    if "append" in change:
        node.setdefault(last, []).append(change["append"])
    elif change.get("delete"):
        if isinstance(node, dict):
            node.pop(last, None)
        else:
            del node[last]
    else:
        node[last] = change["value"]
    return plain(after)


def plain(value: Any) -> Any:
    """As the spec's reader gives it: every plain value as text."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, bool):
        return str(value).lower()
    return str(value) if isinstance(value, int | float) else value


CHANGES = [
    {"path": ["title"], "value": "Sunny Day"},
    {"path": ["title"], "value": 'Zoë\'s "big" day: part 2'},
    {"path": ["subtitle"], "value": "for Room 12"},
    {"path": ["author"], "delete": True},
    {"path": ["marks"], "delete": True},
    {"path": ["students"], "value": ["Ana", "Ben", "Chloé"]},
    {"path": ["mazes_per_page"], "value": 2},
    {"path": ["answer_key"], "value": False},
    {"path": ["mazes", 0, "size"], "value": "11x11"},
    {"path": ["mazes", 0, "size"], "delete": True},
    {"path": ["mazes", 0, "count"], "delete": True},
    {"path": ["mazes", 0, "grid"], "value": "hex"},
    {"path": ["mazes", 1, "algorithm"], "value": "prim"},
    {"path": ["mazes", 1, "size"], "delete": True},
    {"path": ["mazes", 1, "count"], "delete": True},
    {"path": ["mazes", 1, "grid"], "value": "circle"},
    {"path": ["mazes", 2, "options"], "value": {"scan": "rows", "select": "newest"}},
    {"path": ["mazes", 2, "options"], "delete": True},
    {"path": ["mazes", 0], "delete": True},
    {"path": ["mazes", 1], "delete": True},
    {"path": ["mazes", 2], "delete": True},
    {"path": ["mazes"], "append": {"size": "8x8", "algorithm": "hunt-and-kill"}},
]


@pytest.mark.parametrize("change", CHANGES, ids=lambda c: f"{'.'.join(map(str, c['path']))}")
def test_a_change_reads_back_and_keeps_the_rest(change):
    text = apply_edits(SPEC, [change])
    assert data(text) == changed(data(SPEC), change), text
    comments = [line.split("#", 1)[1] for line in SPEC.splitlines() if "#" in line]
    gone = {"author": " kept", "students": " twin of Bea"}.get(str(change["path"][0]), "")
    if change["path"] == ["mazes", 0] or (change["path"][:2] == ["mazes", 0] and "size" in change["path"]):
        gone = " a warm-up"
    if change["path"] == ["mazes", 1]:
        gone = " flow"
    for comment in comments:
        assert comment == gone or comment in text, (comment, text)
    assert "\n\nauthor" in text or change["path"] == ["author"]  # the blank line kept
    old, new = list(data(SPEC)), list(data(text))
    assert [k for k in new if k in old] == [k for k in old if k in new]  # the keys' order kept
    assert new.index("mazes") == len(new) - 1  # a new setting goes with the others, above the mazes


def test_changes_in_turn_and_the_last_maze_removed():
    text = apply_edits(SPEC, [{"path": ["mazes", 0], "delete": True} for _ in range(3)])
    assert data(text)["mazes"] == [] and "# the end" in text
    text = apply_edits(text, [{"path": ["mazes"], "append": {"size": "5x5"}}])
    assert data(text)["mazes"] == [{"size": "5x5"}]
    assert apply_edits("", [{"path": ["title"], "value": "New"}]) == 'title: "New"\n'
    text = apply_edits("title: T\nsubtitle:\nmazes: [{size: 5x5}]\n", [{"path": ["subtitle"], "value": "S"}])
    assert data(text)["subtitle"] == "S"
    with pytest.raises(EditError):
        apply_edits(SPEC, [{"path": ["title", "x"], "value": 1}])
