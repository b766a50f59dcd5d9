"""The form's changes made in the spec's own text: a value replaced where it is written, a key added or
removed on its own line, a maze added or removed, and every other character kept as it was. Rewriting
the whole spec from the form wiped each comment (on its own line and at a line's end), the order of
the keys and the blank lines between them.

Each change names a path (``["title"]``, ``["mazes", 1, "size"]``) and a value (JSON's: text, a number,
true or false, a list, a mapping), ``delete``, or ``append`` (a maze). The text's nodes are PyYAML's,
read by the spec's own guarded reader first; a change it cannot place is refused, never guessed.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from ..deadline import in_time
from ..errors import PuzzlebookError
from ..yamlread import parse_yaml

Path = list[str | int]
PLAIN = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*|\d+x\d+")
"""Words written plain, as a person writes them (``grid: hex``); any other text goes in quotes."""
YAML_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}
"""Words another YAML reader takes for true, false or nothing: quoted, so that they stay words."""


class EditError(PuzzlebookError):
    """A change that does not fit the spec's text (a path through a value that is not a mapping)."""


def apply_edits(text: str, changes: list[dict[str, Any]]) -> str:
    """``text`` with each change made in turn, each on the text the one before left."""
    for change in changes:
        # each change reads the text again: 2,000 of them on a long spec held the server for minutes
        in_time("", "making the form's changes", "make fewer at once, or change the spec in the YAML tab")
        path = change.get("path") if isinstance(change, dict) else None
        if not isinstance(path, list) or not all(isinstance(p, str | int) for p in path) or not path:
            raise EditError("a change names its path as a list of keys and numbers")
        text = _edit(text, path, change)
    return text


def emit(value: Any) -> str:
    """A value as the spec writes it: text in double quotes (YAML reads JSON's quoting as it is),
    numbers and true/false plain, lists and mappings in brackets on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        if PLAIN.fullmatch(value) and value not in YAML_WORDS:  # hex, wilson, age-6, 15x15
            return value
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(emit(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)}: {emit(v)}" for k, v in value.items()) + "}"
    raise EditError(f"a value of the form cannot be {type(value).__name__}")


def _key(key: Any) -> str:
    return str(key) if re.fullmatch(r"[A-Za-z_][\w-]*", str(key)) else json.dumps(str(key))


def _edit(text: str, path: Path, change: dict[str, Any]) -> str:
    parse_yaml(text, "book.yaml")  # the spec's guards (size, aliases, tags) before anything is read
    root = yaml.compose(text, Loader=yaml.SafeLoader) if text.strip() else None
    if root is None:  # an empty spec: the change is its first line
        if "delete" in change:
            return text
        return text + ("" if not text or text.endswith("\n") else "\n") + _line(path, change)
    *parents, last = path
    node: yaml.Node = root
    for step in parents:
        found = _child(node, step)
        if found is None:
            raise EditError(f"{_said(path)}: there is no {step!r} in the spec to change")
        node = found
    if "append" in change:
        target = _child(node, last)
        if target is None and isinstance(node, yaml.MappingNode):
            return _add_key(text, node, str(last), [change["append"]])
        if not isinstance(target, yaml.SequenceNode):
            raise EditError(f"{_said(path)} is not a list to add to")
        return _append(text, target, change["append"])
    if change.get("delete"):
        return _delete(text, node, last)
    value = change.get("value")
    target = _child(node, last)
    if target is None:
        if not isinstance(node, yaml.MappingNode):
            raise EditError(f"{_said(path)}: not a mapping")
        return _add_key(text, node, str(last), value)
    return _replace(text, target, value)


def _said(path: Path) -> str:
    return ".".join(str(p) for p in path)


def _line(path: Path, change: dict[str, Any]) -> str:
    if len(path) != 1:
        raise EditError(f"{_said(path)}: the spec is empty")
    value = [change["append"]] if "append" in change else change.get("value")
    return f"{_key(path[0])}: {emit(value)}\n"


def _child(node: yaml.Node, step: str | int) -> yaml.Node | None:
    if isinstance(node, yaml.MappingNode):
        return next((v for k, v in node.value if k.value == step), None)
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
        child: yaml.Node = node.value[step]
        return child
    return None


def _end(node: yaml.Node) -> int:
    """Where a node's own text ends: a block list or mapping's end mark lies past the blank lines and
    comments after it, so its last value's end is taken."""
    if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and not node.flow_style:
        if not node.value:
            return int(node.start_mark.index)
        last = node.value[-1]
        return _end(last[1] if isinstance(node, yaml.MappingNode) else last)
    return int(node.end_mark.index)


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


def _line_end(text: str, at: int) -> int:
    """Past the end of the line ``at`` is on, its newline included."""
    end = text.find("\n", at)
    return len(text) if end < 0 else end + 1


def _alone(text: str, at: int) -> bool:
    """Nothing but spaces before ``at`` on its line."""
    return not text[_line_start(text, at) : at].strip()


def _replace(text: str, node: yaml.Node, value: Any) -> str:
    start, end = int(node.start_mark.index), _end(node)
    written = emit(value)
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and isinstance(value, list) and value:
        indent = " " * int(node.start_mark.column)  # a block list stays one: "- Ana" a line
        written = f"\n{indent}".join(f"- {emit(item)}" for item in value)
    elif start == end and text[start - 1 : start] == ":":  # "subtitle:" with no value yet
        written = " " + written
    return text[:start] + written + text[end:]


def _add_key(text: str, node: yaml.MappingNode, key: str, value: Any) -> str:
    pair = f"{_key(key)}: {emit(value)}"
    if node.flow_style:
        close = int(node.end_mark.index) - 1  # the "}"
        return text[:close] + (", " if node.value else "") + pair + text[close:]
    keys = [k for k, _ in node.value]
    if not keys:
        raise EditError(f"{key}: its mapping is empty")
    # before "mazes:" at the top (the book's settings first), else as the mapping's first key
    before = (
        next((k for k in keys if k.value == "mazes"), keys[0]) if node.start_mark.column == 0 else keys[0]
    )
    at = int(before.start_mark.index)
    indent = " " * int(before.start_mark.column)
    if node.start_mark.column == 0 and _alone(text, at):  # above the comments and blank lines over it
        while at > 0 and (above := text[_line_start(text, at - 1) : at]).strip()[:1] in ("#", ""):
            if (
                not above.strip()
                and at - 1 > 0
                and text[_line_start(text, at - 2) : at - 1].strip()[:1] not in ("#", "")
            ):
                break  # keep one blank line with what it parts
            at = _line_start(text, at - 1)
    if isinstance(value, list) and key == "mazes" and value:
        pair = f"{_key(key)}:\n" + "".join(f"{indent}  - {emit(v)}\n" for v in value)
        if before is keys[0] and node.start_mark.column == 0 and not any(k.value == "mazes" for k in keys):
            return text + ("" if text.endswith("\n") else "\n") + pair  # a spec without mazes: at its end
        return text[:at] + pair + indent + text[at:]
    return text[:at] + pair + "\n" + indent + text[at:]


def _delete(text: str, node: yaml.Node, last: str | int) -> str:
    if isinstance(node, yaml.MappingNode):
        pairs = node.value
        index = next((i for i, (k, _) in enumerate(pairs) if k.value == last), None)
        if index is None:
            return text  # nothing to remove
        first, after = pairs[index][0], pairs[index][1]
        items = [k for k, _ in pairs]
    elif isinstance(node, yaml.SequenceNode) and isinstance(last, int) and 0 <= last < len(node.value):
        index, items = last, node.value
        first = after = node.value[last]
    else:
        return text
    start, end = int(first.start_mark.index), _end(after)
    if node.flow_style:
        if len(items) == 1:
            return text[:start] + text[end:]
        if index > 0:  # from the comma before it
            start = text.rfind(",", _end_of(node, index - 1), start)
        else:  # up to the next item
            end = int(items[1].start_mark.index)
        return text[:start] + text[end:]
    if isinstance(node, yaml.SequenceNode):
        dash = text.rfind("-", 0, start)
        if len(items) == 1:  # the last maze: an empty list, not a missing one
            return text[:dash] + "[]" + text[end:]
        start = dash
    elif len(items) == 1:
        return text[:start] + "{}" + text[end:]
    if _alone(text, start):
        return text[: _line_start(text, start)] + text[_line_end(text, end) :]
    if index + 1 < len(items) and isinstance(node, yaml.MappingNode):  # "- size: 5x5" then "count: 2"
        return text[:start] + text[int(items[index + 1].start_mark.index) :]
    return text[:start] + text[_line_end(text, end) - 1 :]


def _end_of(node: yaml.Node, index: int) -> int:
    item = node.value[index]
    return _end(item[1] if isinstance(node, yaml.MappingNode) else item)


def _append(text: str, node: yaml.SequenceNode, value: Any) -> str:
    written = emit(value)
    if node.flow_style:
        close = int(node.end_mark.index) - 1  # the "]"
        return text[:close] + (", " if node.value else "") + written + text[close:]
    last = node.value[-1]
    dash = text.rfind("-", 0, int(last.start_mark.index))
    indent = " " * (dash - _line_start(text, dash))
    end = _line_end(text, _end(last))
    line = f"{indent}- {written}\n"
    if not text[:end].endswith("\n"):
        line = "\n" + line
    return text[:end] + line + text[end:]
