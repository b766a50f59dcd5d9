"""MkDocs hook: the reference tables are made from the code, so they are never written by hand.

A table stands between a marker and its end on lines of their own (``<!-- spec-keys -->`` ...
``<!-- /spec-keys -->``; also ``maze-keys``, ``cover-keys``, ``layout-keys`` and ``algorithms``), made
from the spec's JSON Schema, the layout model or the algorithm registry. The tables are kept in the
pages, so a page read in the repository shows them (a newcomer found the reference's sections empty);
the site is built with them made afresh, and a test fails where a kept one is not what the code makes:
``python docs/hooks/generated.py`` writes them again. A lone ``<!-- changelog -->`` is replaced, at build
time only, by the repository's CHANGELOG.md, its own heading left out, so the site says what changed
from the one file. A marker the hook does not know fails the build.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from puzzlebook import generators
from puzzlebook.grid import Grid
from puzzlebook.measure import dead_ends
from puzzlebook.settings import Layout
from puzzlebook.spec.cover import CoverSpec
from puzzlebook.spec.model import BookSpec, MazeEntry, json_schema
from puzzlebook.units import length, margin

MARKER = re.compile(r"^<!-- ([a-z-]+) -->$(?:.*?^<!-- /\1 -->$)?", re.M | re.S)
"""A marker, and where the page keeps its table, that table and the marker's end."""
DOCS = Path(__file__).resolve().parents[1]


def _kind(prop: dict[str, Any], defs: dict[str, Any]) -> str:
    """A short human name for a schema's type: 'text', 'number', 'yes/no', 'list of maze entries', ..."""
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[1]
        known = {
            "MazeEntry": "maze entry",
            "Cells": "{start: [x, y], end: [x, y]}",
            "CoverSpec": "cover section",
        }
        if name in known:
            return known[name]
        keys = list(defs.get(name, {}).get("properties", {}))  # a model's own name means nothing to a reader
        return "{" + ", ".join(keys) + "}" if 0 < len(keys) <= 5 else "mapping"
    for key in ("anyOf", "oneOf"):
        if key in prop:
            kinds = [_kind(p, defs) for p in prop[key] if p.get("type") != "null"]
            return " or ".join(dict.fromkeys(kinds))
    if "enum" in prop:
        return " \\| ".join(f"`{v}`" for v in prop["enum"])
    kind = prop.get("type")
    if kind == "array":
        return f"list of {_kind(prop.get('items', {}), defs)}" if "items" in prop else "list"
    return {
        "string": "text",
        "integer": "whole number",
        "number": "number",
        "boolean": "true/false",
        "object": "mapping",
    }.get(str(kind), "any")


def _default(prop: dict[str, Any], made: Any = None) -> str:
    """A key's default as the schema gives it, or, for one made by a factory (which the schema leaves
    out), as the model makes it (``made``): a section's own keys, such as ``columns 2, rows 3``."""
    if "default" in prop:
        value = prop["default"]
    elif isinstance(made, BaseModel):
        shown = made.model_dump()
        if len(shown) > 4:  # the book's own words: too many to list here
            return "the English words"
        fields = type(made).model_fields
        return ", ".join(f"`{key}` {_value(value, fields[key])}" for key, value in shown.items())
    else:
        value = made
    if value is None or value == [] or value == {}:
        return "not set"  # "none" read as the word some keys take (``badge: none``, ``art: none``)
    return f"`{json.dumps(value) if not isinstance(value, str) else value}`"


def _value(value: Any, field: FieldInfo) -> str:
    """A value as a reader writes it: 2, not 2.0; a length (kept in points) in inches, 0.625in."""
    lengths = (length, margin)
    if any(getattr(rule, "func", None) in lengths for rule in field.metadata):
        return f"{value / 72:g}in"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _table(
    properties: dict[str, Any], required: list[str], defs: dict[str, Any], model: type[BaseModel]
) -> str:
    rows = ["| key | takes | meaning | default |", "|---|---|---|---|"]
    for name, prop in properties.items():
        meaning = prop.get("description", "").replace("|", "\\|")
        field = model.model_fields.get(name) or next(
            (f for f in model.model_fields.values() if f.alias == name), None
        )
        made = field.get_default(call_default_factory=True) if field is not None else None
        default = "required" if name in required else _default(prop, made)
        rows.append(f"| `{name}` | {_kind(prop, defs)} | {meaning} | {default} |")
    return "\n".join(rows)


def spec_keys() -> str:
    schema = json_schema()
    return _table(schema["properties"], schema.get("required", []), schema["$defs"], BookSpec)


def maze_keys() -> str:
    schema = json_schema()
    entry = schema["$defs"]["MazeEntry"]
    return _table(entry["properties"], entry.get("required", []), schema["$defs"], MazeEntry)


def cover_keys() -> str:
    schema = json_schema()
    cover = schema["$defs"]["CoverSpec"]
    return _table(cover["properties"], cover.get("required", []), schema["$defs"], CoverSpec)


def layout_keys() -> str:
    schema = Layout.model_json_schema(by_alias=True)
    properties = {k: v for k, v in schema["properties"].items() if k != "description"}
    return _table(properties, schema.get("required", []), schema.get("$defs", {}), Layout)


def _dead_end_share(name: str, size: int = 60, seeds: int = 5) -> str:
    """Measured now on a few square mazes, so the figure follows the code."""
    cells = size * size * seeds
    found = sum(
        dead_ends(generators.generate(name, Grid(size, size), random.Random(s))) for s in range(seeds)
    )
    return f"{100 * found / cells:.0f}%"


def algorithms() -> str:
    rows = ["| name | look | dead ends | on every grid | options |", "|---|---|---|---|---|"]
    graphs = set(generators.on_graphs())
    for name in generators.ALGORITHMS:
        algo = generators.get(name)
        options = "<br>".join(
            f"`{key}`: {field.description} (default `{'unlimited' if field.default is None else field.default}`)"
            for key, field in algo.options.model_fields.items()
        )
        everywhere = "yes" if name in graphs else "squares only"
        rows.append(f"| `{name}` | {algo.summary} | {_dead_end_share(name)} | {everywhere} | {options} |")
    return "\n".join(rows)


def changelog() -> str:
    text = (Path(__file__).resolve().parents[2] / "CHANGELOG.md").read_text(encoding="utf-8")
    return text.split("\n", 1)[1].lstrip("\n")  # the page has its own heading


TABLES: dict[str, Callable[[], str]] = {
    "spec-keys": spec_keys,
    "maze-keys": maze_keys,
    "cover-keys": cover_keys,
    "layout-keys": layout_keys,
    "algorithms": algorithms,
    "changelog": changelog,
}


KEPT = ("spec-keys", "maze-keys", "cover-keys", "layout-keys", "algorithms")
"""The tables a page keeps between its marker and the marker's end; the changelog is made at build time."""


def made(markdown: str, site: bool) -> str:
    """``markdown`` with its tables made from the code; for the ``site``, the changelog too."""

    def table(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in TABLES:
            raise ValueError(f"unknown generated table <!-- {name} -->; known: {', '.join(TABLES)}")
        if name not in KEPT:
            return TABLES[name]() + "\n" if site else match.group(0)
        return f"<!-- {name} -->\n\n{TABLES[name]()}\n\n<!-- /{name} -->"

    return MARKER.sub(table, markdown)


def on_page_markdown(markdown: str, **_: Any) -> str:
    return made(markdown, site=True)


def pages() -> dict[Path, str]:
    """Each page of the docs with its tables, as the code makes them now."""
    out = {}
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        out[page] = made(text, site=False)
    return out


if __name__ == "__main__":  # write the kept tables again, after a change to what they are made from
    for page, text in pages().items():
        if page.read_text(encoding="utf-8") != text:
            page.write_text(text, encoding="utf-8")
            print(f"wrote {page.relative_to(DOCS.parent)}")
